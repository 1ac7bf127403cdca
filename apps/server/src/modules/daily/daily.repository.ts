import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { dailyStreaks } from './daily.schema.ts';

/** A player's streak as the rules read it (packages/game/src/daily.ts claimDaily). */
export interface DailyState {
  rewardStreak: number;
  lastDailyDay: number | null;
}

const NEVER: DailyState = { rewardStreak: 0, lastDailyDay: null };

export async function dailyState(tx: Tx, userId: number): Promise<DailyState> {
  const [row] = await tx
    .select({ rewardStreak: dailyStreaks.streak, lastDailyDay: dailyStreaks.lastDay })
    .from(dailyStreaks)
    .where(eq(dailyStreaks.userId, userId));
  return row ?? NEVER;
}

/**
 * Records a check-in on `today` at streak day `day`, unless the player has one on `today` already:
 * the condition makes concurrent claims record (and pay) once. False when it was there.
 */
export async function recordCheckIn(tx: Tx, userId: number, today: number, day: number): Promise<boolean> {
  const rows = await tx
    .insert(dailyStreaks)
    .values({ userId, streak: day, lastDay: today })
    .onConflictDoUpdate({
      target: dailyStreaks.userId,
      set: { streak: day, lastDay: today },
      setWhere: sql`${dailyStreaks.lastDay} < ${today}`,
    })
    .returning({ userId: dailyStreaks.userId });
  return rows.length > 0;
}

/** Starts the player's streak over (an operator's correction): the state before. */
export async function resetStreak(tx: Tx, userId: number): Promise<DailyState> {
  const [row] = await tx
    .delete(dailyStreaks)
    .where(eq(dailyStreaks.userId, userId))
    .returning({ rewardStreak: dailyStreaks.streak, lastDailyDay: dailyStreaks.lastDay });
  return row ?? NEVER;
}

/**
 * The streaks that end with `today` unless their players check in (a check-in yesterday), as a
 * subquery of `user_id` and `streak` for the bot's reminders to select from.
 */
export const streaksEndingSql = (today: number) =>
  sql`select ${dailyStreaks.userId} as user_id, ${dailyStreaks.streak} as streak from ${dailyStreaks}
      where ${dailyStreaks.lastDay} = ${today - 1} and ${dailyStreaks.streak} > 0`;
