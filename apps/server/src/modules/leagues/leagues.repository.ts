import { neutraliseName } from '@egg-rush/game/names';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { playersSql } from '../users/index.ts';
import { lifetimeScoresSql } from '../accounts/index.ts';
import type { RankRow } from '../leaderboard/index.ts';
import { notBannedSql } from '../bans/index.ts';

const toRow = (r: Record<string, string | number>): RankRow => ({
  userid: Number(r.id),
  firstname: neutraliseName(String(r.first_name)),
  totalScore: Number(r.total_score),
  rank: Number(r.rank),
});

/** The players whose lifetime score lies in [from, to) (to null: no upper end), best first. */
export async function leagueTop(tx: Tx, from: number, to: number | null, limit: number): Promise<RankRow[]> {
  const rows = await queryRows<Record<string, string | number>>(
    tx,
    sql`select u.id, u.first_name, a.total_score,
               row_number() over (order by a.total_score desc, u.id asc) as rank
        from ${playersSql} u join ${lifetimeScoresSql} a on a.user_id = u.id
        where ${notBannedSql(sql`u.id`)}
          and a.total_score >= ${from} ${to === null ? sql`` : sql`and a.total_score < ${to}`}
        order by a.total_score desc, u.id asc limit ${limit}`,
  );
  return rows.map(toRow);
}
