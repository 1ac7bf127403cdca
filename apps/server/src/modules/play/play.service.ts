import type { PlayResultResponse, PlayStartResponse } from '@egg-rush/contract/play';
import { GAME_COST_TICKETS, GAME_EXPIRY_MS, gameReward, maxScoreAfterStart } from '@egg-rush/game/mole';
import type { Deps } from '../../lib/deps.ts';
import { gameConfig } from '../config/index.ts';
import { eventBonus, recordEventPaid } from '../events/index.ts';
import { write } from '../ledger/index.ts';
import { currentBalances } from '../accounts/index.ts';
import {
  createGame,
  findGame,
  finishGame,
  payGame,
  pruneOpenGames,
  recentGameIds,
  spendTicket,
  sweepExpiredGames,
} from './play.repository.ts';
import { openResult, roundKey } from './play.seal.ts';

export const PLAY_MESSAGES = {
  noTicket: 'Not Enough Ticket.',
  unreadable: 'This result could not be read.',
  unknown: 'This game does not exist.',
  notYours: 'This game belongs to another player.',
  finished: 'This game has already been scored.',
  late: 'This game has expired.',
  impossible: 'This score is not possible in the time played.',
} as const;

/** A refusal of /play/start or /play/result: `{ success: false, code, msg }`. */
const refusal = (code: 'NOT_ENOUGH_TICKET' | 'GAME_EXPIRED' | 'BAD_RESULT', msg: string) => ({
  success: false as const,
  code,
  msg,
});

/** Unfinished games kept per player besides a new one (design choice: another device's game). */
export const OPEN_GAMES_KEPT = 2;
/** Expired unfinished games of any player deleted per start, at most (a bounded sweep). */
export const GAME_SWEEP_LIMIT = 100;
/**
 * The player's rounds whose keys a result is tried with, newest first: those started within
 * twice the expiry, so that a result that comes late or again is still read and told why it
 * pays nothing (expired, already scored).
 */
export const RESULT_KEYS_TRIED = 8;
export const RESULT_KEYS_WINDOW_MS = 2 * GAME_EXPIRY_MS;

/**
 * The mole game's sessions (/play/start and /play/result). The seal with the round's key
 * (play.seal.ts) is obfuscation only (the client holds the key); the protection is that a game
 * belongs to one player, is scored once, in time, and never above what the elapsed time allows.
 */
export function createPlayService(deps: Deps) {
  const { db } = deps.database;
  return {
    async start(userId: number): Promise<PlayStartResponse> {
      const now = deps.now();
      // Expired games can no longer be scored: they are swept, a bounded number per start.
      await sweepExpiredGames(db, new Date(now - GAME_EXPIRY_MS), GAME_SWEEP_LIMIT);
      return write(deps, async (tx, fx) => {
        const row = await spendTicket(tx, userId);
        if (!row) return refusal('NOT_ENOUGH_TICKET', PLAY_MESSAGES.noTicket);
        await pruneOpenGames(tx, userId, new Date(now - GAME_EXPIRY_MS), OPEN_GAMES_KEPT);
        const gameId = await createGame(tx, userId, new Date(now));
        fx.ledger({
          userId,
          kind: 'game:start',
          deltaTicket: -GAME_COST_TICKETS,
          ref: gameId,
          at: new Date(now),
        });
        return {
          success: true as const,
          ticket: row.ticket,
          gameId,
          key: roundKey(deps.env.gameSecret, gameId),
        };
      });
    },

    async result(userId: number, data: string): Promise<PlayResultResponse> {
      const now = deps.now();
      const rounds = await recentGameIds(
        db,
        userId,
        new Date(now - RESULT_KEYS_WINDOW_MS),
        RESULT_KEYS_TRIED,
      );
      const result = openResult(data, deps.env.gameSecret, rounds);
      if (!result) return refusal('BAD_RESULT', PLAY_MESSAGES.unreadable);
      const reward = gameReward(result.score, (await gameConfig(deps, userId)).mole.rewardCap);
      // A mole event running when the game started (the server's record, never the client's
      // word) pays its extra beside the reward, in a row of its own. The game is read again,
      // locked by its update, in the transaction; its start never changes.
      const started = (await findGame(db, result.gameId))?.startedAt.getTime() ?? now;
      const bonus = await eventBonus(deps, {
        userId,
        kind: 'mole-multiplier',
        base: reward,
        now,
        at: started,
      });
      return write(deps, async (tx, fx) => {
        const game = await findGame(tx, result.gameId);
        if (!game) return refusal('BAD_RESULT', PLAY_MESSAGES.unknown);
        if (game.userId !== userId) return refusal('BAD_RESULT', PLAY_MESSAGES.notYours);
        if (game.finishedAt) return refusal('BAD_RESULT', PLAY_MESSAGES.finished);
        const elapsed = now - game.startedAt.getTime();
        if (elapsed > GAME_EXPIRY_MS) return refusal('GAME_EXPIRED', PLAY_MESSAGES.late);
        // The moles only start after the 3-2-1 countdown: a game ended early is bounded by
        // the time actually played, from the end of the countdown.
        if (result.score > maxScoreAfterStart(elapsed))
          return refusal('BAD_RESULT', PLAY_MESSAGES.impossible);
        const finished = await finishGame(tx, {
          id: game.id,
          userId,
          score: result.score,
          reward,
          at: new Date(now),
        });
        if (!finished) return refusal('BAD_RESULT', PLAY_MESSAGES.finished);
        const row = await payGame(tx, userId, reward + bonus.extra);
        if (!row) return refusal('BAD_RESULT', PLAY_MESSAGES.unknown);
        fx.ledger({
          userId,
          kind: 'game',
          deltaCoins: reward,
          ref: game.id,
          at: new Date(now),
        });
        if (bonus.entry) fx.ledger(bonus.entry);
        await recordEventPaid(tx, bonus.entry);
        fx.progress(userId, 'game');
        return {
          success: true as const,
          onion: currentBalances(row, now).coins,
          reward: reward + bonus.extra,
        };
      });
    },
  };
}
