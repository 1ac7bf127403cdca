import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ExperimentVariant } from '@egg-rush/game/experiments';
import { at, money } from '../../db/columns.ts';

/**
 * Operators' A/B tests (packages/game/src/experiments.ts): new players who sign up while one runs
 * are split by a stable hash between its variants (a configuration version each, or the event or
 * not) and a holdout that keeps the active game. One experiment runs at a time (the partial unique
 * index); stopping one sends everyone back to the active game. Only `stopped_at` ever changes.
 */
export const experiments = pgTable(
  'experiments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 'config' | 'event'. */
    kind: text('kind').notNull(),
    variants: jsonb('variants').$type<ExperimentVariant[]>().notNull(),
    /** kind 'event': the event only players of variants with `event: true` get while it runs. */
    eventId: integer('event_id'),
    holdoutPercent: numeric('holdout_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    startsAt: at('starts_at').notNull(),
    stoppedAt: at('stopped_at'),
    createdBy: money('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('experiments_one_running')
      .on(sql`(true)`)
      .where(sql`${t.stoppedAt} is null`),
  ],
);

/**
 * The players of experiments: a player is in one at most, assigned once, at sign-up ('holdout' or a
 * variant's name). `d1` and `d7` (active on the first day + 1, + 7) are settled by the experiments'
 * job once the day is over, before the active player-days are deleted (analytics keeps 32 days):
 * null until then, and read from the active player-days meanwhile.
 */
export const experimentPlayers = pgTable(
  'experiment_players',
  {
    userId: money('user_id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id),
    variant: text('variant').notNull(),
    assignedAt: at('assigned_at').notNull(),
    d1: boolean('d1'),
    d7: boolean('d7'),
  },
  (t) => [
    index('experiment_players_experiment').on(t.experimentId, t.variant),
    index('experiment_players_unsettled')
      .on(t.userId)
      .where(sql`${t.d7} is null`),
  ],
);
