import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../users/users.schema.ts';

export async function farmStartedAt(tx: Tx, userId: number): Promise<Date | null | undefined> {
  const [row] = await tx.select({ at: users.farmStartedAt }).from(users).where(eq(users.id, userId));
  return row ? row.at : undefined;
}

/** Starts farming unless the player already is. */
export async function startFarm(tx: Tx, userId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ farmStartedAt: now })
    .where(sql`${users.id} = ${userId} and ${users.farmStartedAt} is null`)
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Pays the farm reward once and stops farming, if farming started at or before `endedBy`.
 * Returns the new balance, or null.
 */
export async function claimFarm(
  tx: Tx,
  userId: number,
  reward: number,
  endedBy: Date,
): Promise<{ onion: number } | null> {
  const [row] = await tx
    .update(users)
    .set({
      farmStartedAt: null,
      onion: sql`${users.onion} + ${reward}`,
      totalScore: sql`${users.totalScore} + ${reward}`,
    })
    .where(
      sql`${users.id} = ${userId} and ${users.farmStartedAt} is not null and ${users.farmStartedAt} <= ${endedBy.toISOString()}::timestamptz`,
    )
    .returning({ onion: users.onion });
  return row ?? null;
}
