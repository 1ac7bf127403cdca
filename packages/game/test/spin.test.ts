import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRng } from '../src/rng.ts';
import {
  drawSpin,
  SEGMENT_DEGREES,
  segmentAt,
  SPIN_BASE_DEGREES,
  SPIN_WHEEL,
  spinExpectation,
  spinRotation,
} from '../src/spin.ts';
import { CHEST_PRIZES } from '../src/treasure.ts';

describe('spin draw', () => {
  it('refuses without a ticket', () => {
    expect(drawSpin(0, seededRng(1))).toEqual({ ok: false, reason: 'no-ticket' });
    expect(drawSpin(-3, seededRng(1))).toEqual({ ok: false, reason: 'no-ticket' });
  });

  it('lands on each segment with its documented odds over many draws', () => {
    const rng = seededRng(7);
    const draws = 200_000;
    const counts = new Array<number>(SPIN_WHEEL.length).fill(0);
    let wrongPrizes = 0;
    for (let i = 0; i < draws; i++) {
      const draw = drawSpin(1, rng);
      if (!draw.ok) throw new Error('refused');
      counts[draw.segment] = (counts[draw.segment] ?? 0) + 1;
      if (draw.prize !== SPIN_WHEEL[draw.segment]) wrongPrizes += 1;
    }
    // One check after the loop: an expect per draw made this test slow enough to time out.
    expect(wrongPrizes).toBe(0);
    const total = SPIN_WHEEL.reduce((s, x) => s + x.weight, 0);
    SPIN_WHEEL.forEach((segment, i) => {
      expect(Math.abs((counts[i] ?? 0) / draws - segment.weight / total)).toBeLessThan(0.005);
    });
  });

  it('is worth less than a ticket spent on it (about 1,000 coins) in expectation', () => {
    const e = spinExpectation();
    const chestValue =
      CHEST_PRIZES.reduce((s, p) => s + (p.type === 'onion' ? p.value * p.weight : 0), 0) /
      CHEST_PRIZES.reduce((s, p) => s + p.weight, 0);
    const coins = e.onion + e.treasure * chestValue + e.ticket * 600;
    expect(coins).toBeLessThan(1_000);
    expect(e.ticket).toBeLessThan(1);
  });
});

describe('wheel angle', () => {
  it.each(SPIN_WHEEL.map((s, i) => [i, s] as const))('brings segment %i under the pointer', (index) => {
    for (const jitter of [0, 0.25, 0.5, 0.75, 1]) {
      const rotation = spinRotation(0, index, jitter);
      expect(rotation).toBeGreaterThanOrEqual(SPIN_BASE_DEGREES);
      expect(rotation).toBeLessThan(SPIN_BASE_DEGREES + 360);
      expect(segmentAt(rotation)).toBe(index);
    }
  });

  it('always turns forward at least 1800 degrees from wherever the wheel stopped', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.integer({ min: 0, max: SPIN_WHEEL.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (from, index, jitter) => {
          const rotation = spinRotation(from, index, jitter);
          expect(rotation - from).toBeGreaterThanOrEqual(SPIN_BASE_DEGREES);
          expect(rotation - from).toBeLessThan(SPIN_BASE_DEGREES + 360);
          expect(segmentAt(rotation)).toBe(index);
        },
      ),
    );
    expect(SEGMENT_DEGREES * SPIN_WHEEL.length).toBe(360);
  });
});
