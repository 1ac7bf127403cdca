import { ENERGY_REGEN_MS, settleEnergy } from './energy.ts';

/**
 * Taps arrive in batches: `PUT /users/tap { count }`.
 * Design choice: at most 500 taps in one request (the client flushes at 50).
 */
export const TAP_MAX_BATCH = 500;

/**
 * The human tap rate, paced with GCRA (a "theoretical arrival time" stored in accounts.tap_clock).
 * Design choice: 20 taps a second (one every 50 ms)...
 */
export const TAP_INTERVAL_MS = 50;
/**
 * ...with a burst of 120 taps (six seconds' worth), so that a flush delayed by a slow network
 * or several fingers at once still count in full. Design choice.
 */
export const TAP_BURST = 120;

/** How many taps the pacing clock lets through at `now`. */
export function tapAllowance(tapClock: number, now: number): number {
  const tat = Math.max(tapClock, now);
  return Math.max(0, Math.floor((now + TAP_BURST * TAP_INTERVAL_MS - tat) / TAP_INTERVAL_MS));
}

/** The pacing clock after `credited` taps at `now`. */
export function advanceTapClock(tapClock: number, now: number, credited: number): number {
  return Math.max(tapClock, now) + credited * TAP_INTERVAL_MS;
}

/** A tap is allowed only if energy >= loseEnergyPerTap. */
export const canTap = (energy: number, loseEnergyPerTap: number) =>
  loseEnergyPerTap > 0 && energy >= loseEnergyPerTap;

export interface TapState {
  energy: number;
  maxEnergy: number;
  /** When `energy` was last settled. */
  energyAt: number;
  tapClock: number;
  earnPerTap: number;
  loseEnergyPerTap: number;
}

export interface TapResult {
  /** Taps credited: min(count, batch cap, energy div cost, human-rate allowance). */
  credited: number;
  /** Coins (and lifetime score) earned. */
  earned: number;
  energy: number;
  energyAt: number;
  tapClock: number;
}

/**
 * A batch of `count` taps at `now`: energy settles from the clock first, then each credited tap
 * earns earnPerTap and costs loseEnergyPerTap. The server applies the same rule in one statement
 * (apps/server/src/modules/economy/economy.repository.ts).
 */
export function planTap(state: TapState, count: number, now: number, regenMs = ENERGY_REGEN_MS): TapResult {
  const settled = settleEnergy(state.energy, state.maxEnergy, state.energyAt, now, regenMs);
  const byEnergy = state.loseEnergyPerTap > 0 ? Math.floor(settled.value / state.loseEnergyPerTap) : 0;
  const wanted = Math.max(0, Math.min(Math.floor(count), TAP_MAX_BATCH));
  const credited = Math.min(wanted, byEnergy, tapAllowance(state.tapClock, now));
  return {
    credited,
    earned: credited * state.earnPerTap,
    energy: settled.value - credited * state.loseEnergyPerTap,
    energyAt: settled.at,
    tapClock: advanceTapClock(state.tapClock, now, credited),
  };
}
