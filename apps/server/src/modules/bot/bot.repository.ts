import { eq, sql } from 'drizzle-orm';
import { isTimeZone } from '@egg-rush/game/notifications';
import { queryRows, type Tx } from '../../db/client.ts';
import { botChats } from './bot.schema.ts';
import { playersSql } from '../users/index.ts';

export type BotChatRow = typeof botChats.$inferSelect;

/** The language the player chose in the app (null before they choose, or for a new player). */
export async function chosenLanguage(tx: Tx, userId: number): Promise<string | null> {
  const [row] = await queryRows<{ language: string | null }>(
    tx,
    sql`select u.settings->>'language' as language from ${playersSql} u where u.id = ${userId}`,
  );
  return row?.language ?? null;
}

export async function findChat(tx: Tx, userId: number): Promise<BotChatRow | undefined> {
  const [row] = await tx.select().from(botChats).where(eq(botChats.userId, userId));
  return row;
}

/** Turns the player's notifications on or off. */
export async function setNotifications(tx: Tx, userId: number, on: boolean, at: Date): Promise<void> {
  await tx
    .insert(botChats)
    .values({ userId, notifications: on, notificationsAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: botChats.userId,
      set: { notifications: on, notificationsAt: at, updatedAt: at },
    });
}

/** Telegram refused to deliver (the player blocked the bot): no messages until they write again. */
export async function markUnreachable(tx: Tx, userId: number, at: Date): Promise<void> {
  await tx
    .insert(botChats)
    .values({ userId, unreachableAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: botChats.userId, set: { unreachableAt: at, updatedAt: at } });
}

/** The player wrote to the bot (or unblocked it): reachable again. Writes only when it changes. */
export async function markReachable(tx: Tx, userId: number, at: Date): Promise<void> {
  await tx
    .update(botChats)
    .set({ unreachableAt: null, updatedAt: at })
    .where(sql`${botChats.userId} = ${userId} and ${botChats.unreachableAt} is not null`);
}

/** The player's time zone (an IANA name), for quiet hours; a name that is none is ignored. */
export async function setTimeZone(tx: Tx, userId: number, timeZone: string, at: Date): Promise<void> {
  if (!isTimeZone(timeZone)) return;
  await tx
    .insert(botChats)
    .values({ userId, timeZone, updatedAt: at })
    .onConflictDoUpdate({
      target: botChats.userId,
      set: { timeZone, updatedAt: at },
      setWhere: sql`${botChats.timeZone} is distinct from ${timeZone}`,
    });
}
