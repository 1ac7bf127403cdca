import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/**
 * A player's account, one row per player (opened at sign-in with packages/game/src/profile.ts
 * NEW_PLAYER): balances, the lifetime score, energy, income, boosts and the ids of their latest
 * writes. Energy and income are stored with the instant they were last settled; reads compute the
 * current value. Every tap batch rewrites the row (fillfactor 80, migration 0031).
 */
export const accounts = pgTable('accounts', {
  userId: money('user_id').primaryKey(),
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
   * The ids the app gave the player's latest applied tap batches and purchases, newest first
   * (REQUEST_IDS_KEPT at most): a request sent again with one of them, after its answer was lost
   * (a failover), is not applied twice.
   */
  requestIds: bigint('request_ids', { mode: 'number' })
    .array()
    .notNull()
    .default(sql`'{}'::bigint[]`),
});
