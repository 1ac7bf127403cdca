import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';

/**
 * A player's check-in streak: the streak day last paid and the game day it was paid on
 * (packages/game/src/daily.ts). A player who never checked in has no row.
 */
export const dailyStreaks = pgTable(
  'daily_streaks',
  {
    userId: money('user_id').primaryKey(),
    streak: integer('streak').notNull(),
    lastDay: integer('last_day').notNull(),
  },
  // The bot's daily scan for streaks that end unless the player checks in today.
  (t) => [index('daily_streaks_last_day_idx').on(t.lastDay)],
);
