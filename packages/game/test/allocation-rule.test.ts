import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import {
  earnedCoins,
  FULL_ACCOUNT_AGE_MS,
  RECOMMENDED_RULE,
  weighPlayers,
  type AllocationRule,
  type ScoreFacts,
} from '../src/allocation-rule.ts';

const NOW = Date.UTC(2026, 6, 6);
const DAY = 86_400_000;

const factsArb = (playerId: number): fc.Arbitrary<ScoreFacts> =>
  fc
    .record({
      coins: fc.integer({ min: 0, max: 50_000_000 }),
      operatorShare: fc.double({ min: 0, max: 1, noNaN: true }),
      activeDays: fc.integer({ min: 0, max: 30 }),
      tasks: fc.integer({ min: 0, max: 40 }),
      friendsStayed: fc.integer({ min: 0, max: 50 }),
      premium: fc.boolean(),
      ageDays: fc.integer({ min: 0, max: 4000 }),
      review: fc.boolean(),
    })
    .map((r) => ({
      playerId,
      coins: r.coins,
      operatorCoins: Math.floor(r.coins * r.operatorShare * (r.operatorShare < 0.3 ? 1 : 0)),
      activeDays: r.activeDays,
      tasks: r.tasks,
      friendsStayed: r.friendsStayed,
      premium: r.premium,
      registeredAt: NOW - r.ageDays * DAY,
      review: r.review,
    }));

const populationArb = fc
  .integer({ min: 1, max: 40 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => factsArb(i + 1))));

const ruleArb: fc.Arbitrary<AllocationRule> = fc.record({
  coinsExponent: fc.double({ min: 0.05, max: 1, noNaN: true }),
  weights: fc.record({
    coins: fc.integer({ min: 0, max: 100 }),
    activeDays: fc.integer({ min: 0, max: 100 }),
    tasks: fc.integer({ min: 0, max: 100 }),
    friendsStayed: fc.integer({ min: 0, max: 100 }),
    accountAge: fc.integer({ min: 0, max: 100 }),
    premium: fc.integer({ min: 0, max: 100 }),
  }),
  reviewDiscount: fc.double({ min: 0, max: 1, noNaN: true }),
});

type Grow = (f: ScoreFacts) => ScoreFacts;
const GROWTHS: Record<string, Grow> = {
  coins: (f) => ({ ...f, coins: f.coins * 3 + 1000 }),
  activeDays: (f) => ({ ...f, activeDays: f.activeDays + 3 }),
  tasks: (f) => ({ ...f, tasks: f.tasks + 2 }),
  friendsStayed: (f) => ({ ...f, friendsStayed: f.friendsStayed + 5 }),
  accountAge: (f) => ({ ...f, registeredAt: f.registeredAt - 200 * DAY }),
  premium: (f) => ({ ...f, premium: true }),
  cleared: (f) => ({ ...f, review: false }),
};

describe('allocation rule', () => {
  it('counts coins sublinearly: four times the coins weigh twice with the square root', () => {
    const base = {
      operatorCoins: 0,
      activeDays: 0,
      tasks: 0,
      friendsStayed: 0,
      premium: false,
      review: false,
    };
    const facts: ScoreFacts[] = [
      { ...base, playerId: 1, coins: 400, activeDays: 1, registeredAt: NOW },
      { ...base, playerId: 2, coins: 1600, activeDays: 1, registeredAt: NOW },
    ];
    const rule: AllocationRule = {
      coinsExponent: 0.5,
      weights: { coins: 1, activeDays: 0, tasks: 0, friendsStayed: 0, accountAge: 0, premium: 0 },
      reviewDiscount: 1,
    };
    const w = weighPlayers(facts, rule, NOW);
    const [one, two] = [w.get(1), w.get(2)];
    assert(one !== undefined && two !== undefined, 'a player without a weight');
    expect(two / 1_000_000n).toBe(2n * (one / 1_000_000n));
  });

  it('does not count what operators credited', () => {
    expect(earnedCoins({ coins: 5000, operatorCoins: 1200 })).toBe(3800);
    expect(earnedCoins({ coins: 500, operatorCoins: 1200 })).toBe(0);
    const base: ScoreFacts = {
      playerId: 1,
      coins: 10_000,
      operatorCoins: 0,
      activeDays: 5,
      tasks: 1,
      friendsStayed: 0,
      premium: false,
      registeredAt: NOW - 400 * DAY,
      review: false,
    };
    const other: ScoreFacts = { ...base, playerId: 2, coins: 40_000 };
    const credited = weighPlayers(
      [{ ...base, coins: 30_000, operatorCoins: 20_000 }, other],
      RECOMMENDED_RULE,
      NOW,
    );
    const plain = weighPlayers([base, other], RECOMMENDED_RULE, NOW);
    expect(credited.get(1)).toBe(plain.get(1));
  });

  it('gives nothing to a player who earned nothing, whatever their age or Premium', () => {
    const w = weighPlayers(
      [
        {
          playerId: 7,
          coins: 0,
          operatorCoins: 0,
          activeDays: 3,
          tasks: 2,
          friendsStayed: 1,
          premium: true,
          registeredAt: NOW - FULL_ACCOUNT_AGE_MS * 5,
          review: false,
        },
      ],
      RECOMMENDED_RULE,
      NOW,
    );
    expect(w.get(7)).toBe(0n);
  });

  it('never lowers a weight for more of any factor, nor raises it for a review (property)', () => {
    fc.assert(
      fc.property(
        populationArb,
        ruleArb,
        fc.nat(),
        fc.constantFrom(...Object.keys(GROWTHS)),
        (pop, rule, k, g) => {
          const i = k % pop.length;
          const [player, grow] = [pop[i], GROWTHS[g]];
          assert(player && grow);
          const before = weighPlayers(pop, rule, NOW).get(player.playerId);
          const grown = pop.map((f, j) => (j === i ? grow(f) : f));
          const after = weighPlayers(grown, rule, NOW).get(player.playerId);
          assert(before !== undefined && after !== undefined, `no weight for player ${player.playerId}`);
          expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is the same for everyone when every coin count is doubled, and scales with the weights (property)', () => {
    fc.assert(
      fc.property(populationArb, ruleArb, (pop, rule) => {
        const w = weighPlayers(pop, rule, NOW);
        const doubled = weighPlayers(
          pop.map((f) => ({ ...f, coins: f.coins * 4, operatorCoins: f.operatorCoins * 4 })),
          rule,
          NOW,
        );
        expect(doubled).toEqual(w);
        const heavier = weighPlayers(
          pop,
          {
            ...rule,
            weights: Object.fromEntries(
              Object.entries(rule.weights).map(([k, v]) => [k, v * 2]),
            ) as AllocationRule['weights'],
          },
          NOW,
        );
        for (const [id, x] of w) {
          const y = heavier.get(id);
          assert(y !== undefined, `no weight for player ${id}`);
          expect(y >= 2n * x - 2n && y <= 2n * x + 2n).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of the facts (property)', () => {
    fc.assert(
      fc.property(populationArb, ruleArb, fc.nat(), (pop, rule, seed) => {
        const shuffled = [...pop].sort(
          (a, b) => ((a.playerId * 7919 + seed) % 101) - ((b.playerId * 7919 + seed) % 101),
        );
        expect(weighPlayers(shuffled, rule, NOW)).toEqual(weighPlayers(pop, rule, NOW));
      }),
      { numRuns: 300 },
    );
  });

  it('a review multiplies the weight by the discount', () => {
    fc.assert(
      fc.property(populationArb, ruleArb, (pop, rule) => {
        const cleared = weighPlayers(
          pop.map((f) => ({ ...f, review: false })),
          rule,
          NOW,
        );
        const reviewed = weighPlayers(
          pop.map((f) => ({ ...f, review: true })),
          rule,
          NOW,
        );
        for (const [id, x] of cleared) {
          const y = reviewed.get(id);
          assert(y !== undefined, `no weight for player ${id}`);
          expect(y).toBeLessThanOrEqual(x);
          expect(Math.abs(Number(y) - Number(x) * rule.reviewDiscount)).toBeLessThanOrEqual(
            Number(x) * 1e-9 + 2,
          );
        }
      }),
      { numRuns: 200 },
    );
  });
});
