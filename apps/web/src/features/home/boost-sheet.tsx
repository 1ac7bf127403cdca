import { Link } from 'wouter';
import { toast } from '../../lib/toast.ts';
import {
  boostAvailability,
  BOOST_DEFAULTS,
  BOOST_NAMES,
  isLevelled,
  levelOf,
  type BoostRefusal,
  planBoost,
  type BoostConfig,
  type BoostName,
  type BoostState,
} from '@egg-rush/game/boosts';
import type { Profile } from '@egg-rush/contract/users';
import { Sheet } from '../../components/ui/sheet.tsx';
import { CoinIcon, formatNumber } from '../../components/ui/ui.tsx';
import { useDeliberatePress } from '../../lib/deliberate-press.ts';
import { toastError } from '../../lib/errors.ts';
import { t, useT } from '../../lib/i18n.tsx';
import { useGameConfig } from '../../lib/game-config.ts';
import { useProfile } from '../../lib/profile.ts';
import { useBuyBoost } from './sheets-api.ts';
import { BoostIcon } from './boost-icons.tsx';
import { EnergyPill } from './counters.tsx';

/** Each boost's title and what it does, from the catalogue (`boost.<name>`). */
export const BOOST_KEYS: Record<
  BoostName,
  { title: `boost.${BoostName}.title`; blurb: `boost.${BoostName}.blurb` }
> = Object.fromEntries(
  BOOST_NAMES.map((name) => [name, { title: `boost.${name}.title`, blurb: `boost.${name}.blurb` }]),
) as never;

/** A boost's title in the player's language. */
export const boostTitle = (name: BoostName) => t(BOOST_KEYS[name].title);

/** The rules' view of the profile, for prices and refusals (the server decides the same way). */
export function boostState(profile: Profile, config: BoostConfig = BOOST_DEFAULTS): BoostState {
  return {
    coins: profile.onion,
    energy: profile.energy,
    maxEnergy: profile.maxEnergy,
    earnPerHour: profile.earnPerHour,
    earnPerTap: profile.earnPerTap,
    loseEnergyPerTap: profile.loseEnergyPerTap,
    boosts: profile.boosts.map((b) => b.name),
    touchIncomeLevel: profile.touchIncomeLevel,
    energyCapacityLevel: profile.energyCapacityLevel,
    refillsToday: config.fullEnergyPerDay - profile.refillsLeft,
  };
}

/** The label of a boost that cannot be bought now, by the rules' refusal. */
const UNAVAILABLE: Record<
  Exclude<BoostRefusal, 'balance'>,
  'boost.used' | 'boost.max' | 'boost.tomorrow' | 'boost.locked' | 'boost.full'
> = {
  'already-used': 'boost.used',
  'max-level': 'boost.max',
  'daily-limit': 'boost.tomorrow',
  'no-income': 'boost.locked',
  'energy-full': 'boost.full',
};

/** What buying `name` would change, "before → after", from the rules' own plan. */
export function boostChange(
  name: BoostName,
  state: BoostState,
  config: BoostConfig = BOOST_DEFAULTS,
): string | null {
  const plan = planBoost(name, { ...state, coins: Number.MAX_SAFE_INTEGER }, config);
  if (!plan.ok) return null;
  const { next } = plan;
  const n = formatNumber;
  switch (name) {
    case 'fullyEnergy':
      return t('boost.changeEnergy', { from: n(state.energy), to: n(next.energy) });
    case 'income':
      return t('boost.changeIncome', { from: n(state.earnPerHour), to: n(next.earnPerHour) });
    case 'double':
      return t('boost.changeTapEnergy', {
        from: n(state.earnPerTap),
        // The coins' count: the noun after it agrees ("2 → 4 монеты").
        count: next.earnPerTap,
        energyFrom: n(state.loseEnergyPerTap),
        energyTo: n(next.loseEnergyPerTap),
      });
    case 'touchIncome':
      return t('boost.changeTap', { from: n(state.earnPerTap), to: n(next.earnPerTap) });
    case 'energyCapacity':
      return t('boost.changeMaxEnergy', { from: n(state.maxEnergy), to: n(next.maxEnergy) });
  }
}

/**
 * What a boost row shows: its price (null when it cannot be bought any more), a note, what it
 * changes, why it cannot be bought now (`done`), and affordability.
 */
export function boostOffer(name: BoostName, state: BoostState, config: BoostConfig = BOOST_DEFAULTS) {
  const plan = planBoost(name, state, config);
  const note = isLevelled(name)
    ? t('boost.level', { level: levelOf(name, state), max: config.maxLevel[name] })
    : name === 'fullyEnergy'
      ? t('boost.refillsLeft', {
          left: config.fullEnergyPerDay - state.refillsToday,
          total: config.fullEnergyPerDay,
        })
      : null;
  // Its price whatever the balance, or why it cannot be bought: the rules' own answer.
  const open = boostAvailability(name, state, config);
  const price = open.ok ? open.cost : null;
  // A full bar cannot be refilled: the rules' answer at the player's real energy.
  const refusal = !open.ok ? open.reason : !plan.ok && plan.reason === 'energy-full' ? plan.reason : null;
  const done = refusal && refusal !== 'balance' ? t(UNAVAILABLE[refusal]) : null;
  const affordable = plan.ok || plan.reason !== 'balance';
  return {
    price,
    note,
    done,
    reason: refusal,
    change: done ? null : boostChange(name, state, config),
    affordable,
    shortBy: price !== null && !affordable ? price - state.coins : 0,
  };
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
  const { t } = useT();
  // Prices, steps and the day's refills of the active configuration (today's until it loads).
  const config = useGameConfig()?.boosts ?? BOOST_DEFAULTS;
  const state = profile ? boostState(profile, config) : null;
  // A purchase takes a deliberate press on its own row: never a thumb still tapping the egg,
  // nor a tap landing as the sheet slides up under it.
  const deliberate = useDeliberatePress();

  const onBuy = (name: BoostName) =>
    buy.mutate(name, {
      onSuccess: () => toast.success(t('boost.success')),
      onError: (e) => toastError(e, 'boost'),
    });

  return (
    <Sheet title={t('boost.title')} open={open} onClose={onClose}>
      <div className="mb-4 flex items-center justify-between gap-2">
        <span className="text-sm font-bold text-text-dim">{t('boost.yourEnergy')}</span>
        <EnergyPill />
      </div>
      <ul className="flex flex-col gap-2.5">
        {BOOST_NAMES.map((name) => {
          const offer = state ? boostOffer(name, state, config) : null;
          // A purchase that changes nothing, or that the balance cannot pay, is not sent: the
          // row says why instead.
          const blocked = !offer || offer.done != null || !offer.affordable;
          return (
            <li key={name}>
              <button
                type="button"
                {...deliberate.press(() => onBuy(name))}
                disabled={buy.isPending || blocked || !deliberate.armed}
                aria-label={t(BOOST_KEYS[name].title)}
                data-affordable={offer ? String(offer.affordable) : undefined}
                className={`card flex min-h-[68px] w-full items-center gap-3 p-3 text-start transition-transform active:scale-[0.98] disabled:active:scale-100 ${
                  offer?.done != null ? 'opacity-55' : ''
                }`}
              >
                <BoostIcon name={name} />
                <span className="min-w-0 flex-1">
                  <span className="block font-black">{t(BOOST_KEYS[name].title)}</span>
                  <span className="block text-xs text-text-dim">
                    {name === 'touchIncome'
                      ? t('boost.touchIncome.blurb', { count: config.touchIncomeStep })
                      : t(BOOST_KEYS[name].blurb, { n: config.energyCapacityStep })}
                  </span>
                  {offer?.change ? (
                    <span
                      className="num block text-xs font-extrabold text-mint"
                      data-testid={`boost-change-${name}`}
                    >
                      {offer.change}
                    </span>
                  ) : null}
                  {offer?.note && (
                    <span
                      className="block text-xs font-bold text-text-dim"
                      data-testid={`boost-note-${name}`}
                    >
                      {offer.note}
                    </span>
                  )}
                  {offer?.reason === 'no-income' ? (
                    <span className="block text-xs font-bold text-coral" data-testid="boost-no-income">
                      {t('boost.noIncomeHint')}
                    </span>
                  ) : offer && !offer.affordable ? (
                    <span
                      className="num block text-xs font-bold text-coral"
                      data-testid={`boost-short-${name}`}
                    >
                      {t('boost.needMore', { count: offer.shortBy })}
                    </span>
                  ) : null}
                </span>
                {offer?.done ? (
                  <span className="shrink-0 rounded-full bg-lilac/15 px-3 py-1 text-xs font-extrabold text-text-dim">
                    {offer.done}
                  </span>
                ) : (
                  <span
                    className={`num flex shrink-0 items-center gap-1 font-black ${offer && !offer.affordable ? 'text-coral' : 'text-gold'}`}
                    data-testid={`boost-price-${name}`}
                  >
                    <CoinIcon size={18} />
                    {offer?.price != null ? formatNumber(offer.price) : '…'}
                  </span>
                )}
              </button>
              {offer?.reason === 'no-income' ? (
                <Link
                  to="/mining"
                  className="mt-1 block text-end text-xs font-extrabold text-lilac underline"
                >
                  {t('boost.openMinting')}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Sheet>
  );
}
