import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/**
 * The console's analytics, as rollups (docs/scaling.md, "Analytics"): the job folds the ledger in
 * past its watermark; the launch, the wallet bind and the Stars payment are noted as they happen.
 * Every chart reads a few hundred rows at most. Days are game days (days since the epoch at UTC-6).
 */

/** How far the ledger is folded in: one row. */
export const analyticsWatermark = pgTable('analytics_watermark', {
  id: integer('id').primaryKey(),
  /** Ledger rows up to this id are in the rollups. */
  doneId: money('done_id').notNull(),
  /** The last ledger id seen at `seenAt`: folded once every write that could hold a lower id is over. */
  seenId: money('seen_id').notNull(),
  seenAt: at('seen_at').notNull(),
});

/** What a player did first: one row per player, from the first launch (or the signup row). */
export const analyticsPlayers = pgTable(
  'analytics_players',
  {
    userId: money('user_id').primaryKey(),
    firstDay: integer('first_day').notNull(),
    /** Where they came from (game/analytics.ts LaunchSource); null: before analytics. */
    source: text('source'),
    language: text('language'),
    platform: text('platform'),
    tapDay: integer('tap_day'),
    dailyDay: integer('daily_day'),
    walletDay: integer('wallet_day'),
    purchaseDay: integer('purchase_day'),
    /** The funnel steps already counted in analytics_cohorts (bits in FUNNEL_STEPS order). */
    counted: smallint('counted').notNull().default(0),
    /** A step not counted yet: the job counts it. */
    pending: boolean('pending').notNull().default(true),
  },
  (t) => [
    index('analytics_players_pending_idx')
      .on(t.userId)
      .where(sql`${t.pending}`),
  ],
);

/**
 * Players active per game day: a launch or a ledger row of their own action (game/analytics.ts
 * isOwnActionKind). Kept ACTIVITY_KEPT_DAYS days: the job deletes older rows once caught up.
 */
export const analyticsActivity = pgTable(
  'analytics_activity',
  {
    userId: money('user_id').notNull(),
    day: integer('day').notNull(),
    /** Counted in analytics_days and analytics_cohorts (a launch's row is counted by the job). */
    counted: boolean('counted').notNull().default(false),
  },
  (t) => [
    // Day first: the ledger is folded in time order, so a batch's rows go to the end of the index.
    primaryKey({ name: 'analytics_activity_day_user_pk', columns: [t.day, t.userId] }),
    index('analytics_activity_uncounted_idx')
      .on(t.userId)
      .where(sql`not ${t.counted}`),
  ],
);

/** Per game day: the players active. */
export const analyticsDays = pgTable('analytics_days', {
  day: integer('day').primaryKey(),
  active: integer('active').notNull().default(0),
});

/**
 * Per cohort (the first day): its size, those active again 1, 7 and 30 days later, and the
 * funnel's steps done (at any time since).
 */
export const analyticsCohorts = pgTable('analytics_cohorts', {
  day: integer('day').primaryKey(),
  size: integer('size').notNull().default(0),
  d1: integer('d1').notNull().default(0),
  d7: integer('d7').notNull().default(0),
  d30: integer('d30').notNull().default(0),
  tapped: integer('tapped').notNull().default(0),
  claimed: integer('claimed').notNull().default(0),
  wallets: integer('wallets').notNull().default(0),
  purchased: integer('purchased').notNull().default(0),
});

/** New players per first day by source, language and platform (`dimension`). */
export const analyticsNewPlayers = pgTable(
  'analytics_new_players',
  {
    day: integer('day').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    players: integer('players').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] })],
);

/** Coins created (positive rows) and spent (negative rows) per game day and ledger kind. */
export const analyticsEconomy = pgTable(
  'analytics_economy',
  {
    day: integer('day').notNull(),
    kind: text('kind').notNull(),
    created: bigint('created', { mode: 'number' }).notNull().default(0),
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind] })],
);

/** Telegram Stars paid per game day, and given back. */
export const analyticsRevenue = pgTable('analytics_revenue', {
  day: integer('day').primaryKey(),
  stars: bigint('stars', { mode: 'number' }).notNull().default(0),
  payments: integer('payments').notNull().default(0),
  refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
});
