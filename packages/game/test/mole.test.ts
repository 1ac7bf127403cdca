import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addScore,
  drawMoleType,
  gameReward,
  GAME_REWARD_CAP,
  HIDE_S,
  isBigWhack,
  maxScoreFor,
  MOLE_COUNT,
  molePoints,
  moleUpMs,
  nextMoleCycle,
  nextWait,
  TIME_LIMIT_MS,
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
  /**
   * The best possible play of the rules: every mole is whacked the instant it rises (skipping
   * bombs), over `ms`. Delays shrink with a time scale up to 2 * 1.1^repeat.
   */
  function bestPlay(seed: number, ms: number): number {
    const rng = seededRng(seed);
    let score = 0;
    for (let m = 0; m < MOLE_COUNT; m++) {
      let t = 0;
      for (let repeat = 0; ; repeat++) {
        const cycle = nextMoleCycle(repeat, rng);
        t += cycle.delay / cycle.timeScale;
        if (t * 1000 > ms) break;
        if (cycle.points > 0) score = addScore(score, cycle.points);
        t += HIDE_S + nextWait(rng);
      }
    }
    return score;
  }

  it('no simulated play beats the bound for its elapsed time', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: TIME_LIMIT_MS }), (seed, ms) => {
        expect(bestPlay(seed, ms)).toBeLessThanOrEqual(maxScoreFor(ms));
      }),
      { numRuns: 300 },
    );
  });

  it('grows with time and stops growing at the time limit', () => {
    expect(maxScoreFor(0)).toBeLessThan(maxScoreFor(10_000));
    expect(maxScoreFor(TIME_LIMIT_MS)).toBe(maxScoreFor(TIME_LIMIT_MS * 10));
  });
});
