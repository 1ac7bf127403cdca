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
