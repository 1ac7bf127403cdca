/**
 * The farm: not started, farming with a countdown, claimable at the
 * end, claimed (back to not started). Design choice: six hours for 2,000 coins, as comparable
 * games use.
 */
export const FARM_DURATION_MS = 6 * 3_600_000;
export const FARM_REWARD = 2_000;

export interface FarmStatus {
  started: boolean;
  /** Milliseconds left; 0 when claimable or not started. */
  remainTime: number;
  claimable: boolean;
  /** elapsed / duration, from 0 to 1. */
  progress: number;
}

export function farmStatus(startedAt: number | null, now: number): FarmStatus {
  if (startedAt === null) return { started: false, remainTime: 0, claimable: false, progress: 0 };
  const elapsed = Math.max(0, now - startedAt);
  const remainTime = Math.max(0, FARM_DURATION_MS - elapsed);
  return {
    started: true,
    remainTime,
    claimable: remainTime === 0,
    progress: Math.min(1, elapsed / FARM_DURATION_MS),
  };
}

export type FarmRefusal = 'already-farming' | 'not-started' | 'not-finished';

export function canStartFarm(startedAt: number | null): FarmRefusal | null {
  return startedAt === null ? null : 'already-farming';
}

export function canClaimFarm(startedAt: number | null, now: number): FarmRefusal | null {
  if (startedAt === null) return 'not-started';
  return farmStatus(startedAt, now).claimable ? null : 'not-finished';
}
