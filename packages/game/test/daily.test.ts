import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimDaily, DAILY_REWARDS, dailyReward } from '../src/daily.ts';
import { DAY_MS, gameDay, msUntilReset, nextResetAt } from '../src/time.ts';

const at = (iso: string) => Date.parse(iso);

describe('game day at UTC-6', () => {
  it('turns at 06:00 UTC (midnight at UTC-6)', () => {
    expect(gameDay(at('2026-06-15T05:59:59.999Z'))).toBe(gameDay(at('2026-06-14T06:00:00Z')));
    expect(gameDay(at('2026-06-15T06:00:00Z'))).toBe(gameDay(at('2026-06-15T05:59:59.999Z')) + 1);
    expect(nextResetAt(at('2026-06-15T05:00:00Z'))).toBe(at('2026-06-15T06:00:00Z'));
    expect(msUntilReset(at('2026-06-15T05:00:00Z'))).toBe(3_600_000);
  });

  it('always has the next reset within one day ahead', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (now) => {
        const left = msUntilReset(now);
        expect(left).toBeGreaterThan(0);
        expect(left).toBeLessThanOrEqual(DAY_MS);
        expect(gameDay(now + left)).toBe(gameDay(now) + 1);
      }),
    );
  });
});

describe('daily claim', () => {
  const now = at('2026-06-15T12:00:00Z');
  const today = gameDay(now);

  it('starts at day 1 for a first claim', () => {
    expect(claimDaily(null, 0, now)).toMatchObject({ ok: true, day: 1, today, ...DAILY_REWARDS[0] });
  });

  it('continues the streak the day after, resets after a skipped day, refuses twice a day', () => {
    expect(claimDaily(today - 1, 3, now)).toMatchObject({ ok: true, day: 4 });
    expect(claimDaily(today - 2, 3, now)).toMatchObject({ ok: true, day: 1 });
    expect(claimDaily(today, 3, now)).toEqual({ ok: false, reason: 'already-claimed' });
  });

  it('repeats the last reward past the end of the table', () => {
    expect(dailyReward(DAILY_REWARDS.length + 10)).toEqual(DAILY_REWARDS[DAILY_REWARDS.length - 1]);
  });

  it('never pays twice on one game day, whatever the history', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 100 }), (streak, offset) => {
        const first = claimDaily(today - offset - 1, streak, now);
        expect(first.ok).toBe(true);
        if (first.ok) expect(claimDaily(first.today, first.day, now).ok).toBe(false);
      }),
    );
  });
});
