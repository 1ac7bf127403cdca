import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FARM_DURATION_MS, FARM_REWARD } from '@egg-rush/game/farm';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const farm = (token: string, method: 'GET' | 'POST', what: string, payload?: object) =>
  t.call(token, { method, url: `/api/v1/farm/${what}`, ...(payload ? { payload } : {}) });

describe('farm', () => {
  it('starts, counts down on the server clock, and pays once at the end', async () => {
    const token = await t.login(2001);
    expect((await farm(token, 'GET', 'status')).json()).toMatchObject({
      reward: FARM_REWARD,
      duration: FARM_DURATION_MS,
      started: false,
      remainTime: 0,
    });
    const early = await farm(token, 'POST', 'claim', {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'FARM_NOT_STARTED', message: 'Start farming first.' });

    const start = await farm(token, 'POST', 'start', { userid: 2001 });
    expect(start.json()).toEqual({ success: true, remainTime: FARM_DURATION_MS, msg: 'Farm started.' });
    const twice = await farm(token, 'POST', 'start', {});
    expect(twice.json()).toEqual({ code: 'ALREADY_FARMING', message: 'You are already farming.' });

    t.clock.advance(FARM_DURATION_MS - 1000);
    expect((await farm(token, 'GET', 'status')).json()).toMatchObject({ started: true, remainTime: 1000 });
    const notYet = await farm(token, 'POST', 'claim', {});
    expect(notYet.json()).toEqual({ code: 'FARM_NOT_FINISHED', message: 'Farming is not finished yet.' });

    t.clock.advance(1000);
    const claim = await farm(token, 'POST', 'claim', {});
    expect(claim.json()).toEqual({
      success: true,
      reward: FARM_REWARD,
      onion: FARM_REWARD,
      msg: `You claimed ${FARM_REWARD} onions`,
    });
    expect((await farm(token, 'GET', 'status')).json()).toMatchObject({ started: false });
    expect((await farm(token, 'POST', 'claim', {})).statusCode).toBe(409);
  });

  it('pays once under 50 concurrent claims and starts once under 50 concurrent starts', async () => {
    const token = await t.login(2002);
    const starts = await Promise.all(Array.from({ length: 50 }, () => farm(token, 'POST', 'start', {})));
    expect(starts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    t.clock.advance(FARM_DURATION_MS);
    const claims = await Promise.all(Array.from({ length: 50 }, () => farm(token, 'POST', 'claim', {})));
    expect(claims.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const p = (await t.call(token, { method: 'GET', url: '/api/v1/users/get/2002' })).json();
    expect(p).toMatchObject({ onion: FARM_REWARD, totalScore: FARM_REWARD });
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('refuses a body naming someone else', async () => {
    const token = await t.login(2003);
    expect((await farm(token, 'POST', 'start', { userid: 2001 })).statusCode).toBe(403);
  });
});
