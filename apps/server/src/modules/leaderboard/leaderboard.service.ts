import type { LeaderboardResponse } from '@egg-rush/contract/leaderboard';
import { LEADERBOARD_SIZE } from '@egg-rush/game/leaderboard';
import type { Deps } from '../../lib/deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { countParticipants, firstNames, playerRank, topPlayers } from './leaderboard.repository.ts';
import { redisScores } from './leaderboard.store.ts';

export function createLeaderboardService(deps: Deps) {
  // Ranks, counts and names may lag the writes by a moment: the replica when there is one.
  const { replica: db } = deps.database;

  /** PostgreSQL alone: the embedded default, and the fallback when Redis fails. */
  async function fromPostgres(userId: number): Promise<LeaderboardResponse> {
    const [ranking, totalParticipants, me] = await Promise.all([
      topPlayers(db, LEADERBOARD_SIZE),
      countParticipants(db),
      playerRank(db, userId),
    ]);
    if (!me) throw notFound('Player not found.');
    return { ranking, totalParticipants, me };
  }

  /** Ranks and scores from the sorted set; only the names come from PostgreSQL, by key. */
  async function fromRedis(userId: number): Promise<LeaderboardResponse | undefined> {
    const scores = redisScores(deps.redis!);
    const [built, top, totalParticipants, mine] = await Promise.all([
      scores.built(),
      scores.top(LEADERBOARD_SIZE),
      scores.count(),
      scores.rank(userId),
    ]);
    if (!built) {
      // Redis lost the board (or was down at start): reload it while PostgreSQL answers.
      void scores.rebuildIfMissing(db).catch(() => undefined);
      return undefined;
    }
    if (!mine) return undefined;
    const names = await firstNames(db, [...top.map((r) => r.userid), userId]);
    if (!names.has(userId)) throw notFound('Player not found.');
    const ranking = top.map((r, i) => ({
      userid: r.userid,
      firstname: names.get(r.userid) ?? '',
      totalScore: r.totalScore,
      rank: i + 1,
    }));
    const me = { userid: userId, firstname: names.get(userId)!, ...mine };
    return { ranking, totalParticipants, me };
  }

  return {
    /** The top players, how many play, and the caller's own row even outside the top. */
    async total(userId: number): Promise<LeaderboardResponse> {
      if (deps.redis) {
        try {
          const board = await fromRedis(userId);
          if (board) return board;
        } catch (error) {
          if (error instanceof AppError) throw error;
          // Redis unreachable: PostgreSQL still knows every score.
        }
      }
      return fromPostgres(userId);
    },
  };
}
