import { COUNTDOWN_MS, GAME_REWARD_CAP, maxScoreAfterStart, TIME_LIMIT_MS } from './mole.ts';
import { TAP_INTERVAL_MS } from './tap.ts';

/**
 * The suspicion list: signs that an account is run by a script or belongs to a farm. Each rule
 * reads aggregates the server computes and answers evidence an operator can check; the
 * thresholds are here so that they are reviewed with the rest of the rules.
 */
export const SUSPICION = {
  /** How far back the list looks. */
  windowMs: 14 * 86_400_000,
  /** A minute "at the cap" credits at least this share of the human tap pace. */
  tapCapShare: 0.9,
  /** Minutes at the cap (in the window) that make a player suspicious: a human tires long before. */
  tapCappedMinutes: 45,
  /** Invitees of one inviter that joined each at most this long after the previous one… */
  burstGapMs: 10 * 60_000,
  /** …at least this many of them, who never played after signing in. */
  burstMinAccounts: 5,
  /** A player "played" when any ledger row beyond sign-up and referral bonuses is theirs. */
  passiveKinds: ['signup', 'referral', 'milestone'] as readonly string[],
  /**
   * An invitee who acted at most this many times (ledger rows of their own) counts as idle: a
   * farm's accounts tap once to look alive, a person who opens the app acts again and again.
   */
  idleMaxActions: 1,
  /** Inviters with at least this many invitees a day old or more… */
  idleInviteesMin: 12,
  /** …of whom at least this share acted at most once, are a farm, joined in a burst or not. */
  idleInviteesShare: 0.8,
  /** An invitee is judged once they had this long to come back. */
  idleInviteeAgeMs: 86_400_000,
  /** Rows that are not the player's own action: bonuses, payouts, refunds, income settled on the way. */
  automaticKinds: [
    'signup',
    'referral',
    'milestone',
    'season',
    'league',
    'refund',
    'refund:shortfall',
    'income',
    'admin:adjust',
  ] as readonly string[],
  /** How far back the hours of activity are read (one row per player and active hour). */
  sleepWindowMs: 7 * 86_400_000,
  /** People pause at least this many hours in a row every day: sleep. */
  sleepPauseHours: 6,
  /** Active this long without such a pause… */
  sleeplessHours: 72,
  /** …and in at least this share of its hours: a script, not a person checking in now and then. */
  sleeplessActiveShare: 0.75,
  /** Games at the reward cap: at least this share of them (with at least moleMinGames games)… */
  moleCapShare: 0.8,
  /** A game "near the bound" scored at least this share of the most its play time allows. */
  moleNearBound: 0.9,
  /** Games needed, every one near the bound. */
  moleMinGames: 5,
  /** Addresses alike in these many leading and trailing hex characters of the account hash. */
  walletPatternChars: 4,
  /** Players on one address pattern that make a group. */
  walletMinPlayers: 3,
} as const;

/** Taps a minute at the human pace. */
export const TAPS_PER_MINUTE_CAP = 60_000 / TAP_INTERVAL_MS;

/** A minute's credited taps count as "at the cap". */
export const atTapCap = (taps: number) => taps >= SUSPICION.tapCapShare * TAPS_PER_MINUTE_CAP;

export interface Invitee {
  id: number;
  joinedAt: number;
  /** Their own ledger rows (actions), counted up to idleMaxActions + 1. */
  actions: number;
}

/** Acted at most once: never, or once to look alive. */
export const idleInvitee = (invitee: Invitee) => invitee.actions <= SUSPICION.idleMaxActions;

/**
 * Invitees of one inviter that joined in a burst (each within `burstGapMs` of the previous) and
 * acted at most once; bursts smaller than `burstMinAccounts` idle accounts are ignored.
 */
export function idleBursts(invitees: readonly Invitee[]): Invitee[][] {
  const sorted = [...invitees].sort((a, b) => a.joinedAt - b.joinedAt || a.id - b.id);
  const bursts: Invitee[][] = [];
  let current: Invitee[] = [];
  let last = -Infinity;
  for (const invitee of sorted) {
    if (invitee.joinedAt - last > SUSPICION.burstGapMs) {
      bursts.push(current);
      current = [];
    }
    current.push(invitee);
    last = invitee.joinedAt;
  }
  bursts.push(current);
  return bursts
    .map((burst) => burst.filter(idleInvitee))
    .filter((idle) => idle.length >= SUSPICION.burstMinAccounts);
}

/** Whether every game (enough of them) scored near the most its time since the start allowed. */
export function alwaysNearBound(games: readonly { score: number; elapsedMs: number }[]): boolean {
  if (games.length < SUSPICION.moleMinGames) return false;
  return games.every((g) => {
    const bound = maxScoreAfterStart(g.elapsedMs);
    return bound > 0 && g.score >= SUSPICION.moleNearBound * bound;
  });
}

/** An address's pattern: leading and trailing hex characters of its account hash ("0:abcd…wxyz"). */
export function walletPattern(rawAddress: string): string {
  const hash = rawAddress.split(':').pop() ?? rawAddress;
  const n = SUSPICION.walletPatternChars;
  return `${hash.slice(0, n)}…${hash.slice(-n)}`.toLowerCase();
}

/**
 * An inviter whose invitees (those at least idleInviteeAgeMs old at `now`, enough of them) mostly
 * acted at most once: the counts as evidence, or undefined when the rule does not hold.
 */
export function idleInvitees(invitees: readonly Invitee[], now: number) {
  const judged = invitees.filter((i) => now - i.joinedAt >= SUSPICION.idleInviteeAgeMs);
  if (judged.length < SUSPICION.idleInviteesMin) return undefined;
  const idle = judged.filter(idleInvitee);
  const once = idle.filter((i) => i.actions === 1).length;
  if (idle.length < SUSPICION.idleInviteesShare * judged.length) return undefined;
  return {
    invitees: judged.length,
    idle: idle.length,
    once,
    never: idle.length - once,
    ids: idle.map((i) => i.id),
  };
}

/** A run of active hours with no pause of sleepPauseHours or more. */
export interface AwakeStretch {
  /** First and last active hour (hours since the Unix epoch). */
  fromHour: number;
  toHour: number;
  /** Hours in it with activity. */
  activeHours: number;
  /** The longest pause inside it, in whole hours. */
  longestPauseHours: number;
}

/** The longest awake stretch of a player's active hours (distinct hour numbers, any order). */
export function longestAwakeStretch(hours: readonly number[]): AwakeStretch | undefined {
  const sorted = [...new Set(hours)].sort((a, b) => a - b);
  let best: AwakeStretch | undefined;
  let current: AwakeStretch | undefined;
  for (const hour of sorted) {
    const pause = current ? hour - current.toHour - 1 : Infinity;
    if (!current || pause >= SUSPICION.sleepPauseHours) {
      current = { fromHour: hour, toHour: hour, activeHours: 1, longestPauseHours: 0 };
    } else {
      current.toHour = hour;
      current.activeHours += 1;
      current.longestPauseHours = Math.max(current.longestPauseHours, pause);
    }
    if (!best || spanHours(current) > spanHours(best)) best = { ...current };
  }
  return best;
}

export const spanHours = (s: AwakeStretch) => s.toHour - s.fromHour + 1;

/** Active around the clock: long enough without sleep, and busy in most of those hours. */
export const sleepless = (s: AwakeStretch | undefined): s is AwakeStretch =>
  s !== undefined &&
  spanHours(s) >= SUSPICION.sleeplessHours &&
  s.activeHours >= SUSPICION.sleeplessActiveShare * spanHours(s);

/** A full game's result arrives this long after its start at the earliest a person can send it. */
export const FULL_GAME_MS = COUNTDOWN_MS + TIME_LIMIT_MS;

/**
 * Mole results mostly at the reward cap, which a person rarely reaches (a perfect player in fewer than
 * half of their games): the counts and the median time from start to result, or undefined.
 */
export function moleAtCap(games: readonly { score: number; elapsedMs: number }[]) {
  if (games.length < SUSPICION.moleMinGames) return undefined;
  const atCap = games.filter((g) => g.score >= GAME_REWARD_CAP).length;
  if (atCap < SUSPICION.moleCapShare * games.length) return undefined;
  const elapsed = games.map((g) => g.elapsedMs).sort((a, b) => a - b);
  const median = elapsed[Math.floor(elapsed.length / 2)];
  if (median === undefined) return undefined;
  return { games: games.length, atCap, medianElapsedMs: median };
}
