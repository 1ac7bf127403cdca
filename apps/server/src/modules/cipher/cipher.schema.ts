import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/** A day's word set by an operator (everyone gets it that day); days without one draw per language. */
export const cipherWords = pgTable('cipher_words', {
  /** The game day (packages/game/src/time.ts). */
  day: integer('day').primaryKey(),
  word: text('word').notNull(),
  setBy: money('set_by').notNull(),
  setAt: at('set_at').notNull(),
});

/**
 * A player's cipher of a game day: the wrong answers sent (bounded per day) and when it was solved
 * (paid once: null until then). The row is locked while an answer is checked.
 */
export const cipherSolves = pgTable(
  'cipher_solves',
  {
    userId: money('user_id').notNull(),
    day: integer('day').notNull(),
    wrong: integer('wrong').notNull().default(0),
    solvedAt: at('solved_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
