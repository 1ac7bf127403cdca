import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ExperimentVariant } from '@egg-rush/game/experiments';
import { RESET_OFFSET_HOURS } from '@egg-rush/game/time';
import type { Tx } from '../../db/client.ts';
import { experimentPlayers, experiments } from './experiments.schema.ts';

export type ExperimentRow = typeof experiments.$inferSelect;
export type AssignmentRow = typeof experimentPlayers.$inferSelect;

/** The experiment running (one at most). */
export async function runningExperiment(tx: Tx): Promise<ExperimentRow | undefined> {
  const [row] = await tx.select().from(experiments).where(isNull(experiments.stoppedAt)).limit(1);
  return row;
}

/** Takes the lock under which experiments start (one at a time: checked, then inserted). */
export async function lockStarts(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('experiments:start'))`);
}

export async function insertExperiment(
  tx: Tx,
  row: {
    name: string;
    kind: string;
    variants: ExperimentVariant[];
    eventId: number | null;
    holdoutPercent: number;
    startsAt: Date;
    createdBy: number;
    createdAt: Date;
  },
): Promise<ExperimentRow> {
  const [saved] = await tx.insert(experiments).values(row).returning();
  if (!saved) throw new Error('experiment not inserted');
  return saved;
}

export async function findExperiment(tx: Tx, id: number): Promise<ExperimentRow | undefined> {
  const [row] = await tx.select().from(experiments).where(eq(experiments.id, id));
  return row;
}

/** The experiment locked for this transaction (its stop). */
export async function lockExperiment(tx: Tx, id: number): Promise<ExperimentRow | undefined> {
  const [row] = await tx.select().from(experiments).where(eq(experiments.id, id)).for('update');
  return row;
}

export async function stopExperiment(tx: Tx, id: number, at: Date): Promise<ExperimentRow | undefined> {
  const [row] = await tx
    .update(experiments)
    .set({ stoppedAt: at })
    .where(and(eq(experiments.id, id), isNull(experiments.stoppedAt)))
    .returning();
  return row;
}

export async function latestExperiments(tx: Tx, limit: number): Promise<ExperimentRow[]> {
  return tx.select().from(experiments).orderBy(desc(experiments.id)).limit(limit);
}

/** Players assigned per experiment. */
export async function playerCounts(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: experimentPlayers.experimentId, n: count() })
    .from(experimentPlayers)
    .where(inArray(experimentPlayers.experimentId, ids))
    .groupBy(experimentPlayers.experimentId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** A new player's assignment; nothing when they have one (a player is in one experiment at most). */
export async function insertAssignment(
  tx: Tx,
  row: { userId: number; experimentId: number; variant: string; assignedAt: Date },
): Promise<boolean> {
  const saved = await tx
    .insert(experimentPlayers)
    .values(row)
    .onConflictDoNothing({ target: experimentPlayers.userId })
    .returning({ userId: experimentPlayers.userId });
  return saved.length > 0;
}

export async function findAssignment(tx: Tx, userId: number): Promise<AssignmentRow | undefined> {
  const [row] = await tx.select().from(experimentPlayers).where(eq(experimentPlayers.userId, userId));
  return row;
}

/**
 * An experiment's players as rows (grp, user_id, first_day), for the analytics' and payments'
 * group queries: the group is the variant, the first day the game day (UTC-6) of the sign-up.
 */
export function experimentMembersSql(experimentId: number): SQL {
  return sql`select variant as grp, user_id, floor((extract(epoch from assigned_at) * 1000 + ${
    RESET_OFFSET_HOURS * 3_600_000
  }) / 86400000)::int as first_day from ${experimentPlayers} where experiment_id = ${experimentId}`;
}
