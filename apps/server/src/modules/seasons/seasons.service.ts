import type { SeasonBoardResponse, SeasonResultsResponse } from '@egg-rush/contract/seasons';
import { BOARD_NAMES_SPARE, boardOf, type BoardRow } from '@egg-rush/game/leaderboard';
import {
  SEASON_PRIZED,
  SEASON_PRIZES,
  seasonPrize,
  settleableWeeks,
  weekEndsAt,
  weekOf,
  weekStartsAt,
} from '@egg-rush/game/seasons';
import { bansOf } from '../bans/index.ts';
import type { Deps } from '../../lib/deps.ts';
import { refused } from '../../lib/errors.ts';
import { BOARD_SHARED_MS, sharedReads } from '../../lib/shared-read.ts';
import { creditPrize } from '../accounts/index.ts';
import { write } from '../ledger/index.ts';
import {
  ensureWeek,
  finishedWeekTop,
  insertResults,
  liveWeekRow,
  liveWeekStandings,
  lockUnsettledWeek,
  markSettled,
  settledWeeks,
  weekResults,
} from './seasons.repository.ts';

export const WEEK_NOT_OVER = 'This week is still being played.';
/** How long the payout's read of a finished week may take (it runs once a week, off the request path). */
export const SEASON_READ_TIMEOUT_MS = 120_000;

export function createSeasonsService(deps: Deps) {
  const { db } = deps.database;
  const span = (week: number) => ({ startsAt: weekStartsAt(week), endsAt: weekEndsAt(week) });
  const bans = bansOf(deps.database);
  // Where everyone stands this week is the same for every reader: read once per process per
  // BOARD_SHARED_MS however many read it. Each reader's own coins are read fresh (one row by its
  // key) and ranked among it by binary search, so a read costs the same whatever the reader's rank.
  const weeks = sharedReads(
    (week: number) => liveWeekStandings(db, week, SEASON_PRIZED + BOARD_NAMES_SPARE),
    BOARD_SHARED_MS,
  );

  return {
    /** This week's board of coins earned since Monday, and the caller's row. */
    async current(userId: number): Promise<SeasonBoardResponse> {
      const week = weekOf(deps.now());
      const { startsAt, endsAt } = span(week);
      const [{ standings, names }, fresh] = await Promise.all([
        weeks.get(week),
        liveWeekRow(db, week, userId),
      ]);
      const board = boardOf(
        standings,
        names,
        fresh && { userid: fresh.userid, firstname: fresh.firstname, score: fresh.coins },
        SEASON_PRIZED,
        (id) => bans.heldBanned(id),
      );
      const row = ({ score, ...r }: BoardRow) => ({ ...r, coins: score, prize: seasonPrize(r.rank) });
      return {
        week,
        startsAt,
        endsAt,
        ranking: board.rows.map(row),
        totalParticipants: board.total,
        me: board.own && row(board.own),
        prizes: SEASON_PRIZES.map((band) => ({ ...band, prize: { ...band.prize } })),
      };
    },

    /** A finished week's paid ranks (the last finished week by default). */
    async results(userId: number, asked: number | undefined): Promise<SeasonResultsResponse> {
      const week = asked ?? weekOf(deps.now()) - 1;
      if (week >= weekOf(deps.now())) throw refused('WEEK_NOT_OVER', WEEK_NOT_OVER);
      const [settled, results] = await Promise.all([settledWeeks(db, [week]), weekResults(db, week, userId)]);
      return { week, ...span(week), settled: settled.has(week), ranking: results.rows, me: results.me };
    },

    /**
     * Pays a finished week's top players by the prize table, exactly once: the week's row is
     * locked with SKIP LOCKED (a second process skips the week instead of waiting or paying), each
     * payout is keyed by (week, player), and the week is marked settled in the same transaction.
     * Null when the week was already settled or is being settled elsewhere.
     */
    async settleWeek(week: number): Promise<{ paid: number } | null> {
      if (week >= weekOf(deps.now())) throw refused('WEEK_NOT_OVER', WEEK_NOT_OVER);
      if ((await settledWeeks(db, [week])).has(week)) return null;
      await ensureWeek(db, week);
      const at = new Date(deps.now());
      const { startsAt, endsAt } = span(week);
      const board = await finishedWeekTop(
        db,
        new Date(startsAt),
        new Date(endsAt),
        SEASON_PRIZED,
        SEASON_READ_TIMEOUT_MS,
      );
      return write(deps, async (tx, fx) => {
        if (!(await lockUnsettledWeek(tx, week))) return null;
        const rows = board.rows.flatMap((r) => {
          const prize = seasonPrize(r.rank);
          return prize ? [{ userId: r.userid, rank: r.rank, coins: r.coins, ...prize }] : [];
        });
        const fresh = await insertResults(tx, week, rows);
        let paid = 0;
        for (const r of rows) {
          if (!fresh.has(r.userId)) continue;
          if (!(await creditPrize(tx, r.userId, { ticket: r.ticket, chests: r.chests }))) continue;
          fx.ledger({
            userId: r.userId,
            kind: 'season',
            deltaTicket: r.ticket,
            ref: `${week}:${r.rank}`,
            at,
          });
          paid++;
        }
        await markSettled(tx, week, board.participants, at);
        return { paid };
      });
    },

    /** Settles every finished week within reach that is not settled yet (the scheduled job). */
    async settleDue(): Promise<{ week: number; paid: number }[]> {
      const weeks = settleableWeeks(deps.now());
      const done = await settledWeeks(db, weeks);
      const out: { week: number; paid: number }[] = [];
      for (const week of weeks) {
        if (done.has(week)) continue;
        const result = await this.settleWeek(week);
        if (result) out.push({ week, ...result });
      }
      return out;
    },
  };
}
