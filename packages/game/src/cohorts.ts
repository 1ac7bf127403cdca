/**
 * How an airdrop allocation falls on groups of players (the console's preview, docs/airdrop.md):
 * what the top 1 % of wallets, the median wallet, new accounts, Premium players and players under
 * review receive. Pure and exact (bigint amounts); shares are fractions of the total.
 */

const DAY_MS = 86_400_000;

/** An account registered at most this long before the snapshot's instant is new. */
export const NEW_ACCOUNT_MS = 30 * DAY_MS;

export const AIRDROP_COHORTS = ['top1', 'median', 'new', 'premium', 'review'] as const;
export type AirdropCohortName = (typeof AIRDROP_COHORTS)[number];

export interface CohortWallet {
  amount: bigint;
  playerIds: readonly number[];
}

/** A player's facts the cohorts read (as of the snapshot's instant; review as of the allocation). */
export interface CohortPlayer {
  registeredAt: number;
  premium: boolean;
  review: boolean;
}

export interface AirdropCohort {
  cohort: AirdropCohortName;
  /** Allocated players in it (a wallet's players all count). */
  players: number;
  wallets: number;
  /** Its wallets' amounts over the allocation's total, 0..1 (0 when the total is 0). */
  share: number;
  /** The median amount of its wallets (the mean of the two middle ones, rounded down), 0 when empty. */
  median: bigint;
}

/** The median of ascending amounts. */
function median(sorted: readonly bigint[]): bigint {
  const n = sorted.length;
  // The two middle amounts (the same one when n is odd); neither when there are none.
  const lower = sorted[Math.floor((n - 1) / 2)];
  const upper = sorted[Math.floor(n / 2)];
  if (lower === undefined || upper === undefined) return 0n;
  return n % 2 === 1 ? upper : (lower + upper) / 2n;
}

/** `part / total` as a number with six decimals of precision, 0 when the total is 0. */
const fraction = (part: bigint, total: bigint) =>
  total > 0n ? Number((part * 1_000_000n) / total) / 1_000_000 : 0;

/**
 * The cohorts of an allocation's wallets. A wallet belongs to `new`, `premium` or `review` when
 * any of its players does; `top1` is the largest 1 % of the wallets (at least one), `median` the
 * wallet in the middle by amount (the larger of the two middle ones when their number is even).
 * `at`: the snapshot's instant, from which account age is measured.
 */
export function airdropCohorts(
  wallets: readonly CohortWallet[],
  players: ReadonlyMap<number, CohortPlayer>,
  at: number,
): AirdropCohort[] {
  const total = wallets.reduce((s, w) => s + w.amount, 0n);
  const ascending = [...wallets].sort((a, b) => (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0));
  const cohort = (name: AirdropCohortName, members: readonly CohortWallet[]): AirdropCohort => ({
    cohort: name,
    players: members.reduce((s, w) => s + w.playerIds.length, 0),
    wallets: members.length,
    share: fraction(
      members.reduce((s, w) => s + w.amount, 0n),
      total,
    ),
    median: median(members.map((w) => w.amount).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))),
  });
  const any = (w: CohortWallet, test: (p: CohortPlayer) => boolean) =>
    w.playerIds.some((id) => {
      const p = players.get(id);
      return p !== undefined && test(p);
    });
  const top = ascending.length === 0 ? 0 : Math.max(1, Math.ceil(ascending.length / 100));
  const centre = ascending[Math.floor(ascending.length / 2)];
  const middle = centre === undefined ? [] : [centre];
  return [
    cohort('top1', ascending.slice(ascending.length - top)),
    cohort('median', middle),
    cohort(
      'new',
      ascending.filter((w) => any(w, (p) => at - p.registeredAt <= NEW_ACCOUNT_MS)),
    ),
    cohort(
      'premium',
      ascending.filter((w) => any(w, (p) => p.premium)),
    ),
    cohort(
      'review',
      ascending.filter((w) => any(w, (p) => p.review)),
    ),
  ];
}
