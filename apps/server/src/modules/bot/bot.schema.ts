import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/**
 * A player as the bot knows them: notifications on or off (/settings), unreachable since
 * Telegram answered 403 (blocked) until they write to the bot again, and their time zone when
 * known (quiet hours). A player without a row has notifications on and is reachable.
 */
export const botChats = pgTable('bot_chats', {
  userId: money('user_id').primaryKey(),
  notifications: boolean('notifications').notNull().default(true),
  /** When notifications were last turned on or off: events from before it are not announced. */
  notificationsAt: at('notifications_at'),
  unreachableAt: at('unreachable_at'),
  timeZone: text('time_zone'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The bot's kept job queue: one row per event to announce, unique per player, kind and event
 * key, so an event is queued once however many processes see it. Workers take due rows with
 * `for update skip locked` and mark them `sending` before they send, so a row is sent at most
 * once: pending → sending → sent | skipped | blocked | failed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: money('user_id').notNull(),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    dueAt: at('due_at').notNull(),
    status: text('status').notNull().default('pending'),
    /** What the message says beyond the kind (a friend's name and reward), as JSON text. */
    detail: text('detail'),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('notifications_event_idx').on(t.userId, t.kind, t.eventKey),
    index('notifications_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
