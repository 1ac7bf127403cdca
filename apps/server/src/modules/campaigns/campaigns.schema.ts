import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/**
 * Operators' campaigns: a segment (its conditions as given), the message per language, the
 * screen its button opens, and its status: preparing (recipients being chosen) → draft → sending
 * → done.
 */
export const campaigns = pgTable('campaigns', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  segment: jsonb('segment').notNull(),
  texts: jsonb('texts').$type<Record<string, string>>().notNull(),
  screen: text('screen'),
  status: text('status').notNull().default('preparing'),
  createdBy: money('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  sendStartedAt: at('send_started_at'),
  // Its recipients' counts, kept in the same transaction as the recipient rows change (reading
  // them never counts the rows): pending = recipients - sent - blocked - failed - skipped.
  recipients: integer('recipients').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  blocked: integer('blocked').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  opened: integer('opened').notNull().default(0),
});

/**
 * One row per campaign and player, fixed when the campaign is created: the durable queue the
 * sender works through. A row is marked `sending` (committed) before its message is sent, so a
 * message goes out at most once: pending → sending → sent | blocked | failed, or skipped (opted
 * out, blocked or banned by the time it was its turn). `opened_at`: the player opened the game
 * from its button.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: money('campaign_id').notNull(),
    userId: money('user_id').notNull(),
    language: text('language').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Why it failed or was skipped. */
    error: text('error'),
    sentAt: at('sent_at'),
    openedAt: at('opened_at'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.userId] }),
    // The sender's next rows.
    index('campaign_recipients_pending_idx')
      .on(t.campaignId, t.userId)
      .where(sql`${t.state} in ('pending', 'sending')`),
    // Who was sent any campaign's message lately (left out of the next ones for a while).
    index('campaign_recipients_user_sent_idx')
      .on(t.userId, t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);
