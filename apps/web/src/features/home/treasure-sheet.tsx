import { useState } from 'react';
import { toast } from 'react-toastify';
import type { CheatResponse } from '@egg-rush/contract/economy';
import chestOpenUrl from '../../assets/chest-open.svg';
import chestUrl from '../../assets/chest.svg';
import { Sheet } from '../../components/ui/sheet.tsx';
import { Button, CoinIcon, formatNumber, TicketIcon } from '../../components/ui/ui.tsx';
import { toastError } from '../../lib/errors.ts';
import { useProfile } from '../../lib/profile.ts';
import { useOpenChest } from './api.ts';

/** SPEC.md "Treasure view": a chest to open and the remaining count. */
export function TreasureSheet({
  open,
  onClose,
  beforeOpen,
}: {
  open: boolean;
  onClose: () => void;
  beforeOpen: () => Promise<void>;
}) {
  const { data: profile } = useProfile();
  const chest = useOpenChest(beforeOpen);
  const [prize, setPrize] = useState<CheatResponse['cheatData'] | null>(null);
  const count = profile?.cheatCount ?? 0;

  const onOpen = () =>
    chest.mutate(undefined, {
      onSuccess: (r) => {
        setPrize(r.cheatData);
        toast.success(
          r.cheatData.type === 'onion'
            ? `You got coin ${r.cheatData.value}`
            : `You got ticket ${r.cheatData.value}`,
        );
      },
      onError: (e) => toastError(e, 'chest'),
    });

  const close = () => {
    setPrize(null);
    onClose();
  };

  return (
    <Sheet title="Treasure" open={open} onClose={close}>
      <div className="flex flex-col items-center gap-4 pb-2 text-center">
        <button
          type="button"
          onClick={onOpen}
          disabled={count === 0 || chest.isPending}
          aria-label="Open a chest"
          className="relative grid h-52 w-full place-items-center disabled:cursor-not-allowed"
        >
          <span className="egg-glow absolute h-52 w-52 rounded-full" aria-hidden="true" />
          <img
            key={prize ? 'open' : 'closed'}
            src={prize ? chestOpenUrl : chestUrl}
            alt={prize ? 'Open chest' : 'Treasure chest'}
            draggable={false}
            className={`relative w-56 drop-shadow-2xl ${prize ? 'chest-pop' : ''} ${count === 0 && !prize ? 'opacity-50 grayscale' : ''}`}
          />
        </button>
        {prize ? (
          <p
            data-testid="chest-prize"
            className="prize-rise flex items-center gap-2 text-2xl font-black text-gold"
          >
            {prize.type === 'onion' ? <CoinIcon size={28} /> : <TicketIcon size={28} />}
            <span className="num">
              +{formatNumber(prize.value)}{' '}
              {prize.type === 'onion' ? 'coins' : prize.value === 1 ? 'ticket' : 'tickets'}
            </span>
          </p>
        ) : null}
        <p className="num text-base font-extrabold" data-testid="chest-count">
          {count === 1 ? '1 chest left' : `${formatNumber(count)} chests left`}
        </p>
        {count === 0 ? (
          <p className="text-sm text-text-dim">Daily rewards and the wheel bring more chests.</p>
        ) : (
          <Button className="w-full text-lg" onClick={onOpen} disabled={chest.isPending}>
            {prize ? 'Open another' : 'Open chest'}
          </Button>
        )}
      </div>
    </Sheet>
  );
}
