import { and, eq, like, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { rewardClaims } from './friends.schema.ts';
import { ledgerReads } from '../ledger/index.ts';
import { playersSql } from '../users/index.ts';
import { changeAccount, lifetimeScoresSql } from '../accounts/index.ts';

/** The players a player invited, with the coins the inviter earned for each. */
export async function listFriends(tx: Tx, inviterId: number) {
  // Qualified names: inside the subquery an unqualified "id" would be the ledger's own.
  const rows = await queryRows<Record<string, string | number | boolean>>(
    tx,
    sql`select u.id, u.first_name, u.is_premium, coalesce(a.total_score, 0) as total_score,
               ${ledgerReads.referralEarned(inviterId, sql`u.id`)} as reward
        from ${playersSql} u left join ${lifetimeScoresSql} a on a.user_id = u.id
        where u.referrer_id = ${inviterId}
        order by u.created_at desc, u.id desc limit 500`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    firstName: String(r.first_name),
    totalScore: Number(r.total_score),
    isPremium: Boolean(r.is_premium),
    reward: Number(r.reward),
  }));
}

/** Credits coins (and the lifetime score) in one statement; the row stays locked. */
export async function creditCoins(tx: Tx, userId: number, coins: number): Promise<boolean> {
  return (await changeAccount(tx, userId, { coins, score: coins })) !== null;
}

export async function creditTickets(tx: Tx, userId: number, ticket: number): Promise<void> {
  await changeAccount(tx, userId, { tickets: ticket });
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
