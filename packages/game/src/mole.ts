import { between, type Rng } from './rng.ts';

/**
 * The mole-smash game.
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
/** The floor of a non-bomb mole's points after repeats (pointsMin). */
export const POINTS_MIN = 1;

/** A mole game costs one ticket, taken when it starts. */
export const GAME_COST_TICKETS = 1;

export type MoleType = 'normal' | 'golden' | 'special' | 'bomb';

export const MOLE_SCORES: Record<MoleType, number> = {
  normal: 10,
  special: 20,
  golden: 100,
  bomb: -100,
};

/** Cumulative thresholds of the type draw, checked in this order. */
export const MOLE_CHANCES = { golden: 0.05, bomb: 0.35, special: 0.55 } as const;

/** Random ranges per cycle: speed 0.5-2, delay 0.5-5 s, wait 1-3 s. */
export const SPEED_RANGE = [0.5, 2] as const;
export const DELAY_RANGE_S = [0.5, 5] as const;
export const WAIT_RANGE_S = [1, 3] as const;

/**
 * How long a mole stays up at time scale 1 (wooden 3000 ms, golden 10000 ms), with a coherent
 * meaning: a wooden (normal, special or bomb) mole is up for 3 s of its rise-and-return; the rare golden one lingers 10 s.
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

/** Seconds to hide after a whack (within 0.1 s). */
export const HIDE_S = 0.1;
/** Seconds of a mole's rise and of its return, at time scale 1 (the web's animation). */
export const RISE_S = 0.35;
export const SINK_S = 0.3;

/**
 * The 3-2-1 countdown before play: after 0.5 s, each number for 1 s. The
 * moles only start once it is over, so no point can be scored in its first COUNTDOWN_MS.
 */
export const COUNTDOWN_DELAY_S = 0.5;
export const COUNTDOWN_NUMBERS = [3, 2, 1] as const;
export const COUNTDOWN_STEP_S = 1;
export const COUNTDOWN_MS = (COUNTDOWN_DELAY_S + COUNTDOWN_NUMBERS.length * COUNTDOWN_STEP_S) * 1000;
/** The web's game timer checks once a second, so the moles may run up to one tick past the limit. */
export const PLAY_OVERRUN_MS = 1_000;

/**
 * The earliest instants (seconds of play) at which a mole can rise for its 1st, 2nd, … time,
 * whatever the draws: its delay is at least DELAY_RANGE_S[0] shrunk by the fastest time scale
 * (SPEED_RANGE[1] times 1.1 per repeat); between two rises it is either whacked (HIDE_S to hide)
 * or stays up at least a wooden mole's time (scaled), then waits at least WAIT_RANGE_S[0].
 */
function earliestRises(untilS: number): number[] {
  const speed = (repeat: number) => SPEED_RANGE[1] * TIME_MULTIPLIER ** repeat;
  const rises: number[] = [];
  let rise = DELAY_RANGE_S[0] / speed(0);
  for (let repeat = 0; rise <= untilS; repeat++) {
    rises.push(rise);
    const gone = Math.min(HIDE_S, WOODEN_MOLE_MS / 1000 / speed(repeat));
    rise += gone + WAIT_RANGE_S[0] + DELAY_RANGE_S[0] / speed(repeat + 1);
  }
  return rises;
}

/**
 * The chance an honest score is refused (design choice): golden moles are drawn with chance
 * 0.05 per appearance, so the bound counts at most as many golden moles as a fair draw exceeds
 * with probability 1e-12 or less (for a million games a day, once in millions of years).
 */
export const GOLDEN_TAIL = 1e-12;

/** The smallest g with P(Binomial(draws, golden chance) > g) <= GOLDEN_TAIL. */
export function goldenCap(draws: number): number {
  const p = MOLE_CHANCES.golden;
  let term = (1 - p) ** draws;
  const pmf = [term];
  for (let i = 0; i < draws; i++) {
    term = (term * (draws - i) * p) / ((i + 1) * (1 - p));
    pmf.push(term);
  }
  let tail = 0;
  for (let g = draws; g > 0; g--) {
    const share = pmf[g];
    if (share === undefined) break;
    if (tail + share > GOLDEN_TAIL) return g;
    tail += share;
  }
  return 0;
}

const boundByAppearances = new Map<number, number>();

/** The bound when each of the nine moles rises at most `n` times. */
function boundFor(n: number): number {
  const cached = boundByAppearances.get(n);
  if (cached !== undefined) return cached;
  let base = 0;
  const surplus: number[] = [];
  for (let repeat = 0; repeat < n; repeat++) {
    // Any appearance scores at most a special mole's points; a golden one adds its surplus.
    base += MOLE_COUNT * molePoints('special', repeat);
    const extra = molePoints('golden', repeat) - molePoints('special', repeat);
    for (let m = 0; m < MOLE_COUNT; m++) surplus.push(extra);
  }
  surplus.sort((a, b) => b - a);
  const golden = surplus.slice(0, goldenCap(MOLE_COUNT * n)).reduce((sum, x) => sum + x, 0);
  const bound = base + golden;
  boundByAppearances.set(n, bound);
  return bound;
}

/**
 * The most points an honest game can score in `playedMs` of play (after the countdown): every
 * mole whacked the instant it rises, each appearance worth a special mole's points at its
 * repeat, plus the golden surplus of the best appearances for as many golden moles as the draw
 * can give (GOLDEN_TAIL). Bombs only lower a score, and points shrink with each repeat. Zero
 * before the first possible rise; constant from the time limit (plus the timer's tick) on.
 */
export function maxScoreFor(playedMs: number): number {
  const t = Math.min(Math.max(0, playedMs), TIME_LIMIT_MS + PLAY_OVERRUN_MS) / 1000;
  return boundFor(earliestRises(t).length);
}

/** The bound for a result arriving `elapsedMs` after the server started the game. */
export const maxScoreAfterStart = (elapsedMs: number) => maxScoreFor(elapsedMs - COUNTDOWN_MS);

/**
 * The best play of the real rules over `playedMs` (the web's mole-hole timings), for tests and
 * to check the bound: every mole is whacked the instant it rises and bombs are left alone (they
 * stay up and return). A rise's delay shrinks with the time scale; hiding and waiting do not.
 */
export function simulatePerfectPlay(rng: Rng, playedMs: number): number {
  let score = 0;
  for (let m = 0; m < MOLE_COUNT; m++) {
    let t = 0;
    for (let repeat = 0; ; repeat++) {
      const cycle = nextMoleCycle(repeat, rng);
      const rise = t + cycle.delay / cycle.timeScale;
      if (rise * 1000 > playedMs) break;
      if (cycle.points > 0) {
        score = addScore(score, cycle.points);
        t = rise + HIDE_S + nextWait(rng);
      } else {
        t = rise + (RISE_S + moleUpMs(cycle.type) / 1000 + SINK_S) / cycle.timeScale + nextWait(rng);
      }
    }
  }
  return score;
}

/** Server-side grace for network and clock differences when a result arrives (design choice). */
export const RESULT_GRACE_MS = 15_000;

/**
 * After this long from its start a game can no longer be scored: the countdown, the time limit,
 * the timer's last tick and the grace.
 */
export const GAME_EXPIRY_MS = COUNTDOWN_MS + TIME_LIMIT_MS + PLAY_OVERRUN_MS + RESULT_GRACE_MS;

/**
 * The onion paid for a final score (design choice): one coin per point, capped at 1,000, about
 * a flawless human game (the simulator, simulator.ts, plays one at about 900 points and a good
 * human at about 450), so the highest score the server accepts pays at most about twice a good
 * game (docs/economy.md).
 */
export const GAME_REWARD_CAP = 1_000;
/** Coins a result pays: its score, at most `cap` (the active configuration's mole.rewardCap). */
export const gameReward = (score: number, cap: number = GAME_REWARD_CAP) =>
  Math.min(cap, Math.max(0, Math.floor(score)));
