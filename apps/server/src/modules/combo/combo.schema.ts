import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/** Mining items of the day's combo a player has upgraded that game day. */
export const comboFinds = pgTable(
  'combo_finds',
  {
    userId: money('user_id').notNull(),
    day: integer('day').notNull(),
    item: text('item').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.item] })],
);
