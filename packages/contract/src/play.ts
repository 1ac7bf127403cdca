import { z } from 'zod';
import { errorCode, userId } from './common.ts';

/**
 * POST /play/start: spends a ticket; `key` is the round's own key (64 hex digits) that seals its
 * result (RESULT_SEAL, play-seal.ts).
 */
export const playStartResponse = z.union([
  z.object({ success: z.literal(true), ticket: z.number(), gameId: z.string(), key: z.string() }),
  z.object({ success: z.literal(false), code: errorCode, msg: z.string() }),
]);
export type PlayStartResponse = z.infer<typeof playStartResponse>;

/**
 * POST /play/result: `data` is the round's result sealed as RESULT_SEAL (play-seal.ts) says
 * (`v1.…`). A result sealed before version 1 (crypto-js's AES, the OpenSSL format `U2FsdGVkX1…`)
 * is read only for a round started before version 1 (apps/server/src/modules/play/play.seal.ts);
 * any other is unreadable.
 */
export const playResultBody = z.object({ userid: userId, data: z.string().min(16).max(2048) });
export type PlayResultBody = z.infer<typeof playResultBody>;

/** The decrypted result. */
export const gameResult = z.object({
  score: z.number().int().min(0).max(10_000_000),
  gameId: z.uuid(),
});
export type GameResult = z.infer<typeof gameResult>;

export const playResultResponse = z.union([
  z.object({ success: z.literal(true), onion: z.number(), reward: z.number() }),
  z.object({ success: z.literal(false), code: errorCode, msg: z.string() }),
]);
export type PlayResultResponse = z.infer<typeof playResultResponse>;
