import { z } from 'zod';
import { EXPERIMENT_BOUNDS, EXPERIMENT_KINDS } from '@egg-rush/game/experiments';

/**
 * A/B tests (packages/game/src/experiments.ts): new players split between variants of a
 * configuration version or an event, and a holdout; the console reads each variant's retention
 * and revenue against the holdout. The bounds are the rules' (checkExperiment), checked by the
 * server, which answers 400 naming every broken one.
 */

const reason = z.string().trim().min(3).max(500);
const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const experimentKind = z.enum(EXPERIMENT_KINDS);

export const experimentVariant = z.object({
  name: z.string().max(EXPERIMENT_BOUNDS.maxVariantName * 2),
  weight: z.number(),
  /** kind 'config': a stored configuration version (GET /admin/config/versions). */
  configVersion: id.optional(),
  /** kind 'event': its players get the experiment's event. */
  event: z.boolean().optional(),
});
export type ExperimentVariantBody = z.infer<typeof experimentVariant>;

/** POST /admin/experiments: starts at once; one experiment runs at a time. */
export const adminExperimentCreateBody = z.object({
  name: z.string().max(EXPERIMENT_BOUNDS.maxName * 2),
  kind: experimentKind,
  variants: z.array(experimentVariant).max(EXPERIMENT_BOUNDS.maxVariants * 2),
  holdoutPercent: z.number(),
  eventId: id.optional(),
  reason,
});
export type AdminExperimentCreateBody = z.infer<typeof adminExperimentCreateBody>;
export const adminExperimentCreateResponse = z.object({ experiment: z.object({ id: z.number() }) });

export const adminExperimentParams = z.object({
  experimentId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
/** POST /admin/experiments/:experimentId/stop: everyone back to the active game. */
export const adminExperimentStopBody = z.object({ reason });

export const adminExperiment = z.object({
  id: z.number(),
  name: z.string(),
  kind: experimentKind,
  variants: z.array(experimentVariant),
  eventId: z.number().nullable(),
  holdoutPercent: z.number(),
  startsAt: z.number(),
  stoppedAt: z.number().nullable(),
  createdBy: z.number(),
  createdAt: z.number(),
  /** Players assigned so far (holdout included). */
  players: z.number(),
});
export type AdminExperiment = z.infer<typeof adminExperiment>;

export const adminExperimentsResponse = z.object({
  experiments: z.array(adminExperiment),
  bounds: z.object({
    minVariants: z.number(),
    maxVariants: z.number(),
    minHoldoutPercent: z.number(),
    maxHoldoutPercent: z.number(),
    maxWeight: z.number(),
  }),
});
export type AdminExperimentsResponse = z.infer<typeof adminExperimentsResponse>;

/** Retention on a day after joining: players whose day has passed, those active on it, Wilson 95 %. */
const retention = z.object({
  retained: z.number(),
  observable: z.number(),
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
/** Stars paid by the group's players (refunds left out) and per player with a 95 % interval. */
const revenue = z.object({
  stars: z.number(),
  perPlayer: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
/** The variant minus the holdout; significant at 95 %, else not yet significant. */
const verdict = z.object({
  difference: z.number().nullable(),
  significant: z.boolean(),
  notYetSignificant: z.boolean(),
});
export const experimentGroupResult = z.object({
  /** A variant's name, or "holdout". */
  variant: z.string(),
  holdout: z.boolean(),
  players: z.number(),
  d1: retention,
  d7: retention,
  revenue,
  /** Null for the holdout itself. */
  versusHoldout: z.object({ d1: verdict, d7: verdict, revenue: verdict }).nullable(),
});
export type ExperimentGroupResult = z.infer<typeof experimentGroupResult>;

/** GET /admin/experiments/:experimentId: the experiment and its results per group, holdout first. */
export const adminExperimentResponse = z.object({
  experiment: adminExperiment,
  results: z.array(experimentGroupResult),
  /** The game day the results were read on (retention counts only the days passed). */
  today: z.number(),
});
export type AdminExperimentResponse = z.infer<typeof adminExperimentResponse>;
