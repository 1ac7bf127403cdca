import { z } from 'zod';
import { userId } from './common.ts';

/**
 * The operator console's API, under /api/v1/admin/. Every route but the sign-in answers 403 to
 * a caller who is not an operator (ADMIN_IDS).
 */

const reason = z.string().trim().min(3).max(500);

/** POST /admin/session (no token): Telegram launch data, or a one-time link's secret. */
export const adminSessionBody = z.union([
  z.object({ initData: z.string().min(1).max(4096) }),
  z.object({ link: z.string().min(16).max(128) }),
]);
export type AdminSessionBody = z.infer<typeof adminSessionBody>;
export const adminSessionResponse = z.object({ token: z.string(), adminId: z.number() });
export type AdminSessionResponse = z.infer<typeof adminSessionResponse>;

export const adminMeResponse = z.object({ adminId: z.number() });

export const adminAuditRow = z.object({
  id: z.number(),
  adminId: z.number(),
  action: z.string(),
  target: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.number(),
});

/** A player in search results and lists. */
export const adminPlayerSummary = z.object({
  id: z.number(),
  username: z.string().nullable(),
  firstName: z.string(),
  walletAddress: z.string().nullable(),
  coins: z.number(),
  tickets: z.number(),
  lifetimeCoins: z.number(),
  createdAt: z.number(),
  seenAt: z.number(),
  bannedAt: z.number().nullable(),
  banReason: z.string().nullable(),
});
export type AdminPlayerSummary = z.infer<typeof adminPlayerSummary>;

/** GET /admin/players?q=<id, or the start of a username, first name or wallet> */
export const adminPlayersQuery = z.object({ q: z.string().trim().max(128).default('') });
export const adminPlayersResponse = z.object({ players: z.array(adminPlayerSummary) });
export type AdminPlayersResponse = z.infer<typeof adminPlayersResponse>;

/** Paths addressed to one player (named so that the players' own-id check does not apply). */
export const adminPlayerParams = z.object({ playerId: userId });

export const adminReferral = z.object({
  id: z.number(),
  firstName: z.string(),
  username: z.string().nullable(),
  createdAt: z.number(),
  bannedAt: z.number().nullable(),
  invited: z.array(
    z.object({
      id: z.number(),
      firstName: z.string(),
      username: z.string().nullable(),
      createdAt: z.number(),
    }),
  ),
});

/** GET /admin/players/:playerId */
export const adminPlayerResponse = z.object({
  player: adminPlayerSummary.extend({
    lastName: z.string().nullable(),
    languageCode: z.string().nullable(),
    isPremium: z.boolean(),
    referrerId: z.number().nullable(),
    energy: z.number(),
    maxEnergy: z.number(),
    earnPerHour: z.number(),
    rewardStreak: z.number(),
    lastDailyDay: z.number().nullable(),
  }),
  referrals: z.array(adminReferral),
  games: z.array(
    z.object({
      id: z.string(),
      startedAt: z.number(),
      finishedAt: z.number().nullable(),
      score: z.number().nullable(),
      reward: z.number().nullable(),
    }),
  ),
  taskClaims: z.array(
    z.object({ taskName: z.string(), period: z.number(), claimed: z.boolean(), updatedAt: z.number() }),
  ),
  audit: z.array(adminAuditRow),
});
export type AdminPlayerResponse = z.infer<typeof adminPlayerResponse>;

/** GET /admin/players/:playerId/ledger?before=<row id>&limit= (newest first). */
export const adminLedgerQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminLedgerRow = z.object({
  id: z.number(),
  kind: z.string(),
  deltaCoins: z.number(),
  deltaTicket: z.number(),
  ref: z.string().nullable(),
  createdAt: z.number(),
});
export const adminLedgerResponse = z.object({
  rows: z.array(adminLedgerRow),
  /** The `before` of the next page, or null at the first row. */
  next: z.number().nullable(),
});
export type AdminLedgerResponse = z.infer<typeof adminLedgerResponse>;

/** POST /admin/players/:playerId/adjust: whole coins and tickets, either sign, with a reason. */
export const adminAdjustBody = z
  .object({
    coins: z.number().int().default(0),
    tickets: z.number().int().default(0),
    reason,
  })
  .refine((b) => b.coins !== 0 || b.tickets !== 0, { message: 'nothing to adjust' });
export type AdminAdjustBody = z.infer<typeof adminAdjustBody>;

export const adminReasonBody = z.object({ reason });
/** Lifting a ban: the reason may be left out. */
export const adminUnbanBody = z.object({ reason: reason.optional() });
export type AdminReasonBody = z.infer<typeof adminReasonBody>;

/** POST /admin/players/ban: several players at once (from the suspicion list). */
export const adminBulkBanBody = z.object({ ids: z.array(userId).min(1).max(1000), reason });
export const adminBulkBanResponse = z.object({ banned: z.number() });

export const adminPlayerActionResponse = z.object({ player: adminPlayerSummary });
export type AdminPlayerActionResponse = z.infer<typeof adminPlayerActionResponse>;

/** An operator task (partner and social). */
export const adminTask = z.object({
  taskName: z.string(),
  taskType: z.enum(['earn_coin', 'one_time']),
  dailyType: z.enum(['twitter', 'telegram', 'partner']),
  title: z.string(),
  description: z.string(),
  reward: z.object({ amount: z.number(), type: z.enum(['onion', 'ticket']) }),
  link: z.string(),
  position: z.number(),
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
  retiredAt: z.number().nullable(),
  /** Shown to players now. */
  live: z.boolean(),
});
export type AdminTask = z.infer<typeof adminTask>;
export const adminTasksResponse = z.object({
  tasks: z.array(adminTask),
  limits: z.object({ onion: z.number(), ticket: z.number() }),
});
export type AdminTasksResponse = z.infer<typeof adminTasksResponse>;

const link = z.url({ protocol: /^https$/ }).max(500);
const title = z.string().trim().min(1).max(80);
/**
 * The last instant a task's schedule may name (ms since the epoch): the end of the year 9999. A
 * later one has a five-digit year, which the database is not sent as a timestamp.
 */
export const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const instant = z.number().int().nonnegative().max(LAST_INSTANT).nullable();

/** POST /admin/tasks */
export const adminTaskCreateBody = z.object({
  taskName: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{2,47}$/, 'letters, digits and _ (3 to 48)'),
  taskType: z.enum(['earn_coin', 'one_time']).default('one_time'),
  dailyType: z.enum(['twitter', 'telegram', 'partner']).default('partner'),
  title,
  description: z.string().trim().max(200).default(''),
  reward: z.object({ amount: z.number().int(), type: z.enum(['onion', 'ticket']) }),
  link,
  position: z.number().int().min(0).max(10_000).default(100),
  startsAt: instant.default(null),
  endsAt: instant.default(null),
});
export type AdminTaskCreateBody = z.infer<typeof adminTaskCreateBody>;

export const adminTaskParams = z.object({ taskName: z.string().min(1).max(64) });

/** PUT /admin/tasks/:taskName: the fields to change (title, link, reward, schedule). */
export const adminTaskEditBody = z.object({
  title: title.optional(),
  description: z.string().trim().max(200).optional(),
  reward: z.object({ amount: z.number().int(), type: z.enum(['onion', 'ticket']) }).optional(),
  link: link.optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  startsAt: instant.optional(),
  endsAt: instant.optional(),
});
export type AdminTaskEditBody = z.infer<typeof adminTaskEditBody>;
export const adminTaskResponse = z.object({ task: adminTask });

/** GET /admin/suspicion */
export const adminSuspect = z.object({
  id: z.number(),
  firstName: z.string(),
  username: z.string().nullable(),
  bannedAt: z.number().nullable(),
  rules: z.array(
    z.enum([
      'tap-pace',
      'invite-burst',
      'idle-invitees',
      'no-sleep',
      'mole-bound',
      'mole-cap',
      'wallet-pattern',
    ]),
  ),
  evidence: z.array(z.string()),
});
export type AdminSuspect = z.infer<typeof adminSuspect>;
export const adminSuspicionResponse = z.object({
  suspects: z.array(adminSuspect),
  thresholds: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.string())])),
});
export type AdminSuspicionResponse = z.infer<typeof adminSuspicionResponse>;

/** POST /admin/snapshots: freeze the eligible players at `at` (default now). */
export const adminSnapshotBody = z.object({
  at: z.number().int().positive().optional(),
  minCoins: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});
export const adminSnapshot = z.object({
  id: z.number(),
  takenAt: z.number(),
  takenBy: z.number(),
  minCoins: z.number(),
  players: z.number(),
  totalCoins: z.number(),
  csvSha256: z.string(),
  jsonSha256: z.string(),
});
export type AdminSnapshot = z.infer<typeof adminSnapshot>;
export const adminSnapshotResponse = z.object({ snapshot: adminSnapshot });
export const adminSnapshotsResponse = z.object({ snapshots: z.array(adminSnapshot) });
export type AdminSnapshotsResponse = z.infer<typeof adminSnapshotsResponse>;
export const adminSnapshotParams = z.object({
  snapshotId: z.coerce.number().int().positive(),
  format: z.enum(['csv', 'json']),
});
/** The export itself (CSV or JSON text), byte for byte what the SHA-256 covers. */
export const adminSnapshotExport = z.string();

/** GET /airdrop/snapshot (public): the latest snapshot's hashes, for players to check. */
export const publicSnapshotResponse = z.object({
  snapshot: adminSnapshot.omit({ takenBy: true }).nullable(),
});

/** GET /admin/dashboard */
export const adminDashboardResponse = z.object({
  players: z.object({ total: z.number(), newToday: z.number(), banned: z.number() }),
  /** Daily active players, oldest first (30 game days, UTC days). */
  dailyActive: z.array(z.object({ day: z.string(), players: z.number() })),
  /** Taps credited per hour over the last 24 hours. */
  tapsPerHour: z.array(z.object({ hour: z.number(), taps: z.number() })),
  /** Coins and tickets issued (positive rows) and spent (negative rows) by ledger kind, last 30 days. */
  byKind: z.array(z.object({ kind: z.string(), issued: z.number(), spent: z.number(), tickets: z.number() })),
  retention: z.object({
    d1: z.number().nullable(),
    d7: z.number().nullable(),
    cohortD1: z.number(),
    cohortD7: z.number(),
  }),
  /** Telegram Stars received; null until payments exist. */
  starsRevenue: z.number().nullable(),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;

/** GET /admin/audit?target= */
export const adminAuditQuery = z.object({
  target: z.string().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminAuditResponse = z.object({ rows: z.array(adminAuditRow) });
