import { toast } from 'react-toastify';
import {
  boostAvailability,
  BOOST_MAX_LEVEL,
  BOOST_NAMES,
  ENERGY_CAPACITY_STEP,
  FULL_ENERGY_PER_DAY,
  isLevelled,
  levelOf,
  type BoostRefusal,
  planBoost,
  TOUCH_INCOME_STEP,
  type BoostName,
  type BoostState,
} from '@egg-rush/game/boosts';
import type { Profile } from '@egg-rush/contract/users';
import { Sheet } from '../../components/ui/sheet.tsx';
import { CoinIcon, formatNumber } from '../../components/ui/ui.tsx';
import { toastError } from '../../lib/errors.ts';
import { useProfile } from '../../lib/profile.ts';
import { useBuyBoost } from './api.ts';
import { BoostIcon } from './boost-icons.tsx';
import { EnergyPill } from './counters.tsx';

/**
 * SPEC.md "Boost view": the five boosts. Each first purchase costs 500 coins; Touch Income and
 * Energy Capacity then cost more per level, and Full Energy is limited per game day
 * (packages/game/src/boosts.ts, docs/economy.md).
 */
export const BOOSTS: Record<BoostName, { title: string; blurb: string }> = {
  fullyEnergy: { title: 'Energy', blurb: 'Refill your energy to full' },
  income: { title: '2 * Income', blurb: 'Double your profit per hour · once' },
  double: { title: 'Double Tap', blurb: 'Twice the coins per tap, twice the energy · once' },
  touchIncome: {
    title: 'Touch Income',
    blurb: `+${TOUCH_INCOME_STEP} coin on every tap (x2 with Double Tap)`,
  },
  energyCapacity: { title: 'Energy Capacity', blurb: `+${ENERGY_CAPACITY_STEP} maximum energy` },
};

/** The rules' view of the profile, for prices and refusals (the server decides the same way). */
export function boostState(profile: Profile): BoostState {
  return {
    onion: profile.onion,
    energy: profile.energy,
    maxEnergy: profile.maxEnergy,
    earnPerHour: profile.earnPerHour,
    earnPerTap: profile.earnPerTap,
    loseEnergyPerTap: profile.loseEnergyPerTap,
    boosts: profile.boosts.map((b) => b.name),
    touchIncomeLevel: profile.touchIncomeLevel,
    energyCapacityLevel: profile.energyCapacityLevel,
    refillsToday: FULL_ENERGY_PER_DAY - profile.refillsLeft,
  };
}

/** The label of a boost that cannot be bought now, by the rules' refusal. */
const UNAVAILABLE: Record<BoostRefusal, string> = {
  'already-used': 'Used',
  'max-level': 'Max',
  'daily-limit': 'Tomorrow',
  'no-income': 'Locked',
  'energy-full': 'Full',
  balance: '',
};

/** What a boost row shows: its price (null when it cannot be bought any more), a note, affordability. */
export function boostOffer(name: BoostName, state: BoostState) {
  const plan = planBoost(name, state);
  const note = isLevelled(name)
    ? `Level ${levelOf(name, state)} / ${BOOST_MAX_LEVEL[name]}`
    : name === 'fullyEnergy'
      ? `${FULL_ENERGY_PER_DAY - state.refillsToday} / ${FULL_ENERGY_PER_DAY} left today`
      : null;
  // Its price whatever the balance, or why it cannot be bought: the rules' own answer.
  const open = boostAvailability(name, state);
  const price = open.ok ? open.cost : null;
  const done = open.ok ? null : UNAVAILABLE[open.reason];
  return { price, note, done, affordable: plan.ok || plan.reason !== 'balance' };
}

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
  const state = profile ? boostState(profile) : null;

  const onBuy = (name: BoostName) =>
    buy.mutate(name, {
      onSuccess: () => toast.success('Success!'),
      onError: (e) => toastError(e, 'boost'),
    });

  return (
    <Sheet title="Boost" open={open} onClose={onClose}>
      <div className="mb-4 flex items-center justify-between">
        <span className="text-sm font-bold text-text-dim">Your energy</span>
        <EnergyPill />
      </div>
      <ul className="flex flex-col gap-2.5">
        {BOOST_NAMES.map((name) => {
          const offer = state ? boostOffer(name, state) : null;
          const dim = offer?.done != null;
          return (
            <li key={name}>
              <button
                type="button"
                onClick={() => onBuy(name)}
                disabled={buy.isPending}
                aria-label={BOOSTS[name].title}
                data-affordable={offer ? String(offer.affordable) : undefined}
                className={`card flex min-h-[68px] w-full items-center gap-3 p-3 text-left transition-transform active:scale-[0.98] ${
                  dim ? 'opacity-55' : ''
                }`}
              >
                <BoostIcon name={name} />
                <span className="min-w-0 flex-1">
                  <span className="block font-black">{BOOSTS[name].title}</span>
                  <span className="block text-xs text-text-dim">{BOOSTS[name].blurb}</span>
                  {offer?.note && (
                    <span
                      className="block text-xs font-bold text-text-dim"
                      data-testid={`boost-note-${name}`}
                    >
                      {offer.note}
                    </span>
                  )}
                </span>
                {offer?.done ? (
                  <span className="rounded-full bg-lilac/15 px-3 py-1 text-xs font-extrabold text-text-dim">
                    {offer.done}
                  </span>
                ) : (
                  <span
                    className={`num flex items-center gap-1 font-black ${offer && !offer.affordable ? 'text-coral' : 'text-gold'}`}
                    data-testid={`boost-price-${name}`}
                  >
                    <CoinIcon size={18} />
                    {offer?.price != null ? formatNumber(offer.price) : '…'}
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
