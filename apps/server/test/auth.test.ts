import { sign, signData } from '@tma.js/init-data-node';
import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { DEV_BOT_TOKEN, loadEnv } from '../src/env.ts';
import { createTestApp, freshDatabase, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () => {
  const [row] = await queryRows<{ n: number }>(t.deps.database.db, sql`select count(*)::int as n from users`);
  return Number(row?.n);
};

describe('login', () => {
  it('accepts valid launch data, creates the player and returns a token that opens the profile', async () => {
    const token = await t.login(101, { first_name: 'Ada', username: 'ada' });
    const res = await t.call(token, { method: 'GET', url: '/api/v1/users/get/101' });
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile).toMatchObject({
      id: 101,
      firstname: 'Ada',
      username: 'ada',
      maxEnergy: 1000,
      earnPerTap: 1,
    });
    expect(profile.loseEnergyPerTap).toBe(10);
    expect(profile).toHaveProperty('golden');
    expect(profile).toHaveProperty('wooden');
  });

  it('refuses a forged hash with 401 and creates no user', async () => {
    const before = await userCount();
    const initData = (await t.launch(102)).replace(/hash=[0-9a-f]+/, `hash=${'0'.repeat(64)}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid: 102, initData },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await userCount()).toBe(before);
  });

  it('refuses tampered launch data (user swapped after signing)', async () => {
    const initData = (await t.launch(103)).replace(
      encodeURIComponent('"id":103'),
      encodeURIComponent('"id":104'),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid: 104, initData },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses launch data signed with another bot token', async () => {
    const initData = sign(
      { user: { id: 105, first_name: 'Eve' }, signature: 'x' },
      '999:other',
      new Date(t.clock.now()),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid: 105, initData },
    });
    expect(res.statusCode).toBe(401);
  });

  /** Launch data as Telegram signs it: every field but `hash`, sorted, HMAC'd with the bot token. */
  const signedLaunch = (fields: Record<string, string>, token = DEV_BOT_TOKEN) => {
    const pairs = Object.entries(fields).map(([key, value]) => `${key}=${value}`);
    const hash = signData(pairs.sort().join('\n'), token);
    return new URLSearchParams({ ...fields, hash }).toString();
  };
  const launchFields = (id: number) => ({
    auth_date: String(Math.floor(t.clock.now() / 1000)),
    chat_instance: '1',
    chat_type: 'sender',
    user: JSON.stringify({ id, first_name: 'Old', language_code: 'en' }),
  });
  const loginWith = (userid: number, initData: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { userid, initData } });

  it('accepts correctly signed launch data without a signature field (older Telegram clients)', async () => {
    const res = await loginWith(110, signedLaunch(launchFields(110)));
    expect(res.statusCode).toBe(200);
    const profile = await t.call(res.json().token, { method: 'GET', url: '/api/v1/users/get/110' });
    expect(profile.json()).toMatchObject({ id: 110, firstname: 'Old' });
  });

  it('accepts launch data with a signature field, the hash covering it', async () => {
    const initData = signedLaunch({ ...launchFields(111), signature: 'c2lnbmF0dXJl' });
    expect((await loginWith(111, initData)).statusCode).toBe(200);
    // The signature is part of what the hash covers: changing it breaks the hash.
    const changed = initData.replace('signature=c2lnbmF0dXJl', 'signature=b3RoZXI');
    expect((await loginWith(111, changed)).statusCode).toBe(401);
  });

  it('refuses launch data without a signature field whose hash is wrong', async () => {
    const before = await userCount();
    const forged = signedLaunch(launchFields(112), '999:other');
    expect((await loginWith(112, forged)).statusCode).toBe(401);
    const tampered = signedLaunch(launchFields(112)).replace(/hash=[0-9a-f]{4}/, 'hash=0000');
    expect((await loginWith(112, tampered)).statusCode).toBe(401);
    const noHash = new URLSearchParams(launchFields(112)).toString();
    expect((await loginWith(112, noHash)).statusCode).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('refuses launch data older than 24 hours', async () => {
    const before = await userCount();
    const initData = await t.launch(106);
    t.clock.advance(24 * 3_600_000 + 60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid: 106, initData },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/);
    expect(await userCount()).toBe(before);
  });

  it('refuses a userid that differs from the signed user with 403', async () => {
    const initData = await t.launch(107);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid: 108, initData },
    });
    expect(res.statusCode).toBe(403);
  });

  it('records the referrer on first login only, and never oneself', async () => {
    await t.login(200);
    await t.login(201, { start_param: '200' });
    await t.login(201, { start_param: '999' });
    await t.login(202, { start_param: '202' });
    await t.login(203, { start_param: 'debug' });
    const rows = await queryRows<{ id: string; referrer_id: string | null }>(
      t.deps.database.db,
      sql`select id, referrer_id from users where id in (201, 202, 203) order by id`,
    );
    expect(rows.map((r) => [Number(r.id), r.referrer_id === null ? null : Number(r.referrer_id)])).toEqual([
      [201, 200],
      [202, null],
      [203, null],
    ]);
  });
});

describe('access control', () => {
  it('answers 401 without a token and with a bad one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/get/101' })).statusCode).toBe(401);
    const res = await t.call('not-a-token', { method: 'GET', url: '/api/v1/users/get/101' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });

  it("answers 403 for another player's path and body", async () => {
    const token = await t.login(300);
    await t.login(301);
    expect((await t.call(token, { method: 'GET', url: '/api/v1/users/get/301' })).statusCode).toBe(403);
    const body = await t.call(token, {
      method: 'POST',
      url: '/api/v1/users/claim/daily',
      payload: { userid: 301 },
    });
    expect(body.statusCode).toBe(403);
  });
});

describe('bad input', () => {
  it('answers malformed JSON, wrong types, missing fields and unknown routes with { code, message }', async () => {
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/v1/auth/login',
        payload: '{"userid":',
        headers: { 'content-type': 'application/json' },
      },
      { method: 'POST' as const, url: '/api/v1/auth/login', payload: { userid: 'abc', initData: 'x' } },
      { method: 'POST' as const, url: '/api/v1/auth/login', payload: { userid: 5 } },
      { method: 'GET' as const, url: '/api/v1/nope' },
    ];
    for (const c of cases) {
      const res = await t.app.inject(c);
      expect(res.statusCode, c.url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, c.url).toBeLessThan(500);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
    }
    assert(cases[2]);
    const missing = await t.app.inject(cases[2]);
    expect(missing.json().message).toMatch(/initData/);
  });

  it('refuses bodies over 16 KiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid: 1, initData: 'x'.repeat(17 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('modes', () => {
  it('has no dev launch route when BOT_TOKEN is set', async () => {
    const { database, drop } = await freshDatabase();
    const env = loadEnv({
      BOT_TOKEN: '123:real',
      JWT_SECRET: 'x'.repeat(32),
      GAME_SECRET: 'g',
      COMBO_SECRET: 'c'.repeat(16),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ env, database, redis: undefined, now: Date.now, rng: Math.random });
    const res = await app.inject({ method: 'GET', url: '/api/v1/dev/launch?userid=1' });
    expect(res.statusCode).toBe(404);
    const devSigned = sign({ user: { id: 9, first_name: 'X' }, signature: 'x' }, DEV_BOT_TOKEN, new Date());
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid: 9, initData: devSigned },
    });
    expect(login.statusCode).toBe(401);
    await app.close();
    await drop();
  });

  it('stops on a bad configuration value, naming the variable', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ BOT_TOKEN: '1:a' })).toThrow(/JWT_SECRET/);
  });

  it('applies migrations twice without error', async () => {
    await expect(t.deps.database.migrate()).resolves.toBeUndefined();
    await expect(t.deps.database.migrate()).resolves.toBeUndefined();
  });

  it('reports database health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { up: true }, redis: 'off' });
  });
});
