import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';

/** Mining item levels per player. */
export const miningLevels = pgTable(
  'mining_levels',
  {
    userId: money('user_id').notNull(),
    item: text('item').notNull(),
    level: integer('level').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.item] })],
);
