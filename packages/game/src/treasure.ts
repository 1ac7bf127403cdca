import { expectedPrizes, pickWeighted, type Rng, type WeightedPrize } from './rng.ts';

/**
 * What a treasure chest holds (coins or tickets). Design choice: mostly coins, sometimes play tickets, rarely a jackpot; the expected
 * value is about 1,000 coins.
 */
export type ChestPrize = WeightedPrize<'onion' | 'ticket'>;

export const CHEST_PRIZES: readonly ChestPrize[] = [
  { type: 'onion', value: 300, weight: 30 },
  { type: 'onion', value: 750, weight: 25 },
  { type: 'onion', value: 1_500, weight: 15 },
  { type: 'onion', value: 5_000, weight: 4 },
  { type: 'onion', value: 10_000, weight: 1 },
  { type: 'ticket', value: 1, weight: 18 },
  { type: 'ticket', value: 3, weight: 7 },
];

/** The expected coins and tickets of one chest (weights relative, as pickWeighted draws them). */
export function chestExpectation(prizes: readonly ChestPrize[] = CHEST_PRIZES) {
  return expectedPrizes(prizes, ['onion', 'ticket']);
}

export type ChestOpening =
  { ok: true; prize: { type: 'onion' | 'ticket'; value: number } } | { ok: false; reason: 'no-chest' };

/** Treasure opens only if cheatCount is not 0. */
export function openChest(
  cheatCount: number,
  rng: Rng,
  prizes: readonly ChestPrize[] = CHEST_PRIZES,
): ChestOpening {
  if (cheatCount <= 0) return { ok: false, reason: 'no-chest' };
  const { type, value } = pickWeighted(prizes, rng);
  return { ok: true, prize: { type, value } };
}
