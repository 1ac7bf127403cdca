import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import { COMBO_SIZE, comboFromDigest, comboMessage } from '../src/combo.ts';
import { LEAGUES, leagueOf, leagueProgress, rewardedLeagues } from '../src/leagues.ts';
import { MINING_ITEMS } from '../src/mining.ts';
import {
  SEASON_PRIZED,
  SEASON_PRIZES,
  seasonPrize,
  settleableWeeks,
  weekEndsAt,
  weekOf,
  weekStartsAt,
} from '../src/seasons.ts';
import {
  checkSquadName,
  contribution,
  parseSquadStartParam,
  SQUAD_NAME_MAX,
  squadScore,
  squadStartParam,
} from '../src/squads.ts';
import { DAY_MS, gameDay } from '../src/time.ts';

const score = fc.integer({ min: 0, max: 5_000_000_000 });

describe('leagues', () => {
  it('has eight to ten leagues with rising thresholds from zero and distinct names and colours', () => {
    expect(LEAGUES.length).toBeGreaterThanOrEqual(8);
    expect(LEAGUES.length).toBeLessThanOrEqual(10);
    expect(LEAGUES[0]?.threshold).toBe(0);
    for (let i = 1; i < LEAGUES.length; i++) {
      const [previous, league] = [LEAGUES[i - 1], LEAGUES[i]];
      assert(previous && league, `no league ${i - 1} or ${i}`);
      expect(league.threshold).toBeGreaterThan(previous.threshold);
    }
    expect(new Set(LEAGUES.map((l) => l.name)).size).toBe(LEAGUES.length);
    expect(new Set(LEAGUES.map((l) => l.color)).size).toBe(LEAGUES.length);
    for (const l of LEAGUES) expect(l.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('places every score in the highest league whose threshold it reached', () => {
    fc.assert(
      fc.property(score, (s) => {
        const i = leagueOf(s);
        const [league, next] = [LEAGUES[i], LEAGUES[i + 1]];
        assert(league, `no league ${i}`);
        expect(s).toBeGreaterThanOrEqual(league.threshold);
        if (next) expect(s).toBeLessThan(next.threshold);
      }),
    );
    expect(leagueOf(4_999)).toBe(0);
    expect(leagueOf(5_000)).toBe(1);
  });

  it('never goes down as the lifetime score grows, and progress stays within 0..1', () => {
    fc.assert(
      fc.property(score, score, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(leagueOf(lo)).toBeLessThanOrEqual(leagueOf(hi));
        const p = leagueProgress(lo);
        expect(p.progress).toBeGreaterThanOrEqual(0);
        expect(p.progress).toBeLessThanOrEqual(1);
        expect(p.next?.index ?? LEAGUES.length).toBe(p.league.index + 1);
      }),
    );
  });

  it('pays a reward for each league reached but the first, never enough to reach the next one by itself', () => {
    expect(rewardedLeagues(0)).toEqual([]);
    const fourth = LEAGUES[3];
    assert(fourth, 'fewer than four leagues');
    expect(rewardedLeagues(fourth.threshold).map((l) => l.index)).toEqual([1, 2, 3]);
    for (let i = 1; i < LEAGUES.length; i++) {
      const [l, next] = [LEAGUES[i], LEAGUES[i + 1]];
      assert(l, `no league ${i}`);
      expect(l.reward.onion + l.reward.ticket).toBeGreaterThan(0);
      if (next) expect(l.threshold + l.reward.onion).toBeLessThan(next.threshold);
    }
  });
});

describe('daily combo', () => {
  const digest = (secret: string, day: number) =>
    createHmac('sha256', secret).update(comboMessage(day)).digest();

  it('picks three distinct catalogue items, the same for the same day and secret', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), fc.string({ minLength: 1 }), (day, secret) => {
        const a = comboFromDigest(digest(secret, day));
        expect(a).toHaveLength(COMBO_SIZE);
        expect(new Set(a.map((i) => i.id)).size).toBe(COMBO_SIZE);
        for (const item of a) expect(MINING_ITEMS).toContain(item);
        expect(comboFromDigest(digest(secret, day))).toEqual(a);
      }),
    );
  });

  it('changes across days and secrets (a year of days: almost never the same set twice in a row)', () => {
    const key = (day: number, secret = 's') =>
      comboFromDigest(digest(secret, day))
        .map((i) => i.id)
        .sort()
        .join();
    let same = 0;
    const seen = new Set<string>();
    for (let day = 20_000; day < 20_365; day++) {
      if (key(day) === key(day + 1)) same++;
      seen.add(key(day));
    }
    expect(same).toBeLessThan(3);
    // 4,060 possible sets: a year of draws repeats about 16 of them by chance.
    expect(seen.size).toBeGreaterThan(320);
    let differ = 0;
    for (let day = 0; day < 50; day++) if (key(day, 'a') !== key(day, 'b')) differ++;
    expect(differ).toBeGreaterThan(45);
  });

  it('refuses a digest too short to choose from', () => {
    expect(() => comboFromDigest(new Uint8Array(8))).toThrow();
  });
});

describe('seasons', () => {
  it('weeks start on Monday at midnight UTC-6 and last seven game days', () => {
    // 2026-06-15 is a Monday; 06:00 UTC is midnight at UTC-6.
    const monday = Date.UTC(2026, 5, 15, 6, 0, 0);
    const week = weekOf(monday);
    expect(weekStartsAt(week)).toBe(monday);
    expect(weekOf(monday - 1)).toBe(week - 1);
    expect(weekEndsAt(week) - weekStartsAt(week)).toBe(7 * DAY_MS);
    expect(new Date(weekStartsAt(week + 5)).getUTCDay()).toBe(1);
  });

  it('an instant lies in its week, and the week starts on a game-day boundary', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (t) => {
        const w = weekOf(t);
        expect(weekStartsAt(w)).toBeLessThanOrEqual(t);
        expect(t).toBeLessThan(weekEndsAt(w));
        expect(gameDay(weekStartsAt(w)) - gameDay(weekStartsAt(w) - 1)).toBe(1);
      }),
    );
  });

  it('pays the top 100 by rank, never less for a better rank, nothing outside', () => {
    expect(SEASON_PRIZES[0]?.from).toBe(1);
    expect(SEASON_PRIZES.at(-1)?.to).toBe(SEASON_PRIZED);
    for (let rank = 1; rank <= SEASON_PRIZED; rank++) {
      const prize = seasonPrize(rank);
      assert(prize, `no prize for rank ${rank}`);
      expect(prize.ticket).toBeGreaterThan(0);
      if (rank > 1) {
        const better = seasonPrize(rank - 1);
        assert(better, `no prize for rank ${rank - 1}`);
        expect(better.ticket).toBeGreaterThanOrEqual(prize.ticket);
        expect(better.chests).toBeGreaterThanOrEqual(prize.chests);
      }
    }
    for (const rank of [0, -1, 101, 1.5]) expect(seasonPrize(rank)).toBeNull();
  });

  it('settles only finished weeks, a minute after they end', () => {
    const monday = Date.UTC(2026, 5, 15, 6, 0, 0);
    const week = weekOf(monday);
    expect(settleableWeeks(monday + 30_000).at(-1)).toBe(week - 2);
    expect(settleableWeeks(monday + 61_000).at(-1)).toBe(week - 1);
  });
});

describe('squads', () => {
  it('accepts names within the length limit and refuses the rest', () => {
    expect(checkSquadName('  Egg   Hunters ')).toEqual({ ok: true, name: 'Egg Hunters' });
    expect(checkSquadName('Œufs d’or'.replace('’', "'"))).toMatchObject({ ok: true });
    expect(checkSquadName('a')).toEqual({ ok: false, reason: 'length' });
    expect(checkSquadName('ab')).toEqual({ ok: true, name: 'ab' });
    expect(checkSquadName('x'.repeat(SQUAD_NAME_MAX + 1))).toEqual({ ok: false, reason: 'length' });
    expect(checkSquadName('<script>')).toEqual({ ok: false, reason: 'characters' });
    expect(checkSquadName('-dash first')).toEqual({ ok: false, reason: 'characters' });
  });

  it('refuses profanity also when spelled with look-alikes, spaces, case or repeats', () => {
    for (const name of ['Shit Squad', 'SH1T squad', 'f.u.c.k team', 'Fuuuck', 'b1tch es', 'N4zi club'])
      expect(checkSquadName(name)).toEqual({ ok: false, reason: 'profanity' });
    for (const name of ['Grape Crew', 'Moby Dickens', 'Scrambled Eggs', 'Assembly'])
      expect(checkSquadName(name)).toMatchObject({ ok: true });
  });

  it('reads only its own start parameter', () => {
    expect(parseSquadStartParam(squadStartParam(42))).toBe(42);
    for (const p of [
      'squad_',
      'squad_0',
      'squad_01',
      '42',
      'squad_42x',
      undefined,
      'squad_99999999999999999',
    ])
      expect(parseSquadStartParam(p)).toBeNull();
  });

  it('scores the sum of gains since joining; leaving and rejoining never raises it', () => {
    // A member earns in steps; at some steps they leave and rejoin. The squad's score with the
    // rejoins is never above the score of staying all along, and equals the gain since the last join.
    fc.assert(
      fc.property(
        fc.array(fc.record({ earn: fc.integer({ min: 0, max: 1_000_000 }), rejoin: fc.boolean() }), {
          maxLength: 40,
        }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (steps, start) => {
          let total = start;
          let joinedAt = start;
          for (const step of steps) {
            total += step.earn;
            if (step.rejoin) joinedAt = total;
          }
          const withRejoins = squadScore([{ totalNow: total, totalAtJoin: joinedAt }]);
          const stayed = squadScore([{ totalNow: total, totalAtJoin: start }]);
          expect(withRejoins).toBeLessThanOrEqual(stayed);
          expect(withRejoins).toBe(total - joinedAt);
        },
      ),
    );
    expect(squadScore([])).toBe(0);
    expect(contribution(10, 20)).toBe(0);
  });
});
