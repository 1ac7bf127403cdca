import type { Recommendation } from './clusters.ts';

/**
 * Where a player stands in the airdrop's review (docs/airdrop.md, "Clusters and appeals"): what
 * the operators decided on the clusters they were in, their upheld appeals, and, where nobody
 * decided, the machine's recommendation, which only ever puts a player under review. Pure: the
 * server gathers the decisions, this file reads them.
 */

export type ReviewStatus = 'none' | 'review' | 'excluded' | 'cleared';

/** An operator's decision on a cluster, naming the player among its members. */
export interface DecisionOnPlayer {
  clusterId: string;
  action: 'exclude' | 'clear';
  reason: string;
  /** Epoch ms. */
  at: number;
}

export interface ReviewFacts {
  /** The cluster the player is in as last computed, or null. */
  cluster: { id: string; recommendation: Recommendation } | null;
  /**
   * The player's standing decision: the latest one whose members (as stored with it) named them,
   * whatever their cluster is now; the latest of these counts when several are given.
   */
  decisions: readonly DecisionOnPlayer[];
  /** Epoch ms of the player's latest upheld appeal, or null. */
  upheldAt: number | null;
  /** Excluded on their own by an operator (the airdrop's per-player exclusions). */
  excludedAlone: boolean;
}

export interface Review {
  status: ReviewStatus;
  /** The cluster decision that excludes the player, when one does. */
  exclusion: { clusterId: string; reason: string } | null;
}

/**
 * The player's status. An appeal of theirs upheld clears them against any cluster decision,
 * earlier or later (a decision on a cluster judges the group, the appeal judged the person).
 * Otherwise the latest decision naming them stands, an exclusion or a clearing. Without one, a
 * cluster recommended `exclude` or `review` puts them under review (a machine alone never
 * excludes anyone); otherwise `none`. A per-player exclusion excludes them whatever else holds
 * (an upheld appeal lifts it where it is stored, so one standing was taken after the appeal).
 */
export function playerReview(facts: ReviewFacts): Review {
  let latest: { action: 'exclude' | 'clear'; at: number; decision: DecisionOnPlayer | null } | null = null;
  for (const d of facts.decisions)
    if (!latest || d.at > latest.at || (d.at === latest.at && d.action === 'clear'))
      latest = { action: d.action, at: d.at, decision: d };
  if (facts.upheldAt !== null) latest = { action: 'clear', at: facts.upheldAt, decision: null };

  const exclusion =
    latest?.action === 'exclude' && latest.decision
      ? { clusterId: latest.decision.clusterId, reason: latest.decision.reason }
      : null;
  if (facts.excludedAlone || exclusion) return { status: 'excluded', exclusion };
  if (latest) return { status: 'cleared', exclusion: null };
  const flagged = facts.cluster?.recommendation === 'exclude' || facts.cluster?.recommendation === 'review';
  return { status: flagged ? 'review' : 'none', exclusion: null };
}

/** The reason an allocation gives for a player left out by a cluster's exclusion. */
export const clusterExclusionReason = (clusterId: string, reason: string) =>
  `cluster ${clusterId}: ${reason}`;
