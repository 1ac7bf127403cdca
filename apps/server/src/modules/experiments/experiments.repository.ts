import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ExperimentVariant } from '@egg-rush/game/experiments';
import { RESET_OFFSET_HOURS } from '@egg-rush/game/time';
import { queryRows, type Tx } from '../../db/client.ts';
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

/** A player's first day (the game day, UTC-6, of the sign-up), in SQL over experiment_players. */
const FIRST_DAY = sql`floor((extract(epoch from experiment_players.assigned_at) * 1000 + ${
  RESET_OFFSET_HOURS * 3_600_000
}) / 86400000)::int`;

/**
 * An experiment's players as rows (grp, user_id), for the payments' group query: the group is the
 * variant.
 */
export function experimentMembersSql(experimentId: number): SQL {
  return sql`select variant as grp, user_id from ${experimentPlayers} where experiment_id = ${experimentId}`;
}

/** Whether a player was active on a day, in SQL (the analytics module's activeOnSql). */
export type ActiveOn = (userId: SQL, day: SQL) => SQL;

/** The retention days kept per player, with their columns. */
export const RETENTION = [
  { n: 1, column: 'd1' },
  { n: 7, column: 'd7' },
] as const;

export interface GroupRetention {
  group: string;
  players: number;
  /** By RETENTION's order: players whose day is over, and those active on it. */
  days: { observable: number; retained: number }[];
}

/**
 * Retention per variant: a player counts on day n once first day + n is over (before `today`) and
 * fell on or before the stop's day (`stopDay`, null while it runs), retained as settled (d1, d7),
 * else as the active player-days say. A day after the stop was played under the active
 * configuration, not the variant's: it is left out, as Stars paid after the stop are.
 */
export async function retentionOf(
  tx: Tx,
  experimentId: number,
  today: number,
  stopDay: number | null,
  activeOn: ActiveOn,
): Promise<GroupRetention[]> {
  const last = Math.min(today - 1, stopDay ?? Number.POSITIVE_INFINITY);
  const columns = RETENTION.map(
    ({ n, column }, i) => sql`,
      count(*) filter (where m.first_day + ${n}::int <= ${last}::int)::int as ${sql.raw(`o${i}`)},
      count(*) filter (where m.first_day + ${n}::int <= ${last}::int and coalesce(m.${sql.raw(column)}, ${activeOn(
        sql`m.user_id`,
        sql`m.first_day + ${n}::int`,
      )}))::int as ${sql.raw(`r${i}`)}`,
  );
  const rows = await queryRows<Record<string, string | number>>(
    tx,
    sql`select m.variant, count(*)::int as players ${sql.join(columns)}
        from (select variant, user_id, d1, d7, ${FIRST_DAY} as first_day from ${experimentPlayers}
              where experiment_id = ${experimentId}) m
        group by m.variant`,
  );
  return rows.map((r) => ({
    group: String(r.variant),
    players: Number(r.players),
    days: RETENTION.map((_, i) => ({ observable: Number(r[`o${i}`]), retained: Number(r[`r${i}`]) })),
  }));
}

/**
 * Settles up to `limit` players' retention days a day after they are over, and only once analytics
 * has folded in all of that day's ledger rows (a day before `foldedBefore`: a lagging fold would
 * otherwise store "not active" for good), before the active player-days are deleted; returns how
 * many were settled.
 */
export async function settleRetention(
  tx: Tx,
  today: number,
  foldedBefore: number,
  activeOn: ActiveOn,
  limit: number,
): Promise<number> {
  let settled = 0;
  for (const { n, column } of RETENTION) {
    const col = sql.raw(column);
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`with s as (
            update ${experimentPlayers} set ${col} = ${activeOn(
              sql`experiment_players.user_id`,
              sql`${FIRST_DAY} + ${n}::int`,
            )}
            where user_id in (
              select user_id from ${experimentPlayers}
              where d7 is null and ${col} is null and ${FIRST_DAY} + ${n}::int + 1 < ${today}::int
                and ${FIRST_DAY} + ${n}::int < ${foldedBefore}::int
              limit ${limit})
            returning 1)
          select count(*)::int as n from s`,
    );
    settled += Number(rows[0]?.n ?? 0);
  }
  return settled;
}
