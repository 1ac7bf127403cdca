import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { findItem, nextPrice } from '@egg-rush/game/mining';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { createTestApp, testClock, type TestApp } from './helpers.ts';

const clock = testClock(Date.UTC(2026, 5, 15, 12, 0, 0));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const data = (token: string, id: number) =>
  t.call(token, { method: 'GET', url: `/api/v1/users/miningData/${id}` });
const buy = (token: string, userid: number, item: string, title: string) =>
  t.call(token, { method: 'POST', url: '/api/v1/users/buyMining', payload: { userid, item, title } });

describe('mining', () => {
  it('lists the five categories with name, image, level and next price', async () => {
    const token = await t.login(1100);
    const res = await data(token, 1100);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['rides', 'team', 'concessions', 'policy', 'welfare']);
    for (const list of Object.values(body) as unknown[][]) expect(list.length).toBeGreaterThanOrEqual(6);
    expect(body.rides[0]).toEqual({
      id: 'carousel',
      name: 'Carousel',
      imageLink: '/mining/carousel.svg',
      level: 0,
      price: 100,
      profit: 10,
      maxed: false,
    });
  });

  it('refuses when onion is not strictly greater than the price', async () => {
    const token = await t.login(1101);
    await t.grant(1101, { onion: 100 });
    const res = await buy(token, 1101, 'Carousel', 'Rides');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'NOT_ENOUGH_COIN', message: 'Not Enough Coin!' });
    expect((await t.profile(token, 1101)).onion).toBe(100);
  });

  it('buys the next level, raises earnPerHour and prices the level after', async () => {
    const token = await t.login(1102);
    await t.grant(1102, { onion: 1_000 });
    const res = await buy(token, 1102, 'Carousel', 'Rides');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      onion: 900,
      perProfit: 10,
      changeData: expect.objectContaining({ name: 'Carousel', level: 1, price: 150 }),
    });
    const again = await buy(token, 1102, 'carousel', 'rides');
    expect(again.json()).toMatchObject({ onion: 750, perProfit: 20, changeData: { level: 2, price: 225 } });
    const p = await t.profile(token, 1102);
    expect(p.earnPerHour).toBe(20);
    expect(p.totalScore).toBe(0);
    const rides = (await data(token, 1102)).json().rides;
    expect(rides[0]).toMatchObject({ level: 2, price: 225 });
  });

  it('settles income at the old rate before raising it', async () => {
    const token = await t.login(1103);
    await t.grant(1103, { onion: 10_000 });
    await buy(token, 1103, 'Bumper Cars', 'Rides'); // +90/h for 1,000
    clock.advance(3_600_000); // one hour at 90/h
    const res = await buy(token, 1103, 'Bumper Cars', 'Rides'); // 1,500
    expect(res.json()).toMatchObject({ onion: 10_000 - 1_000 + 90 - 1_500, perProfit: 180 });
    const p = await t.profile(token, 1103);
    expect(p.onion).toBe(7_590);
    expect(p.totalScore).toBe(90);
  });

  it('answers 400 for an unknown item or category', async () => {
    const token = await t.login(1104);
    await t.grant(1104, { onion: 1_000_000 });
    const badItem = await buy(token, 1104, 'Moon Rocket', 'Rides');
    expect(badItem.statusCode).toBe(400);
    const badTitle = await buy(token, 1104, 'Carousel', 'Casino');
    expect(badTitle.statusCode).toBe(400);
    const wrongTab = await buy(token, 1104, 'Carousel', 'Team');
    expect(wrongTab.statusCode).toBe(400);
    expect((await t.profile(token, 1104)).onion).toBe(1_000_000);
  });

  it('never overspends under concurrent buys', async () => {
    const token = await t.login(1105);
    const item = findItem('rides', 'ferris-wheel');
    assert(item, 'no ferris-wheel');
    // Enough for exactly three levels (10,000 + 15,000 + 22,500) and one coin left over.
    await t.grant(1105, { onion: nextPrice(item, 0) + nextPrice(item, 1) + nextPrice(item, 2) + 1 });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => buy(token, 1105, 'Ferris Wheel', 'Rides')),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const p = await t.profile(token, 1105);
    expect(p.onion).toBe(1);
    expect(p.earnPerHour).toBe(3 * item.profitPerLevel);
    expect((await data(token, 1105)).json().rides[2].level).toBe(3);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('only lets a player read and buy for themselves', async () => {
    const token = await t.login(1106);
    expect((await data(token, 1100)).statusCode).toBe(403);
    expect((await buy(token, 1100, 'Carousel', 'Rides')).statusCode).toBe(403);
  });
});
