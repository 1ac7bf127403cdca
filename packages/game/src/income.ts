/**
 * Passive income accrues per hour and settles from the server clock.
 * Design choice (docs/economy.md): at most six hours accrue while a player is away, so that four
 * visits a day collect almost all of it and a script awake around the clock gains little over them.
 */
export const INCOME_OFFLINE_CAP_MS = 6 * 3_600_000;
const HOUR_MS = 3_600_000;

/** The client's income tick: 3,600,000 ms / earnPerHour. */
export function incomeIntervalMs(earnPerHour: number): number | null {
  return earnPerHour > 0 ? HOUR_MS / earnPerHour : null;
}

/**
 * Whole coins earned between `at` and `now` at `earnPerHour`, and the instant to store so that
 * the fraction of a coin is kept. Time beyond the offline cap is forfeited.
 */
export function settleIncome(earnPerHour: number, at: number, now: number): { coins: number; at: number } {
  if (now <= at) return { coins: 0, at };
  if (earnPerHour <= 0) return { coins: 0, at: now };
  const start = Math.max(at, now - INCOME_OFFLINE_CAP_MS);
  const coins = Math.floor(((now - start) * earnPerHour) / HOUR_MS);
  const used = Math.ceil((coins * HOUR_MS) / earnPerHour);
  return { coins, at: Math.min(now, start + used) };
}
