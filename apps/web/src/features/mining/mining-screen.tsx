import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import type { MiningDataResponse, MiningItemView } from '@egg-rush/contract/mining';
import { canAfford, CATEGORY_TITLES, MINING_CATEGORIES } from '@egg-rush/game/mining';
import { LoadState } from '../../components/ui/load-state.tsx';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import { Card, CoinIcon, compactNumber, formatNumber, ScreenTitle, Tabs } from '../../components/ui/ui.tsx';
import { toastError } from '../../lib/errors.ts';
import { haptic } from '../../lib/telegram.ts';
import { useProfile } from '../../lib/profile.ts';
import { useBuyMining, useMiningData } from './api.ts';
import { BuySheet } from './buy-sheet.tsx';
import './mining.css';

type Category = keyof MiningDataResponse;

/** The five tabs, titled by the rules' categories. */
export const MINING_TABS: readonly { id: Category; label: string }[] = MINING_CATEGORIES.map((id) => ({
  id,
  label: CATEGORY_TITLES[id],
}));

export function MiningScreen() {
  const { data: profile } = useProfile();
  const { data, isError, refetch } = useMiningData();
  const buy = useBuyMining();
  const [tab, setTab] = useState<Category>('rides');
  const [selected, setSelected] = useState<MiningItemView | null>(null);
  const onion = profile?.onion ?? 0;
  const label = MINING_TABS.find((t) => t.id === tab)!.label;
  const close = useCallback(() => setSelected(null), []);

  const confirm = () => {
    if (!selected) return;
    buy.mutate(
      { item: selected.name, title: label },
      {
        onSuccess: () => {
          haptic('medium');
          toast.success('Success!');
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
      <ScreenTitle title="Minting" subtitle="Build the Land: every upgrade earns while you rest." />
      <div className="grid grid-cols-2 gap-2.5">
        <Card className="p-3 text-center">
          <p className="text-xs font-bold text-text-dim">Coins</p>
          <p
            className="num mt-1 flex items-center justify-center gap-1.5 text-xl font-black"
            data-testid="mining-coins"
          >
            <CoinIcon size={22} />
            {formatNumber(onion)}
          </p>
        </Card>
        <Card className="p-3 text-center">
          <p className="text-xs font-bold text-text-dim">Profit per hour</p>
          <p
            className="num mt-1 flex items-center justify-center gap-1.5 text-xl font-black text-mint"
            data-testid="mining-profit"
          >
            +{formatNumber(profile?.earnPerHour ?? 0)}
          </p>
        </Card>
      </div>
      <div className="mining-tabs">
        <Tabs tabs={MINING_TABS} value={tab} onChange={setTab} label="Mining categories" />
      </div>
      {data ? (
        <ul className="grid grid-cols-2 gap-2.5" aria-label={`${label} upgrades`}>
          {data[tab].map((item) => {
            const affordable = canAfford(onion, item.price) && !item.maxed;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => setSelected(item)}
                  disabled={item.maxed}
                  aria-label={item.name}
                  data-affordable={affordable}
                  className={`card flex h-full w-full flex-col items-center gap-1 p-3 text-center transition-[transform,opacity] active:scale-[0.97] ${
                    affordable ? '' : 'opacity-55 saturate-50'
                  }`}
                >
                  <img src={item.imageLink} alt="" width={72} height={72} draggable={false} />
                  <span className="line-clamp-1 text-sm font-black">{item.name}</span>
                  <span className="num text-xs font-bold text-mint">+{compactNumber(item.profit)}/h</span>
                  <span className="mt-1 flex w-full items-center justify-between border-t border-lilac/15 pt-2">
                    <span className="num text-xs font-extrabold text-text-dim">Lv {item.level}</span>
                    <span className="num flex items-center gap-1 text-sm font-black text-gold">
                      {item.maxed ? (
                        'Max'
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
          loading="Loading upgrades"
          failed="The upgrades did not load."
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
