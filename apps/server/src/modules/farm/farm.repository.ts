import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { farms } from './farm.schema.ts';

/** When the player started farming, or null when they are not farming. */
export async function farmStartedAt(tx: Tx, userId: number): Promise<Date | null> {
  const [row] = await tx.select({ at: farms.startedAt }).from(farms).where(eq(farms.userId, userId));
  return row?.at ?? null;
}

/** Starts farming unless the player already is. */
export async function startFarm(tx: Tx, userId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(farms)
    .values({ userId, startedAt: now })
    .onConflictDoNothing({ target: farms.userId })
    .returning({ id: farms.userId });
  return rows.length === 1;
}

/**
 * Ends the player's farm if it started at or before `endedBy` (once: a concurrent claim finds
 * nothing); true when it did, and the caller pays the reward.
 */
export async function endFarm(tx: Tx, userId: number, endedBy: Date): Promise<boolean> {
  const rows = await tx
    .delete(farms)
    .where(and(eq(farms.userId, userId), lte(farms.startedAt, endedBy)))
    .returning({ id: farms.userId });
  return rows.length === 1;
}

/**
 * The farms started after `after` and at or before `by`, as a subquery of `user_id` and
 * `started_at` (the bot's reminders select the finished ones from it).
 */
export const farmsStartedSql = (after: Date, by: Date) =>
  sql`select ${farms.userId} as user_id, ${farms.startedAt} as started_at from ${farms}
      where ${and(gt(farms.startedAt, after), lte(farms.startedAt, by))}`;
