import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/**
 * The fairness module's tables: clusters of linked accounts as last computed, the operators'
 * decisions on them, the players' appeals, and the facts the allocation rule reads, frozen with
 * each snapshot. Only this module's repository reads or writes them.
 */

/**
 * The clusters of the last computation (packages/game/src/clusters.ts, findClusters), replaced
 * whole by the next one. `members` ascending; its GIN index finds a player's cluster.
 */
export const fairnessClusters = pgTable(
  'fairness_clusters',
  {
    /** `c<smallest member id>`. */
    id: text('id').primaryKey(),
    members: jsonb('members').$type<number[]>().notNull(),
    size: integer('size').notNull(),
    score: doublePrecision('score').notNull(),
    recommendation: text('recommendation').$type<'exclude' | 'review' | 'clear'>().notNull(),
    evidence: jsonb('evidence').$type<string[]>().notNull(),
    computedAt: at('computed_at').notNull(),
  },
  (t) => [index('fairness_clusters_members_idx').using('gin', t.members.op('jsonb_path_ops'))],
);

/**
 * One row: when the clusters were last computed, over how many accounts, and the lease of the
 * process computing them now (so that one process at a time does).
 */
export const fairnessClusterRuns = pgTable('fairness_cluster_runs', {
  id: integer('id').primaryKey(),
  computedAt: at('computed_at'),
  accounts: integer('accounts').notNull().default(0),
  clusters: integer('clusters').notNull().default(0),
  durationMs: integer('duration_ms').notNull().default(0),
  leaseUntil: at('lease_until'),
});

/**
 * Every operator's decision on a cluster, append-only: the latest one of a cluster stands. It
 * covers the members the cluster had when it was taken (`members`), not those it gains later.
 */
export const fairnessDecisions = pgTable(
  'fairness_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clusterId: text('cluster_id').notNull(),
    action: text('action').$type<'exclude' | 'clear'>().notNull(),
    reason: text('reason').notNull(),
    members: jsonb('members').$type<number[]>().notNull(),
    adminId: money('admin_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('fairness_decisions_cluster_idx').on(t.clusterId, t.id),
    index('fairness_decisions_members_idx').using('gin', t.members.op('jsonb_path_ops')),
  ],
);

/** A player's answer to a review or an exclusion, and the operator's reply. One pending at a time. */
export const fairnessAppeals = pgTable(
  'fairness_appeals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: money('user_id').notNull(),
    /** The cluster the player was in when they appealed, if any. */
    clusterId: text('cluster_id'),
    text: text('text').notNull(),
    status: text('status').$type<'pending' | 'upheld' | 'rejected'>().notNull().default('pending'),
    createdAt: at('created_at').notNull(),
    answer: text('answer'),
    answeredBy: money('answered_by'),
    answeredAt: at('answered_at'),
  },
  (t) => [
    uniqueIndex('fairness_appeals_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('fairness_appeals_user_idx').on(t.userId, t.id),
    index('fairness_appeals_status_idx').on(t.status, t.id),
  ],
);

/**
 * What the allocation rule reads of a snapshot's player (packages/game/src/allocation-rule.ts,
 * ScoreFacts), as of the snapshot's instant; lifetime coins are the snapshot's own row.
 */
export const fairnessSnapshotFacts = pgTable(
  'fairness_snapshot_facts',
  {
    snapshotId: money('snapshot_id').notNull(),
    userId: money('user_id').notNull(),
    operatorCoins: money('operator_coins').notNull(),
    activeDays: integer('active_days').notNull(),
    tasks: integer('tasks').notNull(),
    friendsStayed: integer('friends_stayed').notNull(),
    premium: boolean('premium').notNull(),
    /** When the Telegram account was registered, estimated from its id (account-age.ts). */
    registeredAt: at('registered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.userId] })],
);
