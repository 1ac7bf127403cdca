import { FARM_DURATION_MS } from './farm.ts';
import { ENERGY_REGEN_MS } from './energy.ts';
import { nextResetAt } from './time.ts';

/**
 * Messages the bot sends (design choices): re-engagement reminders, and the answer to a player's
 * airdrop appeal, the airdrop's deadline to players who have not claimed. Each is sent at most once
 * per event: the event's key names it (a farm start, an energy spend, a game day, an invitee, an
 * appeal, an allocation's milestone).
 */
export type NotificationKind = 'farm' | 'energy' | 'streak' | 'friend' | 'appeal' | 'airdrop-deadline';

/** An event older than this when first seen is not announced any more (a stale reminder is noise). */
export const NOTIFY_WINDOW_MS = 6 * 3_600_000;
/**
 * The streak reminder goes out within this long before the game day ends (at 06:00 UTC): from
 * 20:00 UTC, so that players in UTC get it before quiet hours.
 */
export const STREAK_WARNING_MS = 10 * 3_600_000;
/** Quiet hours in the player's time zone (UTC when unknown): from 23:00 to 08:00. */
export const QUIET_FROM_HOUR = 23;
export const QUIET_UNTIL_HOUR = 8;

/** When a farm started at `startedAt` is ready to claim. */
export const farmReadyAt = (startedAt: number) => startedAt + FARM_DURATION_MS;

/** When energy stored as `energy` of `max` at `at` is full again. */
export const energyFullAt = (energy: number, max: number, at: number) =>
  at + Math.max(0, max - energy) * ENERGY_REGEN_MS;

/** Whether a streak reminder is due at `now`: within STREAK_WARNING_MS of the day's end. */
export const streakWarningDue = (now: number) => nextResetAt(now) - now <= STREAK_WARNING_MS;

/** Whole hours (at least one) left before the game day ends. */
export const hoursLeftToday = (now: number) => Math.max(1, Math.ceil((nextResetAt(now) - now) / 3_600_000));

/** Whether `name` is a time zone this runtime knows (an IANA name such as Asia/Tokyo). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The local hour and minute at `at` in `timeZone` (UTC when it is unknown or invalid). */
export function localTime(at: number, timeZone: string | null | undefined): { hour: number; minute: number } {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: part('hour') % 24, minute: part('minute') };
}

/**
 * The earliest instant from `at` outside quiet hours: `at` itself, or the next 08:00 in the
 * player's time zone (to the minute).
 */
export function outsideQuietHours(at: number, timeZone: string | null | undefined): number {
  const { hour, minute } = localTime(at, timeZone);
  const quiet = hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
  if (!quiet) return at;
  const hoursLeft = hour >= QUIET_FROM_HOUR ? 24 - hour + QUIET_UNTIL_HOUR : QUIET_UNTIL_HOUR - hour;
  const startOfMinute = at - (at % 60_000);
  return startOfMinute + (hoursLeft * 60 - minute) * 60_000;
}
