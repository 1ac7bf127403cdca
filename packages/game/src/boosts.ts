import { gameDay } from './time.ts';

/** The boost shop on Home. */
export const BOOST_NAMES = ['fullyEnergy', 'income', 'double', 'touchIncome', 'energyCapacity'] as const;
export type BoostName = (typeof BOOST_NAMES)[number];

/** Each boost costs 500 coins (the first purchase of a levelled boost). */
export const BOOST_COST = 500;

/** Income and Double can each be used once, decided by the boosts list. */
export const ONCE_ONLY_BOOSTS: readonly BoostName[] = ['income', 'double'];

/** Boosts bought level by level, each level dearer than the last (docs/economy.md). */
export const LEVELLED_BOOSTS = ['touchIncome', 'energyCapacity'] as const;
export type LevelledBoost = (typeof LEVELLED_BOOSTS)[number];
export const isLevelled = (name: BoostName): name is LevelledBoost =>
  (LEVELLED_BOOSTS as readonly string[]).includes(name);

/** Design choice: Energy Capacity raises max energy by 500 a level. */
export const ENERGY_CAPACITY_STEP = 500;

/** Design choice: Touch Income adds one coin a tap a level. */
export const TOUCH_INCOME_STEP = 1;

/**
 * Design choice (docs/economy.md): level n (0 = first purchase) of a levelled boost costs
 * 500 * 2^n, and there are 10 levels. Doubling keeps the first levels a treat for everyone while
 * the last ones cost 256,000 coins, so Touch Income never outruns mining; the cap bounds what a
 * refill can ever return (see FULL_ENERGY_PER_DAY).
 */
export const BOOST_PRICE_GROWTH = 2;
export const BOOST_MAX_LEVEL: Record<LevelledBoost, number> = { touchIncome: 10, energyCapacity: 10 };

/**
 * Design choice, as the big tap games do: at most six Full Energy refills a game day (UTC-6,
 * time.ts), 500 coins each. A refill pays maxEnergy / loseEnergyPerTap taps, so with the capped
 * levels it can return more than it costs, but only six times a day.
 */
export const FULL_ENERGY_PER_DAY = 6;

/** The tunables of the boost shop (the active configuration's `boosts`). */
export interface BoostConfig {
  /** Price of each boost (the first level of a levelled one). */
  cost: number;
  /** Each level of a levelled boost costs this many times the previous one. */
  priceGrowth: number;
  maxLevel: Record<LevelledBoost, number>;
  energyCapacityStep: number;
  touchIncomeStep: number;
  fullEnergyPerDay: number;
}

/** Today's game. */
export const BOOST_DEFAULTS: BoostConfig = {
  cost: BOOST_COST,
  priceGrowth: BOOST_PRICE_GROWTH,
  maxLevel: { ...BOOST_MAX_LEVEL },
  energyCapacityStep: ENERGY_CAPACITY_STEP,
  touchIncomeStep: TOUCH_INCOME_STEP,
  fullEnergyPerDay: FULL_ENERGY_PER_DAY,
};

/** The price of the next purchase of `name` when `level` levels are owned (0 for the others). */
export function boostPrice(name: BoostName, level = 0, config: BoostConfig = BOOST_DEFAULTS): number {
  if (!isLevelled(name)) return config.cost;
  return Math.round(config.cost * config.priceGrowth ** Math.max(0, Math.floor(level)));
}

/** Full Energy refills already bought today, given the day of the last one and its count. */
export function refillsUsed(refillDay: number | null, refillCount: number, now: number): number {
  return refillDay === gameDay(now) ? refillCount : 0;
}

/** Refills still allowed today. */
export function refillsLeft(
  refillDay: number | null,
  refillCount: number,
  now: number,
  config: BoostConfig = BOOST_DEFAULTS,
): number {
  return Math.max(0, config.fullEnergyPerDay - refillsUsed(refillDay, refillCount, now));
}

/** Passive income multiplier: 2 * Income doubles every coin of profit per hour, bought before or after. */
export const incomeMultiplier = (boosts: readonly string[]) => (boosts.includes('income') ? 2 : 1);

export interface BoostState {
  coins: number;
  /** Energy as settled now. */
  energy: number;
  maxEnergy: number;
  earnPerHour: number;
  earnPerTap: number;
  loseEnergyPerTap: number;
  boosts: readonly string[];
  touchIncomeLevel: number;
  energyCapacityLevel: number;
  /** Full Energy refills bought so far in the current game day. */
  refillsToday: number;
}

/** The player's boost state after a boost (its own list of boosts). */
export type BoostEffect = Omit<BoostState, 'boosts'> & { boosts: string[] };

export type BoostRefusal =
  'already-used' | 'energy-full' | 'balance' | 'max-level' | 'daily-limit' | 'no-income';

export type BoostPlan = { ok: true; cost: number; next: BoostEffect } | { ok: false; reason: BoostRefusal };

export const levelOf = (
  name: LevelledBoost,
  s: Pick<BoostState, 'touchIncomeLevel' | 'energyCapacityLevel'>,
) => (name === 'touchIncome' ? s.touchIncomeLevel : s.energyCapacityLevel);

/**
 * A boost as the shop shows it, whatever the balance and energy: its next price (`cost` of an ok
 * plan), or why it can no longer be bought (used, at its last level, refills over for today, no
 * income to double).
 */
export const boostAvailability = (
  name: BoostName,
  s: BoostState,
  config: BoostConfig = BOOST_DEFAULTS,
): BoostPlan => planBoost(name, { ...s, coins: Number.MAX_SAFE_INTEGER, energy: 0 }, config);

/**
 * Buying a boost: once-only boosts already in the list are refused, as are levelled boosts at
 * their last level, a refill past the day's allowance or at full energy, and 2 * Income while
 * there is no income to double; then the balance must cover the price.
 */
export function planBoost(name: BoostName, s: BoostState, config: BoostConfig = BOOST_DEFAULTS): BoostPlan {
  if (ONCE_ONLY_BOOSTS.includes(name) && s.boosts.includes(name))
    return { ok: false, reason: 'already-used' };
  if (isLevelled(name) && levelOf(name, s) >= config.maxLevel[name])
    return { ok: false, reason: 'max-level' };
  if (name === 'fullyEnergy' && s.refillsToday >= config.fullEnergyPerDay)
    return { ok: false, reason: 'daily-limit' };
  if (name === 'fullyEnergy' && s.energy >= s.maxEnergy) return { ok: false, reason: 'energy-full' };
  if (name === 'income' && s.earnPerHour <= 0) return { ok: false, reason: 'no-income' };
  const cost = boostPrice(name, isLevelled(name) ? levelOf(name, s) : 0, config);
  if (s.coins < cost) return { ok: false, reason: 'balance' };
  const next: BoostEffect = {
    coins: s.coins - cost,
    energy: s.energy,
    maxEnergy: s.maxEnergy,
    earnPerHour: s.earnPerHour,
    earnPerTap: s.earnPerTap,
    loseEnergyPerTap: s.loseEnergyPerTap,
    boosts: ONCE_ONLY_BOOSTS.includes(name) ? [...s.boosts, name] : [...s.boosts],
    touchIncomeLevel: s.touchIncomeLevel,
    energyCapacityLevel: s.energyCapacityLevel,
    refillsToday: s.refillsToday,
  };
  switch (name) {
    case 'fullyEnergy':
      next.energy = s.maxEnergy;
      next.refillsToday = s.refillsToday + 1;
      break;
    case 'income':
      next.earnPerHour = s.earnPerHour * 2;
      break;
    case 'double':
      next.earnPerTap = s.earnPerTap * 2;
      next.loseEnergyPerTap = s.loseEnergyPerTap * 2;
      break;
    case 'touchIncome':
      // Double doubles every coin a tap, bought before or after Touch Income.
      next.earnPerTap = s.earnPerTap + config.touchIncomeStep * (s.boosts.includes('double') ? 2 : 1);
      next.touchIncomeLevel = s.touchIncomeLevel + 1;
      break;
    case 'energyCapacity':
      next.maxEnergy = s.maxEnergy + config.energyCapacityStep;
      next.energyCapacityLevel = s.energyCapacityLevel + 1;
      break;
  }
  return { ok: true, cost, next };
}
