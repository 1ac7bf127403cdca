import type { Standings } from '@egg-rush/game/leaderboard';
import { neutraliseName } from '@egg-rush/game/names';
import { sql } from 'drizzle-orm';
import { aggregatedNumbers, queryRows, type Db, type Tx } from '../../db/client.ts';
import { seasonResults, seasonScores, seasonWeeks } from './seasons.schema.ts';
import { ledgerReads } from '../ledger/index.ts';
import { playersSql } from '../users/index.ts';
import { notBannedSql } from '../bans/index.ts';

export interface WeekRow {
  userid: number;
  firstname: string;
  coins: number;
  rank: number;
}

const toRow = (r: Record<string, string | number>): WeekRow => ({
  userid: Number(r.user_id),
  firstname: neutraliseName(String(r.first_name ?? '')),
  coins: Number(r.coins),
  rank: Number(r.rank),
});

/**
 * A week's board: the first `limit` players by coins earned (ties to the lower id), the caller's
 * row wherever it is, and how many earned anything.
 */
export async function weekBoard(
  tx: Tx,
  startsAt: Date,
  endsAt: Date,
  limit: number,
  userId: number | null,
): Promise<{ rows: WeekRow[]; me: WeekRow | null; participants: number }> {
  const rows = await queryRows<Record<string, string | number>>(
    tx,
    sql`with w as (${ledgerReads.weekEarnings(startsAt, endsAt)}),
             r as (select user_id, coins, row_number() over (order by coins desc, user_id asc) as rank,
                          count(*) over () as n
                   from w)
        select r.user_id, r.coins, r.rank, r.n, u.first_name
        from r left join ${playersSql} u on u.id = r.user_id
        where r.rank <= ${limit} or r.user_id = ${userId ?? -1}
        order by r.rank`,
  );
  const all = rows.map(toRow);
  return {
    rows: all.filter((r) => r.rank <= limit),
    me: all.find((r) => r.userid === userId) ?? null,
    participants: Number(rows[0]?.n ?? 0),
  };
}

/**
 * The running week's board from season_scores (kept per ledger row by a trigger, migration
 * 0009): every participant but the banned, in board order (coins, then the lower id), with the
 * names of the first `named`. No statement reads the ledger: the cost grows with the players of
 * the week, not with their credits. Exactly what `weekBoard` computes from the ledger.
 */
export async function liveWeekStandings(
  tx: Tx,
  week: number,
  named: number,
): Promise<{ standings: Standings; names: Map<number, string> }> {
  const order = sql`order by s.coins desc, s.user_id asc`;
  const from = sql`from ${seasonScores} s join ${playersSql} u on u.id = s.user_id where s.week = ${week} and ${notBannedSql(sql`s.user_id`)}`;
  // Everyone as two lists in one row (parsing one text is far cheaper than a row per player).
  const [[all], top] = await Promise.all([
    queryRows<{ ids: string | null; scores: string | null }>(
      tx,
      sql`select string_agg(s.user_id::text, ',' ${order}) as ids, string_agg(s.coins::text, ',' ${order}) as scores ${from}`,
    ),
    queryRows<{ user_id: string | number; first_name: string }>(
      tx,
      sql`select s.user_id, u.first_name ${from} ${order} limit ${named}`,
    ),
  ]);
  return {
    standings: { ids: aggregatedNumbers(all?.ids), scores: aggregatedNumbers(all?.scores) },
    names: new Map(top.map((r) => [Number(r.user_id), neutraliseName(r.first_name)])),
  };
}

/** One player's coins of the running week and name, by key; null when they earned nothing or are banned. */
export async function liveWeekRow(
  tx: Tx,
  week: number,
  userId: number,
): Promise<{ userid: number; firstname: string; coins: number } | null> {
  const [row] = await queryRows<{ coins: string | number; first_name: string }>(
    tx,
    sql`select s.coins, u.first_name
        from ${seasonScores} s join ${playersSql} u on u.id = s.user_id
        where s.week = ${week} and s.user_id = ${userId} and ${notBannedSql(sql`s.user_id`)}`,
  );
  return row ? { userid: userId, firstname: neutraliseName(row.first_name), coins: Number(row.coins) } : null;
}

/**
 * A finished week's top players, read on its own before the payout transaction: the week's ledger
 * rows no longer change once it is over (and the settle delay has passed), so the read is exact
 * outside that transaction, and it may take longer than a request's statement limit (a week holds
 * every credit of every player), up to `timeoutMs`, without holding the payout's locks.
 */
export async function finishedWeekTop(
  db: Db,
  startsAt: Date,
  endsAt: Date,
  limit: number,
  timeoutMs: number,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.floor(timeoutMs)}`));
    return weekBoard(tx, startsAt, endsAt, limit, null);
  });
}

/** Makes sure the week has its row (the payout job's lock target). */
export async function ensureWeek(tx: Tx, week: number): Promise<void> {
  await tx.insert(seasonWeeks).values({ week }).onConflictDoNothing();
}

/**
 * Locks the week's row when it is not settled yet and no other transaction holds it: another
 * process paying the week makes this one skip it instead of waiting.
 */
export async function lockUnsettledWeek(tx: Tx, week: number): Promise<boolean> {
  const rows = await queryRows<{ week: number }>(
    tx,
    sql`select week from ${seasonWeeks} where week = ${week} and settled_at is null for update skip locked`,
  );
  return rows.length > 0;
}

export async function markSettled(tx: Tx, week: number, players: number, at: Date): Promise<void> {
  await tx.execute(
    sql`update ${seasonWeeks} set settled_at = ${at.toISOString()}::timestamptz, players = ${players}
        where week = ${week}`,
  );
}

export interface ResultRow {
  userId: number;
  rank: number;
  coins: number;
  ticket: number;
  chests: number;
}

/** Records the paid ranks; returns the players newly recorded (a player is recorded once a week). */
export async function insertResults(tx: Tx, week: number, rows: readonly ResultRow[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const inserted = await tx
    .insert(seasonResults)
    .values(rows.map((r) => ({ week, ...r })))
    .onConflictDoNothing()
    .returning({ userId: seasonResults.userId });
  return new Set(inserted.map((r) => r.userId));
}

/** Which of these weeks are settled. */
export async function settledWeeks(tx: Tx, weeks: readonly number[]): Promise<Set<number>> {
  if (weeks.length === 0) return new Set();
  const rows = await queryRows<{ week: number }>(
    tx,
    sql`select week from ${seasonWeeks} where week in ${weeks} and settled_at is not null`,
  );
  return new Set(rows.map((r) => Number(r.week)));
}

/** A settled week's paid ranks with names, and the caller's. */
export async function weekResults(tx: Tx, week: number, userId: number) {
  const rows = await queryRows<Record<string, string | number>>(
    tx,
    sql`select r.user_id, r.rank, r.coins, r.ticket, r.chests, u.first_name
        from ${seasonResults} r left join ${playersSql} u on u.id = r.user_id
        where r.week = ${week} order by r.rank`,
  );
  const all = rows.map((r) => ({
    ...toRow(r),
    prize: { ticket: Number(r.ticket), chests: Number(r.chests) },
  }));
  return { rows: all, me: all.find((r) => r.userid === userId) ?? null };
}
