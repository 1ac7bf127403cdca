import { z } from 'zod';
import { requestId, userId, useridBody } from './common.ts';

/**
 * PUT /users/tap: a batch of taps. `count` defaults to 1; the server
 * credits at most 500, what energy allows and what a human tap rate allows.
 */
/**
 * What the client measured of the intervals between the batch's taps: how many (at most one a
 * tap), their mean and their population standard deviation, in ms. A signal of who is tapping for
 * the airdrop's fairness rules (docs/airdrop.md, "Clusters"); it never changes what is credited.
 */
export const tapCadence = z.object({
  n: z.number().int().min(1).max(10_000),
  meanMs: z.number().min(0).max(60_000),
  sdMs: z.number().min(0).max(60_000),
});
export type TapCadenceSummary = z.infer<typeof tapCadence>;

export const tapRequest = z
  .object({
    userid: userId,
    count: z.number().int().min(1).max(1_000_000).default(1),
    cadence: tapCadence.optional(),
    /**
     * The app's id of this batch (a random positive integer), the same each time it sends the
     * batch again after a failure: a batch already applied is not credited twice (its reply has
     * `repeated`).
     */
    batch: requestId.optional(),
  })
  .refine((body) => !body.cadence || body.cadence.n <= body.count, {
    path: ['cadence', 'n'],
    message: 'must not exceed count',
  });
export type TapRequest = z.input<typeof tapRequest>;

export const tapResponse = z.object({
  success: z.literal(true),
  /** Taps credited. */
  credited: z.number(),
  /** Coins earned by them. */
  earned: z.number(),
  onion: z.number(),
  energy: z.number(),
  /** The batch had been applied already (its first reply was lost): nothing credited again. */
  repeated: z.literal(true).optional(),
});
export type TapResponse = z.infer<typeof tapResponse>;

/**
 * The body of a boost's purchase: the caller's id and the app's id of the purchase (`request`),
 * the same each time it sends the purchase again after a failure: bought once, and a purchase
 * applied before is answered as the player's state is now.
 */
export const purchaseBody = useridBody.extend({ request: requestId.optional() });

/** PUT /users/growUp: the current energy. Writes nothing. */
export const growUpResponse = z.object({ success: z.literal(true), energy: z.number() });
export type GrowUpResponse = z.infer<typeof growUpResponse>;

/** PUT /users/growOnion: the current balance with passive income. */
export const growOnionResponse = z.object({ success: z.literal(true), onion: z.number() });
export type GrowOnionResponse = z.infer<typeof growOnionResponse>;

/** PUT /users/fullyEnergy. */
export const fullyEnergyResponse = z.object({ energy: z.number(), onion: z.number() });
/** PUT /users/income: `changePerHour` is the new earnPerHour. */
export const incomeBoostResponse = z.object({ changePerHour: z.number(), onion: z.number() });
/** PUT /users/double: the new earnPerTap and loseEnergyPerTap. */
export const doubleBoostResponse = z.object({
  changePerTap: z.number(),
  changeEnergyPerTap: z.number(),
  onion: z.number(),
});
/** PUT /users/touchIncome: the new earnPerTap. */
export const touchIncomeResponse = z.object({ changePerTap: z.number(), onion: z.number() });
/** PUT /users/energyCapacity: the new maxEnergy. */
export const energyCapacityResponse = z.object({ maxEnergy: z.number(), onion: z.number() });

export type FullyEnergyResponse = z.infer<typeof fullyEnergyResponse>;
export type IncomeBoostResponse = z.infer<typeof incomeBoostResponse>;
export type DoubleBoostResponse = z.infer<typeof doubleBoostResponse>;
export type TouchIncomeResponse = z.infer<typeof touchIncomeResponse>;
export type EnergyCapacityResponse = z.infer<typeof energyCapacityResponse>;

/** PUT /users/getCheat: opens a chest; what it held. */
export const cheatResponse = z.object({
  cheatData: z.object({ type: z.enum(['onion', 'ticket']), value: z.number() }),
  onion: z.number(),
  ticket: z.number(),
  cheatCount: z.number(),
});
export type CheatResponse = z.infer<typeof cheatResponse>;
