import { z } from 'zod';
import { optionalUseridBody } from './common.ts';

/** The farm calls send nothing but may carry the caller's id. */
export const farmRequest = optionalUseridBody;

/** GET /farm/status. Times in milliseconds. */
export const farmStatusResponse = z.object({
  reward: z.number(),
  duration: z.number(),
  started: z.boolean(),
  remainTime: z.number(),
  startedAt: z.number().nullable(),
  serverTime: z.number(),
});
export type FarmStatusResponse = z.infer<typeof farmStatusResponse>;

/** POST /farm/start. */
export const farmStartResponse = z.object({
  success: z.literal(true),
  remainTime: z.number(),
  msg: z.string(),
});
export type FarmStartResponse = z.infer<typeof farmStartResponse>;

/** POST /farm/claim. */
export const farmClaimResponse = z.object({
  success: z.literal(true),
  reward: z.number(),
  onion: z.number(),
  msg: z.string(),
});
export type FarmClaimResponse = z.infer<typeof farmClaimResponse>;
