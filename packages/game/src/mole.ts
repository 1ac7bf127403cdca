import { between, type Rng } from './rng.ts';

/**
 * The mole-smash game (SPEC.md sections 2 "Mole game", 3 "Mole", 4 "Game phases", 5, 9).
 * Where the spec reads two ways, bomb moles are the negative ones.
 */
export const MOLE_COUNT = 9;
export const GRID_COLUMNS = 3;
/** A game lasts 60 s. */
export const TIME_LIMIT_MS = 60_000;
/** Each restart of a mole speeds its animation up by this factor. */
export const TIME_MULTIPLIER = 1.1;
/** Each restart of a mole multiplies its points by this factor (floored). */
export const POINTS_MULTIPLIER = 0.9;
/** The floor of a non-bomb mole's points after repeats (SPEC.md section 5 pointsMin). */
export const POINTS_MIN = 1;

export type MoleType = 'normal' | 'golden' | 'special' | 'bomb';

export const MOLE_SCORES: Record<MoleType, number> = {
  normal: 10,
  special: 20,
  golden: 100,
  bomb: -100,
};

/** Cumulative thresholds of the type draw, checked in this order (SPEC.md section 5). */
export const MOLE_CHANCES = { golden: 0.05, bomb: 0.35, special: 0.55 } as const;

/** Random ranges per cycle (SPEC.md section 3 "Mole"): speed 0.5-2, delay 0.5-5 s, wait 1-3 s. */
export const SPEED_RANGE = [0.5, 2] as const;
export const DELAY_RANGE_S = [0.5, 5] as const;
export const WAIT_RANGE_S = [1, 3] as const;

/**
 * How long a mole stays up at time scale 1 (SPEC.md section 9 "Wooden mole time 3000 ms,
 * golden mole time 10000 ms"). Design choice giving them a coherent meaning: a wooden (normal,
 * special or bomb) mole is up for 3 s of its rise-and-return; the rare golden one lingers 10 s.
 */
export const WOODEN_MOLE_MS = 3_000;
export const GOLDEN_MOLE_MS = 10_000;
export const moleUpMs = (type: MoleType) => (type === 'golden' ? GOLDEN_MOLE_MS : WOODEN_MOLE_MS);

/** The type draw: golden first, then bomb, then special, otherwise normal. */
export function drawMoleType(roll: number): MoleType {
  if (roll < MOLE_CHANCES.golden) return 'golden';
  if (roll < MOLE_CHANCES.bomb) return 'bomb';
  if (roll < MOLE_CHANCES.special) return 'special';
  return 'normal';
}

/**
 * A mole's points on its `repeat`-th cycle (0 first): multiplied by 0.9 per repeat and floored,
 * at least POINTS_MIN; bombs keep their full penalty.
 */
export function molePoints(type: MoleType, repeat: number): number {
  const base = MOLE_SCORES[type];
  if (base < 0) return base;
  return Math.max(POINTS_MIN, Math.floor(base * POINTS_MULTIPLIER ** Math.max(0, repeat)));
}

/** A big whack: points above half the golden score. */
export const isBigWhack = (points: number) => points > MOLE_SCORES.golden / 2;

/** The score after a whack: never below 0. */
export const addScore = (score: number, points: number) => Math.max(0, score + points);

export interface MoleCycle {
  type: MoleType;
  points: number;
  /** Animation speed factor: 0.5 to 2, times 1.1 per repeat. */
  timeScale: number;
  /** Seconds before it rises. */
  delay: number;
}

/** The next cycle of a mole: a new type and random speed and delay. */
export function nextMoleCycle(repeat: number, rng: Rng): MoleCycle {
  const type = drawMoleType(rng());
  return {
    type,
    points: molePoints(type, repeat),
    timeScale: between(rng, SPEED_RANGE[0], SPEED_RANGE[1]) * TIME_MULTIPLIER ** repeat,
    delay: between(rng, DELAY_RANGE_S[0], DELAY_RANGE_S[1]),
  };
}

/** Seconds a mole waits hidden after it is whacked or its cycle ends. */
export const nextWait = (rng: Rng) => between(rng, WAIT_RANGE_S[0], WAIT_RANGE_S[1]);

/** Seconds to hide after a whack (SPEC.md section 4: within 0.1 s). */
export const HIDE_S = 0.1;

/**
 * The most points any play can score in `elapsedMs` (used by the server to refuse forged
 * results). Each mole scores at most once per appearance; after a whack it hides (0.1 s) and
 * waits at least 1 s of real time before it can rise again (its rise delay may shrink with the
 * time scale, so it is not counted). Taking every appearance as golden (100 points, the
 * maximum) over all nine moles bounds every honest game from above.
 */
export function maxScoreFor(elapsedMs: number): number {
  const t = Math.min(Math.max(0, elapsedMs), TIME_LIMIT_MS) / 1000;
  const minCycle = HIDE_S + WAIT_RANGE_S[0];
  const appearances = Math.floor(t / minCycle) + 1;
  return MOLE_COUNT * appearances * MOLE_SCORES.golden;
}

/** Server-side grace for network and clock differences when a result arrives (design choice). */
export const RESULT_GRACE_MS = 15_000;

/**
 * The onion paid for a final score (design choice): one coin per point, capped at 1,000, about
 * a flawless human game (the simulator, simulator.ts, plays one at about 900 points and a good
 * human at about 450), so the highest score the server accepts pays at most about twice a good
 * game (docs/economy.md).
 */
export const GAME_REWARD_CAP = 1_000;
export const gameReward = (score: number) => Math.min(GAME_REWARD_CAP, Math.max(0, Math.floor(score)));
