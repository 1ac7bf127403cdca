import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENERGY_REGEN_MS, settleEnergy } from '../src/energy.ts';
import { INCOME_OFFLINE_CAP_MS, incomeIntervalMs, settleIncome } from '../src/income.ts';

describe('energy', () => {
  it('regenerates one point per regen step up to max', () => {
    expect(settleEnergy(0, 1000, 0, ENERGY_REGEN_MS * 10 + 5)).toEqual({
      value: 10,
      at: ENERGY_REGEN_MS * 10,
    });
    expect(settleEnergy(990, 1000, 0, ENERGY_REGEN_MS * 50).value).toBe(1000);
    expect(settleEnergy(500, 1000, 1000, 0).value).toBe(500);
  });

  it('never exceeds max, never decreases, and settling in steps equals settling at once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 20 }),
        (start, max, steps) => {
          const energy = Math.min(start, max);
          let s = { value: energy, at: 0 };
          let now = 0;
          for (const step of steps) {
            now += step;
            const next = settleEnergy(s.value, max, s.at, now);
            expect(next.value).toBeLessThanOrEqual(max);
            expect(next.value).toBeGreaterThanOrEqual(s.value);
            s = next;
          }
          expect(s.value).toBe(settleEnergy(energy, max, 0, now).value);
        },
      ),
    );
  });
});

describe('passive income', () => {
  it('pays earnPerHour per hour, keeps the fraction of a coin, and caps time away at 6 hours', () => {
    expect(settleIncome(3600, 0, 1000)).toEqual({ coins: 1, at: 1000 });
    expect(settleIncome(100, 0, 3_600_000).coins).toBe(100);
    expect(settleIncome(100, 0, 10 * 3_600_000).coins).toBe(600);
    expect(settleIncome(0, 0, 5000)).toEqual({ coins: 0, at: 5000 });
    expect(incomeIntervalMs(3600)).toBe(1000);
    expect(incomeIntervalMs(0)).toBeNull();
  });

  it('never pays more in many small settles than in one, nor more than the capped time allows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 4 * 3_600_000 }), { minLength: 1, maxLength: 30 }),
        (perHour, steps) => {
          let at = 0;
          let now = 0;
          let paid = 0;
          let withinCap = true;
          for (const step of steps) {
            now += step;
            // The cap counts from the last settled instant, which a settle paying nothing keeps.
            if (now - at > INCOME_OFFLINE_CAP_MS) withinCap = false;
            const s = settleIncome(perHour, at, now);
            paid += s.coins;
            at = s.at;
            expect(s.at).toBeLessThanOrEqual(now);
          }
          expect(paid).toBeLessThanOrEqual(Math.floor((now * perHour) / 3_600_000));
          // Never away beyond the cap: nothing is lost but rounding (at most 1 ms a settle).
          if (withinCap) {
            expect(paid).toBeGreaterThanOrEqual(Math.floor(((now - steps.length) * perHour) / 3_600_000));
          }
        },
      ),
    );
  });
});
