import { useState } from 'react';
import { Link } from 'wouter';
import { toast } from '../../lib/toast.ts';
import type { CheatResponse } from '@egg-rush/contract/economy';
import chestOpenUrl from '../../assets/chest-open.svg';
import chestUrl from '../../assets/chest.svg';
import { Sheet } from '../../components/ui/sheet.tsx';
import { Button, CoinIcon, TicketIcon } from '../../components/ui/ui.tsx';
import { Onward } from '../../components/ui/ui-later.tsx';
import { toastError } from '../../lib/errors.ts';
import { useProfile } from '../../lib/profile.ts';
import { useOpenChest } from './sheets-api.ts';
import { useT } from '../../lib/i18n.tsx';

/** A chest to open and the remaining count. */
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
  const { t } = useT();
  const chest = useOpenChest(beforeOpen);
  const [prize, setPrize] = useState<CheatResponse['cheatData'] | null>(null);
  const count = profile?.cheatCount ?? 0;

  const onOpen = () =>
    chest.mutate(undefined, {
      onSuccess: (r) => {
        setPrize(r.cheatData);
        toast.success(
          r.cheatData.type === 'onion'
            ? t('treasure.gotCoin', { count: r.cheatData.value })
            : t('treasure.gotTicket', { count: r.cheatData.value }),
        );
      },
      onError: (e) => toastError(e, 'chest'),
    });

  const close = () => {
    setPrize(null);
    onClose();
  };

  return (
    <Sheet title={t('treasure.title')} open={open} onClose={close}>
      <div className="flex flex-col items-center gap-4 pb-2 text-center">
        <button
          type="button"
          onClick={onOpen}
          disabled={count === 0 || chest.isPending}
          aria-label={t('treasure.open')}
          className="relative grid h-52 w-full place-items-center disabled:cursor-not-allowed"
        >
          <span className="egg-glow absolute h-52 w-52 rounded-full" aria-hidden="true" />
          <img
            key={prize ? 'open' : 'closed'}
            src={prize ? chestOpenUrl : chestUrl}
            alt={prize ? t('treasure.openAlt') : t('treasure.closedAlt')}
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
              {prize.type === 'onion'
                ? t('reward.coins', { count: prize.value })
                : t('reward.tickets', { count: prize.value })}
            </span>
          </p>
        ) : null}
        <p className="num text-base font-extrabold" data-testid="chest-count">
          {t('treasure.left', { count })}
        </p>
        {count === 0 ? (
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-text-dim">{t('treasure.empty')}</p>
            <Link to="/spin" className="text-sm font-extrabold text-lilac underline">
              {t('spin.title')} <Onward />
            </Link>
          </div>
        ) : (
          <Button className="w-full text-lg" onClick={onOpen} disabled={chest.isPending}>
            {prize ? t('treasure.openAnother') : t('treasure.openChest')}
          </Button>
        )}
      </div>
    </Sheet>
  );
}
