import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Settings } from '@egg-rush/contract/users';
import type { AllocationRule } from '@egg-rush/game/allocation-rule';
import type { AirdropCohort } from '@egg-rush/game/cohorts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

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

    onion: money('onion').notNull().default(0),
    ticket: integer('ticket').notNull().default(0),
    totalScore: money('total_score').notNull().default(0),
    earnPerHour: integer('earn_per_hour').notNull().default(0),
    userLevel: integer('user_level').notNull().default(1),
    cheatCount: integer('cheat_count').notNull().default(0),
    energy: integer('energy').notNull().default(1000),
    maxEnergy: integer('max_energy').notNull().default(1000),
    earnPerTap: integer('earn_per_tap').notNull().default(1),
    loseEnergyPerTap: integer('lose_energy_per_tap').notNull().default(10),
    rewardStreak: integer('reward_streak').notNull().default(0),
    lastDailyDay: integer('last_daily_day'),
    boosts: text('boosts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    golden: integer('golden').notNull().default(0),
    wooden: integer('wooden').notNull().default(0),
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
    /** Farm start; null when not farming. */
    farmStartedAt: at('farm_started_at'),
    walletAddress: text('wallet_address'),
    /**
     * The player's settings as they changed them (packages/contract users.ts `settings`); keys
     * never set read as the defaults.
     */
    settings: jsonb('settings')
      .$type<Partial<Settings>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Set by an operator: the player's calls are refused and they leave the Leader Board. */
    bannedAt: at('banned_at'),
    banReason: text('ban_reason'),
  },
  (t) => [
    index('users_referrer_idx').on(t.referrerId),
    // The bot's scan for finished farms and new invitees (columns that taps never change).
    index('users_farm_started_idx')
      .on(t.farmStartedAt)
      .where(sql`${t.farmStartedAt} is not null`),
    index('users_created_idx').on(t.createdAt),
    uniqueIndex('users_wallet_address_idx').on(t.walletAddress),
    // The console's search by prefix (modules/admin searchPlayers).
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('users_wallet_prefix_idx').on(t.walletAddress.op('text_pattern_ops')),
    index('users_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('users_banned_idx')
      .on(t.id)
      .where(sql`${t.bannedAt} is not null`),
  ],
);

/**
 * Append-only ledger: every change of a player's onion and tickets, written in the same
 * transaction as the change. `onion = sum(delta_onion)` for every player.
 */
export const economyEvents = pgTable(
  'economy_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: money('user_id').notNull(),
    kind: text('kind').notNull(),
    deltaOnion: money('delta_onion').notNull().default(0),
    deltaTicket: integer('delta_ticket').notNull().default(0),
    ref: text('ref'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('economy_events_user_idx').on(t.userId, t.id),
    // The weekly board and its payout read one week of earnings.
    index('economy_events_created_idx').on(t.createdAt),
  ],
);

/** Mining item levels per player. */
export const miningLevels = pgTable(
  'mining_levels',
  {
    userId: money('user_id').notNull(),
    item: text('item').notNull(),
    level: integer('level').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.item] })],
);

/** Task progress per player and period (the game day for daily tasks, 0 for the others). */
export const taskProgress = pgTable(
  'task_progress',
  {
    userId: money('user_id').notNull(),
    taskName: text('task_name').notNull(),
    period: integer('period').notNull().default(0),
    processCount: integer('process_count').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    claimed: boolean('claimed').notNull().default(false),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** When the server saw the player start visiting a link task (its first link-reward call). */
    visitStartedAt: at('visit_started_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskName, t.period] })],
);

/** Once-only rewards (referral milestones and the like): the key can be paid once per player. */
export const rewardClaims = pgTable(
  'reward_claims',
  {
    userId: money('user_id').notNull(),
    key: text('key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

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

/** TON proof payloads: single use, short-lived, pruned (a few live ones per player). */
export const walletProofs = pgTable(
  'wallet_proofs',
  {
    payload: text('payload').primaryKey(),
    userId: money('user_id').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('wallet_proofs_user_idx').on(t.userId, t.expiresAt),
    index('wallet_proofs_expires_idx').on(t.expiresAt),
  ],
);

/** Mining items of the day's combo a player has upgraded that game day. */
export const comboFinds = pgTable(
  'combo_finds',
  {
    userId: money('user_id').notNull(),
    day: integer('day').notNull(),
    item: text('item').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.item] })],
);

/** Squads. `name_key` (the name in lower case) is unique. */
export const squads = pgTable(
  'squads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    ownerId: money('owner_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('squads_name_key_idx').on(t.nameKey)],
);

/**
 * Squad membership: one row per player (at most one squad at a time). `joined_total` is the
 * player's totalScore when they joined; their contribution is what they gained since.
 */
export const squadMembers = pgTable(
  'squad_members',
  {
    userId: money('user_id').primaryKey(),
    squadId: money('squad_id').notNull(),
    joinedTotal: money('joined_total').notNull(),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (t) => [index('squad_members_squad_idx').on(t.squadId)],
);

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

/**
 * A player as the bot knows them: notifications on or off (/settings), unreachable since
 * Telegram answered 403 (blocked) until they write to the bot again, and their time zone when
 * known (quiet hours). A player without a row has notifications on and is reachable.
 */
export const botChats = pgTable('bot_chats', {
  userId: money('user_id').primaryKey(),
  notifications: boolean('notifications').notNull().default(true),
  /** When notifications were last turned on or off: events from before it are not announced. */
  notificationsAt: at('notifications_at'),
  unreachableAt: at('unreachable_at'),
  timeZone: text('time_zone'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The bot's kept job queue: one row per event to announce, unique per player, kind and event
 * key, so an event is queued once however many processes see it. Workers take due rows with
 * `for update skip locked` and mark them `sending` before they send, so a row is sent at most
 * once: pending → sending → sent | skipped | blocked | failed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: money('user_id').notNull(),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    dueAt: at('due_at').notNull(),
    status: text('status').notNull().default('pending'),
    /** What the message says beyond the kind (a friend's name and reward), as JSON text. */
    detail: text('detail'),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('notifications_event_idx').on(t.userId, t.kind, t.eventKey),
    index('notifications_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** An invoice link made for one player and one pack; its id is the invoice payload. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: money('user_id').notNull(),
    pack: text('pack').notNull(),
    tickets: integer('tickets').notNull(),
    stars: integer('stars').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Telegram's link for it; null while it is being asked for (one at a time per pack). */
    link: text('link'),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('invoices_pending_idx')
      .on(t.userId, t.pack)
      .where(sql`${t.link} is null`),
  ],
);

/**
 * A Stars payment Telegram confirmed, keyed by its charge id: the primary key makes crediting
 * exactly once (a replayed update finds the row). A refund records when, and how many tickets
 * it took back and could not take back (spent already).
 */
export const starPayments = pgTable(
  'star_payments',
  {
    chargeId: text('charge_id').primaryKey(),
    userId: money('user_id').notNull(),
    invoiceId: uuid('invoice_id'),
    pack: text('pack'),
    tickets: integer('tickets').notNull(),
    stars: integer('stars').notNull(),
    paidAt: at('paid_at').notNull().defaultNow(),
    refundedAt: at('refunded_at'),
    refundRemoved: integer('refund_removed'),
    refundShortfall: integer('refund_shortfall'),
  },
  (t) => [index('star_payments_user_idx').on(t.userId)],
);

/**
 * Partner and social tasks, edited by operators (the other tasks stay in packages/game). A task
 * is shown between `startsAt` and `endsAt` and never after `retiredAt`; payouts are read from
 * this row by the server, never from a request.
 */
export const taskCatalogue = pgTable('task_catalogue', {
  taskName: text('task_name').primaryKey(),
  taskType: text('task_type').notNull(),
  dailyType: text('daily_type').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  rewardAmount: integer('reward_amount').notNull(),
  rewardType: text('reward_type').notNull(),
  link: text('link'),
  /** Where the task sits in the list (the built-in tasks sit at their catalogue index). */
  position: integer('position').notNull().default(100),
  startsAt: at('starts_at'),
  endsAt: at('ends_at'),
  retiredAt: at('retired_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Every operator action: who, what, on what, when, the state before and after, and why. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: money('admin_id').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('admin_audit_target_idx').on(t.target, t.id)],
);

/** One-time sign-in links for operators (`npm run admin:link`): only the hash is kept. */
export const adminLinks = pgTable('admin_links', {
  tokenHash: text('token_hash').primaryKey(),
  adminId: money('admin_id').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** A frozen list of the players eligible for the airdrop, with the SHA-256 of its CSV export. */
export const airdropSnapshots = pgTable('airdrop_snapshots', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  takenAt: at('taken_at').notNull(),
  takenBy: money('taken_by').notNull(),
  minCoins: money('min_coins').notNull(),
  players: integer('players').notNull(),
  totalCoins: money('total_coins').notNull(),
  csvSha256: text('csv_sha256').notNull(),
  jsonSha256: text('json_sha256').notNull(),
});

export const airdropSnapshotRows = pgTable(
  'airdrop_snapshot_rows',
  {
    snapshotId: money('snapshot_id').notNull(),
    userId: money('user_id').notNull(),
    walletAddress: text('wallet_address').notNull(),
    coins: money('coins').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.userId] })],
);

/**
 * Every ban and unban, append-only (who, why, when): what `users.banned_at` says now, and what it
 * said at any instant (the airdrop snapshot reads bans as they were at its instant).
 */
export const banEvents = pgTable(
  'ban_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: money('user_id').notNull(),
    banned: boolean('banned').notNull(),
    adminId: money('admin_id'),
    reason: text('reason'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('ban_events_user_idx').on(t.userId, t.createdAt)],
);

/** Every wallet bind (an address) and unbind (null), append-only: the bound wallet at any instant. */
export const walletEvents = pgTable(
  'wallet_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: money('user_id').notNull(),
    walletAddress: text('wallet_address'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('wallet_events_user_idx').on(t.userId, t.createdAt)],
);

/** What each operator moved by adjustments on one UTC day (absolute sums), bounded per day. */
export const adminAdjustDays = pgTable(
  'admin_adjust_days',
  {
    adminId: money('admin_id').notNull(),
    day: integer('day').notNull(),
    coins: money('coins').notNull().default(0),
    tickets: money('tickets').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.day] })],
);

/**
 * An airdrop allocation: a snapshot shared by the rule of packages/game/src/airdrop.ts. A draft
 * until published; publishing (once, and only one allocation ever) fixes its Merkle root.
 */
export const airdropAllocations = pgTable(
  'airdrop_allocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    snapshotId: money('snapshot_id').notNull(),
    /** Jetton smallest units, as decimal text. */
    supply: numeric('supply', { precision: 78, scale: 0 }).notNull(),
    decimals: integer('decimals').notNull(),
    /**
     * The rule's parameters (cap, minimum) as decimal texts, the weighing of players
     * (allocation-rule.ts; absent on allocations made before it) and the cohorts' distribution
     * computed with the allocation (cohorts.ts; medians as decimal texts).
     */
    params: jsonb('params')
      .$type<{
        cap: string | null;
        minimum: string;
        rule?: AllocationRule;
        cohorts?: (Omit<AirdropCohort, 'median'> & { median: string })[];
      }>()
      .notNull(),
    /** Unix seconds: when claiming opens and closes. */
    startFrom: money('start_from').notNull(),
    expiredAt: money('expired_at').notNull(),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    wallets: integer('wallets').notNull(),
    total: numeric('total', { precision: 78, scale: 0 }).notNull(),
    rootHex: text('root_hex'),
    dumpSha256: text('dump_sha256'),
    /** Fixed at publishing: the minter's admin (or none) and its TEP-64 content URI, so its address. */
    adminAddress: text('admin_address'),
    contentUri: text('content_uri'),
    createdBy: money('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    publishedBy: money('published_by'),
    publishedAt: at('published_at'),
  },
  (t) => [
    uniqueIndex('airdrop_allocations_published_idx')
      .on(t.status)
      .where(sql`${t.status} = 'published'`),
  ],
);

/** One allocated wallet (raw form) and its claim. */
export const airdropAllocationRows = pgTable(
  'airdrop_allocation_rows',
  {
    allocationId: money('allocation_id').notNull(),
    walletAddress: text('wallet_address').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    coins: money('coins').notNull(),
    playerIds: jsonb('player_ids').$type<number[]>().notNull(),
    claimStatus: text('claim_status')
      .$type<'unclaimed' | 'sent' | 'claimed'>()
      .notNull()
      .default('unclaimed'),
    claimSentAt: at('claim_sent_at'),
    claimedAt: at('claimed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.allocationId, t.walletAddress] }),
    index('airdrop_allocation_rows_amount_idx').on(t.allocationId, t.amount),
  ],
);

/** A snapshot's player the allocation refused, and why (a code of AIRDROP_REFUSALS). */
export const airdropAllocationRefusals = pgTable(
  'airdrop_allocation_refusals',
  {
    allocationId: money('allocation_id').notNull(),
    userId: money('user_id').notNull(),
    walletAddress: text('wallet_address'),
    reason: text('reason').notNull(),
    detail: text('detail'),
  },
  (t) => [primaryKey({ columns: [t.allocationId, t.userId] })],
);

/** Players an operator excluded from airdrop allocations made afterwards, with the reason. */
export const airdropExclusions = pgTable('airdrop_exclusions', {
  userId: money('user_id').primaryKey(),
  reason: text('reason').notNull(),
  excludedBy: money('excluded_by').notNull(),
  excludedAt: at('excluded_at').notNull().defaultNow(),
});
