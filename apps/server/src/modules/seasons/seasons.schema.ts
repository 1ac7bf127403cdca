import { index, integer, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/** Weeks of the seasons board: a row per week the payout job has seen; settled once. */
export const seasonWeeks = pgTable('season_weeks', {
  week: integer('week').primaryKey(),
  settledAt: at('settled_at'),
  players: integer('players'),
});

/** The paid ranks of finished weeks: a player is paid at most once per week. */
export const seasonResults = pgTable(
  'season_results',
  {
    week: integer('week').notNull(),
    userId: money('user_id').notNull(),
    rank: integer('rank').notNull(),
    coins: money('coins').notNull(),
    ticket: integer('ticket').notNull(),
    chests: integer('chests').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.userId] }),
    uniqueIndex('season_results_rank_idx').on(t.week, t.rank),
  ],
);

/**
 * Coins earned per player per week, kept by a trigger on economy_events (migration 0009) in the
 * transaction of every ledger row, so the weekly board reads a player's row and the top of an
 * index instead of the week's ledger.
 */
export const seasonScores = pgTable(
  'season_scores',
  {
    week: integer('week').notNull(),
    userId: money('user_id').notNull(),
    coins: money('coins').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.userId] }),
    index('season_scores_rank_idx').on(t.week, t.coins.desc(), t.userId),
  ],
);
