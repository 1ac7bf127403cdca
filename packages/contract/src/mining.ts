import { z } from 'zod';
import { requestId, userId } from './common.ts';

/** One mining item as shown; `price` is the next level's. */
export const miningItem = z.object({
  id: z.string(),
  name: z.string(),
  imageLink: z.string(),
  level: z.number(),
  price: z.number(),
  /** earnPerHour gained by the next level. */
  profit: z.number(),
  maxed: z.boolean(),
});
export type MiningItemView = z.infer<typeof miningItem>;

/** GET /users/miningData/:id: the five lists. */
export const miningDataResponse = z.object({
  rides: z.array(miningItem),
  team: z.array(miningItem),
  concessions: z.array(miningItem),
  policy: z.array(miningItem),
  welfare: z.array(miningItem),
});
export type MiningDataResponse = z.infer<typeof miningDataResponse>;

/** POST /users/buyMining: `item` is the item's name (or id), `title` its tab (Rides, Team, …). */
export const buyMiningBody = z.object({
  userid: userId,
  item: z.string().trim().min(1).max(64),
  title: z.string().trim().min(1).max(32),
  /** The app's id of the purchase, as a boost's (economy.ts purchaseBody): bought once. */
  request: requestId.optional(),
});
export type BuyMiningBody = z.infer<typeof buyMiningBody>;

/** `perProfit` is the new earnPerHour; `changeData` the item after the purchase. */
export const buyMiningResponse = z.object({
  success: z.literal(true),
  onion: z.number(),
  perProfit: z.number(),
  changeData: miningItem,
});
export type BuyMiningResponse = z.infer<typeof buyMiningResponse>;
