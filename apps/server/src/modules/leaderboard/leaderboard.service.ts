import type { LeaderboardResponse } from '@egg-rush/contract/leaderboard';
import type { Redis } from 'ioredis';
import { BOARD_NAMES_SPARE, boardOf, LEADERBOARD_SIZE, withOwnRow } from '@egg-rush/game/leaderboard';
import type { Deps } from '../../lib/deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { bansOf } from '../bans/index.ts';
import { BOARD_SHARED_MS, sharedRead } from '../../lib/shared-read.ts';
import {
  firstNames,
  namedRows,
  playerScore,
  rankedPlayers,
  rankRow,
  type RankRow,
} from './leaderboard.repository.ts';
import { redisScores } from './leaderboard.store.ts';

export function createLeaderboardService(deps: Deps) {
  // Ranks, counts and names may lag the writes by a moment: the replica when there is one.
  const { replica: db } = deps.database;
  const bans = bansOf(deps.database);

  // The top rows and the count are the same for every reader: computed once per process per
  // BOARD_SHARED_MS however many read them (one more row than shown, for a reader who left the
  // top since). Each reader's own row is read fresh and placed among them (withOwnRow).
  const postgresStandings = sharedRead(async () => {
    return rankedPlayers(db, 0, null, LEADERBOARD_SIZE + BOARD_NAMES_SPARE);
  }, BOARD_SHARED_MS);
  const redisTop = sharedRead(async () => {
    if (!deps.redis) throw new Error('the board is read from Redis only when Redis is configured');
    const scores = redisScores(deps.redis);
    const [built, top, totalParticipants] = await Promise.all([
      scores.built(),
      scores.top(LEADERBOARD_SIZE + 1),
      scores.count(),
    ]);
    if (!built) {
      // Redis lost the board (or was down at start): reload it while PostgreSQL answers.
      void scores.rebuildIfMissing(db).catch(() => undefined);
      return undefined;
    }
    return { ranking: await namedRows(db, top), totalParticipants };
  }, BOARD_SHARED_MS);

  /** The shared rows less anyone banned since they were read, with the reader's own row. */
  const place = (shared: { ranking: RankRow[]; totalParticipants: number }, me: RankRow) => {
    const rows = shared.ranking.filter((r) => !bans.heldBanned(r.userid));
    const { rows: ranking, own } = withOwnRow(rows, me, LEADERBOARD_SIZE, (r) => r.totalScore);
    if (!own) throw new Error('withOwnRow answers an own row when given one');
    return { ranking, totalParticipants: shared.totalParticipants, me: own };
  };

  /**
   * PostgreSQL alone (the embedded default, and the fallback when Redis fails): everyone's
   * standings shared, the reader's own score read by its key and ranked among them.
   */
  async function fromPostgres(userId: number): Promise<LeaderboardResponse> {
    const [{ standings, names }, me] = await Promise.all([postgresStandings.get(), playerScore(db, userId)]);
    if (!me) throw notFound('Player not found.');
    const board = boardOf(standings, names, { ...me, score: me.totalScore }, LEADERBOARD_SIZE, (id) =>
      bans.heldBanned(id),
    );
    if (!board.own) throw new Error('boardOf answers an own row when given one');
    return { ranking: board.rows.map(rankRow), totalParticipants: board.total, me: rankRow(board.own) };
  }

  /** Ranks and scores from the sorted set; only the names come from PostgreSQL, by key. */
  async function fromRedis(redis: Redis, userId: number): Promise<LeaderboardResponse | undefined> {
    const [shared, mine] = await Promise.all([redisTop.get(), redisScores(redis).rank(userId)]);
    if (!shared || !mine) return undefined;
    const firstname =
      shared.ranking.find((r) => r.userid === userId)?.firstname ??
      (await firstNames(db, [userId])).get(userId);
    if (firstname === undefined) throw notFound('Player not found.');
    return place(shared, { userid: userId, firstname, ...mine });
  }

  return {
    /** The top players, how many play, and the caller's own row even outside the top. */
    async total(userId: number): Promise<LeaderboardResponse> {
      if (deps.redis) {
        try {
          const board = await fromRedis(deps.redis, userId);
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
