import CryptoJS from 'crypto-js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FARM_DURATION_MS } from '@egg-rush/game/farm';
import { queryRows } from '../src/db/client.ts';
import { DEV_GAME_SECRET } from '../src/env.ts';
import { appendLedger, findLedgerMismatches } from '../src/modules/ledger/ledger.repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// 100 parallel requests of each claim kind for one player: exactly one pays, every other one is a
// clean refusal, and balances still equal the ledger. On PostgreSQL (CI) the requests really run
// at once; PGlite runs them one after another.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const N = 100;

async function ledgerRows(userid: number, kind: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.deps.database.db,
    sql`select count(*)::int as n from economy_events where user_id = ${userid} and kind = ${kind}`,
  );
  return Number(row?.n);
}

async function balances(userid: number) {
  const [row] = await queryRows<{ onion: string; ticket: number; cheat_count: number }>(
    t.deps.database.db,
    sql`select onion, ticket, cheat_count from users where id = ${userid}`,
  );
  return { onion: Number(row!.onion), ticket: Number(row!.ticket), chests: Number(row!.cheat_count) };
}

/** Fires N copies of one request at once; checks one 200 and only 4xx refusals otherwise. */
async function burst(
  send: () => Promise<{ statusCode: number; json: () => unknown }>,
  paid = (_: unknown) => true,
) {
  const replies = await Promise.all(Array.from({ length: N }, send));
  for (const r of replies) expect(r.statusCode, JSON.stringify(r.json())).toBeLessThan(500);
  const wins = replies.filter((r) => r.statusCode === 200 && paid(r.json()));
  expect(wins).toHaveLength(1);
  return wins[0]!.json();
}

describe(`${N} parallel claims pay exactly once`, () => {
  it('daily check-in', async () => {
    const token = await t.login(7001);
    const before = await balances(7001);
    await burst(() =>
      t.call(token, { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: 7001 } }),
    );
    expect(await ledgerRows(7001, 'daily')).toBe(1);
    expect((await balances(7001)).onion).toBeGreaterThan(before.onion);
  });

  it('task reward', async () => {
    const token = await t.login(7002);
    const task = { taskName: 'Follow_Twitter', taskType: 'earn_coin', dailyType: 'twitter' };
    const url = (what: string) => `/api/v1/users/${what}`;
    expect(
      (await t.call(token, { method: 'POST', url: url('linkReward'), payload: { userid: 7002, ...task } }))
        .statusCode,
    ).toBe(200);
    await burst(() =>
      t.call(token, { method: 'POST', url: url('taskReward'), payload: { userid: 7002, ...task } }),
    );
    expect(await ledgerRows(7002, 'task')).toBe(1);
  });

  it('farm harvest', async () => {
    const token = await t.login(7003);
    expect(
      (await t.call(token, { method: 'POST', url: '/api/v1/farm/start', payload: { userid: 7003 } }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(FARM_DURATION_MS + 1000);
    await burst(
      () => t.call(token, { method: 'POST', url: '/api/v1/farm/claim', payload: { userid: 7003 } }),
      (b) => (b as { success: boolean }).success,
    );
    expect(await ledgerRows(7003, 'farm')).toBe(1);
  });

  it('mole game result', async () => {
    const token = await t.login(7004);
    await t.deps.database.db.execute(sql`update users set ticket = ticket + 1 where id = 7004`);
    await appendLedger(t.deps.database.db, { userId: 7004, kind: 'grant', deltaTicket: 1 });
    const start = await t.call(token, {
      method: 'POST',
      url: '/api/v1/play/start',
      payload: { userid: 7004 },
    });
    const { gameId } = start.json<{ gameId: string }>();
    t.clock.advance(30_000);
    const data = CryptoJS.AES.encrypt(JSON.stringify({ score: 100, gameId }), DEV_GAME_SECRET).toString();
    await burst(
      () => t.call(token, { method: 'POST', url: '/api/v1/play/result', payload: { userid: 7004, data } }),
      (b) => (b as { success: boolean }).success,
    );
    expect(await ledgerRows(7004, 'game')).toBe(1);
  });

  it('treasure chest, with one chest', async () => {
    const token = await t.login(7005);
    await t.deps.database.db.execute(sql`update users set cheat_count = 1 where id = 7005`);
    await burst(() =>
      t.call(token, { method: 'PUT', url: '/api/v1/users/getCheat', payload: { userid: 7005 } }),
    );
    expect((await balances(7005)).chests).toBe(0);
    expect(await ledgerRows(7005, 'chest')).toBe(1);
  });

  it('once-only boosts (Double, Income)', async () => {
    const token = await t.login(7006);
    await t.deps.database.db.execute(sql`update users set onion = onion + 10000000 where id = 7006`);
    await appendLedger(t.deps.database.db, { userId: 7006, kind: 'grant', deltaOnion: 10_000_000 });
    for (const boost of ['double', 'income']) {
      await burst(() =>
        t.call(token, { method: 'PUT', url: `/api/v1/users/${boost}`, payload: { userid: 7006 } }),
      );
      expect(await ledgerRows(7006, `boost:${boost}`)).toBe(1);
    }
  });

  it('referral reward and friend milestone: the same invitee signing in 100 times', async () => {
    await t.login(7010);
    const before = await balances(7010);
    const initData = await t.launch(7011, { start_param: '7010' });
    const replies = await Promise.all(
      Array.from({ length: N }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { userid: 7011, initData } }),
      ),
    );
    // Every sign-in succeeds (it is the same player), but the invite pays once.
    for (const r of replies) expect(r.statusCode).toBe(200);
    expect(await ledgerRows(7010, 'referral')).toBe(1);
    expect(await ledgerRows(7011, 'referral')).toBe(1);
    expect(await ledgerRows(7010, 'milestone')).toBe(1);
    expect((await balances(7010)).onion).toBeGreaterThan(before.onion);
  });

  it('leaves every balance equal to its ledger', async () => {
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });
});
