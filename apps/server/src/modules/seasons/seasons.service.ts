import type { SeasonBoardResponse, SeasonResultsResponse } from '@egg-rush/contract/seasons';
import {
  SEASON_PRIZED,
  SEASON_PRIZES,
  seasonPrize,
  settleableWeeks,
  weekEndsAt,
  weekOf,
  weekStartsAt,
} from '@egg-rush/game/seasons';
import type { Deps } from '../../lib/deps.ts';
import { refused } from '../../lib/errors.ts';
import { write } from '../ledger/ledger.write.ts';
import { creditPrize } from '../ledger/prize.repository.ts';
import {
  ensureWeek,
  finishedWeekTop,
  insertResults,
  liveWeekBoard,
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

  return {
    /** This week's board of coins earned since Monday, and the caller's row. */
    async current(userId: number): Promise<SeasonBoardResponse> {
      const week = weekOf(deps.now());
      const { startsAt, endsAt } = span(week);
      const board = await liveWeekBoard(db, week, SEASON_PRIZED, userId);
      const withPrize = <T extends { rank: number }>(r: T) => ({ ...r, prize: seasonPrize(r.rank) });
      return {
        week,
        startsAt,
        endsAt,
        ranking: board.rows.map(withPrize),
        totalParticipants: board.participants,
        me: board.me ? withPrize(board.me) : null,
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
