import { bigserial, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/**
 * The players banned now, with when and why: read by the ban list (bans.list.ts) and, as
 * `notBannedSql`, by every query over players.
 */
export const bans = pgTable('bans', {
  userId: money('user_id').primaryKey(),
  bannedAt: at('banned_at').notNull(),
  reason: text('reason'),
});

/**
 * Every ban and unban, append-only (who, why, when): what `bans` says now, and what it said at
 * any instant (the airdrop snapshot reads bans as they were at its instant).
 */
export const banEvents = pgTable(
  'ban_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: money('user_id').notNull(),
    banned: boolean('banned').notNull(),
    adminId: money('admin_id'),
    reason: text('reason'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('ban_events_user_idx').on(t.userId, t.createdAt)],
);
