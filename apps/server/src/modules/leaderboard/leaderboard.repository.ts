import type { BoardRow, Standings } from '@egg-rush/game/leaderboard';
import { neutraliseName } from '@egg-rush/game/names';
import { sql } from 'drizzle-orm';
import { aggregatedNumbers, queryRows, type Tx } from '../../db/client.ts';
import { playersSql } from '../users/index.ts';
import { notBannedSql } from '../bans/index.ts';
import { lifetimeScoresSql } from '../accounts/index.ts';

/** The players on the boards: their name and lifetime score (the account's). */
const players = sql`(select u.id, u.first_name, a.total_score
  from ${playersSql} u join ${lifetimeScoresSql} a on a.user_id = u.id)`;

export interface RankRow {
  userid: number;
  firstname: string;
  totalScore: number;
  rank: number;
}

/** A row of the game's board (packages/game boardOf) as the contract names its score. */
export const rankRow = ({ score, ...r }: BoardRow): RankRow => ({ ...r, totalScore: score });

const toRow = (r: Record<string, string | number>): RankRow => ({
  userid: Number(r.id),
  firstname: neutraliseName(String(r.first_name)),
  totalScore: Number(r.total_score),
  rank: Number(r.rank),
});

/** The top `limit` players (banned players are hidden) by totalScore, ties to the lower id (packages/game leaderboard.ts). */
export async function topPlayers(tx: Tx, limit: number): Promise<RankRow[]> {
  const rows = await queryRows<Record<string, string | number>>(
    tx,
    sql`select id, first_name, total_score,
               row_number() over (order by total_score desc, id asc) as rank
        from ${players} p where ${notBannedSql(sql`p.id`)} order by total_score desc, id asc limit ${limit}`,
  );
  return rows.map(toRow);
}

/** One player's row with their rank among everyone. */
export async function playerRank(tx: Tx, userId: number): Promise<RankRow | undefined> {
  const [row] = await queryRows<Record<string, string | number>>(
    tx,
    sql`select me.id, me.first_name, me.total_score,
               1 + (select count(*) from ${players} o
                    where ${notBannedSql(sql`o.id`)}
                      and (o.total_score > me.total_score
                           or (o.total_score = me.total_score and o.id < me.id))) as rank
        from ${players} me where me.id = ${userId}`,
  );
  return row ? toRow(row) : undefined;
}

export async function countParticipants(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${playersSql} u where ${notBannedSql(sql`u.id`)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Every player whose lifetime score lies in [from, to) (to null: no upper end) but the banned, in
 * board order (score, then the lower id), with the names of the first `named`: the standings a
 * board on PostgreSQL alone shares between its readers for a moment.
 */
export async function rankedPlayers(
  tx: Tx,
  from: number,
  to: number | null,
  named: number,
): Promise<{ standings: Standings; names: Map<number, string> }> {
  const order = sql`order by total_score desc, user_id asc`;
  // Everyone as two lists in one row (parsing one text is far cheaper than a row per player),
  // from the scores alone; then the names of the first `named`, by key.
  const [all] = await queryRows<{ ids: string | null; scores: string | null }>(
    tx,
    sql`select string_agg(user_id::text, ',' ${order}) as ids, string_agg(total_score::text, ',' ${order}) as scores
        from ${lifetimeScoresSql} p
        where ${notBannedSql(sql`p.user_id`)}
          and total_score >= ${from} ${to === null ? sql`` : sql`and total_score < ${to}`}`,
  );
  const standings = { ids: aggregatedNumbers(all?.ids), scores: aggregatedNumbers(all?.scores) };
  return { standings, names: await firstNames(tx, [...standings.ids.subarray(0, named)]) };
}

/** One player's name and lifetime score, by key (undefined when there is no such player). */
export async function playerScore(
  tx: Tx,
  userId: number,
): Promise<{ userid: number; firstname: string; totalScore: number } | undefined> {
  const [row] = await queryRows<{ first_name: string; total_score: string | number }>(
    tx,
    sql`select first_name, total_score from ${players} p where p.id = ${userId}`,
  );
  return row
    ? { userid: userId, firstname: neutraliseName(row.first_name), totalScore: Number(row.total_score) }
    : undefined;
}

/** First names of these players, by id. */
export async function firstNames(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string | number; first_name: string }>(
    tx,
    sql`select id, first_name from ${playersSql} u where id in ${ids}`,
  );
  return new Map(rows.map((r) => [Number(r.id), neutraliseName(r.first_name)]));
}

/** Players in board order (from a Redis set) with their names and their ranks by position. */
export async function namedRows(
  tx: Tx,
  top: readonly { userid: number; totalScore: number }[],
): Promise<RankRow[]> {
  const names = await firstNames(
    tx,
    top.map((r) => r.userid),
  );
  return top.map((r, i) => ({ ...r, firstname: names.get(r.userid) ?? '', rank: i + 1 }));
}

/**
 * These players' lifetime totals, as the caller's transaction sees them (for the Redis board);
 * banned players are left out, so no write puts a banned player's score back on a board.
 */
export async function lifetimeTotals(
  tx: Tx,
  ids: readonly number[],
): Promise<{ userid: number; totalScore: number }[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string | number; total_score: string | number }>(
    tx,
    sql`select user_id as id, total_score from ${lifetimeScoresSql} a
        where user_id in ${ids} and ${notBannedSql(sql`a.user_id`)}`,
  );
  return rows.map((r) => ({ userid: Number(r.id), totalScore: Number(r.total_score) }));
}
