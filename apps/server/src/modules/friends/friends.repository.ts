import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rewardClaims } from './friends.schema.ts';
import { ledgerReads } from '../ledger/index.ts';
import { users } from '../users/users.schema.ts';

/** The players a player invited, with the coins the inviter earned for each. */
export async function listFriends(tx: Tx, inviterId: number) {
  // Qualified names: inside the subquery an unqualified "id" would be the ledger's own.
  const earned = ledgerReads.referralEarned(inviterId, sql`"users"."id"`);
  const rows = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      totalScore: users.totalScore,
      isPremium: users.isPremium,
      reward: earned,
    })
    .from(users)
    .where(eq(users.referrerId, inviterId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(500);
  return rows.map((r) => ({ ...r, reward: Number(r.reward) }));
}

/** Credits coins (and the lifetime score) in one statement; the row stays locked. */
export async function creditCoins(tx: Tx, userId: number, coins: number): Promise<boolean> {
  const [row] = await tx
    .update(users)
    .set({ coins: sql`${users.coins} + ${coins}`, totalScore: sql`${users.totalScore} + ${coins}` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return Boolean(row);
}

export async function creditTickets(tx: Tx, userId: number, ticket: number): Promise<void> {
  await tx
    .update(users)
    .set({ ticket: sql`${users.ticket} + ${ticket}` })
    .where(eq(users.id, userId));
}

/** Records a once-only reward; false when it was recorded before. */
export async function claimOnce(tx: Tx, userId: number, key: string, at: Date): Promise<boolean> {
  const [row] = await tx
    .insert(rewardClaims)
    .values({ userId, key, createdAt: at })
    .onConflictDoNothing()
    .returning({ key: rewardClaims.key });
  return Boolean(row);
}

/** Whether a once-only reward was recorded (combo, leagues). */
export async function hasClaimed(tx: Tx, userId: number, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ key: rewardClaims.key })
    .from(rewardClaims)
    .where(and(eq(rewardClaims.userId, userId), eq(rewardClaims.key, key)));
  return Boolean(row);
}

/** The once-only reward keys a player has claimed that start with `prefix` (`league:`). */
export async function claimedKeys(tx: Tx, userId: number, prefix: string): Promise<Set<string>> {
  const rows = await tx
    .select({ key: rewardClaims.key })
    .from(rewardClaims)
    .where(
      and(eq(rewardClaims.userId, userId), like(rewardClaims.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`)),
    );
  return new Set(rows.map((r) => r.key));
}
