import { DAY_MS, RESET_OFFSET_HOURS, gameDay } from './time.ts';

/**
 * Seasons: a weekly board of coins earned during the week (lifetime score gained, not the
 * balance). A week starts at the game-day boundary (midnight UTC-6) each Monday and lasts seven
 * game days. The top SEASON_PRIZED players of a finished week are paid by rank from the prize
 * table, once.
 */
const OFFSET_MS = RESET_OFFSET_HOURS * 3_600_000;
/** Game day 4 (1970-01-05) is a Monday: weeks are counted from it. */
const FIRST_MONDAY = 4;

export const SEASON_PRIZED = 100;

/** The week of a game day (0 = the week of 1970-01-05). */
export const weekOfDay = (day: number) => Math.floor((day - FIRST_MONDAY) / 7);

/** The week of an instant. */
export const weekOf = (now: number) => weekOfDay(gameDay(now));

/** When a week starts (Monday, 00:00 UTC-6). */
export const weekStartsAt = (week: number) => (week * 7 + FIRST_MONDAY) * DAY_MS - OFFSET_MS;

/** When a week ends (the next week's start). */
export const weekEndsAt = (week: number) => weekStartsAt(week + 1);

export interface SeasonPrize {
  ticket: number;
  /** Treasure chests (the player's chest count). */
  chests: number;
}

/**
 * The prize table, by rank bands (1-based, inclusive). Design choice: the podium is marked, the
 * top ten get a chest, everyone in the top hundred gets tickets.
 */
export const SEASON_PRIZES: readonly { from: number; to: number; prize: SeasonPrize }[] = [
  { from: 1, to: 1, prize: { ticket: 100, chests: 5 } },
  { from: 2, to: 2, prize: { ticket: 60, chests: 3 } },
  { from: 3, to: 3, prize: { ticket: 40, chests: 2 } },
  { from: 4, to: 10, prize: { ticket: 20, chests: 1 } },
  { from: 11, to: 50, prize: { ticket: 10, chests: 0 } },
  { from: 51, to: 100, prize: { ticket: 5, chests: 0 } },
];

/** The prize of a rank; null outside the prized ranks. */
export function seasonPrize(rank: number): SeasonPrize | null {
  if (!Number.isInteger(rank)) return null;
  return SEASON_PRIZES.find((band) => rank >= band.from && rank <= band.to)?.prize ?? null;
}

/**
 * A finished week is settled this long after it ends, so that writes begun before the boundary
 * (a transaction lasts at most a few seconds) have committed before the board is read.
 */
export const SEASON_SETTLE_DELAY_MS = 60_000;

/** How many finished weeks back the payout job looks (weeks missed while the server was down). */
export const SEASON_CATCH_UP_WEEKS = 8;

/** The finished weeks that may be settled at `now`, oldest first. */
export function settleableWeeks(now: number): number[] {
  const last = weekOf(now - SEASON_SETTLE_DELAY_MS) - 1;
  return Array.from({ length: SEASON_CATCH_UP_WEEKS }, (_, i) => last - SEASON_CATCH_UP_WEEKS + 1 + i);
}
