import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { GAME_COST_TICKETS } from '@egg-rush/game/mole';
import { queryRows, type Tx } from '../../db/client.ts';
import { games } from './play.schema.ts';
import { changeAccount, type AccountRow } from '../accounts/index.ts';

/** Takes a game's tickets while the player has them; null when too few are left. */
export const spendTicket = (tx: Tx, userId: number): Promise<AccountRow | null> =>
  changeAccount(tx, userId, { tickets: -GAME_COST_TICKETS, atLeast: { tickets: GAME_COST_TICKETS } });

export async function createGame(tx: Tx, userId: number, startedAt: Date): Promise<string> {
  const [row] = await tx.insert(games).values({ userId, startedAt }).returning({ id: games.id });
  if (!row) throw new Error('game not created');
  return row.id;
}

export async function findGame(tx: Tx, gameId: string) {
  const [row] = await tx.select().from(games).where(eq(games.id, gameId));
  return row;
}

/**
 * The ids of the player's games started after `since`, newest first, at most `limit`: the rounds
 * whose keys may have sealed a result.
 */
export async function recentGameIds(tx: Tx, userId: number, since: Date, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.userId, userId), gt(games.startedAt, since)))
    .orderBy(desc(games.startedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Finishes the player's unfinished game with its score and reward, once: concurrent or replayed
 * results find it finished and change nothing. True when this call finished it.
 */
export async function finishGame(
  tx: Tx,
  game: { id: string; userId: number; score: number; reward: number; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(games)
    .set({ finishedAt: game.at, score: game.score, reward: game.reward })
    .where(sql`${games.id} = ${game.id} and ${games.userId} = ${game.userId} and ${games.finishedAt} is null`)
    .returning({ id: games.id });
  return rows.length === 1;
}

/** Pays the game's coins onto the balance and the lifetime score. */
export const payGame = (tx: Tx, userId: number, coins: number): Promise<AccountRow | null> =>
  changeAccount(tx, userId, { coins, score: coins });

/**
 * Drops the player's unfinished games that expired (started before `expiredBefore`) and all but
 * the newest `keep` of the others: a new start abandons them (their ticket was spent).
 */
export async function pruneOpenGames(tx: Tx, userId: number, expiredBefore: Date, keep: number) {
  await tx.execute(sql`
    delete from ${games}
    where ${games.userId} = ${userId} and ${games.finishedAt} is null
      and (${games.startedAt} < ${expiredBefore.toISOString()} or ${games.id} not in (
        select ${games.id} from ${games}
        where ${games.userId} = ${userId} and ${games.finishedAt} is null
        order by ${games.startedAt} desc limit ${keep}))`);
}

/** Deletes up to `limit` expired unfinished games of any player, skipping rows others hold. */
export async function sweepExpiredGames(tx: Tx, expiredBefore: Date, limit: number) {
  await tx.execute(sql`
    delete from ${games} where ${games.id} in (
      select ${games.id} from ${games}
      where ${games.finishedAt} is null and ${games.startedAt} < ${expiredBefore.toISOString()}
      limit ${limit} for update skip locked)`);
}

/**
 * For each of `ids` with a finished game, how many they finished and the median of their
 * scores (mole timings as the fairness signals read them). One query.
 */
export async function moleStats(
  tx: Tx,
  ids: readonly number[],
): Promise<Map<number, { games: number; medianScore: number }>> {
  if (ids.length === 0) return new Map();
  const list = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = await tx
    .select({
      userId: games.userId,
      games: sql<number>`count(*)::int`,
      median: sql<number>`percentile_cont(0.5) within group (order by ${games.score})`,
    })
    .from(games)
    .where(sql`${games.userId} = any(${list}::bigint[]) and ${games.score} is not null`)
    .groupBy(games.userId);
  return new Map(rows.map((r) => [r.userId, { games: Number(r.games), medianScore: Number(r.median) }]));
}

// --- Read by the console (modules/admin) -------------------------------------------------------

type Raw = Record<string, string | number | null>;

/** A player's latest games, newest first. */
export async function recentGames(tx: Tx, id: number, limit = 20) {
  return tx.select().from(games).where(eq(games.userId, id)).orderBy(desc(games.startedAt)).limit(limit);
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
