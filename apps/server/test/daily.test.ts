import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_REWARDS } from '@egg-rush/game/daily';
import { NEW_PLAYER } from '@egg-rush/game/profile';
import { createTestApp, testClock, type TestApp } from './helpers.ts';

// 2026-06-15 05:00 UTC is 23:00 on June 14 at UTC-6: one hour before the daily reset.
const clock = testClock(Date.UTC(2026, 5, 15, 5, 0, 0));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const claim = (token: string, userid: number) =>
  t.call(token, { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid } });

describe('daily check-in', () => {
  it('pays day 1 once per game day, continues the streak at the UTC-6 midnight, resets after a skipped day', async () => {
    const [day1, day2] = DAILY_REWARDS;
    assert(day1 && day2, 'fewer than two days of rewards');
    clock.set(Date.UTC(2026, 5, 15, 5, 0, 0));
    const token = await t.login(500);
    const first = await claim(token, 500);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: 'success',
      onionData: NEW_PLAYER.coins + day1.onion,
      ticketReward: day1.ticket,
      eggReward: day1.onion,
      chestReward: day1.chest,
      day: 1,
    });

    clock.advance(59 * 60_000); // 23:59 at UTC-6: the same game day
    const again = await claim(token, 500);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_CLAIMED');

    clock.advance(2 * 60_000); // 00:01 at UTC-6: the next game day
    const second = await claim(token, 500);
    expect(second.json()).toMatchObject({ day: 2, eggReward: day2.onion });

    clock.advance(2 * 86_400_000); // a day skipped
    const reset = await claim(token, 500);
    expect(reset.json()).toMatchObject({ day: 1, eggReward: day1.onion });
    const p = await t.profile(token, 500);
    expect(p.rewardStreak).toBe(1);
    expect(p.onion).toBe(day1.onion * 2 + day2.onion);
    expect(p.ticket).toBe(NEW_PLAYER.ticket + day1.ticket * 2 + day2.ticket);
  });

  it('pays once under 30 concurrent claims', async () => {
    const token = await t.login(501);
    const results = await Promise.all(Array.from({ length: 30 }, () => claim(token, 501)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(29);
    expect((await t.profile(token, 501)).onion).toBe(DAILY_REWARDS[0]?.onion);
  });
});
