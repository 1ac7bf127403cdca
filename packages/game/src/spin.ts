import { expectedPrizes, pickWeighted, type Rng, type WeightedPrize } from './rng.ts';

/** One spin uses one ticket. */
export const SPIN_COST_TICKETS = 1;
/** The wheel turns 1800 degrees plus the prize's angle over 4 s. */
export const SPIN_BASE_DEGREES = 1_800;
export const SPIN_DURATION_MS = 4_000;

export type SpinPrizeType = 'onion' | 'ticket' | 'treasure';

/** A segment of the wheel: its prize and its relative chance of landing under the pointer. */
export type SpinSegment = WeightedPrize<SpinPrizeType>;

/**
 * The wheel, one segment per prize, clockwise from the pointer at the top (design choice).
 * Odds: coins 82 %, tickets 12 %, a treasure chest 6 %. A ticket is worth a mole game paying
 * up to about 1,000 coins or a spin; the expected value of a spin is about 410 coins plus
 * 0.16 tickets and 0.06 chests (a chest averages about 1,000 coins, packages/game/src/treasure.ts),
 * so under a ticket's worth and below the average chest: spinning is fun, never a money machine.
 */
export const SPIN_WHEEL: readonly SpinSegment[] = [
  { type: 'onion', value: 100, weight: 30 },
  { type: 'ticket', value: 1, weight: 10 },
  { type: 'onion', value: 250, weight: 25 },
  { type: 'treasure', value: 1, weight: 6 },
  { type: 'onion', value: 500, weight: 15 },
  { type: 'ticket', value: 3, weight: 2 },
  { type: 'onion', value: 1_000, weight: 9 },
  { type: 'onion', value: 5_000, weight: 3 },
];

/** Degrees of the wheel one segment covers. */
export const SEGMENT_DEGREES = 360 / SPIN_WHEEL.length;

/** The expected coins, tickets and chests of one spin. */
export function spinExpectation(wheel: readonly SpinSegment[] = SPIN_WHEEL) {
  return expectedPrizes(wheel, ['onion', 'ticket', 'treasure']);
}

export type SpinDraw = { ok: true; segment: number; prize: SpinSegment } | { ok: false; reason: 'no-ticket' };

/** A spin needs ticket > 0. The prize is drawn on the server from `wheel` (the active configuration's). */
export function drawSpin(ticket: number, rng: Rng, wheel: readonly SpinSegment[] = SPIN_WHEEL): SpinDraw {
  if (ticket < SPIN_COST_TICKETS) return { ok: false, reason: 'no-ticket' };
  const indexed = wheel.map((prize, index) => ({ weight: prize.weight, index, prize }));
  const picked = pickWeighted(indexed, rng);
  return { ok: true, segment: picked.index, prize: picked.prize };
}

/**
 * The clockwise rotation, from `from` degrees, that ends with segment `index` under the pointer
 * at the top: at least 1800 degrees, then to the segment's centre with a `jitter` (0 to 1) inside
 * it so that no two spins look the same. The wheel shows the server's prize, never another.
 */
export function spinRotation(from: number, index: number, jitter = 0.5): number {
  const centre = index * SEGMENT_DEGREES + SEGMENT_DEGREES / 2;
  const offset = (Math.min(Math.max(jitter, 0.1), 0.9) - 0.5) * SEGMENT_DEGREES;
  // The wheel turns clockwise, so the segment at angle a comes under the pointer at 360 - a.
  const target = (((360 - centre - offset) % 360) + 360) % 360;
  const current = ((from % 360) + 360) % 360;
  const extra = (target - current + 360) % 360;
  return from + SPIN_BASE_DEGREES + extra;
}

/** The segment under the pointer for a wheel turned `rotation` degrees clockwise. */
export function segmentAt(rotation: number): number {
  const a = (((360 - rotation) % 360) + 360) % 360;
  return Math.floor(a / SEGMENT_DEGREES) % SPIN_WHEEL.length;
}
