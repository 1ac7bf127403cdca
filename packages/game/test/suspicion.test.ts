import { assert, describe, expect, it } from 'vitest';
import { COUNTDOWN_MS, GAME_REWARD_CAP, simulatePerfectPlay, TIME_LIMIT_MS } from '../src/mole.ts';
import { seededRng, type Rng } from '../src/rng.ts';
import {
  idleBursts,
  idleInvitees,
  longestAwakeStretch,
  moleAtCap,
  sleepless,
  SUSPICION,
  type Invitee,
} from '../src/suspicion.ts';

// The suspicion rules against simulated scripts (each must be flagged) and simulated diligent
// players (none may be).

const DAY_HOURS = 24;
const START_HOUR = 490_000; // some hour since the epoch

/** A script that acts every hour for `days` days, sometimes missing one. */
function scriptHours(days: number, rng: Rng): number[] {
  const hours: number[] = [];
  for (let h = 0; h < days * DAY_HOURS; h++) if (rng() > 0.03) hours.push(START_HOUR + h);
  return hours;
}

/**
 * A diligent player over `days` days: in any time zone, asleep 6 to 9 hours a night (falling
 * asleep up to 3 hours early or late), otherwise active in most hours; now and then a short
 * night (one a fortnight) of 6 hours exactly.
 */
function diligentHours(days: number, rng: Rng): number[] {
  const zone = Math.floor(rng() * 24);
  const asleep = new Set<number>();
  for (let d = 0; d < days; d++) {
    const sleepStart = d * DAY_HOURS + zone + Math.floor(rng() * 7) - 3;
    const sleep = rng() < 1 / 14 ? SUSPICION.sleepPauseHours : 6 + Math.floor(rng() * 4);
    for (let h = sleepStart; h < sleepStart + sleep; h++) asleep.add(h);
  }
  const hours: number[] = [];
  for (let h = 0; h < days * DAY_HOURS; h++) if (!asleep.has(h) && rng() < 0.92) hours.push(START_HOUR + h);
  return hours;
}

describe('no human sleep', () => {
  it('flags a script active around the clock for 7 and for 30 days', () => {
    const rng = seededRng(1);
    for (const days of [4, 7, 30]) {
      const stretch = longestAwakeStretch(scriptHours(days, rng));
      expect(sleepless(stretch), `${days} days`).toBe(true);
      assert(stretch, `${days} days`);
      expect(stretch.toHour - stretch.fromHour + 1).toBeGreaterThanOrEqual(days * DAY_HOURS - 3);
    }
  });

  it('flags no diligent player of 1,000, whatever their time zone, over 30 days', () => {
    const rng = seededRng(2);
    for (let i = 0; i < 1_000; i++) {
      const hours = diligentHours(30, rng);
      expect(hours.length).toBeGreaterThan(30 * 14);
      const stretch = longestAwakeStretch(hours);
      expect(sleepless(stretch), `player ${i}: ${JSON.stringify(stretch)}`).toBe(false);
    }
  });

  it('reads the longest stretch between pauses of 6 hours', () => {
    const hours = [0, 1, 2, 9, 10, 14, 15, 16, 30].map((h) => START_HOUR + h);
    expect(longestAwakeStretch(hours)).toEqual({
      fromHour: START_HOUR + 9,
      toHour: START_HOUR + 16,
      activeHours: 5,
      longestPauseHours: 3,
    });
    expect(longestAwakeStretch([])).toBeUndefined();
  });
});

describe('mole results at the cap', () => {
  const FULL = COUNTDOWN_MS + TIME_LIMIT_MS;

  it('flags a script that sends the capped score six seconds after each start', () => {
    const games = Array.from({ length: 30 }, () => ({ score: GAME_REWARD_CAP, elapsedMs: 6_000 }));
    expect(moleAtCap(games)).toEqual({ games: 30, atCap: 30, medianElapsedMs: 6_000 });
  });

  it('flags no diligent player, not even one playing every game perfectly', () => {
    const rng = seededRng(3);
    for (let p = 0; p < 200; p++) {
      // Skill from a beginner's to a perfect player's, results when the game's time runs out.
      const skill = p === 0 ? 1 : 0.3 + 0.7 * rng();
      const games = Array.from({ length: 5 + Math.floor(rng() * 40) }, () => ({
        score: Math.floor(skill * simulatePerfectPlay(rng, TIME_LIMIT_MS)),
        elapsedMs: FULL + Math.floor(rng() * 2_000),
      }));
      expect(moleAtCap(games), `player ${p}`).toBeUndefined();
    }
  });
});

describe('invitees who act once and stop', () => {
  const now = Date.UTC(2026, 5, 30);
  const invitees = (n: number, actions: (i: number) => number, gapMs: number): Invitee[] =>
    Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      joinedAt: now - 5 * 86_400_000 + i * gapMs,
      actions: actions(i),
    }));

  it('counts an invitee who tapped once as idle in a burst', () => {
    const farm = invitees(8, () => 1, 60_000);
    expect(idleBursts(farm).map((b) => b.length)).toEqual([8]);
  });

  it('flags an inviter whose invitees, joined hours apart, each acted once', () => {
    const farm = invitees(12, (i) => (i === 0 ? 5 : 1), 3 * 3_600_000);
    expect(idleBursts(farm)).toEqual([]);
    expect(idleInvitees(farm, now)).toMatchObject({ invitees: 12, idle: 11, once: 11, never: 0 });
  });

  it('flags no diligent inviter: friends joined over days, many came back', () => {
    const rng = seededRng(4);
    for (let p = 0; p < 200; p++) {
      // A third of an honest inviter's friends drop off after one action; the rest play on.
      const friends = invitees(12 + Math.floor(rng() * 30), () => (rng() < 0.35 ? 1 : 2), 86_400_000 / 3);
      expect(idleBursts(friends), `inviter ${p}`).toEqual([]);
      expect(idleInvitees(friends, now), `inviter ${p}`).toBeUndefined();
    }
  });
});
