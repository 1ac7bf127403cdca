import CryptoJS from 'crypto-js';
import { gameResult, type PlayResultResponse, type PlayStartResponse } from '@egg-rush/contract/play';
import { gameReward, maxScoreFor, RESULT_GRACE_MS, TIME_LIMIT_MS } from '@egg-rush/game/mole';
import type { Deps } from '../../lib/deps.ts';
import { write } from '../ledger/ledger.write.ts';
import { currentBalances } from '../users/users.service.ts';
import { createGame, findGame, finishGame, payGame, spendTicket } from './play.repository.ts';

export const PLAY_MESSAGES = {
  noTicket: 'Not Enough Ticket.',
  unreadable: 'This result could not be read.',
  unknown: 'This game does not exist.',
  notYours: 'This game belongs to another player.',
  finished: 'This game has already been scored.',
  late: 'This game has expired.',
  impossible: 'This score is not possible in the time played.',
} as const;

/** Decrypts `{ score, gameId }` (crypto-js AES, OpenSSL passphrase format); null if unreadable. */
export function readResult(data: string, passphrase: string) {
  try {
    const text = CryptoJS.AES.decrypt(data, passphrase).toString(CryptoJS.enc.Utf8);
    const parsed = gameResult.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The mole game's sessions (SPEC.md section 7 /play/start and /play/result). The encryption is
 * obfuscation only; the protection is that a game belongs to one player, is scored once, in
 * time, and never above what the elapsed time allows.
 */
export function createPlayService(deps: Deps) {
  return {
    async start(userId: number): Promise<PlayStartResponse> {
      const now = deps.now();
      return write(deps, async (tx, fx) => {
        const row = await spendTicket(tx, userId);
        if (!row) return { success: false as const, msg: PLAY_MESSAGES.noTicket };
        const gameId = await createGame(tx, userId, new Date(now));
        fx.ledger({
          userId,
          kind: 'game:start',
          deltaTicket: -1,
          ref: gameId,
          at: new Date(now),
        });
        return { success: true as const, ticket: row.ticket, gameId };
      });
    },

    async result(userId: number, data: string): Promise<PlayResultResponse> {
      const now = deps.now();
      const result = readResult(data, deps.env.gameSecret);
      if (!result) return { success: false, msg: PLAY_MESSAGES.unreadable };
      return write(deps, async (tx, fx) => {
        const game = await findGame(tx, result.gameId);
        if (!game) return { success: false as const, msg: PLAY_MESSAGES.unknown };
        if (game.userId !== userId) return { success: false as const, msg: PLAY_MESSAGES.notYours };
        if (game.finishedAt) return { success: false as const, msg: PLAY_MESSAGES.finished };
        const elapsed = now - game.startedAt.getTime();
        if (elapsed > TIME_LIMIT_MS + RESULT_GRACE_MS)
          return { success: false as const, msg: PLAY_MESSAGES.late };
        if (result.score > maxScoreFor(elapsed))
          return { success: false as const, msg: PLAY_MESSAGES.impossible };
        const reward = gameReward(result.score);
        const finished = await finishGame(tx, {
          id: game.id,
          userId,
          score: result.score,
          reward,
          at: new Date(now),
        });
        if (!finished) return { success: false as const, msg: PLAY_MESSAGES.finished };
        const row = await payGame(tx, userId, reward);
        if (!row) return { success: false as const, msg: PLAY_MESSAGES.unknown };
        fx.ledger({
          userId,
          kind: 'game',
          deltaOnion: reward,
          ref: game.id,
          at: new Date(now),
        });
        fx.progress(userId, 'game');
        return { success: true as const, onion: currentBalances(row, now).onion, reward };
      });
    },
  };
}
