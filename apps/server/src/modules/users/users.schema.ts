import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Settings } from '@egg-rush/contract/users';
import { at, money } from '../../db/columns.ts';

/**
 * A player, keyed by the Telegram user id: who they are (Telegram's names, photo, language,
 * premium), who invited them, when they came and were last seen, and their settings. Their
 * balances, energy and income are their account (modules/accounts).
 */
export const users = pgTable(
  'users',
  {
    id: money('id').primaryKey(),
    username: text('username'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    photoUrl: text('photo_url'),
    languageCode: text('language_code'),
    isPremium: boolean('is_premium').notNull().default(false),
    referrerId: money('referrer_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    seenAt: at('seen_at').notNull().defaultNow(),
    /**
     * The player's settings as they changed them (packages/contract users.ts `settings`); keys
     * never set read as the defaults.
     */
    settings: jsonb('settings')
      .$type<Partial<Settings>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('users_referrer_idx').on(t.referrerId),
    // The bot's scan for new invitees.
    index('users_created_idx').on(t.createdAt),
    // The console's search by prefix (modules/admin searchPlayers).
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('users_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
  ],
);
