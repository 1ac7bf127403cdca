import { maxScoreAfterStart } from './mole.ts';
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
  played: boolean;
}

/**
 * Invitees of one inviter that joined in a burst (each within `burstGapMs` of the previous) and
 * never played; bursts smaller than `burstMinAccounts` idle accounts are ignored.
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
    .map((burst) => burst.filter((i) => !i.played))
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
