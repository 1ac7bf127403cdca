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

/** A farm action's reply: success, the action's own fields, and a message. */
const farmReply = <T extends z.ZodRawShape>(fields: T) =>
  z.object({ success: z.literal(true), ...fields, msg: z.string() });

/** POST /farm/start. */
export const farmStartResponse = farmReply({ remainTime: z.number() });
export type FarmStartResponse = z.infer<typeof farmStartResponse>;

/** POST /farm/claim. */
export const farmClaimResponse = farmReply({ reward: z.number(), onion: z.number() });
export type FarmClaimResponse = z.infer<typeof farmClaimResponse>;
