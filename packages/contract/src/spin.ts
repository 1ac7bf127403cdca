import { z } from 'zod';

/**
 * PUT /users/getSpin: the prize. `segment` is the wheel segment
 * the prize sits on (packages/game/src/spin.ts SPIN_WHEEL), so the wheel stops on it.
 */
export const spinResponse = z.object({
  cheatData: z.object({ type: z.enum(['onion', 'ticket', 'treasure']), value: z.number() }),
  segment: z.number(),
  onion: z.number(),
  ticket: z.number(),
  cheatCount: z.number(),
});
export type SpinResponse = z.infer<typeof spinResponse>;
