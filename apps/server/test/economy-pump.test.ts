import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { BOOST_MAX_LEVEL, FULL_ENERGY_PER_DAY } from '@egg-rush/game/boosts';
import { ENERGY_REGEN_MS } from '@egg-rush/game/energy';
import { SCRIPT, simulate } from '@egg-rush/game/simulator';
import { TAP_BURST, TAP_INTERVAL_MS, TAP_MAX_BATCH } from '@egg-rush/game/tap';
import { isLinkTask, LINK_VISIT_MS, TASKS } from '@egg-rush/game/tasks';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Pumping the economy through the real API (docs/economy.md): a fresh account does everything a
 * script can as fast as the server lets it, on the test clock moved at the allowed tap pace.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (token: string, userid: number, path: string, payload: Record<string, unknown> = {}) =>
  t.call(token, { method: 'PUT', url: `/api/v1/users/${path}`, payload: { userid, ...payload } });
const post = (token: string, userid: number, path: string, payload: Record<string, unknown> = {}) =>
  t.call(token, { method: 'POST', url: `/api/v1/users/${path}`, payload: { userid, ...payload } });

/** Claims every link task a fresh account can (the tester's first step), visits waited out. */
async function claimLinkTasks(token: string, userid: number) {
  const tasks = TASKS.filter(isLinkTask);
  const body = (task: (typeof tasks)[number]) => ({
    taskName: task.taskName,
    taskType: task.taskType,
    dailyType: task.dailyType,
  });
  for (const task of tasks) await post(token, userid, 'linkReward', body(task));
  t.clock.advance(LINK_VISIT_MS);
  for (const task of tasks) await post(token, userid, 'taskReward', body(task));
}

/** Taps everything energy allows at the allowed pace; returns the coins the taps earned. */
async function tapOut(token: string, userid: number) {
  let earned = 0;
  for (;;) {
    const res = await put(token, userid, 'tap', { count: TAP_MAX_BATCH });
    if (res.statusCode === 409) return earned; // NO_ENERGY
    const { credited, earned: coins } = res.json();
    earned += coins;
    // The time those taps take at the human pace, or a second when the pace held them back.
    t.clock.advance(Math.max(credited * TAP_INTERVAL_MS, 1000));
  }
}

describe('pumping the boost shop', () => {
  it("the tester's attack (36 Touch Income, Double, 10 refills in 20 s) is no longer net positive", async () => {
    const id = 9101;
    const token = await t.login(id);
    await claimLinkTasks(token, id);
    const start = t.clock.now();
    const before = (await t.profile(token, id)).onion;
    expect(before).toBeGreaterThan(15_000); // the link tasks paid

    let touch = 0;
    for (let i = 0; i < 36; i++) if ((await put(token, id, 'touchIncome')).statusCode === 200) touch += 1;
    expect(touch).toBeLessThan(BOOST_MAX_LEVEL.touchIncome);
    const refusal = await put(token, id, 'touchIncome');
    expect(refusal.json()).toEqual({ code: 'NOT_ENOUGH_BALANCE', message: 'Not Enough Balance!' });
    await put(token, id, 'double');

    let refills = 0;
    const refused: string[] = [];
    await tapOut(token, id);
    for (let i = 0; i < 10; i++) {
      const res = await put(token, id, 'fullyEnergy');
      if (res.statusCode === 200) refills += 1;
      else refused.push(res.json().code);
      await tapOut(token, id);
    }
    expect(t.clock.now() - start).toBeLessThanOrEqual(20_000 + 10 * 1000);
    const after = (await t.profile(token, id)).onion;
    expect(refills).toBeLessThanOrEqual(FULL_ENERGY_PER_DAY);
    expect(after - before).toBeLessThanOrEqual(0);
  });

  it('refuses the seventh refill of the game day with DAILY_LIMIT, and allows six again the next day', async () => {
    const id = 9102;
    const token = await t.login(id);
    await claimLinkTasks(token, id);
    const codes: number[] = [];
    for (let i = 0; i <= FULL_ENERGY_PER_DAY; i++) {
      await tapOut(token, id);
      const res = await put(token, id, 'fullyEnergy');
      codes.push(res.statusCode);
      if (i === FULL_ENERGY_PER_DAY) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          code: 'DAILY_LIMIT',
          message: 'No Full Energy refills left today. More come with the daily reset.',
        });
      }
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(FULL_ENERGY_PER_DAY);
    expect((await t.profile(token, id)).refillsLeft).toBe(0);
    t.clock.advance(24 * 3_600_000);
    expect((await t.profile(token, id)).refillsLeft).toBe(FULL_ENERGY_PER_DAY);
    await tapOut(token, id);
    expect((await put(token, id, 'fullyEnergy')).statusCode).toBe(200);
    expect((await t.profile(token, id)).refillsLeft).toBe(FULL_ENERGY_PER_DAY - 1);
  });

  it('a fresh account pumping for an hour earns no more than the rules and the simulator allow', async () => {
    const id = 9103;
    const token = await t.login(id);
    await post(token, id, 'claim/daily');
    await claimLinkTasks(token, id);
    const start = t.clock.now();
    const p0 = await t.profile(token, id);

    let refills = 0;
    while ((await put(token, id, 'touchIncome')).statusCode === 200);
    expect((await put(token, id, 'double')).statusCode).toBe(200);
    const hour = start + 3_600_000;
    while (t.clock.now() < hour) {
      await tapOut(token, id);
      const refill = await put(token, id, 'fullyEnergy');
      if (refill.statusCode === 200) refills += 1;
      else t.clock.advance(60_000); // wait for energy to come back
    }
    const p1 = await t.profile(token, id);
    const elapsed = t.clock.now() - start;

    // The bound: a full bar, what regenerates in the time, six refills of the (capped) bar and
    // one burst, each tap at the final earnPerTap; and no more than the simulated script's first day.
    const energy = p1.maxEnergy + elapsed / ENERGY_REGEN_MS + FULL_ENERGY_PER_DAY * p1.maxEnergy;
    const bound = (energy / p1.loseEnergyPerTap + TAP_BURST) * p1.earnPerTap;
    expect(refills).toBeLessThanOrEqual(FULL_ENERGY_PER_DAY);
    expect(p1.totalScore - p0.totalScore).toBeLessThanOrEqual(bound);
    const [firstDay] = simulate(SCRIPT, 1).days;
    assert(firstDay, 'the simulated script has a first day');
    expect(p1.totalScore - p0.totalScore).toBeLessThanOrEqual(firstDay.earned);
    // Within the hour the shop costs more than the taps return: no quick profit to compound.
    expect(p1.onion).toBeLessThan(p0.onion);
  });
});
