import { index, integer, jsonb, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/**
 * Operators' scheduled events (packages/game/src/events.ts): a window in which a kind of reward
 * pays `multiplier` times (1 for a `tasks` event, which multiplies nothing); titles by language
 * code (en always). A cancelled event pays no more.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    multiplier: numeric('multiplier', { precision: 4, scale: 2, mode: 'number' }).notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    /**
     * A `tasks` event's tasks: names in the task catalogue (modules/tasks keeps the tasks and
     * their windows; this only refers to them). Empty for the other kinds.
     */
    tasks: jsonb('tasks').$type<string[]>().notNull().default([]),
    createdBy: money('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [index('events_ends_at').on(t.endsAt)],
);

/**
 * What each event has paid, kept as it is paid (in the transaction that pays the extra and writes
 * its ledger row): the extra coins and the number of payments (a tap batch or a mole game each
 * count one; distinct players are not kept). Spread over `shard` (the paying connection's backend
 * pid) so that concurrent payments of one event never wait on one row; read as the sum.
 */
export const eventsPaid = pgTable(
  'events_paid',
  {
    eventId: integer('event_id').notNull(),
    shard: integer('shard').notNull(),
    coins: money('coins').notNull(),
    payouts: money('payouts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.shard] })],
);
