import { index, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/**
 * Operators' scheduled events (packages/game/src/events.ts): a window in which a kind of reward
 * pays `multiplier` times; titles by language code (en always). A cancelled event pays no more.
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
    createdBy: money('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [index('events_ends_at').on(t.endsAt)],
);
