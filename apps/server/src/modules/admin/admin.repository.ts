import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  adminAdjustDays,
  adminAudit,
  adminLinks,
  airdropSnapshotRows,
  airdropSnapshots,
} from './admin.schema.ts';
import { banEvents } from '../bans/bans.schema.ts';
import { economyEvents } from '../ledger/ledger.schema.ts';
import { games } from '../play/play.schema.ts';
import { taskProgress } from '../tasks/tasks.schema.ts';
import { users } from '../users/users.schema.ts';
import { walletEvents } from '../wallet/wallet.schema.ts';

export type PlayerRow = typeof users.$inferSelect;
export type AuditRow = typeof adminAudit.$inferSelect;
export type SnapshotRow = typeof airdropSnapshots.$inferSelect;

const SEARCH_LIMIT = 50;

/**
 * Players by id (exact), username or first name (prefix, any case) or wallet address (exact or
 * prefix); each prefix through its own index (users_*_prefix_idx), LIKE's wildcards taken as text.
 */
export async function searchPlayers(tx: Tx, q: string): Promise<PlayerRow[]> {
  const text = q.trim().replace(/^@/, '');
  if (text === '') return tx.select().from(users).orderBy(desc(users.createdAt)).limit(SEARCH_LIMIT);
  const like = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byId = /^\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
  return tx
    .select()
    .from(users)
    .where(
      sql`${byId === null ? sql`false` : sql`${users.id} = ${byId}`}
          or lower(${users.username}) like lower(${like})
          or lower(${users.firstName}) like lower(${like})
          or ${users.walletAddress} like ${like}`,
    )
    .orderBy(users.id)
    .limit(SEARCH_LIMIT);
}

export async function findPlayer(tx: Tx, id: number): Promise<PlayerRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

export async function lockPlayer(tx: Tx, id: number): Promise<PlayerRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

const REFERRALS_LIMIT = 200;

/** The players a player invited (at most 200, newest first) and whom each of them invited. */
export async function referralTree(tx: Tx, id: number) {
  const first = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      username: users.username,
      createdAt: users.createdAt,
      bannedAt: users.bannedAt,
    })
    .from(users)
    .where(eq(users.referrerId, id))
    .orderBy(desc(users.createdAt))
    .limit(REFERRALS_LIMIT);
  const second =
    first.length === 0
      ? []
      : await tx
          .select({
            id: users.id,
            referrerId: users.referrerId,
            firstName: users.firstName,
            username: users.username,
            createdAt: users.createdAt,
          })
          .from(users)
          .where(
            inArray(
              users.referrerId,
              first.map((f) => f.id),
            ),
          )
          .orderBy(desc(users.createdAt))
          .limit(REFERRALS_LIMIT * 5);
  return { first, second };
}

export async function recentGames(tx: Tx, id: number, limit = 20) {
  return tx.select().from(games).where(eq(games.userId, id)).orderBy(desc(games.startedAt)).limit(limit);
}

export async function taskRows(tx: Tx, id: number, limit = 100) {
  return tx
    .select()
    .from(taskProgress)
    .where(eq(taskProgress.userId, id))
    .orderBy(desc(taskProgress.updatedAt))
    .limit(limit);
}

/** A page of a player's ledger, newest first, below row `before`. */
export async function ledgerPage(tx: Tx, id: number, before: number | undefined, limit: number) {
  return tx
    .select()
    .from(economyEvents)
    .where(
      before === undefined
        ? eq(economyEvents.userId, id)
        : and(eq(economyEvents.userId, id), lt(economyEvents.id, before)),
    )
    .orderBy(desc(economyEvents.id))
    .limit(limit);
}

/**
 * Adds coins and tickets (either sign) to a locked player; the lifetime score follows the coins
 * (never below zero). Undefined when a balance would go below zero.
 */
export async function adjustBalances(
  tx: Tx,
  id: number,
  coins: number,
  tickets: number,
): Promise<PlayerRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      onion: sql`${users.onion} + ${coins}`,
      ticket: sql`${users.ticket} + ${tickets}`,
      totalScore: sql`greatest(0, ${users.totalScore} + ${coins})`,
    })
    .where(and(eq(users.id, id), sql`${users.onion} + ${coins} >= 0`, sql`${users.ticket} + ${tickets} >= 0`))
    .returning();
  return row;
}

/**
 * Adds an adjustment to what the operator moved on `day` (absolute amounts) unless that would pass
 * the day's limits; the day's totals after, or undefined when refused. The row is locked until
 * the caller's transaction ends, so two adjustments at once cannot both pass.
 */
export async function addToAdjustDay(
  tx: Tx,
  adminId: number,
  day: number,
  moved: { coins: number; tickets: number },
  limits: { coins: number; tickets: number },
): Promise<{ coins: number; tickets: number } | undefined> {
  const rows = await queryRows<{ coins: string | number; tickets: string | number }>(
    tx,
    sql`insert into ${adminAdjustDays} (admin_id, day, coins, tickets)
        select ${adminId}::bigint, ${day}::int, ${moved.coins}::bigint, ${moved.tickets}::bigint
        where ${moved.coins}::bigint <= ${limits.coins}::bigint
          and ${moved.tickets}::bigint <= ${limits.tickets}::bigint
        on conflict (admin_id, day) do update
          set coins = admin_adjust_days.coins + excluded.coins,
              tickets = admin_adjust_days.tickets + excluded.tickets
          where admin_adjust_days.coins + excluded.coins <= ${limits.coins}::bigint
            and admin_adjust_days.tickets + excluded.tickets <= ${limits.tickets}::bigint
        returning coins, tickets`,
  );
  const [row] = rows;
  return row ? { coins: Number(row.coins), tickets: Number(row.tickets) } : undefined;
}

/**
 * What a player received by the ledger's rows of `kind` (operators' adjustments) from `from`
 * (inclusive) to `to` (exclusive): credits only, coins and tickets each. Call it with the player's
 * row locked, so that adjustments of one player are counted one after the other.
 */
export async function ledgerCredits(
  tx: Tx,
  userId: number,
  kind: string,
  from: Date,
  to: Date,
): Promise<{ coins: number; tickets: number }> {
  const [row] = await queryRows<{ coins: string | number; tickets: string | number }>(
    tx,
    sql`select coalesce(sum(greatest(delta_onion, 0)), 0)::bigint as coins,
               coalesce(sum(greatest(delta_ticket, 0)), 0)::bigint as tickets
        from ${economyEvents}
        where user_id = ${userId} and kind = ${kind}
          and created_at >= ${from} and created_at < ${to}`,
  );
  return { coins: Number(row?.coins ?? 0), tickets: Number(row?.tickets ?? 0) };
}

export async function resetStreak(tx: Tx, id: number) {
  const [row] = await tx
    .update(users)
    .set({ rewardStreak: 0, lastDailyDay: null })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertAudit(tx: Tx, rows: (typeof adminAudit.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(adminAudit).values(rows);
}

export async function auditRows(tx: Tx, target: string | undefined, limit: number): Promise<AuditRow[]> {
  return tx
    .select()
    .from(adminAudit)
    .where(target === undefined ? undefined : eq(adminAudit.target, target))
    .orderBy(desc(adminAudit.id))
    .limit(limit);
}

// --- One-time sign-in links ----------------------------------------------------------------------

/** Records a (checked) link as used: false when it was used before. */
export async function useLink(
  tx: Tx,
  row: { tokenHash: string; adminId: number; expiresAt: Date; usedAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(adminLinks)
    .values(row)
    .onConflictDoNothing({ target: adminLinks.tokenHash })
    .returning({ tokenHash: adminLinks.tokenHash });
  return inserted.length === 1;
}

// --- Dashboard -------------------------------------------------------------------------------------

type Raw = Record<string, string | number | null>;

export async function playerCounts(tx: Tx, dayStart: Date) {
  const [row] = await queryRows<Raw>(
    tx,
    sql`select count(*)::int as total,
               count(*) filter (where created_at >= ${dayStart})::int as new_today,
               count(*) filter (where banned_at is not null)::int as banned
        from ${users}`,
  );
  return {
    total: Number(row?.total ?? 0),
    newToday: Number(row?.new_today ?? 0),
    banned: Number(row?.banned ?? 0),
  };
}

/** Distinct players with a ledger row per UTC day since `since`. */
export async function dailyActive(tx: Tx, since: Date) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
               count(distinct user_id)::int as players
        from ${economyEvents} where created_at >= ${since} group by 1 order by 1`,
  );
  return rows.map((r) => ({ day: String(r.day), players: Number(r.players) }));
}

/** Taps credited per hour since `since` (hour start, ms). */
export async function tapsPerHour(tx: Tx, since: Date) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select (extract(epoch from date_trunc('hour', created_at)) * 1000)::bigint as hour,
               coalesce(sum(ref::bigint), 0)::bigint as taps
        from ${economyEvents} where kind = 'tap' and created_at >= ${since} group by 1 order by 1`,
  );
  return rows.map((r) => ({ hour: Number(r.hour), taps: Number(r.taps) }));
}

export async function ledgerByKind(tx: Tx, since: Date) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select kind,
               coalesce(sum(delta_onion) filter (where delta_onion > 0), 0)::bigint as issued,
               coalesce(-sum(delta_onion) filter (where delta_onion < 0), 0)::bigint as spent,
               coalesce(sum(delta_ticket), 0)::bigint as tickets
        from ${economyEvents} where created_at >= ${since} group by kind order by kind`,
  );
  return rows.map((r) => ({
    kind: String(r.kind),
    issued: Number(r.issued),
    spent: Number(r.spent),
    tickets: Number(r.tickets),
  }));
}

/**
 * Retention after `days`: of the players who joined between `from` and `to`, how many have a
 * ledger row of their own doing (not a sign-up or referral bonus) `days` or more after joining.
 */
export async function retention(tx: Tx, from: Date, to: Date, days: number, passive: readonly string[]) {
  const [row] = await queryRows<Raw>(
    tx,
    sql`select count(*)::int as cohort,
               count(*) filter (where exists (
                 select 1 from ${economyEvents} e
                 where e.user_id = u.id and e.created_at >= u.created_at + make_interval(days => ${days})
                   and e.kind not in ${passive}))::int as retained
        from ${users} u where u.created_at >= ${from} and u.created_at < ${to}`,
  );
  return { cohort: Number(row?.cohort ?? 0), retained: Number(row?.retained ?? 0) };
}

// --- Suspicion -----------------------------------------------------------------------------------

/** Players with at least `minMinutes` minutes since `since` in which they were credited `capTaps` taps or more. */
export async function tapCappedPlayers(tx: Tx, since: Date, capTaps: number, minMinutes: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select user_id, count(*)::int as minutes, max(taps)::int as best
        from (select user_id, date_trunc('minute', created_at) as m, sum(ref::int) as taps
              from ${economyEvents} where kind = 'tap' and created_at >= ${since}
              group by 1, 2) per_minute
        where taps >= ${capTaps}
        group by user_id having count(*) >= ${minMinutes}`,
  );
  return rows.map((r) => ({ userId: Number(r.user_id), minutes: Number(r.minutes), best: Number(r.best) }));
}

/**
 * The invitees (joined since `since`) of inviters with at least `min` of them, and how many
 * actions (ledger rows not of the `passive` kinds) each took, counted up to `upTo`.
 */
export async function recentInvitees(
  tx: Tx,
  since: Date,
  min: number,
  passive: readonly string[],
  upTo: number,
) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select u.referrer_id, u.id, (extract(epoch from u.created_at) * 1000)::bigint as joined,
               (select count(*) from (select 1 from ${economyEvents} e
                                      where e.user_id = u.id and e.kind not in ${passive}
                                      limit ${upTo}) a)::int as actions
        from ${users} u
        where u.created_at >= ${since} and u.referrer_id in (
          select referrer_id from ${users}
          where created_at >= ${since} and referrer_id is not null
          group by referrer_id having count(*) >= ${min})`,
  );
  return rows.map((r) => ({
    inviterId: Number(r.referrer_id),
    id: Number(r.id),
    joinedAt: Number(r.joined),
    actions: Number(r.actions),
  }));
}

/**
 * The hours (since the Unix epoch) in which each player acted since `since` (ledger rows not of the
 * `automatic` kinds), for the players active in at least `minHours` of them. One scan of the
 * window through the ledger's time index; one row per player.
 */
export async function activeHours(tx: Tx, since: Date, automatic: readonly string[], minHours: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select user_id, array_agg(hour order by hour) as hours
        from (select user_id, floor(extract(epoch from created_at) / 3600)::bigint as hour
              from ${economyEvents} where created_at >= ${since} and kind not in ${automatic}
              group by 1, 2) h
        group by user_id having count(*) >= ${minHours}`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    hours: (r.hours as unknown as (string | number)[]).map(Number),
  }));
}

/** Finished games since `since` of players with at least `min` of them. */
export async function recentScoredGames(tx: Tx, since: Date, min: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select user_id, score,
               (extract(epoch from finished_at - started_at) * 1000)::bigint as elapsed
        from ${games}
        where finished_at >= ${since} and score is not null and user_id in (
          select user_id from ${games} where finished_at >= ${since} and score is not null
          group by user_id having count(*) >= ${min})`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    score: Number(r.score),
    elapsedMs: Number(r.elapsed),
  }));
}

/** Groups of at least `min` players whose addresses share a pattern (`chars` leading and trailing hash characters). */
export async function walletPatternGroups(tx: Tx, chars: number, min: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select id, wallet_address from ${users} where wallet_address is not null and
        (left(split_part(wallet_address, ':', 2), ${chars}) || right(wallet_address, ${chars})) in (
          select left(split_part(wallet_address, ':', 2), ${chars}) || right(wallet_address, ${chars})
          from ${users} where wallet_address is not null group by 1 having count(*) >= ${min})`,
  );
  return rows.map((r) => ({ userId: Number(r.id), address: String(r.wallet_address) }));
}

export async function playerNames(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, firstName: users.firstName, username: users.username, bannedAt: users.bannedAt })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

// --- Airdrop snapshot ----------------------------------------------------------------------------

/**
 * A batch of eligible players (id above `after`) as they were at `at`, whatever happened since:
 * joined by then, a wallet bound at that instant (the latest bind or unbind up to `at` in the
 * append-only wallet history), not banned at that instant (the latest ban or unban up to `at`;
 * a ban recorded without history counts from `banned_at`), with their lifetime coins as of `at`
 * (the sum of the coins credited to them up to then).
 */
export async function eligibleBatch(tx: Tx, after: number, at: Date, minCoins: number, limit: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select u.id, u.wallet_address, coalesce(sum(e.delta_onion), 0)::bigint as coins
        from (select p.id, w.wallet_address
              from ${users} p
              join lateral (select we.wallet_address from ${walletEvents} we
                            where we.user_id = p.id and we.created_at <= ${at}
                            order by we.created_at desc, we.id desc limit 1) w on true
              where p.id > ${after} and p.created_at <= ${at} and w.wallet_address is not null
                and not coalesce(
                  (select b.banned from ${banEvents} b where b.user_id = p.id and b.created_at <= ${at}
                   order by b.created_at desc, b.id desc limit 1),
                  not exists (select 1 from ${banEvents} b where b.user_id = p.id)
                    and p.banned_at is not null and p.banned_at <= ${at},
                  false)
              order by p.id limit ${limit}) u
        left join ${economyEvents} e on e.user_id = u.id and e.delta_onion > 0 and e.created_at <= ${at}
        group by u.id, u.wallet_address order by u.id`,
  );
  return {
    last: rows.length === limit ? Number(rows[rows.length - 1]!.id) : null,
    rows: rows
      .map((r) => ({ userId: Number(r.id), walletAddress: String(r.wallet_address), coins: Number(r.coins) }))
      .filter((r) => r.coins >= minCoins),
  };
}

export async function insertSnapshot(
  tx: Tx,
  row: typeof airdropSnapshots.$inferInsert,
): Promise<SnapshotRow> {
  const [saved] = await tx.insert(airdropSnapshots).values(row).returning();
  return saved!;
}

export async function updateSnapshot(tx: Tx, id: number, set: Partial<typeof airdropSnapshots.$inferInsert>) {
  const [saved] = await tx.update(airdropSnapshots).set(set).where(eq(airdropSnapshots.id, id)).returning();
  return saved!;
}

export async function deleteSnapshot(tx: Tx, id: number) {
  await tx.delete(airdropSnapshotRows).where(eq(airdropSnapshotRows.snapshotId, id));
  await tx.delete(airdropSnapshots).where(eq(airdropSnapshots.id, id));
}

export async function insertSnapshotRows(tx: Tx, rows: (typeof airdropSnapshotRows.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(airdropSnapshotRows).values(rows);
}

export async function snapshotRowsAfter(tx: Tx, id: number, after: number, limit: number) {
  return tx
    .select()
    .from(airdropSnapshotRows)
    .where(and(eq(airdropSnapshotRows.snapshotId, id), sql`${airdropSnapshotRows.userId} > ${after}`))
    .orderBy(airdropSnapshotRows.userId)
    .limit(limit);
}

export async function listSnapshots(tx: Tx, limit = 50): Promise<SnapshotRow[]> {
  return tx
    .select()
    .from(airdropSnapshots)
    .where(sql`${airdropSnapshots.csvSha256} <> ''`)
    .orderBy(desc(airdropSnapshots.id))
    .limit(limit);
}

export async function findSnapshot(tx: Tx, id: number): Promise<SnapshotRow | undefined> {
  const [row] = await tx.select().from(airdropSnapshots).where(eq(airdropSnapshots.id, id));
  return row;
}
