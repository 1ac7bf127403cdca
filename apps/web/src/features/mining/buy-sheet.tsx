import { useEffect } from 'react';
import type { MiningItemView } from '@egg-rush/contract/mining';
import { canAfford } from '@egg-rush/game/mining';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { Button, CoinIcon, formatNumber } from '../../components/ui/ui.tsx';

/** The purchase confirmation: what the next level costs and what it adds per hour. */
export function BuySheet({
  item,
  category,
  onion,
  pending,
  onConfirm,
  onClose,
}: {
  item: MiningItemView;
  category: string;
  onion: number;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const affordable = canAfford(onion, item.price);

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center">
      <button
        type="button"
        aria-label="Close"
        tabIndex={-1}
        className="mining-fade absolute inset-0 bg-night-950/70 backdrop-blur-[2px]"
        onClick={onClose}
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-label={`Buy ${item.name}`}
        className="mining-rise relative w-full max-w-[480px] rounded-t-[28px] border-t border-lilac/20 bg-night-800 px-5 pt-2 shadow-[0_-12px_40px_rgb(5_2_18/0.6)]"
        style={{ paddingBottom: 'calc(var(--safe-bottom) + 20px)' }}
      >
        <div className="mx-auto mb-2 h-1.5 w-12 rounded-full bg-lilac/30" aria-hidden="true" />
        <button
          type="button"
          onClick={onClose}
          aria-label="Close purchase"
          className="absolute top-3 right-3 grid h-11 w-11 place-items-center rounded-full bg-lilac/10 text-text-dim"
        >
          <CloseIcon size={20} />
        </button>
        <div className="flex flex-col items-center text-center">
          <img
            src={item.imageLink}
            alt=""
            width={112}
            height={112}
            className="mt-2 drop-shadow-[0_10px_24px_rgb(124_77_255/0.45)]"
          />
          <p className="mt-3 text-xs font-extrabold tracking-widest text-lilac uppercase">{category}</p>
          <h2 className="text-2xl font-black">{item.name}</h2>
          <p className="num mt-1 text-sm text-text-dim">
            Level {item.level} → {item.level + 1}
          </p>
          <div className="mt-4 grid w-full grid-cols-2 gap-2">
            <div className="rounded-2xl bg-night-950/60 p-3">
              <p className="text-xs font-bold text-text-dim">Profit per hour</p>
              <p className="num mt-1 flex items-center justify-center gap-1 text-lg font-black text-mint">
                +{formatNumber(item.profit)}
              </p>
            </div>
            <div className="rounded-2xl bg-night-950/60 p-3">
              <p className="text-xs font-bold text-text-dim">Price</p>
              <p
                className={`num mt-1 flex items-center justify-center gap-1 text-lg font-black ${
                  affordable ? 'text-gold' : 'text-coral'
                }`}
              >
                <CoinIcon size={18} />
                {formatNumber(item.price)}
              </p>
            </div>
          </div>
          <Button className="mt-5 w-full text-lg" onClick={onConfirm} disabled={pending}>
            {pending ? 'Buying…' : 'Buy upgrade'}
          </Button>
          {!affordable ? (
            <p className="mt-2 text-xs font-bold text-coral">You need more coins for this upgrade.</p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
