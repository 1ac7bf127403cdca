import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../users/users.schema.ts';

export interface Prize {
  /** Coins: raise the balance and the lifetime score, as every earning does. */
  onion?: number;
  ticket?: number;
  /** Treasure chests. */
  chests?: number;
}

/**
 * Credits a prize in one statement (the caller writes its ledger row through the write path);
 * the new balances, or undefined when the player does not exist.
 */
export async function creditPrize(tx: Tx, userId: number, prize: Prize) {
  const { onion = 0, ticket = 0, chests = 0 } = prize;
  const [row] = await tx
    .update(users)
    .set({
      coins: sql`${users.coins} + ${onion}`,
      totalScore: sql`${users.totalScore} + ${onion}`,
      ticket: sql`${users.ticket} + ${ticket}`,
      chests: sql`${users.chests} + ${chests}`,
    })
    .where(eq(users.id, userId))
    .returning({ onion: users.coins, ticket: users.ticket, totalScore: users.totalScore });
  return row;
}
