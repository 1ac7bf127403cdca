import { bigserial, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

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
