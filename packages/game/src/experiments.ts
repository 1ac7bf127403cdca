/**
 * A/B tests ("experiments"): new players are split by a stable hash between an operator's variants
 * of a configuration version or an event, and a holdout that keeps the active game. The console
 * compares each variant with the holdout (D1 and D7 retention, Stars per player) with intervals at
 * 95 %, and says when a difference is not yet significant. Pure: no clock, no randomness.
 */

/** The holdout's name in results and assignments (no variant may take it). */
export const HOLDOUT = 'holdout';

export const EXPERIMENT_KINDS = ['config', 'event'] as const;
export type ExperimentKind = (typeof EXPERIMENT_KINDS)[number];

export const EXPERIMENT_BOUNDS = {
  /** Variants besides the holdout. */
  minVariants: 2,
  maxVariants: 5,
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

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** SHA-256 of a text's UTF-8 bytes (FIPS 180-4), as 32 bytes: the same in the server and the browser. */
export function sha256(text: string): Uint8Array {
  const data = new TextEncoder().encode(text);
  const length = Math.ceil((data.length + 9) / 64) * 64;
  const bytes = new Uint8Array(length);
  bytes.set(data);
  bytes[data.length] = 0x80;
  const view = new DataView(bytes.buffer);
  const bits = data.length * 8;
  view.setUint32(length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(length - 4, bits >>> 0);
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const w = new Uint32Array(64);
  const at = (array: ArrayLike<number>, i: number) => array[i] ?? 0;
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const x = at(w, i - 15);
      const y = at(w, i - 2);
      const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
      const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
      w[i] = (at(w, i - 16) + s0 + at(w, i - 7) + s1) >>> 0;
    }
    const r = [...h];
    for (let i = 0; i < 64; i++) {
      const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, hh = 0] = r;
      const t1 =
        (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + at(K, i) + at(w, i)) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      r.splice(0, 8, (t1 + t2) >>> 0, a, b, c, (d + t1) >>> 0, e, f, g);
    }
    for (let i = 0; i < 8; i++) h[i] = (at(h, i) + at(r, i)) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, at(h, i));
  return out;
}

/**
 * A player's place in an experiment, uniform in [0, 1): the first 6 bytes of
 * SHA-256(`${experimentId}:${userId}`) over 2^48. The same player and experiment always give the same
 * place; another experiment mixes the players afresh.
 */
export function experimentBucket(experimentId: number, userId: number): number {
  const digest = sha256(`${experimentId}:${userId}`);
  let value = 0;
  for (let i = 0; i < 6; i++) value = value * 256 + (digest[i] ?? 0);
  return value / 2 ** 48;
}

/**
 * The variant a new player falls in: HOLDOUT for the first `holdoutPercent` % of places, else the
 * index of a variant, by the weights' shares of the rest.
 */
export function assignVariant(
  experimentId: number,
  userId: number,
  holdoutPercent: number,
  weights: readonly number[],
): number | typeof HOLDOUT {
  const place = experimentBucket(experimentId, userId);
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
    draft.holdoutPercent < 0 ||
    draft.holdoutPercent > b.maxHoldoutPercent
  )
    errors.push(`holdoutPercent: 0 to ${b.maxHoldoutPercent}`);
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
