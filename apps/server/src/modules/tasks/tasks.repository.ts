import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { tasksForAction } from '@egg-rush/game/tasks';
import type { Tx } from '../../db/client.ts';
import { taskCatalogue, taskProgress } from './tasks.schema.ts';
import { changeAccount } from '../accounts/index.ts';

export type TaskProgressRow = typeof taskProgress.$inferSelect;

/** A progress row's key: the player, the task and its period (0, or a daily task's game day). */
interface ProgressKey {
  userId: number;
  taskName: string;
  period: number;
}
const keyOf = ({ userId, taskName, period }: ProgressKey) => ({ userId, taskName, period });
/** The key's columns, an upsert's conflict target. */
const KEY = [taskProgress.userId, taskProgress.taskName, taskProgress.period];
const keyIs = (key: ProgressKey) =>
  [
    eq(taskProgress.userId, key.userId),
    eq(taskProgress.taskName, key.taskName),
    eq(taskProgress.period, key.period),
  ] as const;

/** The player's task rows of the given periods (0 and today's game day). */
export async function findProgress(tx: Tx, userId: number, periods: number[]): Promise<TaskProgressRow[]> {
  return tx
    .select()
    .from(taskProgress)
    .where(and(eq(taskProgress.userId, userId), inArray(taskProgress.period, periods)));
}

/** The player's row of one task and period, if any. */
export async function findOneProgress(tx: Tx, key: ProgressKey): Promise<TaskProgressRow | undefined> {
  const [row] = await tx
    .select()
    .from(taskProgress)
    .where(and(...keyIs(key)));
  return row;
}

/** Adds `amount` to a task's count in one statement, capped at `target`. */
export async function addTaskProgress(
  tx: Tx,
  row: ProgressKey & { amount: number; target: number; at: Date },
): Promise<void> {
  const first = Math.min(row.target, row.amount);
  await tx
    .insert(taskProgress)
    .values({
      ...keyOf(row),
      processCount: first,
      completed: first >= row.target,
      updatedAt: row.at,
    })
    .onConflictDoUpdate({
      target: KEY,
      set: {
        processCount: sql`least(${row.target}, ${taskProgress.processCount} + ${row.amount})`,
        completed: sql`${taskProgress.completed} or ${taskProgress.processCount} + ${row.amount} >= ${row.target}`,
        updatedAt: row.at,
      },
      // A finished count stays as it is: no write at all (most tap batches of an active player).
      setWhere: sql`${taskProgress.processCount} < ${row.target}`,
    });
}

/**
 * Records the start of a link visit, once: later calls keep the first start (so a visit cannot
 * be restarted, nor its start moved back). Returns the row.
 */
export async function startVisit(tx: Tx, row: ProgressKey & { at: Date }): Promise<TaskProgressRow> {
  const [saved] = await tx
    .insert(taskProgress)
    .values({
      ...keyOf(row),
      updatedAt: row.at,
      visitStartedAt: row.at,
    })
    .onConflictDoUpdate({
      target: KEY,
      set: { visitStartedAt: sql`coalesce(${taskProgress.visitStartedAt}, excluded.visit_started_at)` },
    })
    .returning();
  if (!saved) throw new Error('task visit not saved');
  return saved;
}

/**
 * Marks a completed task claimed. `completedNow` says the task is complete whatever the row says
 * (a count computed elsewhere, such as friends). Returns false when it was already claimed or is
 * not complete: concurrent claims succeed once.
 */
export async function markClaimed(
  tx: Tx,
  row: ProgressKey & { count: number; completedNow: boolean; at: Date },
): Promise<boolean> {
  if (row.completedNow) {
    const [saved] = await tx
      .insert(taskProgress)
      .values({
        ...keyOf(row),
        processCount: row.count,
        completed: true,
        claimed: true,
        updatedAt: row.at,
      })
      .onConflictDoUpdate({
        target: KEY,
        set: { completed: true, claimed: true, processCount: row.count, updatedAt: row.at },
        setWhere: sql`${taskProgress.claimed} = false`,
      })
      .returning({ userId: taskProgress.userId });
    return Boolean(saved);
  }
  const [saved] = await tx
    .update(taskProgress)
    .set({ claimed: true, updatedAt: row.at })
    .where(and(...keyIs(row), eq(taskProgress.completed, true), eq(taskProgress.claimed, false)))
    .returning({ userId: taskProgress.userId });
  return Boolean(saved);
}

/** Pays a task reward in one statement; earned coins also raise the lifetime score. */
export async function payTaskReward(
  tx: Tx,
  userId: number,
  reward: { onion: number; ticket: number },
): Promise<{ onion: number; ticket: number }> {
  const row = await changeAccount(tx, userId, {
    coins: reward.onion,
    score: reward.onion,
    tickets: reward.ticket,
  });
  if (!row) throw new Error(`user ${userId} vanished during a task claim`);
  return { onion: row.coins, ticket: row.ticket };
}

export type CatalogueRow = typeof taskCatalogue.$inferSelect;

/** Every partner and social task operators edit, retired and scheduled ones included. */
export async function findCatalogue(tx: Tx): Promise<CatalogueRow[]> {
  return tx.select().from(taskCatalogue).orderBy(taskCatalogue.position, taskCatalogue.taskName);
}

export async function findCatalogueTask(tx: Tx, taskName: string): Promise<CatalogueRow | undefined> {
  const [row] = await tx.select().from(taskCatalogue).where(eq(taskCatalogue.taskName, taskName));
  return row;
}

/** Adds a task; undefined when the name is taken. */
export async function insertCatalogueTask(
  tx: Tx,
  row: typeof taskCatalogue.$inferInsert,
): Promise<CatalogueRow | undefined> {
  const [saved] = await tx.insert(taskCatalogue).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function updateCatalogueTask(
  tx: Tx,
  taskName: string,
  set: Partial<typeof taskCatalogue.$inferInsert>,
): Promise<CatalogueRow | undefined> {
  const [saved] = await tx
    .update(taskCatalogue)
    .set(set)
    .where(eq(taskCatalogue.taskName, taskName))
    .returning();
  return saved;
}

/** A player's task progress rows, the latest changed first (read by the console, modules/admin). */
export async function taskRows(tx: Tx, id: number, limit = 100) {
  return tx
    .select()
    .from(taskProgress)
    .where(eq(taskProgress.userId, id))
    .orderBy(desc(taskProgress.updatedAt))
    .limit(limit);
}

/**
 * The daily tasks counting taps, as statements of the tap statement (modules/economy): the count
 * grows by the taps credited, capped at the target (a finished count is not rewritten). `source`
 * names the statement's rows of credited batches (id, day, credited, at). Targets and names are
 * constants of the catalogue (packages/game/src/tasks.ts), written into the text.
 */
export const tapTaskProgressSql = (source: string): string =>
  tasksForAction('tap')
    .map((task, i) => {
      if (!/^\w+$/.test(task.taskName) || task.taskType !== 'daily')
        throw new Error(`tap task ${task.taskName}`);
      const target = Math.floor(task.targetCount);
      return `, tap_task_${i} as (
      insert into task_progress as p (user_id, task_name, period, process_count, completed, updated_at)
      select id, '${task.taskName}', day, least(${target}, credited), credited >= ${target}, at
      from ${source}
      on conflict (user_id, task_name, period) do update
        set process_count = least(${target}, p.process_count + excluded.process_count),
            completed = p.completed or p.process_count + excluded.process_count >= ${target},
            updated_at = excluded.updated_at
        where p.process_count < ${target}
    )`;
    })
    .join('');
