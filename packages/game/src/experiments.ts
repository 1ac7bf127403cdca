/**
 * A/B tests ("experiments"): new players are split by a stable hash between an operator's variants
 * of a configuration version or an event, and a holdout that keeps the active game. The console
 * compares each variant with the holdout (D1 and D7 retention, Stars per player) with intervals at
 * 95 %, and says when a difference is not yet significant. Pure: no clock, no randomness.
 */

import { checkConfig, configLeaves, type GameConfig } from './config.ts';
import type { EventKind, GameEvent } from './events.ts';

/** The holdout's name in results and assignments (no variant may take it). */
export const HOLDOUT = 'holdout';

export const EXPERIMENT_KINDS = ['config', 'event'] as const;
export type ExperimentKind = (typeof EXPERIMENT_KINDS)[number];

export const EXPERIMENT_BOUNDS = {
  /** Variants besides the holdout. */
  minVariants: 2,
  maxVariants: 5,
  /** A holdout is always kept: without one there is nothing to compare a variant with. */
  minHoldoutPercent: 5,
  maxHoldoutPercent: 50,
  maxName: 80,
  maxVariantName: 32,
  /** Weights are whole numbers 1..maxWeight (shares of the players outside the holdout). */
  maxWeight: 100,
} as const;

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

export interface ExperimentVariant {
  name: string;
  weight: number;
  /** kind 'config': the stored configuration version its players are paid by. */
  configVersion?: number;
  /** kind 'event': whether its players get the experiment's event. */
  event?: boolean;
}

export interface ExperimentDraft {
  name: string;
  kind: ExperimentKind;
  variants: readonly ExperimentVariant[];
  holdoutPercent: number;
  eventId?: number | null;
}

// --- The stable hash -----------------------------------------------------------------------------

/**
 * A player's place in an experiment, uniform in [0, 1), from a digest of the experiment and the
 * player (the server's HMAC-SHA-256 of `experimentKey`, keyed by a secret so that no one can
 * precompute which accounts land in which variant): its first 6 bytes over 2^48. The same player
 * and experiment always give the same place; another experiment mixes the players afresh.
 */
export function placeOf(digest: Uint8Array): number {
  let value = 0;
  for (let i = 0; i < 6; i++) value = value * 256 + (digest[i] ?? 0);
  return value / 2 ** 48;
}

/** What the digest of `placeOf` is taken of. */
export const experimentKey = (experimentId: number, userId: number) => `${experimentId}:${userId}`;

/**
 * The variant a new player falls in: HOLDOUT for the first `holdoutPercent` % of places, else the
 * index of a variant, by the weights' shares of the rest.
 */
export function assignVariant(
  place: number,
  holdoutPercent: number,
  weights: readonly number[],
): number | typeof HOLDOUT {
  const holdout = holdoutPercent / 100;
  if (place < holdout) return HOLDOUT;
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const target = ((place - holdout) / (1 - holdout)) * total;
  let upto = 0;
  for (let i = 0; i < weights.length; i++) {
    upto += weights[i] ?? 0;
    if (target < upto) return i;
  }
  return weights.length - 1;
}

// --- Intervals -----------------------------------------------------------------------------------

export interface Proportion {
  /** Null when nothing is observable yet. */
  rate: number | null;
  low: number | null;
  high: number | null;
}

/** The Wilson score interval of `successes` out of `n` at 95 %. */
export function wilson(successes: number, n: number, z = Z95): Proportion {
  if (n <= 0) return { rate: null, low: null, high: null };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const margin = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { rate: p, low: Math.max(0, centre - margin), high: Math.min(1, centre + margin) };
}

/** A sample kept as sums: n values, their sum and the sum of their squares. */
export interface Sums {
  n: number;
  sum: number;
  sumOfSquares: number;
}

/** The sample variance of sums (0 below two values). */
export function sampleVariance({ n, sum, sumOfSquares }: Sums): number {
  if (n < 2) return 0;
  return Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1));
}

/** The mean and its normal-approximation interval at 95 % (null for an empty sample). */
export function meanInterval(
  sums: Sums,
  z = Z95,
): { mean: number | null; low: number | null; high: number | null } {
  if (sums.n <= 0) return { mean: null, low: null, high: null };
  const mean = sums.sum / sums.n;
  const margin = z * Math.sqrt(sampleVariance(sums) / sums.n);
  return { mean, low: mean - margin, high: mean + margin };
}

// --- Comparisons with the holdout ----------------------------------------------------------------

export interface Verdict {
  /** The variant's value minus the holdout's (null when either has nothing observable). */
  difference: number | null;
  /** The difference is significant at 95 % (two-sided). False: not yet significant. */
  significant: boolean;
}

/** Observations needed on each side before any difference is called significant. */
export const MIN_OBSERVED = 10;

/** Two proportions (variant, holdout) compared by the pooled two-proportion z test at 95 %. */
export function compareProportions(
  variant: { successes: number; n: number },
  holdout: { successes: number; n: number },
): Verdict {
  if (variant.n <= 0 || holdout.n <= 0) return { difference: null, significant: false };
  const p1 = variant.successes / variant.n;
  const p2 = holdout.successes / holdout.n;
  const difference = p1 - p2;
  if (variant.n < MIN_OBSERVED || holdout.n < MIN_OBSERVED) return { difference, significant: false };
  const pooled = (variant.successes + holdout.successes) / (variant.n + holdout.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / variant.n + 1 / holdout.n));
  if (se === 0) return { difference, significant: false };
  return { difference, significant: Math.abs(difference / se) > Z95 };
}

/** Student's t two-sided 95 % critical value for `df` degrees of freedom (Cornish-Fisher expansion). */
export function tCritical95(df: number): number {
  if (!Number.isFinite(df) || df > 1e7) return Z95;
  const z = Z95;
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3)
  );
}

/** Two means (variant, holdout) compared by Welch's t test at 95 %. */
export function compareMeans(variant: Sums, holdout: Sums): Verdict {
  if (variant.n <= 0 || holdout.n <= 0) return { difference: null, significant: false };
  const difference = variant.sum / variant.n - holdout.sum / holdout.n;
  if (variant.n < MIN_OBSERVED || holdout.n < MIN_OBSERVED) return { difference, significant: false };
  const a = sampleVariance(variant) / variant.n;
  const b = sampleVariance(holdout) / holdout.n;
  const se = Math.sqrt(a + b);
  if (se === 0) return { difference, significant: false };
  const df = (a + b) ** 2 / ((a * a) / (variant.n - 1) + (b * b) / (holdout.n - 1));
  return { difference, significant: Math.abs(difference / se) > tCritical95(df) };
}

// --- A new experiment's bounds -------------------------------------------------------------------

/** Every broken bound of a new experiment (empty: it may start). */
export function checkExperiment(draft: ExperimentDraft): string[] {
  const errors: string[] = [];
  const b = EXPERIMENT_BOUNDS;
  const name = draft.name.trim();
  if (name.length < 1 || name.length > b.maxName) errors.push(`name: 1 to ${b.maxName} characters`);
  if (!EXPERIMENT_KINDS.includes(draft.kind)) errors.push('kind: config or event');
  if (
    !Number.isFinite(draft.holdoutPercent) ||
    draft.holdoutPercent < b.minHoldoutPercent ||
    draft.holdoutPercent > b.maxHoldoutPercent
  )
    errors.push(`holdoutPercent: ${b.minHoldoutPercent} to ${b.maxHoldoutPercent}`);
  const variants = draft.variants;
  if (variants.length < b.minVariants || variants.length > b.maxVariants)
    errors.push(`variants: ${b.minVariants} to ${b.maxVariants} besides the holdout`);
  const seen = new Set<string>();
  variants.forEach((variant, i) => {
    const variantName = variant.name.trim();
    if (variantName.length < 1 || variantName.length > b.maxVariantName)
      errors.push(`variants.${i}.name: 1 to ${b.maxVariantName} characters`);
    const key = variantName.toLowerCase();
    if (key === HOLDOUT) errors.push(`variants.${i}.name: "${HOLDOUT}" is the holdout's`);
    else if (seen.has(key)) errors.push(`variants.${i}.name: used twice`);
    seen.add(key);
    if (!Number.isInteger(variant.weight) || variant.weight < 1 || variant.weight > b.maxWeight)
      errors.push(`variants.${i}.weight: a whole number 1 to ${b.maxWeight}`);
    if (draft.kind === 'config') {
      if (
        variant.configVersion === undefined ||
        !Number.isInteger(variant.configVersion) ||
        variant.configVersion < 1
      )
        errors.push(`variants.${i}.configVersion: a stored configuration version`);
      if (variant.event !== undefined) errors.push(`variants.${i}.event: only for an event's experiment`);
    } else if (draft.kind === 'event') {
      if (typeof variant.event !== 'boolean') errors.push(`variants.${i}.event: true or false`);
      if (variant.configVersion !== undefined)
        errors.push(`variants.${i}.configVersion: only for a configuration's experiment`);
    }
  });
  if (draft.kind === 'event') {
    if (draft.eventId === undefined || draft.eventId === null || !Number.isInteger(draft.eventId))
      errors.push('eventId: the event tested');
    if (variants.length > 0 && !variants.some((v) => v.event === true))
      errors.push('variants: at least one gets the event');
  } else if (draft.eventId !== undefined && draft.eventId !== null)
    errors.push('eventId: only for an event’s experiment');
  return errors;
}

/**
 * The kinds of event an experiment may split: those paid per player, the player named (taps, the
 * mole game, the featured cipher). Income events are settled for all players at once and a tasks
 * event opens catalogue tasks: neither is split.
 */
export const EXPERIMENT_EVENT_KINDS: readonly EventKind[] = ['tap-multiplier', 'mole-multiplier', 'cipher'];

/**
 * Why a stored configuration version may not be a variant's (null: it may): it is paid only within
 * today's bounds, as a publication is checked; and its referral rewards and milestones must be the
 * active version's, since they are paid at the invitee's sign-up by the active version, before any
 * variant applies.
 */
export function variantVersionRefusal(values: GameConfig, active: GameConfig): string | null {
  if (!checkConfig(values).ok) return "breaks today's configuration bounds";
  const referral = (c: GameConfig) =>
    JSON.stringify(
      configLeaves({ referral: c.referral } as GameConfig).sort((a, b) => (a.path < b.path ? -1 : 1)),
    );
  if (referral(values) !== referral(active))
    return (
      "its referral rewards differ from the active version's; " +
      'referral rewards are not experimentable (paid at sign-up by the active version)'
    );
  return null;
}

/**
 * Why an event may not be split by an experiment at `now` (null: it may): it must be upcoming (split
 * a running one and every player who joined before would lose it mid-event) and of a kind paid per
 * player (EXPERIMENT_EVENT_KINDS).
 */
export function eventSplitRefusals(event: GameEvent | undefined, now: number): string[] {
  if (!event || event.cancelledAt || event.endsAt <= now) return ['no running or upcoming event'];
  const refusals: string[] = [];
  if (!EXPERIMENT_EVENT_KINDS.includes(event.kind))
    refusals.push(`an event of a kind an experiment can split (${EXPERIMENT_EVENT_KINDS.join(', ')})`);
  if (event.startsAt <= now)
    refusals.push('the event is running; only an upcoming event (not started yet) can be split');
  return refusals;
}
