import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import {
  allocateAirdrop,
  airdropParamsProblem,
  claimOpen,
  claimWindowProblem,
  distribution,
  MAX_CLAIM_SECONDS,
  MAX_JETTON_AMOUNT,
  type AirdropParams,
  type AirdropRow,
} from '../src/airdrop.ts';

const wallet = (n: number) => `0:${n.toString(16).padStart(64, '0')}`;

const rowArb = fc.record({
  playerId: fc.integer({ min: 1, max: 10_000 }),
  wallet: fc.option(
    fc.integer({ min: 1, max: 40 }).map((n) => wallet(n)),
    { freq: 10 },
  ),
  coins: fc.bigInt({ min: 0n, max: 10n ** 12n }),
  banned: fc.integer({ min: 0, max: 12 }).map((n) => n === 0),
  excluded: fc.option(fc.constantFrom('multi-account', 'bot'), { freq: 12 }),
});
// One row per player, as a snapshot gives them.
const rowsArb = fc.uniqueArray(rowArb, { selector: (r) => r.playerId, maxLength: 60 });

const paramsArb: fc.Arbitrary<AirdropParams> = fc
  .record({
    decimals: fc.integer({ min: 0, max: 9 }),
    units: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    capUnits: fc.option(fc.bigInt({ min: 1n, max: 10n ** 8n })),
    minUnits: fc.option(fc.bigInt({ min: 0n, max: 1000n })),
  })
  .filter((p) => p.capUnits === null || p.minUnits === null || p.minUnits <= p.capUnits)
  .map((p) => {
    const unit = 10n ** BigInt(p.decimals);
    return {
      supply: p.units * unit + unit / 3n,
      decimals: p.decimals,
      cap: p.capUnits === null ? null : p.capUnits * unit,
      minimum: p.minUnits === null ? null : p.minUnits * unit,
    };
  });

const amountOf = (rows: readonly AirdropRow[], params: AirdropParams, playerId: number) =>
  allocateAirdrop(rows, params).allocations.find((a) => a.playerIds.includes(playerId))?.amount ?? 0n;

describe('airdrop allocation', () => {
  it('shares the supply in proportion to coins, in whole units, the remainder unallocated', () => {
    const rows: AirdropRow[] = [
      { playerId: 1, wallet: wallet(1), coins: 1000 },
      { playerId: 2, wallet: wallet(2), coins: 3000 },
      { playerId: 3, wallet: wallet(3), coins: 2000 },
    ];
    const r = allocateAirdrop(rows, { supply: 1000n * 10n ** 9n, decimals: 9 });
    expect(r.allocations.map((a) => a.amount / 10n ** 9n)).toEqual([166n, 500n, 333n]);
    expect(r.total).toBe(999n * 10n ** 9n);
    expect(r.unallocated).toBe(10n ** 9n);
  });

  it('caps a wallet and shares what it cannot take among the others', () => {
    const rows: AirdropRow[] = [
      { playerId: 1, wallet: wallet(1), coins: 9000 },
      { playerId: 2, wallet: wallet(2), coins: 500 },
      { playerId: 3, wallet: wallet(3), coins: 500 },
    ];
    const r = allocateAirdrop(rows, { supply: 1000n, decimals: 0, cap: 400n });
    expect(r.allocations.map((a) => [a.amount, a.capped])).toEqual([
      [400n, true],
      [300n, false],
      [300n, false],
    ]);
  });

  it('one allocation per wallet, weighted by the largest of its players; a ban or exclusion excludes the wallet', () => {
    const rows: AirdropRow[] = [
      { playerId: 1, wallet: wallet(1), coins: 100 },
      { playerId: 2, wallet: wallet(1), coins: 300 },
      { playerId: 3, wallet: wallet(2), coins: 300 },
      { playerId: 4, wallet: wallet(3), coins: 500, excluded: 'bot farm' },
      { playerId: 5, wallet: wallet(3), coins: 500 },
      { playerId: 6, wallet: wallet(4), coins: 500, banned: true },
      { playerId: 7, wallet: null, coins: 500 },
      { playerId: 8, wallet: wallet(5), coins: 0 },
      { playerId: 9, wallet: wallet(6), coins: 1 },
    ];
    const r = allocateAirdrop(rows, { supply: 601n, decimals: 0, minimum: 2n });
    expect(r.allocations).toEqual([
      { wallet: wallet(1), amount: 300n, coins: 300n, playerIds: [1, 2], capped: false },
      { wallet: wallet(2), amount: 300n, coins: 300n, playerIds: [3], capped: false },
    ]);
    expect(r.refused).toEqual([
      { playerId: 4, wallet: wallet(3), reason: 'excluded', detail: 'bot farm' },
      { playerId: 5, wallet: wallet(3), reason: 'wallet_excluded' },
      { playerId: 6, wallet: wallet(4), reason: 'banned' },
      { playerId: 7, wallet: null, reason: 'no_wallet' },
      { playerId: 8, wallet: wallet(5), reason: 'no_coins' },
      { playerId: 9, wallet: wallet(6), reason: 'below_minimum' },
    ]);
  });

  it('refuses invalid parameters', () => {
    expect(() => allocateAirdrop([], { supply: 10n, decimals: 2 })).toThrow(/supply/);
    expect(() => allocateAirdrop([], { supply: 1000n, decimals: 19 })).toThrow(/decimals/);
    expect(() => allocateAirdrop([], { supply: 1000n, decimals: 0, cap: 5n, minimum: 6n })).toThrow(
      /minimum/,
    );
  });

  it('refuses a supply above what a jetton holds (2^120 − 1 smallest units), and takes that one', () => {
    expect(MAX_JETTON_AMOUNT).toBe(2n ** 120n - 1n);
    expect(airdropParamsProblem({ supply: MAX_JETTON_AMOUNT, decimals: 9 })).toBeNull();
    expect(airdropParamsProblem({ supply: MAX_JETTON_AMOUNT + 1n, decimals: 9 })).toMatch(/2\^120 − 1/);
    expect(airdropParamsProblem({ supply: MAX_JETTON_AMOUNT + 1n, decimals: 0 })).toMatch(/2\^120 − 1/);
  });

  it('never allocates more than the supply; caps, minimums and whole units hold', () => {
    fc.assert(
      fc.property(rowsArb, paramsArb, (rows, params) => {
        const r = allocateAirdrop(rows, params);
        expect(r.total).toBeLessThanOrEqual(params.supply);
        expect(r.total + r.unallocated).toBe(params.supply);
        expect(new Set(r.allocations.map((a) => a.wallet)).size).toBe(r.allocations.length);
        for (const a of r.allocations) {
          expect(a.amount % r.unit).toBe(0n);
          expect(a.amount).toBeGreaterThanOrEqual(r.minimum);
          if (r.cap !== null) expect(a.amount).toBeLessThanOrEqual(r.cap);
        }
        // Every row is either allocated or refused, exactly once.
        const seen = [...r.allocations.flatMap((a) => a.playerIds), ...r.refused.map((x) => x.playerId)];
        expect(seen.sort((a, b) => a - b)).toEqual(rows.map((x) => x.playerId).sort((a, b) => a - b));
      }),
    );
  });

  it('does not depend on the order of the rows', () => {
    fc.assert(
      fc.property(
        rowsArb.chain((rows) =>
          fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length })),
        ),
        paramsArb,
        ([rows, shuffled], params) => {
          expect(allocateAirdrop(shuffled, params)).toEqual(allocateAirdrop(rows, params));
        },
      ),
    );
  });

  it('more coins never give less', () => {
    fc.assert(
      fc.property(
        rowsArb.filter((rows) => rows.length > 0),
        paramsArb,
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (rows, params, pick, more) => {
          const i = pick % rows.length;
          const richer = rows.map((r, k) => (k === i ? { ...r, coins: BigInt(r.coins) + more } : r));
          const row = rows[i];
          assert(row);
          const id = row.playerId;
          expect(amountOf(richer, params, id)).toBeGreaterThanOrEqual(amountOf(rows, params, id));
        },
      ),
    );
  });

  it('the supply is nearly used up without a cap: less than one unit per row left', () => {
    fc.assert(
      fc.property(rowsArb, paramsArb, (rows, params) => {
        const r = allocateAirdrop(rows, { ...params, cap: null, minimum: null });
        if (r.allocations.length > 0) expect(r.unallocated).toBeLessThan(r.unit * BigInt(rows.length + 1));
      }),
    );
  });
});

describe('airdrop allocation by weight', () => {
  it('shares by the weights when the rows carry them, the coins only reported', () => {
    const rows: AirdropRow[] = [
      { playerId: 1, wallet: wallet(1), coins: 9000, weight: 1n },
      { playerId: 2, wallet: wallet(2), coins: 10, weight: 3n },
    ];
    const r = allocateAirdrop(rows, { supply: 400n, decimals: 0 });
    expect(r.allocations.map((a) => [a.amount, a.coins, a.weight])).toEqual([
      [100n, 9000n, 1n],
      [300n, 10n, 3n],
    ]);
  });

  it("a wallet's weight is the largest of its players' weights, not the sum", () => {
    const rows: AirdropRow[] = [
      { playerId: 1, wallet: wallet(1), coins: 5, weight: 2n },
      { playerId: 2, wallet: wallet(1), coins: 50, weight: 1n },
      { playerId: 3, wallet: wallet(2), coins: 5, weight: 2n },
    ];
    const r = allocateAirdrop(rows, { supply: 100n, decimals: 0 });
    expect(r.allocations.map((a) => [a.amount, a.coins, a.weight, a.playerIds])).toEqual([
      [50n, 50n, 2n, [1, 2]],
      [50n, 5n, 2n, [3]],
    ]);
  });

  it('refuses a weight of 0 like no coins, and rows that mix weights and none', () => {
    const r = allocateAirdrop(
      [
        { playerId: 1, wallet: wallet(1), coins: 5, weight: 0n },
        { playerId: 2, wallet: wallet(2), coins: 5, weight: 7n },
      ],
      { supply: 100n, decimals: 0 },
    );
    expect(r.refused).toEqual([{ playerId: 1, wallet: wallet(1), reason: 'no_coins' }]);
    expect(() =>
      allocateAirdrop(
        [
          { playerId: 1, wallet: wallet(1), coins: 5, weight: 1n },
          { playerId: 2, wallet: wallet(2), coins: 5 },
        ],
        { supply: 100n, decimals: 0 },
      ),
    ).toThrow(RangeError);
  });

  it('weights equal to the coins allocate as the coins do (property)', () => {
    fc.assert(
      fc.property(rowsArb, paramsArb, (rows, params) => {
        const weighted = rows.map((r) => ({ ...r, weight: BigInt(r.coins) }));
        const plain = allocateAirdrop(rows, params);
        const byWeight = allocateAirdrop(weighted, params);
        expect(byWeight.allocations.map(({ weight, ...a }) => (expect(weight).toBe(a.coins), a))).toEqual(
          plain.allocations,
        );
        expect({ ...byWeight, allocations: [] }).toEqual({ ...plain, allocations: [] });
      }),
    );
  });
});

describe('the claim window', () => {
  const now = 1_800_000_000;
  const day = 86_400;
  it('fits 48 bits, ends after it starts, and stays open a day at least from now', () => {
    expect(MAX_CLAIM_SECONDS).toBe(2 ** 48 - 1);
    expect(claimWindowProblem({ startFrom: now - 60, expiredAt: now + day }, now)).toBeNull();
    expect(
      claimWindowProblem({ startFrom: MAX_CLAIM_SECONDS - 1, expiredAt: MAX_CLAIM_SECONDS }, now),
    ).toBeNull();
    expect(claimWindowProblem({ startFrom: now, expiredAt: MAX_CLAIM_SECONDS + 1 }, now)).toMatch(/48 bits/);
    expect(claimWindowProblem({ startFrom: -1, expiredAt: now + day }, now)).toMatch(/48 bits/);
    expect(claimWindowProblem({ startFrom: now + 2 * day, expiredAt: now + 2 * day }, now)).toMatch(/after/);
    expect(claimWindowProblem({ startFrom: now - 9 * day, expiredAt: now - 1 }, now)).toMatch(
      /already closed/,
    );
    expect(claimWindowProblem({ startFrom: now - 60, expiredAt: now }, now)).toMatch(/at least a day/);
    expect(claimWindowProblem({ startFrom: now - 60, expiredAt: now + day - 1 }, now)).toMatch(
      /at least a day/,
    );
  });
});

describe('claimOpen', () => {
  it("is the jetton wallet's check: from start_from to expired_at, both seconds included", () => {
    const w = { startFrom: 1000, expiredAt: 2000 };
    expect([999, 1000, 1500, 2000, 2001].map((s) => claimOpen(w, s))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('distribution', () => {
  it('gives the Gini coefficient, the top 1 % share and the median', () => {
    expect(distribution([5, 5, 5, 5])).toEqual({ count: 4, gini: 0, top1Share: 0.25, median: 5 });
    const d = distribution([0, 0, 0, 100]);
    expect(d.gini).toBeCloseTo(0.75);
    expect(d.top1Share).toBe(1);
    expect(d.median).toBe(0);
    expect(distribution([])).toEqual({ count: 0, gini: 0, top1Share: 0, median: 0 });
  });
});
