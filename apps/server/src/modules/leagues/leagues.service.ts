import type {
  LeagueBoardResponse,
  LeagueClaimResponse,
  LeagueStatusResponse,
} from '@egg-rush/contract/leagues';
import { LEADERBOARD_SIZE } from '@egg-rush/game/leaderboard';
import { LEAGUES, leagueProgress, leagueRewardKey, rewardedLeagues } from '@egg-rush/game/leagues';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, notFound, refused } from '../../lib/errors.ts';
import { claimOnce } from '../friends/friends.repository.ts';
import { firstNames } from '../leaderboard/leaderboard.repository.ts';
import { write } from '../ledger/ledger.write.ts';
import { creditPrize } from '../ledger/prize.repository.ts';
import { findUser } from '../users/users.repository.ts';
import { claimedLeagueKeys, leagueCount, leagueRank, leagueTop, lockTotal } from './leagues.repository.ts';
import { leagueSets } from './leagues.store.ts';

export const LEAGUE_NOT_REACHED = 'You have not reached this league yet.';
export const LEAGUE_ALREADY_CLAIMED = 'This league reward has already been claimed.';

export function createLeaguesService(deps: Deps) {
  const { db } = deps.database;

  const bounds = (league: number) => ({
    from: LEAGUES[league]!.threshold,
    to: LEAGUES[league + 1]?.threshold ?? null,
  });

  async function boardFromPostgres(userId: number, league: number): Promise<LeagueBoardResponse> {
    const { from, to } = bounds(league);
    const [ranking, totalParticipants, me] = await Promise.all([
      leagueTop(db, from, to, LEADERBOARD_SIZE),
      leagueCount(db, from, to),
      leagueRank(db, userId, from, to),
    ]);
    const inLeague = me && me.totalScore >= from && (to === null || me.totalScore < to);
    return { league, ranking, totalParticipants, me: inLeague ? me : null };
  }

  /** The league's set in Redis; undefined when Redis does not hold the league boards yet. */
  async function boardFromRedis(userId: number, league: number): Promise<LeagueBoardResponse | undefined> {
    const sets = leagueSets(deps.redis!);
    const [built, top, totalParticipants, mine] = await Promise.all([
      sets.built(),
      sets.top(league, LEADERBOARD_SIZE),
      sets.count(league),
      sets.rank(league, userId),
    ]);
    if (!built) {
      void sets.rebuildIfMissing(db).catch(() => undefined);
      return undefined;
    }
    const names = await firstNames(db, [...top.map((r) => r.userid), userId]);
    const ranking = top.map((r, i) => ({ ...r, firstname: names.get(r.userid) ?? '', rank: i + 1 }));
    const me = mine ? { userid: userId, firstname: names.get(userId) ?? '', ...mine } : null;
    return { league, ranking, totalParticipants, me };
  }

  return {
    async status(userId: number): Promise<LeagueStatusResponse> {
      const user = await findUser(db, userId);
      if (!user) throw notFound('Player not found.');
      const claimed = await claimedLeagueKeys(db, userId);
      const { league, next, progress } = leagueProgress(user.totalScore);
      return {
        leagues: LEAGUES.map((l) => ({ ...l, reward: { ...l.reward } })),
        totalScore: user.totalScore,
        league: league.index,
        next: next?.index ?? null,
        progress,
        claimable: rewardedLeagues(user.totalScore)
          .filter((l) => !claimed.has(leagueRewardKey(l)))
          .map((l) => l.index),
      };
    },

    /** Pays a reached league's reward once (the once-only key makes every other claim a refusal). */
    async claim(userId: number, index: number): Promise<LeagueClaimResponse> {
      const league = LEAGUES[index];
      if (!league || index === 0) throw badRequest('Unknown league.', 'UNKNOWN_LEAGUE');
      const at = new Date(deps.now());
      return write(deps, async (tx, fx) => {
        const total = await lockTotal(tx, userId);
        if (total === undefined) throw notFound('Player not found.');
        if (total < league.threshold) throw refused('LEAGUE_NOT_REACHED', LEAGUE_NOT_REACHED);
        if (!(await claimOnce(tx, userId, leagueRewardKey(league), at)))
          throw refused('ALREADY_CLAIMED', LEAGUE_ALREADY_CLAIMED);
        const paid = await creditPrize(tx, userId, league.reward);
        if (!paid) throw notFound('Player not found.');
        fx.ledger({
          userId,
          kind: 'league',
          deltaOnion: league.reward.onion,
          deltaTicket: league.reward.ticket,
          ref: league.id,
          at,
        });
        return { success: true as const, league: index, ...paid };
      });
    },

    /** A league's board (the caller's league by default), from Redis when it holds it. */
    async board(userId: number, index: number | undefined): Promise<LeagueBoardResponse> {
      let league = index;
      if (league === undefined) {
        const user = await findUser(db, userId);
        if (!user) throw notFound('Player not found.');
        league = leagueProgress(user.totalScore).league.index;
      }
      if (!LEAGUES[league]) throw badRequest('Unknown league.', 'UNKNOWN_LEAGUE');
      if (deps.redis) {
        try {
          const board = await boardFromRedis(userId, league);
          if (board) return board;
        } catch (error) {
          if (error instanceof AppError) throw error;
          // Redis unreachable: PostgreSQL knows every score.
        }
      }
      return boardFromPostgres(userId, league);
    },
  };
}
