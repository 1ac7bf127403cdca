import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/config.ts';
import type { GameEvent } from '../src/events.ts';
import {
  assignVariant,
  checkExperiment,
  compareMeans,
  compareProportions,
  eventSplitRefusals,
  experimentKey,
  HOLDOUT,
  meanInterval,
  placeOf,
  tCritical95,
  variantVersionRefusal,
  wilson,
  type ExperimentDraft,
} from '../src/experiments.ts';

/** A server's place of a player in an experiment (node:crypto's HMAC-SHA-256, keyed as a server's). */
const KEY = createHmac('sha256', 'a server secret').update('experiments').digest();
const placeFor = (experimentId: number, userId: number) =>
  placeOf(createHmac('sha256', KEY).update(experimentKey(experimentId, userId)).digest());

describe('the stable hash', () => {
  it('takes the first 6 bytes of the digest as a place in [0, 1)', () => {
    expect(placeOf(new Uint8Array(32))).toBe(0);
    expect(placeOf(Uint8Array.from([0x80, 0, 0, 0, 0, 0, 0xff]))).toBe(0.5);
    expect(placeOf(new Uint8Array(32).fill(0xff))).toBe((2 ** 48 - 1) / 2 ** 48);
  });

  it('places a player at the same point every time, and elsewhere in another experiment', () => {
    expect(placeFor(3, 1001)).toBe(placeFor(3, 1001));
    expect(placeFor(3, 1001)).not.toBe(placeFor(4, 1001));
    const first = Array.from({ length: 200 }, (_, i) => assignVariant(placeFor(9, 5000 + i), 10, [1, 2, 1]));
    const again = Array.from({ length: 200 }, (_, i) => assignVariant(placeFor(9, 5000 + i), 10, [1, 2, 1]));
    expect(again).toEqual(first);
  });

  it('splits 100,000 players by the holdout and the weights within a tolerance', () => {
    const N = 100_000;
    const counts = new Map<number | string, number>();
    for (let id = 1; id <= N; id++) {
      const v = assignVariant(placeFor(42, 700_000_000 + id), 20, [1, 2, 1]);
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    // Expected shares: holdout 20 %, the rest 80 % split 1:2:1 = 20 %, 40 %, 20 %.
    const expected = new Map<number | string, number>([
      [HOLDOUT, 0.2],
      [0, 0.2],
      [1, 0.4],
      [2, 0.2],
    ]);
    for (const [variant, share] of expected) {
      // 5 standard deviations of a binomial share: about 0.006 at N = 100,000.
      const tolerance = 5 * Math.sqrt((share * (1 - share)) / N);
      expect(Math.abs((counts.get(variant) ?? 0) / N - share), String(variant)).toBeLessThan(tolerance);
    }
    expect([...counts.keys()].sort()).toEqual([0, 1, 2, HOLDOUT].sort());
  });

  it('puts no one in the holdout at 0 % and keeps the places uniform over [0, 1)', () => {
    const buckets = new Array(10).fill(0);
    for (let id = 0; id < 20_000; id++) {
      const place = placeFor(1, id);
      expect(assignVariant(place, 0, [1, 1])).not.toBe(HOLDOUT);
      expect(place).toBeGreaterThanOrEqual(0);
      expect(place).toBeLessThan(1);
      buckets[Math.floor(place * 10)]++;
    }
    for (const count of buckets) expect(Math.abs(count - 2_000)).toBeLessThan(5 * Math.sqrt(2_000 * 0.9));
  });
});

describe('intervals', () => {
  it('gives the Wilson score interval (hand-checked values)', () => {
    // 8 of 10: 0.8, Wilson 95 % ≈ (0.4902, 0.9433).
    const w = wilson(8, 10);
    expect(w.rate).toBeCloseTo(0.8, 10);
    expect(w.low).toBeCloseTo(0.4902, 3);
    expect(w.high).toBeCloseTo(0.9433, 3);
    // 0 of 20 stays within [0, 1] and is not the empty interval.
    const none = wilson(0, 20);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.1611, 3);
    expect(wilson(0, 0)).toEqual({ rate: null, low: null, high: null });
  });

  it('gives a mean with its normal-approximation interval from n, sum and sum of squares', () => {
    // Values 0, 0, 10, 10: mean 5, sample variance 100/3, se = sqrt(100/3/4) ≈ 2.8868.
    const m = meanInterval({ n: 4, sum: 20, sumOfSquares: 200 });
    expect(m.mean).toBe(5);
    expect(m.low).toBeCloseTo(5 - 1.96 * 2.8868, 2);
    expect(m.high).toBeCloseTo(5 + 1.96 * 2.8868, 2);
    expect(meanInterval({ n: 0, sum: 0, sumOfSquares: 0 }).mean).toBeNull();
    expect(meanInterval({ n: 1, sum: 7, sumOfSquares: 49 })).toEqual({ mean: 7, low: 7, high: 7 });
  });

  it('has Student’s critical values close to the tables', () => {
    expect(tCritical95(5)).toBeCloseTo(2.571, 1);
    expect(tCritical95(10)).toBeCloseTo(2.228, 2);
    expect(tCritical95(30)).toBeCloseTo(2.042, 3);
    expect(tCritical95(Infinity)).toBeCloseTo(1.96, 2);
  });
});

describe('a variant against the holdout', () => {
  it('calls a large retention difference significant, a small one not yet', () => {
    // 60 % vs 40 % of 200 each: z ≈ 4.0.
    expect(compareProportions({ successes: 120, n: 200 }, { successes: 80, n: 200 })).toEqual({
      difference: expect.closeTo(0.2, 10) as number,
      significant: true,
    });
    // 42 % vs 40 % of 200 each: z ≈ 0.4.
    expect(compareProportions({ successes: 84, n: 200 }, { successes: 80, n: 200 }).significant).toBe(false);
    // Too few observed, however different.
    expect(compareProportions({ successes: 5, n: 5 }, { successes: 0, n: 5 }).significant).toBe(false);
    expect(compareProportions({ successes: 0, n: 0 }, { successes: 3, n: 10 })).toEqual({
      difference: null,
      significant: false,
    });
  });

  it('compares Stars per player by Welch’s test', () => {
    // Variant: 20 players paying 10 each out of 40 (mean 5); holdout 40 players, 2 paying 10 (mean 0.5).
    const variant = { n: 40, sum: 200, sumOfSquares: 2_000 };
    const holdout = { n: 40, sum: 20, sumOfSquares: 200 };
    expect(compareMeans(variant, holdout)).toEqual({ difference: 4.5, significant: true });
    // Same totals, a tenth of the players: not yet.
    expect(
      compareMeans({ n: 4, sum: 20, sumOfSquares: 200 }, { n: 4, sum: 2, sumOfSquares: 20 }).significant,
    ).toBe(false);
    expect(compareMeans({ n: 20, sum: 0, sumOfSquares: 0 }, { n: 20, sum: 0, sumOfSquares: 0 })).toEqual({
      difference: 0,
      significant: false,
    });
  });
});

describe('a new experiment’s bounds', () => {
  const good: ExperimentDraft = {
    name: 'Richer check-in',
    kind: 'config',
    holdoutPercent: 10,
    variants: [
      { name: 'A', weight: 1, configVersion: 1 },
      { name: 'B', weight: 1, configVersion: 2 },
    ],
  };

  it('accepts a well-formed one', () => {
    expect(checkExperiment(good)).toEqual([]);
    expect(
      checkExperiment({
        name: 'Mole weekend',
        kind: 'event',
        holdoutPercent: 5,
        eventId: 4,
        variants: [
          { name: 'with', weight: 3, event: true },
          { name: 'without', weight: 1, event: false },
        ],
      }),
    ).toEqual([]);
  });

  it('keeps a holdout of at least 5 %: without one there is nothing to compare', () => {
    for (const holdoutPercent of [0, 4, 4.9, -1])
      expect(checkExperiment({ ...good, holdoutPercent }), String(holdoutPercent)).toEqual([
        'holdoutPercent: 5 to 50',
      ]);
    expect(checkExperiment({ ...good, holdoutPercent: 5 })).toEqual([]);
    expect(checkExperiment({ ...good, holdoutPercent: 50 })).toEqual([]);
  });

  it('names every broken bound', () => {
    const errors = checkExperiment({
      name: ' ',
      kind: 'config',
      holdoutPercent: 51,
      variants: [
        { name: 'holdout', weight: 0, configVersion: 1 },
        { name: 'A', weight: 1.5 },
      ],
    });
    for (const path of [
      'name',
      'holdoutPercent',
      'variants.0.name',
      'variants.0.weight',
      'variants.1.weight',
      'variants.1.configVersion',
    ])
      expect(
        errors.some((e) => e.startsWith(`${path}:`)),
        path,
      ).toBe(true);
    expect(checkExperiment({ ...good, variants: good.variants.slice(0, 1) })[0]).toMatch(/^variants: 2 to 5/);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `V${i}`, weight: 1, configVersion: 1 }));
    expect(checkExperiment({ ...good, variants: six })[0]).toMatch(/^variants: 2 to 5/);
    expect(
      checkExperiment({
        ...good,
        variants: [
          { name: 'A', weight: 1, configVersion: 1 },
          { name: 'a', weight: 1, configVersion: 1 },
        ],
      }),
    ).toEqual(['variants.1.name: used twice']);
    expect(
      checkExperiment({
        name: 'x',
        kind: 'event',
        holdoutPercent: 5,
        variants: [
          { name: 'A', weight: 1, event: false },
          { name: 'B', weight: 1, event: false },
        ],
      }),
    ).toEqual(['eventId: the event tested', 'variants: at least one gets the event']);
  });
});

describe('what an experiment may split', () => {
  it('takes a version within the bounds whose referral rewards are the active ones', () => {
    const richer = {
      ...DEFAULT_CONFIG,
      mole: { ...DEFAULT_CONFIG.mole, rewardCap: DEFAULT_CONFIG.mole.rewardCap + 1 },
    };
    expect(variantVersionRefusal(richer, DEFAULT_CONFIG)).toBeNull();
    const broken = {
      ...DEFAULT_CONFIG,
      mole: { ...DEFAULT_CONFIG.mole, rewardCap: DEFAULT_CONFIG.mole.rewardCap * 1000 },
    };
    expect(variantVersionRefusal(broken, DEFAULT_CONFIG)).toMatch(/bounds/);
    const referral = structuredClone(DEFAULT_CONFIG);
    referral.referral.rewards.regular.inviter += 1;
    expect(variantVersionRefusal(referral, DEFAULT_CONFIG)).toMatch(/referral rewards/);
  });

  it('takes an upcoming event paid per player, not a running, ended or income one', () => {
    const now = 1_800_000_000_000;
    const H = 3_600_000;
    const event = (over: Partial<GameEvent>): GameEvent => ({
      id: 1,
      kind: 'tap-multiplier',
      multiplier: 2,
      startsAt: now + H,
      endsAt: now + 2 * H,
      titles: { en: 'x' },
      ...over,
    });
    expect(eventSplitRefusals(event({}), now)).toEqual([]);
    expect(eventSplitRefusals(event({ startsAt: now - H }), now)).toEqual([expect.stringMatching(/running/)]);
    expect(eventSplitRefusals(event({ kind: 'income-multiplier' }), now)).toEqual([
      expect.stringMatching(/kind/),
    ]);
    expect(eventSplitRefusals(event({ endsAt: now }), now)).toEqual(['no running or upcoming event']);
    expect(eventSplitRefusals(undefined, now)).toEqual(['no running or upcoming event']);
  });
});
