/**
 * The airdrop's published rule: how a player's facts at the snapshot's instant become the weight
 * that shares the supply (docs/airdrop.md, "The rule"). The operator chooses it when allocating;
 * it is stored with the allocation and shown to players, in their language, once published.
 */

/** A player's facts at the snapshot's instant, as the rule reads them. */
export interface ScoreFacts {
  playerId: number;
  /** Lifetime coins. */
  coins: number;
  /** Of which operators credited (admin adjustments, positive part). */
  operatorCoins: number;
  /** Distinct game days with an action of their own. */
  activeDays: number;
  /** Tasks completed (claimed). */
  tasks: number;
  /** Invited friends who themselves stayed (active on at least the rule's number of days). */
  friendsStayed: number;
  premium: boolean;
  /** Epoch ms the Telegram account was registered around (accountRegisteredAt of its id). */
  registeredAt: number;
  /** In a cluster recommended or marked for review (not excluded). */
  review: boolean;
}

export interface AllocationRule {
  /** Coins count as coins^coinsExponent (0 < e ≤ 1): 0.5 counts them by their square root. */
  coinsExponent: number;
  /** What each factor weighs (≥ 0); factors are scaled to 0..1 before weighing. */
  weights: {
    coins: number;
    activeDays: number;
    tasks: number;
    friendsStayed: number;
    accountAge: number;
    premium: number;
  };
  /** A weight of a player in review is multiplied by this (0..1). */
  reviewDiscount: number;
}

/**
 * The rule the operator is offered first, tuned on the simulated populations (bench/fairness):
 * coins by their square root, so that compounding mining income, which a script maximises, no
 * longer decides the share alone; days played weigh nearly as much; account age and Premium are
 * small priors that an honest newcomer can make up for by playing.
 */
export const RECOMMENDED_RULE: AllocationRule = {
  coinsExponent: 0.5,
  weights: { coins: 40, activeDays: 25, tasks: 10, friendsStayed: 10, accountAge: 10, premium: 5 },
  reviewDiscount: 0.5,
};

/** An account this old (or older) earns the whole account-age factor; younger ones a linear part. */
export const FULL_ACCOUNT_AGE_MS = 365 * 86_400_000;

/**
 * The percentile of the population that counts as "a full measure" of coins, tasks and friends:
 * a player at or above it earns the whole factor. A percentile rather than the maximum, so that a
 * single outlier does not shrink everyone else's factor to nothing.
 */
export const REFERENCE_PERCENTILE = 0.99;

/** Integer weights are the rule's sum scaled by this before rounding down. */
export const WEIGHT_SCALE = 1e12;

/**
 * Coins the rule counts: lifetime coins less what operators credited. An operator's credit
 * (an adjustment in the console) is not play: counted, it would let whoever holds the console
 * raise a player's share of the airdrop, and it would make the published rule depend on
 * decisions nobody can check. A credit that restores coins a fault took away restores them to
 * the game, not to the airdrop; the player's days, tasks and friends still count in full.
 */
export const earnedCoins = (f: Pick<ScoreFacts, 'coins' | 'operatorCoins'>) =>
  Math.max(0, f.coins - Math.max(0, f.operatorCoins));

/** The value at `p` (0..1) of ascending `xs` (nearest rank), 0 when empty. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/** x / reference clamped to 0..1; 0 when the reference is 0. */
const share = (x: number, reference: number) => (reference > 0 ? Math.min(1, Math.max(0, x) / reference) : 0);

/**
 * Each player's weight under the rule at `now`, as an integer (bigint): the sum over the factors
 * of the factor's weight times the factor scaled to 0..1, times the review discount when the
 * player is in review, times WEIGHT_SCALE, rounded down. The factors:
 *
 * - coins: earnedCoins^coinsExponent over the same power of the population's REFERENCE_PERCENTILE
 *   of earned coins (at most 1);
 * - activeDays, tasks, friendsStayed: each over the population's REFERENCE_PERCENTILE of it;
 * - accountAge: (now − registeredAt) / FULL_ACCOUNT_AGE_MS, clamped to 0..1;
 * - premium: 1 or 0.
 *
 * A player who earned no coins or played no day weighs 0: the priors (age, Premium) add to play,
 * they do not stand in for it. Properties (tested): more of any factor never lowers the player's
 * own weight; review never raises it; multiplying everyone's coins (or tasks, days, friends) by
 * the same factor changes nothing; the result does not depend on the order of `facts`.
 */
export function weighPlayers(
  facts: readonly ScoreFacts[],
  rule: AllocationRule,
  now: number,
): Map<number, bigint> {
  const e = rule.coinsExponent;
  const sortedOf = (f: (x: ScoreFacts) => number) =>
    facts
      .map(f)
      .filter((x) => x > 0)
      .sort((a, b) => a - b);
  const refCoins = percentile(sortedOf(earnedCoins), REFERENCE_PERCENTILE);
  const refDays = percentile(
    sortedOf((f) => f.activeDays),
    REFERENCE_PERCENTILE,
  );
  const refTasks = percentile(
    sortedOf((f) => f.tasks),
    REFERENCE_PERCENTILE,
  );
  const refFriends = percentile(
    sortedOf((f) => f.friendsStayed),
    REFERENCE_PERCENTILE,
  );
  const w = rule.weights;
  const weights = new Map<number, bigint>();
  for (const f of facts) {
    const coins = earnedCoins(f);
    if (coins <= 0 || f.activeDays <= 0) {
      weights.set(f.playerId, 0n);
      continue;
    }
    const sum =
      w.coins * Math.min(1, Math.pow(coins / refCoins, e)) +
      w.activeDays * share(f.activeDays, refDays) +
      w.tasks * share(f.tasks, refTasks) +
      w.friendsStayed * share(f.friendsStayed, refFriends) +
      w.accountAge * share(now - f.registeredAt, FULL_ACCOUNT_AGE_MS) +
      w.premium * (f.premium ? 1 : 0);
    const discounted = f.review ? sum * Math.min(1, Math.max(0, rule.reviewDiscount)) : sum;
    weights.set(f.playerId, BigInt(Math.floor(discounted * WEIGHT_SCALE)));
  }
  return weights;
}
