/**
 * The game day: the daily reset is midnight at a fixed UTC-6 offset.
 */
export const DAY_MS = 86_400_000;
export const RESET_OFFSET_HOURS = -6;
const OFFSET_MS = RESET_OFFSET_HOURS * 3_600_000;

/** Whole game days since the epoch, counted at UTC-6. */
export function gameDay(now: number): number {
  return Math.floor((now + OFFSET_MS) / DAY_MS);
}

/** The instant the current game day ends (next midnight at UTC-6). */
export function nextResetAt(now: number): number {
  return (gameDay(now) + 1) * DAY_MS - OFFSET_MS;
}

/** Milliseconds until the next daily reset. */
export function msUntilReset(now: number): number {
  return nextResetAt(now) - now;
}

/**
 * The one countdown format, h:mm:ss (the farm's and the daily reset's): rounded up to the whole
 * second, so it reads 0:00:00 only once the time is over.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
