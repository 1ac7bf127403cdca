import { z } from 'zod';
import type { GameConfig } from '@egg-rush/game/config';

/**
 * The game's configuration (packages/game/src/config.ts): the shape of its values. The bounds are
 * the rules' (checkConfig), checked by the server, which answers 400 naming every broken one.
 */
const n = z.number();
const key = z.string().max(64);
const pair = z.object({ inviter: n, invitee: n });
export const gameConfigValues = z.object({
  energy: z.object({ regenMs: n }),
  daily: z.object({ rewards: z.array(z.object({ onion: n, ticket: n, chest: n })).max(14) }),
  tasks: z.object({ rewards: z.record(key, n) }),
  chest: z.object({
    prizes: z.array(z.object({ type: z.enum(['onion', 'ticket']), value: n, weight: n })).max(12),
  }),
  spin: z.object({
    wheel: z.array(z.object({ type: z.enum(['onion', 'ticket', 'treasure']), value: n, weight: n })).max(16),
  }),
  mining: z.object({
    priceGrowth: n,
    items: z.record(key, z.object({ basePrice: n, profitPerLevel: n })),
  }),
  boosts: z.object({
    cost: n,
    priceGrowth: n,
    maxLevel: z.object({ touchIncome: n, energyCapacity: n }),
    energyCapacityStep: n,
    touchIncomeStep: n,
    fullEnergyPerDay: n,
  }),
  mole: z.object({ rewardCap: n }),
  referral: z.object({
    rewards: z.object({ regular: pair, premium: pair }),
    milestones: z.array(z.object({ count: n, ticket: n })).max(10),
  }),
}) satisfies z.ZodType<GameConfig>;

const reason = z.string().trim().min(3).max(500);
const version = z.number().int().positive();

/** GET /config: the active version, the same the server's rules read (ETag: the version). */
export const configResponse = z.object({ version, values: gameConfigValues });
export type ConfigResponse = z.infer<typeof configResponse>;

const outcome = z.object({
  strategy: z.string(),
  /** By source: tap, income, daily, tasks, spin, chest, mole, farm (packages/game/src/simulator.ts). */
  coinsPerDay: z.record(z.string(), z.number()),
  totalPerDay: z.number(),
  /** Day each league is reached, by league id; null when not within the simulated days. */
  daysToLeague: z.record(z.string(), z.number().nullable()),
});
export const configSimulation = z.object({
  days: z.number(),
  active: z.array(outcome),
  draft: z.array(outcome),
});
export type ConfigSimulation = z.infer<typeof configSimulation>;

/** GET /admin/config: the active version and when, by whom and why it was published. */
export const adminConfigResponse = z.object({
  active: z.object({
    version,
    values: gameConfigValues,
    reason: z.string(),
    publishedBy: z.number().nullable(),
    publishedAt: z.number(),
  }),
});
export type AdminConfigResponse = z.infer<typeof adminConfigResponse>;

/** POST /admin/config: a draft (the full set of values) with a reason; refused whole on any broken bound. */
export const adminConfigDraftBody = z.object({ values: gameConfigValues, reason });
export type AdminConfigDraftBody = z.infer<typeof adminConfigDraftBody>;
export const adminConfigDraftResponse = z.object({
  draft: z.object({ version }),
  simulation: configSimulation,
});
export type AdminConfigDraftResponse = z.infer<typeof adminConfigDraftResponse>;

/** POST /admin/config/simulate: a draft's values simulated against the active version, nothing stored. */
export const adminConfigSimulateBody = z.object({ values: gameConfigValues });
export const adminConfigSimulateResponse = z.object({ simulation: configSimulation });
export type AdminConfigSimulateResponse = z.infer<typeof adminConfigSimulateResponse>;

export const adminConfigParams = z.object({
  version: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
/** POST /admin/config/:version/publish: any stored version, a new one or an older one again. */
export const adminConfigPublishBody = z.object({ reason });
export type AdminConfigPublishBody = z.infer<typeof adminConfigPublishBody>;
export const adminConfigPublishResponse = z.object({ active: z.object({ version }) });

/** GET /admin/config/versions: every version, newest first, with its publications. */
export const adminConfigVersion = z.object({
  version,
  reason: z.string(),
  createdBy: z.number().nullable(),
  createdAt: z.number(),
  active: z.boolean(),
  publications: z.array(
    z.object({ reason: z.string(), publishedBy: z.number().nullable(), publishedAt: z.number() }),
  ),
});
export type AdminConfigVersion = z.infer<typeof adminConfigVersion>;
export const adminConfigVersionsResponse = z.object({ versions: z.array(adminConfigVersion) });
export type AdminConfigVersionsResponse = z.infer<typeof adminConfigVersionsResponse>;
