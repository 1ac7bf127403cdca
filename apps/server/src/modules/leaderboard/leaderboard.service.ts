import type { LeaderboardResponse } from '@egg-rush/contract/leaderboard';
import { LEADERBOARD_SIZE } from '@egg-rush/game/leaderboard';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { countParticipants, playerRank, topPlayers } from './leaderboard.repository.ts';

export function createLeaderboardService(deps: Deps) {
  const { db } = deps.database;
  return {
    /** The top players, how many play, and the caller's own row even outside the top. */
    async total(userId: number): Promise<LeaderboardResponse> {
      const [ranking, totalParticipants, me] = await Promise.all([
        topPlayers(db, LEADERBOARD_SIZE),
        countParticipants(db),
        playerRank(db, userId),
      ]);
      if (!me) throw notFound('Player not found.');
      return { ranking, totalParticipants, me };
    },
  };
}
