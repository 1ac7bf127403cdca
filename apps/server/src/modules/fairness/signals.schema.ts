import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/**
 * What the server sees of who is behind an account (packages/game/src/clusters.ts,
 * AccountSignals): sessions with coarse, salted hashes of the network address and the device,
 * the cadence of taps as the client summarised it, and the bound wallet's facts. No raw address
 * or user agent is ever stored. Kept only as long as the airdrop needs them (SIGNALS_RETENTION_MS,
 * signals.service.ts). Only signals.repository.ts reads or writes them.
 */

/**
 * A session: a login (a launch of the app) and the activity that followed it, extended at most
 * about once a minute while the player taps. `net` and `device` are HMAC-SHA256 hashes (hex)
 * under the signals salt: `net` of the address's /24 (IPv4) or /48 (IPv6), `device` of the user
 * agent and the Telegram platform; '' when unknown.
 */
export const signalSessions = pgTable(
  'signal_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: money('user_id').notNull(),
    startedAt: at('started_at').notNull(),
    lastAt: at('last_at').notNull(),
    net: text('net').notNull(),
    device: text('device').notNull(),
  },
  (t) => [
    // The player's latest session (extended by their taps), and their sessions in a window.
    index('signal_sessions_user_idx').on(t.userId, t.startedAt),
    // The sessions of a window (signalsOf) and the purge of old ones.
    index('signal_sessions_last_idx').on(t.lastAt),
  ],
);

/**
 * A player's tap cadence over every batch that carried a summary: how many intervals, their
 * mean and their sum of squared deviations (`m2`, combined batch by batch with Chan's parallel
 * formula), so the variance is `m2 / intervals`.
 */
export const signalTaps = pgTable(
  'signal_taps',
  {
    userId: money('user_id').primaryKey(),
    batches: integer('batches').notNull(),
    intervals: money('intervals').notNull(),
    meanMs: doublePrecision('mean_ms').notNull(),
    m2: doublePrecision('m2').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('signal_taps_updated_idx').on(t.updatedAt)],
);

/**
 * The facts of the wallet a player bound, recorded at the binding (address, time, the version its
 * proof's code names) and completed in the background from the TON API: whether it had a
 * transaction before the binding and who sent its first incoming transfer. Null facts are not
 * known yet: `attempts` reads so far, the next one not before `next_check_at`.
 */
export const signalWallets = pgTable(
  'signal_wallets',
  {
    userId: money('user_id').primaryKey(),
    /** Raw form `0:<hex>`. */
    address: text('address').notNull(),
    boundAt: at('bound_at').notNull(),
    version: text('version'),
    newWhenBound: boolean('new_when_bound'),
    fundedBy: text('funded_by'),
    /** When the TON API last answered for it; null while it never has. */
    checkedAt: at('checked_at'),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: at('next_check_at'),
  },
  (t) => [
    index('signal_wallets_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
  ],
);
