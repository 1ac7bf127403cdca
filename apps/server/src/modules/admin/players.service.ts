import { neutraliseName } from '@egg-rush/game/names';
import type {
  AdminAdjustBody,
  AdminLedgerResponse,
  AdminPlayerResponse,
  AdminPlayerSummary,
} from '@egg-rush/contract/admin';
import {
  ADJUST_DAY_LIMITS,
  ADJUST_KIND,
  ADJUST_LIMITS,
  PLAYER_ADJUST_DAY_LIMITS,
  playerAdjustWithinDay,
} from '@egg-rush/game/operator';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound, refused } from '../../lib/errors.ts';
import { flushScores, redisScores, leagueSets } from '../leaderboard/index.ts';
import { ledgerReads, write } from '../ledger/index.ts';
import { recentGames } from '../play/index.ts';
import { taskRows } from '../tasks/index.ts';
import { recordBan, recordBans, type BanList } from '../bans/index.ts';
import { dailyState, resetStreak } from '../daily/index.ts';
import * as repo from './admin.repository.ts';
import { DAY_MS, nextResetAt } from '@egg-rush/game/time';
import { auditRows, insertAudit, type AuditRow } from '../audit/index.ts';

/** A time as the console's replies carry it: milliseconds since the epoch, or null. */
export const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

export function summary(p: repo.PlayerRow): AdminPlayerSummary {
  return {
    id: p.id,
    username: p.username,
    firstName: neutraliseName(p.firstName),
    walletAddress: p.walletAddress,
    coins: p.coins,
    tickets: p.ticket,
    lifetimeCoins: p.totalScore,
    createdAt: p.createdAt.getTime(),
    seenAt: p.seenAt.getTime(),
    bannedAt: ms(p.bannedAt),
    banReason: p.banReason,
  };
}

const balances = (p: Pick<repo.PlayerRow, 'coins' | 'ticket' | 'totalScore'>) => ({
  coins: p.coins,
  tickets: p.ticket,
  lifetimeCoins: p.totalScore,
});
const banState = (p: Pick<repo.PlayerRow, 'bannedAt' | 'banReason'>) => ({
  bannedAt: ms(p.bannedAt),
  banReason: p.banReason,
});

/** The console's players: search, one player's page and ledger, and the actions on a player (adjust, ban, reset the streak), each bounded and recorded. */
export function createPlayersAdmin(deps: Deps, bans: BanList) {
  const { db } = deps.database;

  async function requirePlayer(tx: Tx, id: number) {
    const player = await repo.lockPlayer(tx, id);
    if (!player) throw notFound('Player not found.');
    return player;
  }

  /** The boards after a ban (the players come off) or an unban (back on, with their totals). */
  async function afterBan(players: readonly { id: number; totalScore?: number }[], banned: boolean) {
    for (const { id } of players) bans.changed(id, banned);
    if (!deps.redis) return;
    const board = redisScores(deps.redis);
    const leagues = leagueSets(deps.redis);
    try {
      if (banned) {
        // Totals committed before the ban and still waiting go out first, then come off.
        await flushScores(deps.redis);
        for (const { id } of players) await board.remove(id);
        for (const { id } of players) await leagues.remove(id);
      } else {
        const totals = players.map((p) => ({ userid: p.id, totalScore: p.totalScore ?? 0 }));
        await board.record(totals);
        await leagues.record(totals);
      }
    } catch {
      // Redis down: the board is rebuilt from PostgreSQL (banned players left out) when it returns.
    }
  }

  return {
    players: async (q: string) => ({ players: (await repo.searchPlayers(db, q)).map(summary) }),

    async player(id: number): Promise<AdminPlayerResponse> {
      const p = await repo.findPlayer(db, id);
      if (!p) throw notFound('Player not found.');
      const [daily, tree, played, tasks, audit] = await Promise.all([
        dailyState(db, id),
        repo.referralTree(db, id),
        recentGames(db, id),
        taskRows(db, id),
        auditRows(db, `player:${id}`, 50),
      ]);
      return {
        player: {
          ...summary(p),
          lastName: p.lastName,
          languageCode: p.languageCode,
          isPremium: p.isPremium,
          referrerId: p.referrerId,
          energy: p.energy,
          maxEnergy: p.maxEnergy,
          earnPerHour: p.earnPerHour,
          rewardStreak: daily.rewardStreak,
          lastDailyDay: daily.lastDailyDay,
        },
        referrals: tree.first.map((f) => ({
          id: f.id,
          firstName: neutraliseName(f.firstName),
          username: f.username,
          createdAt: f.createdAt.getTime(),
          bannedAt: ms(f.bannedAt),
          invited: tree.second
            .filter((s) => s.referrerId === f.id)
            .map((s) => ({
              id: s.id,
              firstName: neutraliseName(s.firstName),
              username: s.username,
              createdAt: s.createdAt.getTime(),
            })),
        })),
        games: played.map((g) => ({
          id: g.id,
          startedAt: g.startedAt.getTime(),
          finishedAt: ms(g.finishedAt),
          score: g.score,
          reward: g.reward,
        })),
        taskClaims: tasks.map((t) => ({
          taskName: t.taskName,
          period: t.period,
          claimed: t.claimed,
          updatedAt: t.updatedAt.getTime(),
        })),
        audit: audit.map(auditView),
      };
    },

    async ledger(id: number, before: number | undefined, limit: number): Promise<AdminLedgerResponse> {
      const rows = await ledgerReads.ledgerPage(db, id, before, limit);
      // A full page (limit ≥ 1 rows) has a last row: the next page starts before it.
      const last = rows.at(-1);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          deltaCoins: r.deltaCoins,
          deltaTicket: r.deltaTicket,
          ref: r.ref,
          createdAt: r.createdAt.getTime(),
        })),
        next: last && rows.length === limit ? last.id : null,
      };
    },

    /** Coins and tickets added or taken by an operator: a ledger row of its own kind, and an audit row. */
    async adjust(adminId: number, id: number, body: AdminAdjustBody) {
      if (Math.abs(body.coins) > ADJUST_LIMITS.coins || Math.abs(body.tickets) > ADJUST_LIMITS.tickets)
        throw badRequest(
          `An adjustment moves at most ${ADJUST_LIMITS.coins} coins and ${ADJUST_LIMITS.tickets} tickets.`,
          'ADJUST_TOO_LARGE',
        );
      const at = new Date(deps.now());
      return write(deps, async (tx, fx) => {
        const before = await requirePlayer(tx, id);
        const moved = { coins: Math.abs(body.coins), tickets: Math.abs(body.tickets) };
        const day = await repo.addToAdjustDay(
          tx,
          adminId,
          Math.floor(at.getTime() / DAY_MS),
          moved,
          ADJUST_DAY_LIMITS,
        );
        if (!day)
          throw refused(
            'ADJUST_DAY_LIMIT',
            `An operator moves at most ${ADJUST_DAY_LIMITS.coins} coins and ${ADJUST_DAY_LIMITS.tickets} tickets a day.`,
          );
        // All operators together, per game day: counted from the ledger under the player's row lock
        // (taken above), so two operators crediting at once are counted one after the other.
        const dayEnd = nextResetAt(at.getTime());
        const received = await ledgerReads.ledgerCredits(
          tx,
          id,
          ADJUST_KIND,
          new Date(dayEnd - DAY_MS),
          new Date(dayEnd),
        );
        if (!playerAdjustWithinDay(received, body))
          throw refused(
            'PLAYER_ADJUST_DAY_LIMIT',
            `A player receives at most ${PLAYER_ADJUST_DAY_LIMITS.coins} coins and ${PLAYER_ADJUST_DAY_LIMITS.tickets} tickets a game day from all operators together (${received.coins} coins and ${received.tickets} tickets so far today).`,
          );
        const after = await repo.adjustBalances(tx, id, body.coins, body.tickets);
        if (!after) throw refused('NEGATIVE_BALANCE', 'This would leave the player with a negative balance.');
        fx.ledger({
          userId: id,
          kind: ADJUST_KIND,
          deltaCoins: body.coins,
          deltaTicket: body.tickets,
          ref: `admin:${adminId}`,
          at,
        });
        await insertAudit(tx, [
          {
            adminId,
            action: 'player.adjust',
            target: `player:${id}`,
            reason: body.reason,
            before: balances(before),
            after: { ...balances(after), operatorDay: day },
            createdAt: at,
          },
        ]);
        return { player: summary({ ...before, ...after }) };
      });
    },

    async ban(adminId: number, id: number, reason: string | null, banned: boolean) {
      const at = new Date(deps.now());
      const after = await deps.database.transaction(async (tx) => {
        const before = await requirePlayer(tx, id);
        const saved = await recordBan(tx, id, banned ? { at, reason: reason ?? '' } : null, {
          adminId,
          reason,
          at,
        });
        await insertAudit(tx, [
          {
            adminId,
            action: banned ? 'player.ban' : 'player.unban',
            target: `player:${id}`,
            reason,
            before: banState(before),
            after: banState(saved),
            createdAt: at,
          },
        ]);
        return { ...before, ...saved };
      });
      await afterBan([after], banned);
      return { player: summary(after) };
    },

    async banMany(adminId: number, ids: readonly number[], reason: string) {
      const at = new Date(deps.now());
      const done = await deps.database.transaction(async (tx) => {
        // Only players are banned: an id that is no one's is left out.
        const rows = await recordBans(
          tx,
          await repo.existingPlayers(tx, [...new Set(ids)]),
          at,
          reason,
          adminId,
        );
        await insertAudit(
          tx,
          rows.map((r) => ({
            adminId,
            action: 'player.ban',
            target: `player:${r.id}`,
            reason,
            before: { bannedAt: null, banReason: null },
            after: { bannedAt: at.getTime(), banReason: reason },
            createdAt: at,
          })),
        );
        return rows;
      });
      await afterBan(done, true);
      return { banned: done.length };
    },

    async resetStreak(adminId: number, id: number, reason: string) {
      const at = new Date(deps.now());
      const after = await deps.database.transaction(async (tx) => {
        const player = await requirePlayer(tx, id);
        const before = await resetStreak(tx, id);
        await insertAudit(tx, [
          {
            adminId,
            action: 'player.reset-streak',
            target: `player:${id}`,
            reason,
            before,
            after: { rewardStreak: 0, lastDailyDay: null },
            createdAt: at,
          },
        ]);
        return player;
      });
      return { player: summary(after) };
    },
  };
}
export const auditView = (r: AuditRow) => ({
  id: r.id,
  adminId: r.adminId,
  action: r.action,
  target: r.target,
  reason: r.reason,
  before: r.before ?? null,
  after: r.after ?? null,
  createdAt: r.createdAt.getTime(),
});
