import { z } from 'zod';

/** GET /users/get/:id: the profile of SPEC.md section 3, as the server computes it now. */
export const profile = z.object({
  id: z.number(),
  username: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string().nullable(),
  photoUrl: z.string().nullable(),
  languageCode: z.string().nullable(),
  onion: z.number(),
  ticket: z.number(),
  totalScore: z.number(),
  earnPerHour: z.number(),
  userLevel: z.number(),
  cheatCount: z.number(),
  energy: z.number(),
  maxEnergy: z.number(),
  earnPerTap: z.number(),
  loseEnergyPerTap: z.number(),
  rewardStreak: z.number(),
  boosts: z.array(z.object({ name: z.string() })),
  golden: z.number(),
  wooden: z.number(),
  boostEndAt: z.string().nullable(),
  /** Levels bought of Touch Income and Energy Capacity (prices: packages/game/src/boosts.ts). */
  touchIncomeLevel: z.number(),
  energyCapacityLevel: z.number(),
  /** Full Energy refills still allowed in the current game day. */
  refillsLeft: z.number(),
  walletAddress: z.string().nullable(),
  friendCount: z.number(),
  serverTime: z.number(),
});
export type Profile = z.infer<typeof profile>;
