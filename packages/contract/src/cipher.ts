import { z } from 'zod';
import { CIPHER_WORD_MAX } from '@egg-rush/game/cipher';
import { userId } from './common.ts';

/** A game day as its date (the day of packages/game/src/time.ts, reset at UTC-6), `YYYY-MM-DD`. */
export const cipherDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

const reward = z.object({ onion: z.number(), ticket: z.number() });

/**
 * GET /cipher: today's cipher as the player may see it: the length of the word, never the word;
 * whether they solved it, the reward, the wrong answers they may still send and when the day ends.
 */
export const cipherResponse = z.object({
  day: cipherDay,
  length: z.number(),
  solved: z.boolean(),
  reward,
  triesLeft: z.number(),
  /** When this game day ends (ms since the epoch): a new word then. */
  endsAt: z.number(),
});
export type CipherResponse = z.infer<typeof cipherResponse>;

/** POST /cipher/solve: the word as entered (A–Z, case does not matter). */
export const cipherSolveBody = z.object({
  userid: userId,
  word: z
    .string()
    .min(1)
    .max(CIPHER_WORD_MAX * 2),
});
/** Right: paid (once), with the new balances. Wrong: nothing paid, the tries left. */
export const cipherSolveResponse = z.object({
  success: z.boolean(),
  reward: reward.nullable(),
  triesLeft: z.number(),
});
export type CipherSolveResponse = z.infer<typeof cipherSolveResponse>;

/** PUT /admin/cipher/:day: an operator sets (or replaces) the word of today or a later day. */
export const adminCipherParams = z.object({ day: cipherDay });
export const adminCipherBody = z.object({ word: z.string().min(1).max(64) });
export const adminCipherDay = z.object({
  day: cipherDay,
  word: z.string(),
  setBy: z.number(),
  /** ms since the epoch. */
  setAt: z.number(),
});
export type AdminCipherDay = z.infer<typeof adminCipherDay>;
export const adminCipherResponse = z.object({ cipher: adminCipherDay });

/** GET /admin/cipher: today and the words set for today and the days after. */
export const adminCipherDaysResponse = z.object({
  today: cipherDay,
  days: z.array(adminCipherDay),
});
export type AdminCipherDaysResponse = z.infer<typeof adminCipherDaysResponse>;
