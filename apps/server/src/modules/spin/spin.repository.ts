import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../users/users.schema.ts';
import type { UserRow } from '../users/index.ts';

export async function ticketCount(tx: Tx, userId: number): Promise<number | undefined> {
  const [row] = await tx.select({ n: users.ticket }).from(users).where(eq(users.id, userId));
  return row?.n;
}

/**
 * Takes `cost` tickets and pays the prize in one statement, only while the player still has the
 * tickets: concurrent spins never spend a ticket twice. Null when the tickets ran out.
 */
export async function applySpin(
  tx: Tx,
  userId: number,
  spin: { cost: number; onion: number; ticket: number; chest: number },
): Promise<UserRow | null> {
  const [row] = await tx
    .update(users)
    .set({
      ticket: sql`${users.ticket} - ${spin.cost} + ${spin.ticket}`,
      coins: sql`${users.coins} + ${spin.onion}`,
      totalScore: sql`${users.totalScore} + ${spin.onion}`,
      chests: sql`${users.chests} + ${spin.chest}`,
    })
    .where(sql`${users.id} = ${userId} and ${users.ticket} >= ${spin.cost}`)
    .returning();
  return row ?? null;
}
