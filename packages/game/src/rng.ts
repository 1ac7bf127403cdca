/** A source of uniform numbers in [0, 1). Rules take one so tests can seed it. */
export type Rng = () => number;

/** Mulberry32: a small seeded generator for tests and simulations. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks one entry of a weighted table. Weights need not sum to 1. */
export function pickWeighted<T extends { weight: number }>(table: readonly T[], rng: Rng): T {
  const total = table.reduce((sum, entry) => sum + entry.weight, 0);
  let roll = rng() * total;
  for (const entry of table) {
    roll -= entry.weight;
    if (roll < 0) return entry;
  }
  const last = table[table.length - 1];
  if (!last) throw new Error('pickWeighted: empty table');
  return last;
}

/** A prize of a weighted table (a chest's, the wheel's): `value` of its `type`, drawn by `weight`. */
export interface WeightedPrize<T extends string> {
  type: T;
  value: number;
  /** Relative chance of this prize (percent in the configuration). */
  weight: number;
}

/** The expected amount of each of `types` that one draw of `table` pays (0 from a table of no weight). */
export function expectedPrizes<T extends string>(
  table: readonly WeightedPrize<T>[],
  types: readonly T[],
): Record<T, number> {
  const total = table.reduce((sum, p) => sum + p.weight, 0);
  const of = (type: T) =>
    total > 0
      ? table.filter((p) => p.type === type).reduce((sum, p) => sum + (p.value * p.weight) / total, 0)
      : 0;
  return Object.fromEntries(types.map((type) => [type, of(type)])) as Record<T, number>;
}

/** Uniform number in [min, max). */
export function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}
