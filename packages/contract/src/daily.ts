import { z } from 'zod';

/** POST /users/claim/daily. `day` is the streak day. */
export const dailyClaimResponse = z.object({
  status: z.literal('success'),
  onionData: z.number(),
  ticketReward: z.number(),
  eggReward: z.number(),
  chestReward: z.number(),
  day: z.number(),
});
export type DailyClaimResponse = z.infer<typeof dailyClaimResponse>;
