/**
 * The console's analytics, as rules: which flow of coins a ledger kind is, where a new player came
 * from, the game days of a chart's range, and what a retention cohort can show yet. Days are game
 * days (time.ts `gameDay`, reset at UTC-6), written `YYYY-MM-DD`.
 */
import { DAY_MS } from './time.ts';
import { parseCampaignStartParam } from './campaigns.ts';
import { parseInviter } from './referrals.ts';
import { parseSquadStartParam } from './squads.ts';

/** The longest range a chart reads, in days (a little over a year). */
export const ANALYTICS_MAX_DAYS = 400;

/** The retention days a cohort is counted on: active again that many days after the first. */
export const RETENTION_DAYS = [1, 7, 30] as const;

/**
 * How many days of active player-days are kept: a player's activity is only ever looked up on the
 * day it happens (retention is counted as the activity lands, against the player's first day, and
 * each day's actives are their own rollup), so older rows are deleted after each run of the job.
 */
export const ACTIVITY_KEPT_DAYS = 32;

/** The funnel's steps, in order. */
export const FUNNEL_STEPS = ['launch', 'tap', 'daily', 'wallet', 'purchase'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Where a new player came from, by the start parameter of their first launch. */
export type LaunchSource = 'direct' | 'invite' | 'squad' | 'campaign' | 'channel';

/**
 * A first launch's source: a player's invite (a numeric id, modules/friends), a squad's link
 * (`squad_<id>`), a campaign (`c<campaignId>` or `c<campaignId>-<screen>`, the campaigns' bot
 * messages), any other start parameter a channel's; none: direct.
 */
export function launchSource(startParam: string | undefined | null, self: number): LaunchSource {
  if (!startParam) return 'direct';
  if (parseInviter(startParam, self) !== null) return 'invite';
  if (parseSquadStartParam(startParam) !== null) return 'squad';
  if (parseCampaignStartParam(startParam) !== null) return 'campaign';
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

/**
 * The ledger kinds the player's own action writes: such a row makes the player active that day
 * (as a launch does). `boost:<name>` rows (the player's purchase of a boost) are theirs too.
 */
export const OWN_ACTION_KINDS = [
  'tap',
  'event', // an event's extra, written beside the player's tap or mole game
  'daily',
  'farm',
  'task',
  'combo',
  'cipher',
  'spin',
  'chest',
  'game:start',
  'game',
  'mining',
  'purchase',
] as const;
/** Prefixes of kinds the player's own action writes. */
export const OWN_ACTION_KIND_PREFIXES = ['boost:'] as const;

/**
 * The ledger kinds written to a player by someone else or by a job, never counted as activity:
 * the signup bonus (the launch is), an invite's credit to the inviter, milestones, league and
 * season payouts, refunds, operators' adjustments, income settled on the way of another write.
 */
export const NOT_OWN_ACTION_KINDS = [
  'signup',
  'referral',
  'milestone',
  'league',
  'season',
  'refund',
  'refund:shortfall',
  'income',
  'admin:adjust',
] as const;

/** Whether a ledger row of this kind is the player's own action (counted as their active day). */
export function isOwnActionKind(kind: string): boolean {
  return (
    (OWN_ACTION_KINDS as readonly string[]).includes(kind) ||
    OWN_ACTION_KIND_PREFIXES.some((p) => kind.startsWith(p) && kind.length > p.length)
  );
}

/** Whether a ledger kind is classified at all (own action or not): every kind written must be. */
export function isClassifiedKind(kind: string): boolean {
  return isOwnActionKind(kind) || (NOT_OWN_ACTION_KINDS as readonly string[]).includes(kind);
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
