import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import { ACCOUNT_AGE_ANCHORS, accountRegisteredAt } from '../src/account-age.ts';

describe('account age from the Telegram id', () => {
  it('gives every anchor its own date', () => {
    for (const [id, at] of ACCOUNT_AGE_ANCHORS) expect(accountRegisteredAt(id)).toBe(at);
  });

  it('keeps the anchors ascending by id and by date', () => {
    for (let i = 1; i < ACCOUNT_AGE_ANCHORS.length; i++) {
      const [prev, cur] = [ACCOUNT_AGE_ANCHORS[i - 1], ACCOUNT_AGE_ANCHORS[i]];
      assert(prev && cur, `no anchor ${i - 1} or ${i}`);
      expect(cur[0]).toBeGreaterThan(prev[0]);
      expect(cur[1]).toBeGreaterThanOrEqual(prev[1]);
    }
  });

  it('interpolates halfway between two anchors', () => {
    const [a, b] = [ACCOUNT_AGE_ANCHORS[10], ACCOUNT_AGE_ANCHORS[11]];
    assert(a && b, 'fewer than 12 anchors');
    const mid = accountRegisteredAt((a[0] + b[0]) / 2);
    expect(Math.abs(mid - (a[1] + b[1]) / 2)).toBeLessThanOrEqual(1);
  });

  it('clamps below the first anchor and carries the last slope past the last', () => {
    const [first] = ACCOUNT_AGE_ANCHORS;
    assert(first, 'no anchors');
    expect(accountRegisteredAt(1)).toBe(first[1]);
    expect(accountRegisteredAt(-5)).toBe(first[1]);
    const [p, q] = ACCOUNT_AGE_ANCHORS.slice(-2) as [readonly [number, number], readonly [number, number]];
    const slope = (q[1] - p[1]) / (q[0] - p[0]);
    expect(accountRegisteredAt(q[0] + 1e8)).toBe(Math.round(q[1] + 1e8 * slope));
    expect(accountRegisteredAt(q[0] + 1e8)).toBeGreaterThan(q[1]);
  });

  it('never dates a larger id earlier (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12_000_000_000 }),
        fc.integer({ min: 0, max: 12_000_000_000 }),
        (x, y) => {
          const [lo, hi] = x <= y ? [x, y] : [y, x];
          expect(accountRegisteredAt(lo)).toBeLessThanOrEqual(accountRegisteredAt(hi));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
