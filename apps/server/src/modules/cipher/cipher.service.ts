import { createHmac } from 'node:crypto';
import type {
  AdminCipherDay,
  AdminCipherDaysResponse,
  CipherResponse,
  CipherSolveResponse,
} from '@egg-rush/contract/cipher';
import {
  CIPHER_DAYS_AHEAD,
  CIPHER_REWARD,
  CIPHER_TRIES_PER_DAY,
  CIPHER_WORD_MAX,
  CIPHER_WORD_MIN,
  CIPHER_WORDS,
  cipherMessage,
  cipherWord,
  cipherWordFromDigest,
  dateDay,
  dayDate,
  sameWord,
} from '@egg-rush/game/cipher';
import { eventExtra } from '@egg-rush/game/events';
import { playerLanguage, type LanguageCode } from '@egg-rush/game/language';
import { gameDay, nextResetAt } from '@egg-rush/game/time';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, notFound, refused } from '../../lib/errors.ts';
import { insertAudit } from '../audit/index.ts';
import { eventBonus, eventMultiplier, recordEventPaid } from '../events/index.ts';
import { creditPrize } from '../accounts/index.ts';
import { write } from '../ledger/index.ts';
import { findUser, type UserRow } from '../users/index.ts';
import * as repo from './cipher.repository.ts';

export const CIPHER_BAD_WORD = `A cipher word is ${CIPHER_WORD_MIN} to ${CIPHER_WORD_MAX} letters A–Z (no accents, digits or spaces).`;
export const CIPHER_ALREADY_SOLVED = 'You have already solved today’s cipher.';
export const CIPHER_NO_TRIES_LEFT = `No tries left today: ${CIPHER_TRIES_PER_DAY} wrong answers are the day’s limit. A new cipher comes with the next day.`;
export const CIPHER_PAST = 'That day is over: set the word of today or of a later day.';
/** The words set ahead that the console lists. */
const LISTED_DAYS = 60;

/**
 * A language's word of a game day when no operator set one: drawn from the language's list by an
 * HMAC of the day under the server's key (COMBO_SECRET, another message than the combo's), so no
 * one without the key can tell it in advance.
 */
export function drawnWord(secret: string, day: number, language: LanguageCode): string {
  const digest = createHmac('sha256', secret).update(cipherMessage(day, language)).digest();
  return cipherWordFromDigest(digest, CIPHER_WORDS[language]);
}

const languageOf = (user: UserRow): LanguageCode => playerLanguage(user.settings.language, user.languageCode);

const view = (row: repo.CipherWordRow): AdminCipherDay => ({
  day: dayDate(row.day),
  word: row.word,
  setBy: row.setBy,
  setAt: row.setAt.getTime(),
});

export function createCipherService(deps: Deps) {
  const { db } = deps.database;

  /** The word a player answers on a day: the operator's when set, else their language's draw. */
  async function wordOf(tx: Tx, day: number, user: UserRow): Promise<string> {
    const set = await repo.findSetWord(tx, day);
    return set?.word ?? drawnWord(deps.env.comboSecret, day, languageOf(user));
  }

  return {
    /** Today's cipher as the player may see it: the word's length, never the word. */
    async today(userId: number): Promise<CipherResponse> {
      const now = deps.now();
      const day = gameDay(now);
      const user = await findUser(db, userId);
      if (!user) throw notFound('Player not found.');
      const [word, solve, event] = await Promise.all([
        wordOf(db, day, user),
        repo.findSolve(db, userId, day),
        eventMultiplier(deps, 'cipher', now, now, userId),
      ]);
      return {
        day: dayDate(day),
        length: word.length,
        solved: Boolean(solve?.solvedAt),
        // A featured cipher (a running cipher event) pays its coins `multiplier` times.
        reward: {
          ...CIPHER_REWARD,
          onion: CIPHER_REWARD.onion + (event ? eventExtra(CIPHER_REWARD.onion, event.multiplier) : 0),
        },
        triesLeft: Math.max(0, CIPHER_TRIES_PER_DAY - (solve?.wrong ?? 0)),
        endsAt: nextResetAt(now),
      };
    },

    /**
     * An answer to today's cipher: the right word pays once (the player's row of the day is locked
     * while it is checked, so two answers at once pay once); a wrong one counts towards the day's
     * limit; past it, or once solved, answers are refused.
     */
    async solve(userId: number, answer: string): Promise<CipherSolveResponse> {
      const word = cipherWord(answer);
      if (word === null) throw badRequest(CIPHER_BAD_WORD);
      const now = deps.now();
      const day = gameDay(now);
      const at = new Date(now);
      // A featured cipher: the cipher event running now pays the coins' extra (its own ledger
      // row, kind 'event'); the tickets are not multiplied. Read before the transaction.
      const bonus = await eventBonus(deps, { userId, kind: 'cipher', base: CIPHER_REWARD.onion, now });
      const reward = { ...CIPHER_REWARD, onion: CIPHER_REWARD.onion + bonus.extra };
      return write(deps, async (tx, fx) => {
        const user = await findUser(tx, userId);
        if (!user) throw notFound('Player not found.');
        const solve = await repo.lockSolve(tx, userId, day);
        if (solve.solvedAt) throw refused('ALREADY_CLAIMED', CIPHER_ALREADY_SOLVED);
        if (solve.wrong >= CIPHER_TRIES_PER_DAY)
          throw new AppError(429, 'CIPHER_NO_TRIES', CIPHER_NO_TRIES_LEFT);
        const triesLeft = CIPHER_TRIES_PER_DAY - solve.wrong;
        if (!sameWord(word, await wordOf(tx, day, user))) {
          await repo.addWrong(tx, userId, day);
          return { success: false, reward: null, triesLeft: triesLeft - 1 };
        }
        await repo.markSolved(tx, userId, day, at);
        if (!(await creditPrize(tx, userId, reward))) throw notFound('Player not found.');
        fx.ledger({
          userId,
          kind: 'cipher',
          deltaCoins: CIPHER_REWARD.onion,
          deltaTicket: CIPHER_REWARD.ticket,
          ref: dayDate(day),
          at,
        });
        if (bonus.entry) fx.ledger(bonus.entry);
        await recordEventPaid(tx, bonus.entry);
        return { success: true, reward, triesLeft };
      });
    },

    /** The console's list: today and the words set for today and the days after. */
    async setDays(): Promise<AdminCipherDaysResponse> {
      const today = gameDay(deps.now());
      return { today: dayDate(today), days: (await repo.setWordsFrom(db, today, LISTED_DAYS)).map(view) };
    },

    /**
     * An operator sets (or replaces) the word of today or a later day (at most a year ahead);
     * everyone answers that word that day. A past day or a word that is not 3–10 letters A–Z is
     * refused. Audited, with the word it replaced.
     */
    async setWord(adminId: number, date: string, input: string): Promise<{ cipher: AdminCipherDay }> {
      const day = dateDay(date);
      if (day === null) throw badRequest('The day is a date written YYYY-MM-DD.');
      const word = cipherWord(input);
      if (word === null) throw badRequest(CIPHER_BAD_WORD, 'BAD_CIPHER_WORD');
      const now = deps.now();
      const today = gameDay(now);
      if (day < today) throw refused('CIPHER_PAST_DAY', CIPHER_PAST);
      if (day > today + CIPHER_DAYS_AHEAD)
        throw badRequest(`A cipher word is set at most ${CIPHER_DAYS_AHEAD} days ahead.`);
      const at = new Date(now);
      const saved = await deps.database.transaction(async (tx) => {
        const before = await repo.findSetWord(tx, day);
        const row = await repo.saveWord(tx, { day, word, setBy: adminId, setAt: at });
        await insertAudit(tx, [
          {
            adminId,
            action: 'cipher.set',
            target: `cipher:${date}`,
            before: before ? view(before) : null,
            after: view(row),
            createdAt: at,
          },
        ]);
        return row;
      });
      return { cipher: view(saved) };
    },
  };
}
