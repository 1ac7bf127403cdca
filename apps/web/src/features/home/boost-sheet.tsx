import { toast } from 'react-toastify';
import { BOOST_COST, BOOST_NAMES, ONCE_ONLY_BOOSTS, type BoostName } from '@egg-rush/game/boosts';
import { Sheet } from '../../components/ui/sheet.tsx';
import { CoinIcon, formatNumber } from '../../components/ui/ui.tsx';
import { useProfile } from '../../lib/profile.ts';
import { useBuyBoost } from './api.ts';
import { BoostIcon } from './boost-icons.tsx';
import { EnergyPill } from './counters.tsx';
import { failureText } from './toasts.ts';

/** SPEC.md "Boost view": the five boosts, 500 coins each. */
export const BOOSTS: Record<BoostName, { title: string; blurb: string }> = {
  fullyEnergy: { title: 'Energy', blurb: 'Refill your energy to full' },
  income: { title: '2 * Income', blurb: 'Double your profit per hour · once' },
  double: { title: 'Double Tap', blurb: 'Twice the coins per tap, twice the energy · once' },
  touchIncome: { title: 'Touch Income', blurb: '+1 coin on every tap' },
  energyCapacity: { title: 'Energy Capacity', blurb: '+500 maximum energy' },
};

export function BoostSheet({
  open,
  onClose,
  beforeBuy,
}: {
  open: boolean;
  onClose: () => void;
  beforeBuy: () => Promise<void>;
}) {
  const { data: profile } = useProfile();
  const buy = useBuyBoost(beforeBuy);
  const used = new Set(profile?.boosts.map((b) => b.name) ?? []);

  const onBuy = (name: BoostName) =>
    buy.mutate(name, {
      onSuccess: () => toast.success('Success!'),
      onError: (e) => toast.error(failureText(e, 'An error occurred. Please try again.')),
    });

  return (
    <Sheet title="Boost" open={open} onClose={onClose}>
      <div className="mb-4 flex items-center justify-between">
        <span className="text-sm font-bold text-text-dim">Your energy</span>
        <EnergyPill />
      </div>
      <ul className="flex flex-col gap-2.5">
        {BOOST_NAMES.map((name) => {
          const spent = ONCE_ONLY_BOOSTS.includes(name) && used.has(name);
          return (
            <li key={name}>
              <button
                type="button"
                onClick={() => onBuy(name)}
                disabled={buy.isPending}
                aria-label={BOOSTS[name].title}
                className={`card flex min-h-[68px] w-full items-center gap-3 p-3 text-left transition-transform active:scale-[0.98] ${
                  spent ? 'opacity-55' : ''
                }`}
              >
                <BoostIcon name={name} />
                <span className="min-w-0 flex-1">
                  <span className="block font-black">{BOOSTS[name].title}</span>
                  <span className="block text-xs text-text-dim">{BOOSTS[name].blurb}</span>
                </span>
                {spent ? (
                  <span className="rounded-full bg-lilac/15 px-3 py-1 text-xs font-extrabold text-text-dim">
                    Used
                  </span>
                ) : (
                  <span className="num flex items-center gap-1 font-black text-gold">
                    <CoinIcon size={18} />
                    {formatNumber(BOOST_COST)}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </Sheet>
  );
}
