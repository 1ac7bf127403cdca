import { index, pgTable } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/** The players farming now, with when they started (packages/game/src/farm.ts): a claim ends it. */
export const farms = pgTable(
  'farms',
  {
    userId: money('user_id').primaryKey(),
    startedAt: at('started_at').notNull(),
  },
  // The bot's scan for farms that finished.
  (t) => [index('farms_started_idx').on(t.startedAt)],
);
