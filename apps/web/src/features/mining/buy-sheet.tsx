import type { MiningItemView } from '@egg-rush/contract/mining';
import { canAfford } from '@egg-rush/game/mining';
import { Sheet } from '../../components/ui/sheet.tsx';
import { Button, CoinIcon, formatNumber } from '../../components/ui/ui.tsx';
import { useT } from '../../lib/i18n.tsx';
import { itemName } from './item-name.ts';

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
  const affordable = canAfford(onion, item.price);
  const { t } = useT();

  return (
    <Sheet title={t('mining.buyTitle', { name: itemName(item) })} showTitle={false} open onClose={onClose}>
      <div className="flex flex-col items-center pt-2 pb-2 text-center">
        <img
          src={item.imageLink}
          alt=""
          width={112}
          height={112}
          className="drop-shadow-[0_10px_24px_rgb(124_77_255/0.45)]"
        />
        <p className="mt-3 text-xs font-extrabold tracking-widest text-lilac uppercase">{category}</p>
        <h2 className="text-2xl font-black">{itemName(item)}</h2>
        <p className="num mt-1 text-sm text-text-dim">
          {t('mining.levelStep', { from: item.level, to: item.level + 1 })}
        </p>
        <div className="mt-4 grid w-full grid-cols-2 gap-2">
          <div className="rounded-2xl bg-night-950/60 p-3">
            <p className="text-xs font-bold text-text-dim">{t('mining.profitPerHour')}</p>
            <p className="num mt-1 flex items-center justify-center gap-1 text-lg font-black text-mint">
              +{formatNumber(item.profit)}
            </p>
          </div>
          <div className="rounded-2xl bg-night-950/60 p-3">
            <p className="text-xs font-bold text-text-dim">{t('mining.price')}</p>
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
          {pending ? t('mining.buying') : t('mining.buy')}
        </Button>
        {!affordable ? <p className="mt-2 text-xs font-bold text-coral">{t('mining.needMore')}</p> : null}
      </div>
    </Sheet>
  );
}
