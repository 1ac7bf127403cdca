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
  const { days, hours, minutes, seconds } = countdownParts(ms);
  return `${days * 24 + hours}:${pad(minutes)}:${pad(seconds)}`;
}

/**
 * A time left, rounded up to the whole second: whole days apart, the rest as hh:mm:ss (a boost's
 * time left, the season's week); `days` is 0 under a day and `time` "00:00:00" once it is over.
 */
export function formatDaysCountdown(ms: number): { days: number; time: string } {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  return { days, time: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` };
}

/** mm:ss, rounded up to the whole second: the mole game's clock. */
export function formatClock(ms: number): string {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  return `${pad((days * 24 + hours) * 60 + minutes)}:${pad(seconds)}`;
}

/** The whole days, hours, minutes and seconds of a time left, rounded up to the whole second. */
function countdownParts(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
