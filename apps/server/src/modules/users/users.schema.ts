import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Settings } from '@egg-rush/contract/users';
import { at, money } from '../../db/columns.ts';

/**
 * A player, keyed by the Telegram user id. Defaults come from packages/game/src/profile.ts. Energy and income are stored with the instant they
 * were last settled; reads compute the current value.
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

    coins: money('coins').notNull().default(0),
    ticket: integer('ticket').notNull().default(0),
    totalScore: money('total_score').notNull().default(0),
    earnPerHour: integer('earn_per_hour').notNull().default(0),
    /** Treasure chests not opened yet. */
    chests: integer('chests').notNull().default(0),
    energy: integer('energy').notNull().default(1000),
    maxEnergy: integer('max_energy').notNull().default(1000),
    earnPerTap: integer('earn_per_tap').notNull().default(1),
    loseEnergyPerTap: integer('lose_energy_per_tap').notNull().default(10),
    boosts: text('boosts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    boostEndAt: at('boost_end_at'),
    /** Levels bought of the levelled boosts (packages/game/src/boosts.ts). */
    touchIncomeLevel: integer('touch_income_level').notNull().default(0),
    energyCapacityLevel: integer('energy_capacity_level').notNull().default(0),
    /** The game day of the last Full Energy refill and how many were bought that day. */
    refillDay: integer('refill_day'),
    refillCount: integer('refill_count').notNull().default(0),

    /** When `energy` was last settled. */
    energyAt: at('energy_at').notNull().defaultNow(),
    /** When passive income was last settled. */
    incomeAt: at('income_at').notNull().defaultNow(),
    /** Tap pacing clock (a GCRA "theoretical arrival time", packages/game/src/tap.ts). */
    tapClock: at('tap_clock').notNull().defaultNow(),
    /**
     * The player's settings as they changed them (packages/contract users.ts `settings`); keys
     * never set read as the defaults.
     */
    settings: jsonb('settings')
      .$type<Partial<Settings>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * The ids the app gave the player's latest applied tap batches and purchases, newest first
     * (REQUEST_IDS_KEPT at most, modules/economy): a request sent again with one of them, after
     * its answer was lost (a failover), is not applied twice.
     */
    requestIds: bigint('request_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
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
