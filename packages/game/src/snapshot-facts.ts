import { SUSPICION } from './suspicion.ts';

/**
 * How the server counts, as of a snapshot's instant, the facts the allocation rule reads
 * (allocation-rule.ts, ScoreFacts). Design choices, documented in docs/airdrop.md ("The rule").
 */
export const SNAPSHOT_FACTS = {
  /**
   * A day counts as active when the player has a ledger row of their own action that game day
   * (time.ts): not a bonus, payout, refund, income settled on the way or operator credit.
   */
  passiveKinds: SUSPICION.automaticKinds,
  /** A task counts once claimed: one ledger row of this kind per claim. */
  taskKind: 'task',
  /** An invited friend "stayed" when active on at least this many game days by the snapshot. */
  friendStayedDays: 3,
} as const;
