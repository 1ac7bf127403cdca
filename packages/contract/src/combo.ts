import { z } from 'zod';
import { userId } from './common.ts';

export const comboItem = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  imageLink: z.string(),
});
export type ComboItem = z.infer<typeof comboItem>;

/**
 * GET /combo/:id: today's combo as the caller may see it: only the items they have found (upgraded
 * today); the others are counted, never named.
 */
export const comboResponse = z.object({
  day: z.number(),
  /** When this game day's combo ends (ms since the epoch). */
  endsAt: z.number(),
  size: z.number(),
  found: z.array(comboItem),
  hidden: z.number(),
  complete: z.boolean(),
  claimed: z.boolean(),
  reward: z.object({ onion: z.number(), ticket: z.number() }),
});
export type ComboResponse = z.infer<typeof comboResponse>;

/** GET /combo/:id/past?day=N: a finished day's combo, all of it. */
export const pastComboQuery = z.object({ day: z.coerce.number().int().min(0).max(10_000_000) });
export const pastComboResponse = z.object({ day: z.number(), items: z.array(comboItem) });
export type PastComboResponse = z.infer<typeof pastComboResponse>;

/** POST /combo/claim: today's reward, once, when all three are found. */
export const comboClaimBody = z.object({ userid: userId });
export const comboClaimResponse = z.object({
  success: z.literal(true),
  onion: z.number(),
  ticket: z.number(),
  totalScore: z.number(),
});
export type ComboClaimResponse = z.infer<typeof comboClaimResponse>;
