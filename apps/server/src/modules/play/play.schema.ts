import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/** Mole game sessions. A game belongs to one player and is finished once. */
export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: money('user_id').notNull(),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    score: integer('score'),
    reward: integer('reward'),
  },
  (t) => [
    index('games_user_idx').on(t.userId),
    // Unfinished games by age, for the sweep of expired ones.
    index('games_unfinished_idx')
      .on(t.startedAt)
      .where(sql`${t.finishedAt} is null`),
  ],
);
