import type {
  LeagueBoardResponse,
  LeagueClaimResponse,
  LeagueStatusResponse,
} from '@egg-rush/contract/leagues';
import { BOARD_NAMES_SPARE, boardOf, LEADERBOARD_SIZE, withOwnRow } from '@egg-rush/game/leaderboard';
import { LEAGUES, leagueProgress, leagueRewardKey, rewardedLeagues } from '@egg-rush/game/leagues';
import { bansOf } from '../bans/index.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, notFound, refused } from '../../lib/errors.ts';
import { BOARD_SHARED_MS, sharedReads } from '../../lib/shared-read.ts';
import { claimedKeys, claimOnce } from '../friends/index.ts';
import {
  firstNames,
  leagueSets,
  namedRows,
  playerScore,
  rankedPlayers,
  rankRow,
  type RankRow,
} from '../leaderboard/index.ts';
import { creditPrize, findAccount, lockAccount } from '../accounts/index.ts';
import { write } from '../ledger/index.ts';

export const LEAGUE_NOT_REACHED = 'You have not reached this league yet.';
export const LEAGUE_ALREADY_CLAIMED = 'This league reward has already been claimed.';

export function createLeaguesService(deps: Deps) {
  const { db } = deps.database;

  const bans = bansOf(deps.database);
  const bounds = (league: number) => {
    const at = LEAGUES[league];
    if (!at) throw new Error(`no league ${league}`);
    return { from: at.threshold, to: LEAGUES[league + 1]?.threshold ?? null };
  };
  /** The league sets in Redis: read only when Redis is configured. */
  const redisSets = () => {
    if (!deps.redis) throw new Error('league sets read without Redis');
    return leagueSets(deps.redis);
  };

  // A league's top rows and count are the same for every reader: computed once per process per
  // BOARD_SHARED_MS however many read them (one more row than shown, for a reader who left the
  // top since). Each reader's own row is read fresh and placed among them (withOwnRow).
  const postgresStandings = sharedReads(async (league: number) => {
    const { from, to } = bounds(league);
    return rankedPlayers(db, from, to, LEADERBOARD_SIZE + BOARD_NAMES_SPARE);
  }, BOARD_SHARED_MS);
  const redisTops = sharedReads(async (league: number) => {
    const sets = redisSets();
    const [built, top, totalParticipants] = await Promise.all([
      sets.built(),
      sets.top(league, LEADERBOARD_SIZE + 1),
      sets.count(league),
    ]);
    if (!built) {
      void sets.rebuildIfMissing(db).catch(() => undefined);
      return undefined;
    }
    return { ranking: await namedRows(db, top), totalParticipants };
  }, BOARD_SHARED_MS);

  /** The shared rows less anyone banned since they were read, with the reader's own row. */
  const place = (
    league: number,
    shared: { ranking: RankRow[]; totalParticipants: number },
    me: RankRow | null,
  ): LeagueBoardResponse => {
    const rows = shared.ranking.filter((r) => !bans.heldBanned(r.userid));
    const { rows: ranking, own } = withOwnRow(rows, me, LEADERBOARD_SIZE, (r) => r.totalScore);
    return { league, ranking, totalParticipants: shared.totalParticipants, me: own };
  };

  /** On PostgreSQL alone: the league's standings shared, the reader's own score read by its key. */
  async function boardFromPostgres(userId: number, league: number): Promise<LeagueBoardResponse> {
    const { from, to } = bounds(league);
    const [{ standings, names }, me] = await Promise.all([
      postgresStandings.get(league),
      playerScore(db, userId),
    ]);
    const inLeague = me && me.totalScore >= from && (to === null || me.totalScore < to);
    const own = inLeague ? { ...me, score: me.totalScore } : null;
    const board = boardOf(standings, names, own, LEADERBOARD_SIZE, (id) => bans.heldBanned(id));
    return {
      league,
      ranking: board.rows.map(rankRow),
      totalParticipants: board.total,
      me: board.own && rankRow(board.own),
    };
  }

  /** The league's set in Redis; undefined when Redis does not hold the league boards yet. */
  async function boardFromRedis(userId: number, league: number): Promise<LeagueBoardResponse | undefined> {
    const [shared, mine] = await Promise.all([redisTops.get(league), redisSets().rank(league, userId)]);
    if (!shared) return undefined;
    if (!mine) return place(league, shared, null);
    const firstname =
      shared.ranking.find((r) => r.userid === userId)?.firstname ??
      (await firstNames(db, [userId])).get(userId) ??
      '';
    return place(league, shared, { userid: userId, firstname, ...mine });
  }

  return {
    async status(userId: number): Promise<LeagueStatusResponse> {
      const user = await findAccount(db, userId);
      if (!user) throw notFound('Player not found.');
      const claimed = await claimedKeys(db, userId, 'league:');
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
        const total = (await lockAccount(tx, userId))?.totalScore;
        if (total === undefined) throw notFound('Player not found.');
        if (total < league.threshold) throw refused('LEAGUE_NOT_REACHED', LEAGUE_NOT_REACHED);
        if (!(await claimOnce(tx, userId, leagueRewardKey(league), at)))
          throw refused('ALREADY_CLAIMED', LEAGUE_ALREADY_CLAIMED);
        const paid = await creditPrize(tx, userId, league.reward);
        if (!paid) throw notFound('Player not found.');
        fx.ledger({
          userId,
          kind: 'league',
          deltaCoins: league.reward.onion,
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
        const user = await findAccount(db, userId);
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
