import { useCallback, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import type { MiningDataResponse, MiningItemView } from '@egg-rush/contract/mining';
import { canAfford, CATEGORY_TITLES, MINING_CATEGORIES } from '@egg-rush/game/mining';
import { LoadState } from '../../components/ui/load-state.tsx';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import { CoinIcon, compactNumber, formatNumber } from '../../components/ui/ui.tsx';
import { Card, ScreenTitle } from '../../components/ui/ui-later.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { refusal, toastError } from '../../lib/errors.ts';
import { haptic } from '../../lib/telegram.ts';
import { useProfile } from '../../lib/profile.ts';
import { useBuyMining, useMiningData } from './api.ts';
import { BuySheet } from './buy-sheet.tsx';
import { ComboCard } from './combo-card.tsx';
import './mining.css';
import { t, useT } from '../../lib/i18n.tsx';
import { itemName } from './item-name.ts';

type Category = keyof MiningDataResponse;

/** The five tabs, titled by the rules' categories (each title in the player's language). */
export const MINING_TABS: readonly { id: Category; label: string }[] = MINING_CATEGORIES.map((id) => ({
  id,
  label: CATEGORY_TITLES[id],
}));
const categoryTitle = (id: Category) => t(`mining.cat.${id}`);

export function MiningScreen() {
  const { data: profile } = useProfile();
  const { t } = useT();
  const { data, isError, refetch } = useMiningData();
  const buy = useBuyMining();
  const [tab, setTab] = useState<Category>('rides');
  const [selected, setSelected] = useState<MiningItemView | null>(null);
  const onion = profile?.onion ?? 0;
  const label = categoryTitle(tab);
  const tabs = MINING_TABS.map((c) => ({ id: c.id, label: categoryTitle(c.id) }));
  const close = useCallback(() => setSelected(null), []);

  const confirm = () => {
    if (!selected) return;
    // The balance cannot pay: said at once, not asked of the server (which would refuse it).
    if (!canAfford(onion, selected.price)) {
      toastError(refusal('NOT_ENOUGH_COIN'), 'mining');
      return;
    }
    buy.mutate(
      { item: selected.name, title: CATEGORY_TITLES[tab] },
      {
        onSuccess: () => {
          haptic('medium');
          toast.success(t('mining.success'));
          setSelected(null);
        },
        onError: (e) => {
          console.error('mining purchase failed', e);
          toastError(e, 'mining');
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <ScreenTitle title={t('mining.title')} subtitle={t('mining.subtitle')} />
      <div className="grid grid-cols-2 gap-2.5">
        <Card className="p-3 text-center">
          <p className="text-xs font-bold text-text-dim">{t('mining.coins')}</p>
          <p
            className="num mt-1 flex items-center justify-center gap-1.5 text-xl font-black"
            data-testid="mining-coins"
          >
            <CoinIcon size={22} />
            {formatNumber(onion)}
          </p>
        </Card>
        <Card className="p-3 text-center">
          <p className="text-xs font-bold text-text-dim">{t('mining.profitPerHour')}</p>
          <p
            className="num mt-1 flex items-center justify-center gap-1.5 text-xl font-black text-mint"
            data-testid="mining-profit"
          >
            +{formatNumber(profile?.earnPerHour ?? 0)}
          </p>
        </Card>
      </div>
      <ComboCard />
      <div className="mining-tabs">
        <Tabs tabs={tabs} value={tab} onChange={setTab} label={t('mining.categories')} />
      </div>
      {data ? (
        <ul className="grid grid-cols-2 gap-2.5" aria-label={t('mining.upgrades', { category: label })}>
          {data[tab].map((item) => {
            const affordable = canAfford(onion, item.price) && !item.maxed;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => setSelected(item)}
                  disabled={item.maxed}
                  aria-label={itemName(item)}
                  data-affordable={affordable}
                  className={`card flex h-full w-full flex-col items-center gap-1 p-3 text-center transition-[transform,opacity] active:scale-[0.97] ${
                    affordable ? '' : 'opacity-55 saturate-50'
                  }`}
                >
                  <img src={item.imageLink} alt="" width={72} height={72} draggable={false} />
                  <span className="line-clamp-2 text-sm leading-tight font-black">{itemName(item)}</span>
                  <span className="num text-xs font-bold text-mint">
                    {t('mining.perHour', { n: compactNumber(item.profit) })}
                  </span>
                  <span className="mt-auto flex w-full flex-wrap items-center justify-between gap-x-1 border-t border-lilac/15 pt-2">
                    <span className="num text-xs font-extrabold text-text-dim">
                      {t('mining.level', { level: item.level })}
                    </span>
                    <span className="num flex items-center gap-1 text-sm font-black text-gold">
                      {item.maxed ? (
                        t('mining.max')
                      ) : (
                        <>
                          <CoinIcon size={16} />
                          {compactNumber(item.price)}
                        </>
                      )}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <LoadState
          isError={isError}
          onRetry={refetch}
          loading={t('mining.loading')}
          failed={t('mining.failed')}
        />
      )}
      {selected ? (
        <BuySheet
          item={selected}
          category={label}
          onion={onion}
          pending={buy.isPending}
          onConfirm={confirm}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
