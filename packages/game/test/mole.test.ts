import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addScore,
  drawMoleType,
  gameReward,
  GAME_REWARD_CAP,
  isBigWhack,
  maxScoreFor,
  MOLE_COUNT,
  molePoints,
  moleUpMs,
  nextMoleCycle,
  nextWait,
  TIME_LIMIT_MS,
  COUNTDOWN_MS,
  GAME_EXPIRY_MS,
  GOLDEN_TAIL,
  goldenCap,
  maxScoreAfterStart,
  MOLE_SCORES,
  PLAY_OVERRUN_MS,
  simulatePerfectPlay,
} from '../src/mole.ts';
import { seededRng } from '../src/rng.ts';

describe('mole rules', () => {
  it('draws types against cumulative thresholds: golden, bomb, special, else normal', () => {
    expect(drawMoleType(0)).toBe('golden');
    expect(drawMoleType(0.0499)).toBe('golden');
    expect(drawMoleType(0.05)).toBe('bomb');
    expect(drawMoleType(0.3499)).toBe('bomb');
    expect(drawMoleType(0.35)).toBe('special');
    expect(drawMoleType(0.5499)).toBe('special');
    expect(drawMoleType(0.55)).toBe('normal');
    expect(drawMoleType(0.999)).toBe('normal');
  });

  it('scores normal 10, special 20, golden 100 and bomb -100 on the first cycle', () => {
    expect([molePoints('normal', 0), molePoints('special', 0), molePoints('golden', 0)]).toEqual([
      10, 20, 100,
    ]);
    expect(molePoints('bomb', 0)).toBe(-100);
  });

  it('multiplies points by 0.9 per repeat, floored, never below 1; bombs keep their penalty', () => {
    expect(molePoints('normal', 1)).toBe(9);
    expect(molePoints('normal', 2)).toBe(8);
    expect(molePoints('golden', 3)).toBe(72);
    expect(molePoints('normal', 100)).toBe(1);
    expect(molePoints('bomb', 7)).toBe(-100);
  });

  it('never lets the score go below 0', () => {
    expect(addScore(50, -100)).toBe(0);
    expect(addScore(150, -100)).toBe(50);
    fc.assert(fc.property(fc.nat(), fc.integer({ min: -1000, max: 1000 }), (s, p) => addScore(s, p) >= 0));
  });

  it('calls a whack big above half the golden score', () => {
    expect(isBigWhack(50)).toBe(false);
    expect(isBigWhack(51)).toBe(true);
    expect(isBigWhack(molePoints('golden', 0))).toBe(true);
  });

  it('draws speed 0.5-2 (times 1.1 per repeat), delay 0.5-5 s and wait 1-3 s', () => {
    const rng = seededRng(3);
    for (let repeat = 0; repeat < 5; repeat++) {
      for (let i = 0; i < 200; i++) {
        const c = nextMoleCycle(repeat, rng);
        expect(c.timeScale).toBeGreaterThanOrEqual(0.5 * 1.1 ** repeat);
        expect(c.timeScale).toBeLessThanOrEqual(2 * 1.1 ** repeat);
        expect(c.delay).toBeGreaterThanOrEqual(0.5);
        expect(c.delay).toBeLessThanOrEqual(5);
        expect(c.points).toBe(molePoints(c.type, repeat));
        const w = nextWait(rng);
        expect(w).toBeGreaterThanOrEqual(1);
        expect(w).toBeLessThanOrEqual(3);
      }
    }
  });

  it('keeps a golden mole up 10 s and a wooden one 3 s', () => {
    expect(moleUpMs('golden')).toBe(10_000);
    expect(moleUpMs('normal')).toBe(3_000);
    expect(moleUpMs('bomb')).toBe(3_000);
  });

  it('pays one coin per point up to the cap', () => {
    expect(gameReward(0)).toBe(0);
    expect(gameReward(345)).toBe(345);
    expect(gameReward(1e9)).toBe(GAME_REWARD_CAP);
  });
});

describe('score bound', () => {
  const bestPlay = (seed: number, ms: number) => simulatePerfectPlay(seededRng(seed), ms);
  const LONGEST_PLAY = TIME_LIMIT_MS + PLAY_OVERRUN_MS;

  it('no simulated perfect play beats the bound for its play time, whatever the seed', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: LONGEST_PLAY }), (seed, ms) => {
        expect(bestPlay(seed, ms)).toBeLessThanOrEqual(maxScoreFor(ms));
      }),
      { numRuns: 1000 },
    );
  });

  it('holds for the first seconds of play, where a few golden moles weigh most', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 8_000 }), (seed, ms) => {
        expect(bestPlay(seed, ms)).toBeLessThanOrEqual(maxScoreFor(ms));
      }),
      { numRuns: 3000 },
    );
  });

  it('is zero before the first mole can rise and grows with play time, not from the start', () => {
    expect(maxScoreFor(0)).toBe(0);
    expect(maxScoreFor(240)).toBe(0);
    expect(maxScoreFor(250)).toBeGreaterThan(0);
    // The countdown (0.5 s and three 1 s numbers) is no play time.
    expect(COUNTDOWN_MS).toBe(3_500);
    for (const ms of [0, 1_000, 2_000, COUNTDOWN_MS]) expect(maxScoreAfterStart(ms)).toBe(0);
    expect(maxScoreAfterStart(COUNTDOWN_MS + 5_000)).toBe(maxScoreFor(5_000));
    let previous = 0;
    for (let ms = 0; ms <= LONGEST_PLAY; ms += 100) {
      expect(maxScoreFor(ms)).toBeGreaterThanOrEqual(previous);
      previous = maxScoreFor(ms);
    }
  });

  it('stops growing one timer tick after the time limit', () => {
    expect(maxScoreFor(TIME_LIMIT_MS)).toBeLessThanOrEqual(maxScoreFor(LONGEST_PLAY));
    expect(maxScoreFor(LONGEST_PLAY)).toBe(maxScoreFor(TIME_LIMIT_MS * 10));
  });

  it('stays below the reward cap during the first rise', () => {
    // Nine golden moles at once is the most the first rise can give.
    expect(maxScoreFor(1_000)).toBe(MOLE_COUNT * MOLE_SCORES.golden);
    expect(maxScoreFor(1_000)).toBeLessThan(GAME_REWARD_CAP);
  });

  it('counts at most as many golden moles as a fair draw exceeds once in 10^12', () => {
    expect(goldenCap(0)).toBe(0);
    // All nine golden happens with 0.05^9 (about 2e-12): still counted.
    expect(goldenCap(9)).toBe(9);
    expect(goldenCap(90)).toBeLessThan(90 / 2);
    for (const draws of [9, 27, 90, 450]) {
      const g = goldenCap(draws);
      // The exact tail above g is within the allowance, above g - 1 it is not.
      const tail = (from: number) => {
        let sum = 0;
        for (let i = from; i <= draws; i++) sum += binomial(draws, i) * 0.05 ** i * 0.95 ** (draws - i);
        return sum;
      };
      expect(tail(g + 1)).toBeLessThanOrEqual(GOLDEN_TAIL);
      expect(tail(g)).toBeGreaterThan(GOLDEN_TAIL);
    }
  });

  it('lets a game expire after the countdown, the time limit, a timer tick and the grace', () => {
    expect(GAME_EXPIRY_MS).toBe(3_500 + 60_000 + 1_000 + 15_000);
  });
});

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}
