/** The boost shop on Home (SPEC.md sections 2 "Boost view", 4 "Boosts", 5 and 9). */
export const BOOST_NAMES = ['fullyEnergy', 'income', 'double', 'touchIncome', 'energyCapacity'] as const;
export type BoostName = (typeof BOOST_NAMES)[number];

/** SPEC.md section 9: each boost costs 500 coins. */
export const BOOST_COST = 500;

/** SPEC.md section 4: Income and Double can each be used once, decided by the boosts list. */
export const ONCE_ONLY_BOOSTS: readonly BoostName[] = ['income', 'double'];

/** Design choice: Energy Capacity raises max energy by 500 a purchase. */
export const ENERGY_CAPACITY_STEP = 500;

/** Design choice: Touch Income adds one coin a tap. */
export const TOUCH_INCOME_STEP = 1;

export interface BoostState {
  onion: number;
  /** Energy as settled now. */
  energy: number;
  maxEnergy: number;
  earnPerHour: number;
  earnPerTap: number;
  loseEnergyPerTap: number;
  boosts: readonly string[];
}

export interface BoostEffect {
  onion: number;
  energy: number;
  maxEnergy: number;
  earnPerHour: number;
  earnPerTap: number;
  loseEnergyPerTap: number;
  boosts: string[];
}

export type BoostPlan =
  | { ok: true; cost: number; next: BoostEffect }
  | { ok: false; reason: 'already-used' | 'energy-full' | 'balance' };

/**
 * Buying a boost: once-only boosts already in the list are refused, a full refill at full energy
 * is refused, and the balance must cover the cost (SPEC.md section 5); otherwise the effect.
 */
export function planBoost(name: BoostName, s: BoostState): BoostPlan {
  if (ONCE_ONLY_BOOSTS.includes(name) && s.boosts.includes(name))
    return { ok: false, reason: 'already-used' };
  if (name === 'fullyEnergy' && s.energy >= s.maxEnergy) return { ok: false, reason: 'energy-full' };
  if (s.onion < BOOST_COST) return { ok: false, reason: 'balance' };
  const next: BoostEffect = {
    onion: s.onion - BOOST_COST,
    energy: s.energy,
    maxEnergy: s.maxEnergy,
    earnPerHour: s.earnPerHour,
    earnPerTap: s.earnPerTap,
    loseEnergyPerTap: s.loseEnergyPerTap,
    boosts: ONCE_ONLY_BOOSTS.includes(name) ? [...s.boosts, name] : [...s.boosts],
  };
  switch (name) {
    case 'fullyEnergy':
      next.energy = s.maxEnergy;
      break;
    case 'income':
      next.earnPerHour = s.earnPerHour * 2;
      break;
    case 'double':
      next.earnPerTap = s.earnPerTap * 2;
      next.loseEnergyPerTap = s.loseEnergyPerTap * 2;
      break;
    case 'touchIncome':
      next.earnPerTap = s.earnPerTap + TOUCH_INCOME_STEP;
      break;
    case 'energyCapacity':
      next.maxEnergy = s.maxEnergy + ENERGY_CAPACITY_STEP;
      break;
  }
  return { ok: true, cost: BOOST_COST, next };
}

/** Days, hours, minutes and seconds left until a boost end time (SPEC.md section 2 "Home"). */
export function boostCountdown(endAt: number, now: number) {
  const total = Math.max(0, Math.floor((endAt - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: total === 0,
  };
}
