import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Cluster } from '@egg-rush/game/clusters';
import { queryRows, type Database, type Tx } from '../../db/client.ts';
import { ledgerReads } from '../ledger/index.ts';
import { playersSql } from '../users/index.ts';
import {
  fairnessAppeals,
  fairnessClusterRuns,
  fairnessClusters,
  fairnessDecisions,
  fairnessSnapshotFacts,
} from './fairness.schema.ts';

export type ClusterRow = typeof fairnessClusters.$inferSelect;
export type DecisionRow = typeof fairnessDecisions.$inferSelect;
export type AppealRow = typeof fairnessAppeals.$inferSelect;
export type FactsRow = typeof fairnessSnapshotFacts.$inferSelect;

type Raw = Record<string, unknown>;
const RUN = 1;
const INSERT_BATCH = 500;
/** A player id as a one-element JSON array, for `members @> …` (the GIN index's operator). */
const containing = (userId: number) => sql`${JSON.stringify([userId])}::jsonb`;

// --- Clusters ------------------------------------------------------------------------------------

export async function clusterRun(tx: Tx) {
  const [row] = await tx.select().from(fairnessClusterRuns).where(eq(fairnessClusterRuns.id, RUN));
  return row;
}

/**
 * Takes the lease of the computation until `until` when nobody holds it (or theirs ran out at
 * `now`): true when this caller has it.
 */
export async function takeLease(tx: Tx, now: Date, until: Date): Promise<boolean> {
  const rows = await queryRows<Raw>(
    tx,
    sql`insert into ${fairnessClusterRuns} (id, lease_until) values (${RUN}, ${until})
        on conflict (id) do update set lease_until = excluded.lease_until
        where ${fairnessClusterRuns.leaseUntil} is null or ${fairnessClusterRuns.leaseUntil} <= ${now}
        returning id`,
  );
  return rows.length > 0;
}

export async function releaseLease(tx: Tx) {
  await tx.update(fairnessClusterRuns).set({ leaseUntil: null }).where(eq(fairnessClusterRuns.id, RUN));
}

/** Replaces the stored clusters with a new computation's, in one transaction, and frees the lease. */
export async function replaceClusters(
  database: Database,
  clusters: readonly Cluster[],
  computedAt: Date,
  stats: { accounts: number; durationMs: number },
) {
  await database.transaction(async (tx) => {
    await tx.delete(fairnessClusters);
    for (let i = 0; i < clusters.length; i += INSERT_BATCH) {
      await tx.insert(fairnessClusters).values(
        clusters.slice(i, i + INSERT_BATCH).map((c) => ({
          id: c.id,
          members: c.members,
          size: c.members.length,
          score: c.score,
          recommendation: c.recommendation,
          evidence: c.evidence,
          computedAt,
        })),
      );
    }
    await tx
      .update(fairnessClusterRuns)
      .set({
        computedAt,
        accounts: stats.accounts,
        clusters: clusters.length,
        durationMs: Math.round(stats.durationMs),
        leaseUntil: null,
      })
      .where(eq(fairnessClusterRuns.id, RUN));
  });
}

/** The stored clusters, those recommended for exclusion first, then review, then by score. */
export async function storedClusters(tx: Tx, limit: number): Promise<ClusterRow[]> {
  return tx
    .select()
    .from(fairnessClusters)
    .orderBy(
      sql`case ${fairnessClusters.recommendation} when 'exclude' then 0 when 'review' then 1 else 2 end`,
      desc(fairnessClusters.score),
      desc(fairnessClusters.size),
      asc(fairnessClusters.id),
    )
    .limit(limit);
}

/** Every stored cluster's id, members and recommendation (the allocation reads them all). */
export async function clusterMembers(tx: Tx) {
  return tx
    .select({
      id: fairnessClusters.id,
      members: fairnessClusters.members,
      recommendation: fairnessClusters.recommendation,
    })
    .from(fairnessClusters);
}

export async function findCluster(tx: Tx, id: string): Promise<ClusterRow | undefined> {
  const [row] = await tx.select().from(fairnessClusters).where(eq(fairnessClusters.id, id));
  return row;
}

/** Which of these cluster ids are stored now. */
export async function existingClusters(tx: Tx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: fairnessClusters.id })
    .from(fairnessClusters)
    .where(inArray(fairnessClusters.id, [...ids]));
  return rows.map((r) => r.id);
}

/** The stored cluster the player is in, if any. */
export async function clusterOf(tx: Tx, userId: number): Promise<ClusterRow | undefined> {
  const [row] = await tx
    .select()
    .from(fairnessClusters)
    .where(sql`${fairnessClusters.members} @> ${containing(userId)}`)
    .limit(1);
  return row;
}

// --- Decisions -----------------------------------------------------------------------------------

export async function insertDecision(
  tx: Tx,
  row: typeof fairnessDecisions.$inferInsert,
): Promise<DecisionRow> {
  const [saved] = await tx.insert(fairnessDecisions).values(row).returning();
  if (!saved) throw new Error('fairness decision not inserted');
  return saved;
}

/** The latest decision of every cluster ever decided on. */
export async function latestDecisions(tx: Tx): Promise<DecisionRow[]> {
  const rows = await queryRows<Raw>(
    tx,
    sql`select distinct on (cluster_id) id, cluster_id, action, reason, members, admin_id, created_at
        from ${fairnessDecisions} order by cluster_id, id desc`,
  );
  return rows.map(decisionRow);
}

export async function latestDecision(tx: Tx, clusterId: string): Promise<DecisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(fairnessDecisions)
    .where(eq(fairnessDecisions.clusterId, clusterId))
    .orderBy(desc(fairnessDecisions.id))
    .limit(1);
  return row;
}

/**
 * The player's standing decision: the latest decision whose stored members include them, whatever
 * its cluster has become since (a later decision on the cluster without them leaves it standing).
 */
export async function standingDecision(tx: Tx, userId: number): Promise<DecisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(fairnessDecisions)
    .where(sql`${fairnessDecisions.members} @> ${containing(userId)}`)
    .orderBy(desc(fairnessDecisions.id))
    .limit(1);
  return row;
}

/** Every decision, oldest first (the allocation reads each player's standing one of them). */
export async function allDecisions(tx: Tx): Promise<DecisionRow[]> {
  return tx.select().from(fairnessDecisions).orderBy(asc(fairnessDecisions.id));
}

const members = (value: unknown): number[] =>
  (typeof value === 'string' ? (JSON.parse(value) as unknown[]) : (value as unknown[])).map(Number);

function decisionRow(r: Raw): DecisionRow {
  return {
    id: Number(r.id),
    clusterId: String(r.cluster_id),
    action: r.action as DecisionRow['action'],
    reason: String(r.reason),
    members: members(r.members),
    adminId: Number(r.admin_id),
    createdAt: new Date(r.created_at as string | Date),
  };
}

// --- Appeals -------------------------------------------------------------------------------------

/** A new pending appeal; undefined when the player already has one pending (the unique index). */
export async function insertAppeal(tx: Tx, row: typeof fairnessAppeals.$inferInsert) {
  const [saved] = await tx.insert(fairnessAppeals).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function findAppeal(tx: Tx, id: number): Promise<AppealRow | undefined> {
  const [row] = await tx.select().from(fairnessAppeals).where(eq(fairnessAppeals.id, id));
  return row;
}

/** The player's latest appeal. */
export async function latestAppeal(tx: Tx, userId: number): Promise<AppealRow | undefined> {
  const [row] = await tx
    .select()
    .from(fairnessAppeals)
    .where(eq(fairnessAppeals.userId, userId))
    .orderBy(desc(fairnessAppeals.id))
    .limit(1);
  return row;
}

/** When the player's latest upheld appeal was answered, or null. */
export async function upheldAt(tx: Tx, userId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: fairnessAppeals.answeredAt })
    .from(fairnessAppeals)
    .where(and(eq(fairnessAppeals.userId, userId), eq(fairnessAppeals.status, 'upheld')))
    .orderBy(desc(fairnessAppeals.id))
    .limit(1);
  return row?.at ?? null;
}

/** Every player with an upheld appeal, and when the latest was answered. */
export async function upheldAll(tx: Tx): Promise<Map<number, number>> {
  const rows = await queryRows<Raw>(
    tx,
    sql`select user_id, max(answered_at) as at from ${fairnessAppeals} where status = 'upheld' group by user_id`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), new Date(r.at as string | Date).getTime()]));
}

/** The console's queue: pending appeals (oldest first), then the answered ones (newest first). */
export async function appealQueue(tx: Tx, limit: number): Promise<AppealRow[]> {
  return tx
    .select()
    .from(fairnessAppeals)
    .orderBy(
      sql`case when ${fairnessAppeals.status} = 'pending' then 0 else 1 end`,
      sql`case when ${fairnessAppeals.status} = 'pending' then ${fairnessAppeals.id} else -${fairnessAppeals.id} end`,
    )
    .limit(limit);
}

/** Answers a pending appeal; undefined when it was answered already. */
export async function answerAppeal(
  tx: Tx,
  id: number,
  answer: { status: 'upheld' | 'rejected'; answer: string; answeredBy: number; answeredAt: Date },
) {
  const [saved] = await tx
    .update(fairnessAppeals)
    .set(answer)
    .where(and(eq(fairnessAppeals.id, id), eq(fairnessAppeals.status, 'pending')))
    .returning();
  return saved;
}

// --- The rule's facts, frozen with a snapshot ----------------------------------------------------

/**
 * The facts of players as of `at`, read from the append-only history: operator credits (`adjustKind`,
 * credits only), distinct game days with a ledger row of their own (not of `passiveKinds`), task
 * claims (`taskKind` rows), invitees joined by then who were active on `stayedDays` days or more,
 * and Premium as the player row says now (Telegram reports it at each login; no history is kept).
 */
export async function factsAsOf(
  tx: Tx,
  ids: readonly number[],
  at: Date,
  kinds: {
    adjustKind: string;
    taskKind: string;
    passiveKinds: readonly string[];
    stayedDays: number;
  },
) {
  if (ids.length === 0) return [];
  const rows = await queryRows<Raw>(
    tx,
    sql`select u.id, u.is_premium,
          ${ledgerReads.creditedUpToSql(sql`u.id`, at, kinds.adjustKind)} as operator_coins,
          ${ledgerReads.activeDaysUpToSql(sql`u.id`, at, kinds.passiveKinds)} as active_days,
          ${ledgerReads.rowsOfKindUpToSql(sql`u.id`, at, kinds.taskKind)} as tasks,
          (select count(*) from ${playersSql} f
            where f.referrer_id = u.id and f.created_at <= ${at}
              and ${ledgerReads.activeDaysUpToSql(sql`f.id`, at, kinds.passiveKinds)} >= ${kinds.stayedDays})::int
            as friends_stayed
        from ${playersSql} u
        where u.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`,
  );
  return rows.map((r) => ({
    userId: Number(r.id),
    premium: Boolean(r.is_premium),
    operatorCoins: Number(r.operator_coins),
    activeDays: Number(r.active_days),
    tasks: Number(r.tasks),
    friendsStayed: Number(r.friends_stayed),
  }));
}

export async function insertFacts(tx: Tx, rows: (typeof fairnessSnapshotFacts.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await tx
      .insert(fairnessSnapshotFacts)
      .values(rows.slice(i, i + INSERT_BATCH))
      .onConflictDoNothing();
}

export async function hasFacts(tx: Tx, snapshotId: number): Promise<boolean> {
  const [row] = await tx
    .select({ userId: fairnessSnapshotFacts.userId })
    .from(fairnessSnapshotFacts)
    .where(eq(fairnessSnapshotFacts.snapshotId, snapshotId))
    .limit(1);
  return row !== undefined;
}

/** Every frozen fact row of a snapshot, read in batches by player id. */
export async function snapshotFacts(tx: Tx, snapshotId: number): Promise<FactsRow[]> {
  const out: FactsRow[] = [];
  let after = 0;
  for (;;) {
    const rows = await tx
      .select()
      .from(fairnessSnapshotFacts)
      .where(
        and(
          eq(fairnessSnapshotFacts.snapshotId, snapshotId),
          sql`${fairnessSnapshotFacts.userId} > ${after}`,
        ),
      )
      .orderBy(asc(fairnessSnapshotFacts.userId))
      .limit(5000);
    out.push(...rows);
    const last = rows.at(-1);
    if (!last || rows.length < 5000) return out;
    after = last.userId;
  }
}
