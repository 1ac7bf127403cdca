import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeEvent,
  checkEvent,
  checkSchedule,
  EVENT_BOUNDS,
  eventExtra,
  eventStatus,
  eventSpans,
  eventTitle,
  incomeEventExtras,
  visibleEvents,
  type GameEvent,
  taskTakeRefusal,
  type TaskWindow,
} from '../src/events.ts';
import { INCOME_OFFLINE_CAP_MS, settleIncome } from '../src/income.ts';

const now = Date.parse('2026-06-15T12:00:00Z');
const H = 3_600_000;
const draft = {
  kind: 'tap-multiplier' as const,
  multiplier: 2,
  startsAt: now + H,
  endsAt: now + 49 * H,
  titles: { en: 'Double weekend', fa: 'آخر هفته دوبرابر' },
};
const ev = (id: number, over: Partial<GameEvent> = {}): GameEvent => ({
  id,
  kind: 'tap-multiplier',
  multiplier: 2,
  startsAt: now,
  endsAt: now + H,
  titles: { en: `E${id}` },
  ...over,
});

describe('event bounds', () => {
  it('accepts a good draft', () => {
    expect(checkEvent(draft, now)).toBeNull();
    expect(checkEvent({ ...draft, multiplier: 1.25 }, now)).toBeNull();
    expect(checkEvent({ ...draft, multiplier: 5 }, now)).toBeNull();
    expect(checkEvent({ ...draft, startsAt: now - 30_000 }, now)).toBeNull();
  });

  it('refuses each bound with its reason', () => {
    const reason = (over: object) => checkEvent({ ...draft, ...over }, now)?.reason;
    expect(reason({ kind: 'gold-rain' })).toBe('kind');
    expect(reason({ multiplier: 1 })).toBe('multiplier');
    expect(reason({ multiplier: 5.01 })).toBe('multiplier');
    expect(reason({ multiplier: 1.005 })).toBe('multiplier');
    expect(reason({ multiplier: Number.NaN })).toBe('multiplier');
    expect(reason({ endsAt: draft.startsAt })).toBe('window');
    expect(reason({ startsAt: now - 2 * 60_000 })).toBe('past');
    expect(reason({ endsAt: draft.startsAt + EVENT_BOUNDS.maxDurationMs + 1 })).toBe('too-long');
    expect(reason({ titles: { fa: 'x' } })).toBe('title-missing');
    expect(reason({ titles: { en: '   ' } })).toBe('title-missing');
    expect(reason({ titles: { en: 'x'.repeat(61) } })).toBe('title-length');
    expect(reason({ titles: { en: 'x', xx: 'y' } })).toBe('title-language');
  });
});

describe('how much an operator may schedule', () => {
  const D = 24 * H;
  it('refuses an event overlapping another of its kind not cancelled, naming it', () => {
    const seven = ev(7, { startsAt: now + 10 * H, endsAt: now + 20 * H, titles: { en: 'Taps ×2' } });
    const others = [seven];
    expect(
      checkSchedule({ kind: 'tap-multiplier', startsAt: now, endsAt: now + 11 * H }, others),
    ).toMatchObject({
      reason: 'overlap',
      eventId: 7,
      message: expect.stringMatching(/#7.*Taps ×2/),
    });
    // Touching ends do not overlap; another kind or a cancelled event does not count.
    expect(checkSchedule({ kind: 'tap-multiplier', startsAt: now, endsAt: now + 10 * H }, others)).toBeNull();
    expect(
      checkSchedule({ kind: 'tap-multiplier', startsAt: now + 20 * H, endsAt: now + 30 * H }, others),
    ).toBeNull();
    expect(
      checkSchedule({ kind: 'mole-multiplier', startsAt: now, endsAt: now + 11 * H }, others),
    ).toBeNull();
    const cancelled = [{ ...seven, cancelledAt: now + 9 * H }];
    expect(
      checkSchedule({ kind: 'tap-multiplier', startsAt: now, endsAt: now + 11 * H }, cancelled),
    ).toBeNull();
  });

  it('caps the event-days of a kind in any 30 days: 14-day ×5 events cannot follow each other', () => {
    expect(EVENT_BOUNDS.capMs).toBe(14 * D);
    expect(EVENT_BOUNDS.capWindowMs).toBe(30 * D);
    const first = ev(1, { startsAt: now, endsAt: now + 14 * D, multiplier: 5 });
    const next = { kind: 'tap-multiplier' as const, startsAt: now + 14 * D, endsAt: now + 28 * D };
    expect(checkSchedule(next, [first])).toMatchObject({ reason: 'too-much' });
    // 30 days after the first started, another 14 days may start; an hour earlier they may not.
    expect(checkSchedule({ ...next, startsAt: now + 30 * D, endsAt: now + 44 * D }, [first])).toBeNull();
    expect(
      checkSchedule({ ...next, startsAt: now + 30 * D - H, endsAt: now + 44 * D - H }, [first]),
    ).toMatchObject({ reason: 'too-much', message: expect.stringMatching(/14 days in any 30/) });
    // Shorter events fill up to the cap and no further; another kind has its own.
    const seven = ev(2, { startsAt: now + 20 * D, endsAt: now + 27 * D });
    expect(checkSchedule({ ...next, startsAt: now + 30 * D, endsAt: now + 37 * D }, [seven])).toBeNull();
    expect(
      checkSchedule({ ...next, startsAt: now + 30 * D, endsAt: now + 37 * D + H }, [seven]),
    ).toMatchObject({
      reason: 'too-much',
    });
    expect(checkSchedule({ ...next, kind: 'mole-multiplier' }, [first])).toBeNull();
    // A cancelled event counts for the time it ran.
    const ranTwoDays = { ...first, cancelledAt: now + 2 * D };
    expect(checkSchedule({ ...next, startsAt: now + 3 * D, endsAt: now + 15 * D }, [ranTwoDays])).toBeNull();
    expect(
      checkSchedule({ ...next, startsAt: now + 3 * D, endsAt: now + 15 * D + H }, [ranTwoDays]),
    ).toMatchObject({
      reason: 'too-much',
    });
  });

  it('never lets any 30 days hold more than the cap of one kind, however events are scheduled', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 90 * 24 }), fc.integer({ min: 1, max: 14 * 24 })), {
          maxLength: 25,
        }),
        (drafts) => {
          const kept: GameEvent[] = [];
          for (const [startH, hours] of drafts) {
            const d = {
              kind: 'tap-multiplier' as const,
              startsAt: now + startH * H,
              endsAt: now + (startH + hours) * H,
            };
            if (!checkSchedule(d, kept)) kept.push(ev(kept.length + 1, d));
          }
          for (let w = now - 30 * D; w < now + 120 * D; w += 3 * H) {
            let covered = 0;
            for (const e of kept)
              covered += Math.max(0, Math.min(e.endsAt, w + 30 * D) - Math.max(e.startsAt, w));
            expect(covered).toBeLessThanOrEqual(14 * D);
          }
          for (const a of kept)
            for (const b of kept)
              if (a !== b) expect(a.endsAt <= b.startsAt || b.endsAt <= a.startsAt).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('which event pays', () => {
  it('runs from its start (inclusive) to its end (exclusive), not when cancelled', () => {
    const e = ev(1);
    expect(activeEvent([e], 'tap-multiplier', now - 1)).toBeNull();
    expect(activeEvent([e], 'tap-multiplier', now)).toBe(e);
    expect(activeEvent([e], 'tap-multiplier', now + H - 1)).toBe(e);
    expect(activeEvent([e], 'tap-multiplier', now + H)).toBeNull();
    expect(activeEvent([{ ...e, cancelledAt: now }], 'tap-multiplier', now + 1)).toBeNull();
    expect(activeEvent([e], 'mole-multiplier', now)).toBeNull();
  });

  it('does not stack overlapping events of a kind: the highest applies', () => {
    const events = [ev(1, { multiplier: 2 }), ev(2, { multiplier: 3 }), ev(3, { multiplier: 1.5 })];
    expect(activeEvent(events, 'tap-multiplier', now + 1)?.id).toBe(2);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 101, max: 500 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (percents, base) => {
          const list = percents.map((p, i) => ev(i + 1, { multiplier: p / 100 }));
          const best = activeEvent(list, 'tap-multiplier', now);
          if (!best) throw new Error('no event');
          expect(best.multiplier).toBe(Math.max(...percents) / 100);
          // The extra is one event's, never the sum of several.
          expect(eventExtra(base, best.multiplier)).toBeLessThanOrEqual(4 * base);
        },
      ),
    );
  });
});

describe('the extra an event pays', () => {
  it('is base × (m − 1), rounded down', () => {
    expect(eventExtra(10, 2)).toBe(10);
    expect(eventExtra(7, 1.5)).toBe(3);
    expect(eventExtra(3, 1.1)).toBe(0);
    expect(eventExtra(0, 3)).toBe(0);
    expect(eventExtra(100, 1.15)).toBe(15);
  });

  it('never pays more than base × (m − 1) nor less than one coin under it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 101, max: 500 }), (base, p) => {
        const extra = eventExtra(base, p / 100);
        expect(Number.isInteger(extra)).toBe(true);
        expect(extra * 100).toBeLessThanOrEqual(base * (p - 100));
        expect((extra + 1) * 100).toBeGreaterThan(base * (p - 100));
      }),
    );
  });
});

describe('what players see', () => {
  it('lists running and upcoming within a week, soonest first, with a status', () => {
    const running = ev(1, { startsAt: now - H, endsAt: now + H });
    const soon = ev(2, { startsAt: now + 2 * H, endsAt: now + 3 * H });
    const far = ev(3, { startsAt: now + 8 * 24 * H, endsAt: now + 9 * 24 * H });
    const ended = ev(4, { startsAt: now - 2 * H, endsAt: now - H });
    const cancelled = ev(5, { cancelledAt: now - 1 });
    expect(visibleEvents([soon, far, ended, cancelled, running], now).map((e) => e.id)).toEqual([1, 2]);
    expect([running, soon, ended, cancelled].map((e) => eventStatus(e, now))).toEqual([
      'running',
      'upcoming',
      'ended',
      'cancelled',
    ]);
  });

  it('titles an event in the player language, else English', () => {
    const e = ev(1, { titles: { en: 'Double', fa: 'دوبرابر', ru: ' ' } });
    expect(eventTitle(e, 'fa')).toBe('دوبرابر');
    expect(eventTitle(e, 'ru')).toBe('Double');
    expect(eventTitle(e, 'tr')).toBe('Double');
  });
});

describe('the bounds of each kind', () => {
  const reason = (over: object) => checkEvent({ ...draft, ...over }, now)?.reason;
  it('income: a whole multiplier, ×2 or ×3', () => {
    expect(reason({ kind: 'income-multiplier', multiplier: 2 })).toBeUndefined();
    expect(reason({ kind: 'income-multiplier', multiplier: 3 })).toBeUndefined();
    expect(reason({ kind: 'income-multiplier', multiplier: 1.5 })).toBe('multiplier');
    expect(reason({ kind: 'income-multiplier', multiplier: 4 })).toBe('multiplier');
  });
  it('income: starts at least a minute after it is scheduled (other kinds may start now)', () => {
    const at = (startsAt: number, kind = 'income-multiplier') =>
      reason({ kind, startsAt, endsAt: now + 2 * H });
    expect(at(now + 60_000)).toBeUndefined();
    expect(at(now + 59_999)).toBe('past');
    expect(at(now)).toBe('past');
    expect(at(now, 'tap-multiplier')).toBeUndefined();
  });
  it('cipher: above 1, at most 5, two decimals', () => {
    expect(reason({ kind: 'cipher', multiplier: 1.5 })).toBeUndefined();
    expect(reason({ kind: 'cipher', multiplier: 5.5 })).toBe('multiplier');
  });
  it('tasks: no multiplier, 1 to 10 different tasks; the other kinds have none', () => {
    expect(reason({ kind: 'tasks', multiplier: 1, tasks: ['a', 'b'] })).toBeUndefined();
    expect(reason({ kind: 'tasks', multiplier: 2, tasks: ['a'] })).toBe('multiplier');
    expect(reason({ kind: 'tasks', multiplier: 1, tasks: [] })).toBe('tasks');
    expect(reason({ kind: 'tasks', multiplier: 1, tasks: ['a', 'a'] })).toBe('tasks');
    expect(
      reason({ kind: 'tasks', multiplier: 1, tasks: Array.from({ length: 11 }, (_, i) => `t${i}`) }),
    ).toBe('tasks');
    expect(reason({ tasks: ['a'] })).toBe('tasks');
  });
  it('applies the overlap rule per kind: an income event beside a tap event is no clash', () => {
    const tap = ev(1, { startsAt: now, endsAt: now + H });
    expect(checkSchedule({ kind: 'income-multiplier', startsAt: now, endsAt: now + H }, [tap])).toBeNull();
    expect(
      checkSchedule({ kind: 'income-multiplier', startsAt: now, endsAt: now + H }, [
        { ...tap, kind: 'income-multiplier' },
      ])?.reason,
    ).toBe('overlap');
  });
});

describe('the extra of an income event', () => {
  // 3,600 coins an hour: one a second. A ×2 event from now + 1 h to now + 3 h.
  const EPH = 3_600;
  const income = ev(7, { kind: 'income-multiplier', multiplier: 2, startsAt: now + H, endsAt: now + 3 * H });
  const spans = eventSpans([income], 'income-multiplier');
  const extra = (from: number, to: number) =>
    incomeEventExtras(EPH, from, to, spans).reduce((sum, e) => sum + e.extra, 0);

  it('pays nothing before the window, nor after it', () => {
    expect(extra(now, now + H)).toBe(0);
    expect(extra(now + 3 * H, now + 4 * H)).toBe(0);
  });
  it('inside, pays (m − 1) × the income settled', () => {
    expect(incomeEventExtras(EPH, now + H + 10_000, now + H + 70_000, spans)).toEqual([{ id: 7, extra: 60 }]);
  });
  it('straddling the start or the end, pays the overlap only', () => {
    expect(extra(now + H - 30_000, now + H + 90_000)).toBe(90);
    expect(extra(now + 3 * H - 40_000, now + 3 * H + 50_000)).toBe(40);
  });
  it('across the whole window, pays the window (within the offline cap)', () => {
    expect(extra(now + H - 60_000, now + 3 * H + 60_000)).toBe(2 * 3_600);
    // Six hours at most accrue: a settlement long after pays only the window's last part in them.
    expect(extra(now, now + 3 * H + INCOME_OFFLINE_CAP_MS - H)).toBe(3_600);
  });
  it('a cancelled event pays up to its cancellation; no time pays twice', () => {
    const cancelled = eventSpans([{ ...income, cancelledAt: now + 2 * H }], 'income-multiplier');
    expect(incomeEventExtras(EPH, now, now + 4 * H, cancelled)).toEqual([{ id: 7, extra: 3_600 }]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4 * H }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 20_000 }),
        (steps, eph) => {
          // Settled again and again from now to past the window: the extras add up to at most the
          // window's whole extra, and with a whole multiplier each is exactly (m − 1) × the coins
          // settled inside the window.
          let at = now;
          let t = now;
          let paid = 0;
          for (const step of steps) {
            t += step;
            paid += incomeEventExtras(eph, at, t, spans).reduce((s, e) => s + e.extra, 0);
            at = settleIncome(eph, at, t).at;
          }
          expect(paid).toBeLessThanOrEqual(Math.floor((2 * H * eph) / H));
        },
      ),
      { numRuns: 200 },
    );
  });
  it('keeps one multiplier at each instant where a cancelled event and its replacement overlap', () => {
    const a = ev(1, {
      kind: 'income-multiplier',
      multiplier: 2,
      startsAt: now,
      endsAt: now + 2 * H,
      cancelledAt: now + H,
    });
    const b = ev(2, {
      kind: 'income-multiplier',
      multiplier: 3,
      startsAt: now + H - 60_000,
      endsAt: now + 2 * H,
    });
    expect(eventSpans([a, b], 'income-multiplier')).toEqual([
      { id: 1, percent: 200, startsAt: now, stopsAt: now + H - 60_000 },
      { id: 2, percent: 300, startsAt: now + H - 60_000, stopsAt: now + 2 * H },
    ]);
  });
});

describe('which tasks a tasks event takes', () => {
  const task = (over: Partial<TaskWindow>): TaskWindow => ({
    taskName: 'Quest',
    startsAt: null,
    endsAt: null,
    retiredAt: null,
    ...over,
  });
  it('takes a task made for later or ended, and none players see for good or another holds', () => {
    expect(taskTakeRefusal(task({ startsAt: now + H }), now)).toBeNull();
    expect(taskTakeRefusal(task({ startsAt: now - 2 * H, endsAt: now - H }), now)).toBeNull();
    expect(taskTakeRefusal(task({}), now)).toMatch(/shown to players now/);
    expect(taskTakeRefusal(task({ startsAt: now - H }), now)).toMatch(/shown to players now/);
    expect(taskTakeRefusal(task({ startsAt: now + H, endsAt: now + 2 * H }), now)).toMatch(/scheduled until/);
    expect(taskTakeRefusal(task({ startsAt: now + H, retiredAt: now - 1 }), now)).toMatch(/is retired/);
    expect(taskTakeRefusal(task({ startsAt: now + H, retiredAt: now + H }), now)).toMatch(/to be retired/);
  });
});
