import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/**
 * Append-only ledger: every change of a player's coins and tickets, written in the same
 * transaction as the change. `coins = sum(delta_coins)` for every player.
 */
export const economyEvents = pgTable(
  'economy_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: money('user_id').notNull(),
    kind: text('kind').notNull(),
    deltaCoins: money('delta_coins').notNull().default(0),
    deltaTicket: integer('delta_ticket').notNull().default(0),
    ref: text('ref'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('economy_events_user_idx').on(t.userId, t.id),
    // The weekly board and its payout read one week of earnings.
    index('economy_events_created_idx').on(t.createdAt),
  ],
);
