import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../users/users.schema.ts';

/**
 * Pays a daily claim if the player has not claimed on `today` yet. The condition on
 * `last_daily_day` makes concurrent claims pay once. Returns the new balance, or null.
 */
export async function applyDailyClaim(
  tx: Tx,
  userId: number,
  claim: { today: number; day: number; onion: number; ticket: number; chest: number },
): Promise<{ onion: number } | null> {
  const [row] = await tx
    .update(users)
    .set({
      onion: sql`${users.onion} + ${claim.onion}`,
      totalScore: sql`${users.totalScore} + ${claim.onion}`,
      ticket: sql`${users.ticket} + ${claim.ticket}`,
      cheatCount: sql`${users.cheatCount} + ${claim.chest}`,
      rewardStreak: claim.day,
      lastDailyDay: claim.today,
    })
    .where(
      sql`${users.id} = ${userId} and (${users.lastDailyDay} is null or ${users.lastDailyDay} < ${claim.today})`,
    )
    .returning({ onion: users.onion });
  return row ?? null;
}

export async function dailyState(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ lastDailyDay: users.lastDailyDay, rewardStreak: users.rewardStreak })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
