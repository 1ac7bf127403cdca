import { neutraliseName } from '@egg-rush/game/names';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { users } from '../users/users.schema.ts';
import type { RankRow } from '../leaderboard/index.ts';
import { notBannedSql } from '../bans/index.ts';

const toRow = (r: Record<string, string | number>): RankRow => ({
  userid: Number(r.id),
  firstname: neutraliseName(String(r.first_name)),
  totalScore: Number(r.total_score),
  rank: Number(r.rank),
});

/** The player's lifetime total, locking the row (a claim's first statement). */
export async function lockTotal(tx: Tx, userId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ total_score: string | number }>(
    tx,
    sql`select total_score from ${users} where id = ${userId} for update`,
  );
  return row ? Number(row.total_score) : undefined;
}

/** The players whose lifetime score lies in [from, to) (to null: no upper end), best first. */
export async function leagueTop(tx: Tx, from: number, to: number | null, limit: number): Promise<RankRow[]> {
  const rows = await queryRows<Record<string, string | number>>(
    tx,
    sql`select id, first_name, total_score,
               row_number() over (order by total_score desc, id asc) as rank
        from ${users}
        where ${notBannedSql(sql`${users.id}`)}
          and total_score >= ${from} ${to === null ? sql`` : sql`and total_score < ${to}`}
        order by total_score desc, id asc limit ${limit}`,
  );
  return rows.map(toRow);
}
