/**
 * The console's analytics, as rules: which flow of coins a ledger kind is, where a new player came
 * from, the game days of a chart's range, and what a retention cohort can show yet. Days are game
 * days (time.ts `gameDay`, reset at UTC-6), written `YYYY-MM-DD`.
 */
import { DAY_MS } from './time.ts';
import { parseInviter } from './referrals.ts';
import { parseSquadStartParam } from './squads.ts';

/** The longest range a chart reads, in days (a little over a year). */
export const ANALYTICS_MAX_DAYS = 400;

/** The retention days a cohort is counted on: active again that many days after the first. */
export const RETENTION_DAYS = [1, 7, 30] as const;

/** The funnel's steps, in order. */
export const FUNNEL_STEPS = ['launch', 'tap', 'daily', 'wallet', 'purchase'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Where a new player came from, by the start parameter of their first launch. */
export type LaunchSource = 'direct' | 'invite' | 'squad' | 'campaign' | 'channel';

/**
 * A first launch's source: a player's invite (a numeric id, modules/friends), a squad's link
 * (`squad_<id>`), a campaign (`c<campaignId>`, the campaigns' bot messages), any other start
 * parameter a channel's; none: direct.
 */
export function launchSource(startParam: string | undefined | null, self: number): LaunchSource {
  if (!startParam) return 'direct';
  if (parseInviter(startParam, self) !== null) return 'invite';
  if (parseSquadStartParam(startParam) !== null) return 'squad';
  if (/^c[1-9]\d{0,15}$/.test(startParam)) return 'campaign';
  return 'channel';
}

/**
 * The flow a ledger kind's coins are counted under: created (positive rows) by source, spent
 * (negative rows) by sink. Kinds named here are merged under one name; any other kind is its own.
 */
const FLOWS: Record<string, string> = {
  tap: 'taps',
  income: 'mining',
  farm: 'farm',
  daily: 'daily',
  task: 'tasks',
  combo: 'tasks',
  referral: 'referrals',
  milestone: 'referrals',
  spin: 'spin',
  chest: 'chests',
  game: 'mole',
  event: 'events',
  cipher: 'cipher',
  league: 'leagues',
  season: 'seasons',
  signup: 'signup',
  'admin:adjust': 'operators',
  mining: 'upgrades',
};

/** The source or sink name of a ledger kind (`boost:<name>` rows are all `boosts`). */
export function flowOf(kind: string): string {
  if (kind.startsWith('boost:')) return 'boosts';
  return FLOWS[kind] ?? kind;
}

/** A game day (days since the epoch, at UTC-6) as `YYYY-MM-DD`. */
export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` as a game day; undefined when it is no real date. */
export function dayOf(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (!Number.isFinite(ms) || dayText(ms / DAY_MS) !== text) return undefined;
  return ms / DAY_MS;
}

/** Why a chart's range is refused, or undefined when it is fine. */
export function rangeProblem(from: string, to: string): string | undefined {
  const a = dayOf(from);
  const b = dayOf(to);
  if (a === undefined || b === undefined) return 'from and to are days written YYYY-MM-DD.';
  if (a > b) return 'from must not be after to.';
  if (b - a + 1 > ANALYTICS_MAX_DAYS) return `A range is at most ${ANALYTICS_MAX_DAYS} days.`;
  return undefined;
}

/**
 * A cohort's retention on day `first + n`: the count once that day has begun (today's activity
 * counted so far), null before.
 */
export const retainedOrNull = (first: number, n: number, today: number, count: number): number | null =>
  first + n <= today ? count : null;
