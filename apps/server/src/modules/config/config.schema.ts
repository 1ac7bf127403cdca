import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { GameConfig } from '@egg-rush/game/config';
import { at, money } from '../../db/columns.ts';

/**
 * Versions of the game's configuration (packages/game/src/config.ts). A row is never updated:
 * a change is a new version (a trigger refuses any UPDATE of a row, migration of this table).
 * Version 1 is today's game (DEFAULT_CONFIG), written at start when the table is empty.
 */
export const configVersions = pgTable('config_versions', {
  version: serial('version').primaryKey(),
  values: jsonb('values').$type<GameConfig>().notNull(),
  reason: text('reason').notNull(),
  /** The operator who drafted it; null for version 1. */
  createdBy: money('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * Publications: the active version is the latest row's. Publishing an older version again
 * appends a row; none is ever changed or removed.
 */
export const configPublications = pgTable(
  'config_publications',
  {
    id: serial('id').primaryKey(),
    version: integer('version')
      .notNull()
      .references(() => configVersions.version),
    reason: text('reason').notNull(),
    publishedBy: money('published_by'),
    publishedAt: at('published_at').notNull().defaultNow(),
  },
  (t) => [index('config_publications_version').on(t.version)],
);
