import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sign } from '@tma.js/init-data-node';
import CryptoJS from 'crypto-js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FARM_DURATION_MS } from '@egg-rush/game/farm';
import { gameReward, maxScoreFor } from '@egg-rush/game/mole';
import { REFERRAL_REWARD } from '@egg-rush/game/referrals';
import { queryRows } from '../src/db/client.ts';
import { DEV_BOT_TOKEN, DEV_GAME_SECRET } from '../src/env.ts';
import { createTokens } from '../src/lib/token.ts';
import { findLedgerMismatches } from '../src/modules/ledger/ledger.repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Attacks of docs/security.md that the feature test files do not already cover.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
const profile = async (token: string, id: number) =>
  (await t.call(token, { method: 'GET', url: `/api/v1/users/get/${id}` })).json();
const seal = (plaintext: string, secret = DEV_GAME_SECRET) =>
  CryptoJS.AES.encrypt(plaintext, secret).toString();

const TABLES = [
  'users',
  'economy_events',
  'task_progress',
  'mining_levels',
  'games',
  'wallet_proofs',
  'reward_claims',
] as const;

/**
 * A fingerprint of every table's full contents (and of the list of tables): an attack that changes
 * nothing leaves it exactly as it was.
 */
async function dumpTables() {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await queryRows<{ n: number; md5: string }>(
      t.deps.database.db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as md5
          from ${sql.identifier(table)} x`,
    );
    out[table] = `${row!.n}:${row!.md5}`;
  }
  const tables = await queryRows<{ name: string }>(
    t.deps.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  out.tables = tables.map((r) => r.name).join(',');
  return out;
}

const INJECTIONS = [
  "' or 1=1 --",
  "'; drop table users; --",
  '"; update users set onion = 999999999; --',
  '1); delete from economy_events; --',
  "\\'; select pg_sleep(5); --",
];

describe('launch data and tokens', () => {
  it('refuses launch data dated more than 5 minutes in the future', async () => {
    t.clock.advance(10 * 60_000);
    const initData = await t.launch(8600);
    t.clock.advance(-10 * 60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid: 8600, initData },
    });
    expect(res.statusCode).toBe(401);
    const [row] = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from users where id = 8600`,
    );
    expect(row!.n).toBe(0);
  });

  it('replayed launch data logs in only the player it names, pays nothing again, and expires after 24 hours', async () => {
    const initData = await t.launch(8601);
    const login = (userid: number) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { userid, initData } });
    expect((await login(8601)).statusCode).toBe(200);
    const before = await dumpTables();
    for (let i = 0; i < 5; i++) {
      const again = await login(8601);
      expect(again.statusCode).toBe(200);
      expect(await profile(again.json().token, 8601)).toMatchObject({ id: 8601 });
    }
    expect((await login(8602)).statusCode).toBe(403);
    const after = await dumpTables();
    // Only the replaying player's last-seen time moved.
    expect({ ...after, users: '' }).toEqual({ ...before, users: '' });
    const start = t.clock.now();
    t.clock.advance(24 * 3_600_000 + 1000);
    expect((await login(8601)).statusCode).toBe(401);
    t.clock.set(start);
  });

  it('refuses a token altered to name another player, unsigned, signed with another key, or expired', async () => {
    const attacker = await t.login(8603);
    await t.login(8604);
    const before = await dumpTables();
    const [header, , signature] = attacker.split('.');
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(t.clock.now() / 1000);
    const claims = { sub: '8604', iat: now, exp: now + 3600 };
    const forged = [
      `${header}.${b64(claims)}.${signature}`,
      `${b64({ alg: 'none' })}.${b64(claims)}.`,
      `${b64({ alg: 'HS256' })}.${b64(claims)}.`,
      await createTokens('another-server-key-'.padEnd(40, 'x')).sign(8604, t.clock.now()),
      await createTokens(t.env.jwtSecret).sign(8604, t.clock.now() - 8 * 86_400_000),
    ];
    for (const token of forged) {
      for (const call of [
        { method: 'GET', url: '/api/v1/users/get/8604' },
        { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: 8604 } },
      ] as const) {
        const res = await t.call(token, call);
        expect(res.statusCode, token).toBe(401);
      }
    }
    expect(await dumpTables()).toEqual(before);
  });
});

describe('acting as another player', () => {
  it("every route refuses another player's id in the path, body or query with 403 and changes nothing", async () => {
    const attacker = await t.login(8610);
    const victim = await t.login(8611);
    // The victim has something worth taking: coins, tickets, a chest, a visited task, a game, a farm.
    await t.grant(8611, { onion: 1_000_000, ticket: 5 });
    await t.deps.database.db.execute(sql`update users set cheat_count = 1 where id = 8611`);
    const task = { taskName: 'Follow_Twitter', taskType: 'earn_coin', dailyType: 'twitter' };
    await t.call(victim, {
      method: 'POST',
      url: '/api/v1/users/linkReward',
      payload: { userid: 8611, ...task },
    });
    await t.call(victim, { method: 'POST', url: '/api/v1/farm/start', payload: { userid: 8611 } });
    const game = await t.call(victim, {
      method: 'POST',
      url: '/api/v1/play/start',
      payload: { userid: 8611 },
    });
    const { gameId } = game.json<{ gameId: string }>();
    t.clock.advance(FARM_DURATION_MS + 1000);
    const data = seal(JSON.stringify({ score: 0, gameId }));
    const before = await dumpTables();
    const V = 8611;
    const calls = [
      ...[
        'growUp',
        'growOnion',
        'fullyEnergy',
        'income',
        'double',
        'touchIncome',
        'energyCapacity',
        'getCheat',
      ].map((name) => ({ method: 'PUT', url: `/api/v1/users/${name}`, payload: { userid: V } })),
      { method: 'PUT', url: '/api/v1/users/tap', payload: { userid: V, count: 10 } },
      { method: 'PUT', url: '/api/v1/users/getSpin', payload: { userid: V } },
      { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: V } },
      { method: 'POST', url: '/api/v1/farm/start', payload: { userid: V } },
      { method: 'POST', url: '/api/v1/farm/claim', payload: { userid: V } },
      {
        method: 'POST',
        url: '/api/v1/users/buyMining',
        payload: { userid: V, item: 'Carousel', title: 'Rides' },
      },
      { method: 'POST', url: '/api/v1/play/start', payload: { userid: V } },
      { method: 'POST', url: '/api/v1/play/result', payload: { userid: V, data } },
      { method: 'POST', url: '/api/v1/users/linkReward', payload: { userid: V, ...task } },
      { method: 'POST', url: '/api/v1/users/taskReward', payload: { userid: V, ...task } },
      { method: 'POST', url: '/api/v1/wallet/proof/payload', payload: { userid: V } },
      { method: 'DELETE', url: '/api/v1/wallet', payload: { userid: V } },
      { method: 'GET', url: `/api/v1/users/get/${V}` },
      { method: 'GET', url: `/api/v1/users/ranking/${V}/total` },
      { method: 'GET', url: `/api/v1/users/friends/${V}` },
      { method: 'GET', url: `/api/v1/users/miningData/${V}` },
      { method: 'GET', url: `/api/v1/users/tasks/${V}` },
      { method: 'GET', url: `/api/v1/farm/status?userid=${V}` },
      // The caller's own id in the body, the victim's in the query.
      { method: 'PUT', url: `/api/v1/users/tap?userid=${V}`, payload: { userid: 8610, count: 10 } },
      { method: 'POST', url: `/api/v1/users/claim/daily?userid=${V}`, payload: { userid: 8610 } },
    ] as const;
    for (const call of calls) {
      const res = await t.call(attacker, call);
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: expect.any(String) });
    }
    expect(await dumpTables()).toEqual(before);
  });
});

describe('SQL injection in every string field', () => {
  it('stores names from launch data verbatim and ignores an injected start parameter', async () => {
    for (const [i, evil] of INJECTIONS.entries()) {
      const id = 8100 + i;
      const token = await t.login(id, {
        first_name: evil,
        last_name: evil,
        username: evil,
        language_code: evil.slice(0, 16),
        start_param: evil,
      });
      const me = await profile(token, id);
      expect(me).toMatchObject({ firstname: evil, lastname: evil, username: evil, onion: 0 });
      const [row] = await queryRows<Record<string, string | null>>(
        t.deps.database.db,
        sql`select first_name, last_name, username, language_code, referrer_id from users where id = ${id}`,
      );
      expect(row).toEqual({
        first_name: evil,
        last_name: evil,
        username: evil,
        language_code: evil.slice(0, 16),
        referrer_id: null,
      });
    }
    const [rich] = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from users where onion >= 999999999`,
    );
    expect(rich!.n).toBe(0);
  });

  it('refuses injected task names, mining items, wallet addresses and game data, changing nothing', async () => {
    const token = await t.login(8120);
    const before = await dumpTables();
    for (const evil of INJECTIONS) {
      const calls = [
        {
          method: 'POST',
          url: '/api/v1/users/taskReward',
          payload: { userid: 8120, taskName: evil, taskType: 'earn_coin', dailyType: evil, type: evil },
        },
        {
          method: 'POST',
          url: '/api/v1/users/linkReward',
          payload: { userid: 8120, taskName: evil, taskType: evil, dailyType: evil },
        },
        {
          method: 'POST',
          url: '/api/v1/users/buyMining',
          payload: { userid: 8120, item: evil, title: evil },
        },
        {
          method: 'POST',
          url: '/api/v1/users/buyMining',
          payload: { userid: 8120, item: 'Carousel', title: evil },
        },
        { method: 'POST', url: '/api/v1/play/result', payload: { userid: 8120, data: evil.padEnd(16, ' ') } },
        {
          method: 'POST',
          url: '/api/v1/wallet/proof/check',
          payload: {
            userid: 8120,
            address: evil,
            network: '-239',
            proof: {
              timestamp: 1,
              domain: { lengthBytes: 1, value: evil },
              payload: evil,
              signature: evil,
              stateInit: evil,
            },
          },
        },
        { method: 'GET', url: `/api/v1/users/get/${encodeURIComponent(evil)}` },
        { method: 'GET', url: `/api/v1/users/ranking/${encodeURIComponent(evil)}/total` },
      ] as const;
      for (const call of calls) {
        const res = await t.call(token, call);
        expect(res.statusCode, `${call.url}: ${res.body}`).toBeLessThan(500);
        // A refusal: a 4xx, or the game result's `200 { success: false }` (SPEC.md section 7).
        if (res.statusCode === 200) expect(res.json()).toMatchObject({ success: false });
        else expect(res.statusCode, `${call.url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await dumpTables()).toEqual(before);
  });

  it('refuses injections in paths, query strings, headers, the login body and a sealed game id, changing nothing', async () => {
    const token = await t.login(8121);
    await t.grant(8121, { ticket: 1 });
    const game = await t.call(token, {
      method: 'POST',
      url: '/api/v1/play/start',
      payload: { userid: 8121 },
    });
    expect(game.json()).toMatchObject({ success: true });
    const before = await dumpTables();
    for (const evil of INJECTIONS) {
      const e = encodeURIComponent(evil);
      const authed = [
        // Boost names and ids in paths.
        { method: 'PUT', url: `/api/v1/users/${e}`, payload: { userid: 8121 } },
        { method: 'GET', url: `/api/v1/users/tasks/${e}` },
        { method: 'GET', url: `/api/v1/users/miningData/${e}` },
        { method: 'GET', url: `/api/v1/users/friends/${e}` },
        { method: 'GET', url: `/api/v1/farm/status?userid=${e}` },
        { method: 'PUT', url: `/api/v1/users/tap?userid=${e}`, payload: { userid: 8121, count: 1 } },
        // The game id inside a correctly sealed result.
        {
          method: 'POST',
          url: '/api/v1/play/result',
          payload: { userid: 8121, data: seal(JSON.stringify({ score: 1, gameId: evil })) },
        },
      ] as const;
      for (const call of authed) {
        const res = await t.call(token, call);
        expect(res.statusCode, `${call.url}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode === 200) expect(res.json()).toMatchObject({ success: false });
      }
      const anonymous = [
        { method: 'GET', url: `/api/v1/users/avatar/${e}` },
        { method: 'GET', url: `/api/v1/dev/launch?userid=${e}` },
        { method: 'GET', url: '/api/v1/users/get/8121', headers: { authorization: `Bearer ${evil}` } },
        { method: 'GET', url: '/api/v1/users/get/8121', headers: { authorization: evil } },
        { method: 'POST', url: '/api/v1/auth/login', payload: { userid: 8121, initData: evil } },
        { method: 'POST', url: '/api/v1/auth/login', payload: { userid: evil, initData: evil } },
      ] as const;
      for (const call of anonymous) {
        const res = await t.app.inject(call);
        expect(res.statusCode, `${call.url}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${call.url}: ${res.body}`).toBeLessThan(500);
      }
    }
    expect(await dumpTables()).toEqual(before);
  });
});

describe('hostile bodies', () => {
  it('answers 4xx to deeply nested JSON, up to 10,000 levels, and changes nothing', async () => {
    const token = await t.login(8130);
    const before = await dumpTables();
    for (const depth of [1_000, 5_000, 10_000]) {
      const arrays = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      for (const [url, payload, authed] of [
        ['/api/v1/users/tap', `{"userid":8130,"count":${arrays}}`, true],
        ['/api/v1/auth/login', `{"userid":8130,"initData":${arrays}}`, false],
      ] as const) {
        const call = { method: 'POST' as const, url, payload, headers: json };
        const res = authed ? await t.call(token, { ...call, method: 'PUT' }) : await t.app.inject(call);
        // Under the 16 KiB body limit the parser and the schema refuse it (400); above, the limit (413).
        expect(res.statusCode, `${url} at depth ${depth}`).toBe(payload.length > 16 * 1024 ? 413 : 400);
        expect(res.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
      }
    }
    const objects = `${'{"a":'.repeat(2_500)}1${'}'.repeat(2_500)}`;
    const deep = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      payload: `{"userid":8130,"count":${objects}}`,
      headers: json,
    });
    expect(deep.statusCode).toBe(400);
    expect(await dumpTables()).toEqual(before);
  });

  it('answers 400 to huge, infinite, negative, fractional and non-numeric counts and ids', async () => {
    const token = await t.login(8131);
    const before = await dumpTables();
    for (const count of [
      '1e999',
      '-1e999',
      '-1',
      '0',
      '1.5',
      '9007199254740993',
      '"NaN"',
      '"Infinity"',
      'null',
      '[]',
      '{}',
      'true',
    ]) {
      const res = await t.call(token, {
        method: 'PUT',
        url: '/api/v1/users/tap',
        payload: `{"userid":8131,"count":${count}}`,
        headers: json,
      });
      expect(res.statusCode, count).toBe(400);
    }
    for (const userid of ['1e999', '-8131', '8131.5', '"8131 or 1=1"', 'null']) {
      const res = await t.call(token, {
        method: 'PUT',
        url: '/api/v1/users/tap',
        payload: `{"userid":${userid},"count":1}`,
        headers: json,
      });
      expect([400, 403], userid).toContain(res.statusCode);
    }
    for (const id of ['1e999', '-1', '-8131', '8131.5', '0', 'NaN', 'Infinity', '9007199254740993', '%20']) {
      const res = await t.call(token, { method: 'GET', url: `/api/v1/users/get/${id}` });
      expect(res.statusCode, id).toBe(400);
    }
    expect(await dumpTables()).toEqual(before);
  });

  it('keeps unicode names intact: emoji, right-to-left, combining marks', async () => {
    const names = ['🥚 Egg 🐣', 'مرحبا', 'Zoë Ångström', 'e\u0301\u0301', '中文名字', 'a\u200bb\u202e'];
    for (const [i, name] of names.entries()) {
      const token = await t.login(8140 + i, { first_name: name, last_name: name });
      expect(await profile(token, 8140 + i)).toMatchObject({ firstname: name, lastname: name });
    }
  });

  it('escapes markup in names where the server shows them, and follows only an https photo', async () => {
    const launch = (id: number, user: Record<string, string>) =>
      sign(
        { user: { id, ...user }, chat_instance: '1', chat_type: 'sender', signature: 'test' } as never,
        DEV_BOT_TOKEN,
        new Date(t.clock.now()),
      );
    const cases: Record<string, string>[] = [
      { first_name: '<script>alert(1)</script>', last_name: '"><svg onload=alert(1)>' },
      { first_name: '&amp;', photo_url: 'javascript:alert(1)' },
      { first_name: "'x", photo_url: 'http://plain.example/p.png' },
    ];
    for (const [i, user] of cases.entries()) {
      const id = 8160 + i;
      const initData = launch(id, user);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { userid: id, initData },
      });
      expect(login.statusCode).toBe(200);
      const avatar = await t.app.inject({ method: 'GET', url: `/api/v1/users/avatar/${id}` });
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(avatar.body).not.toMatch(/<script|onload|javascript:|<svg[^>]*><svg/i);
      const text = /<text[^>]*>([^<]*)<\/text>/.exec(avatar.body)![1];
      expect(text).not.toMatch(/[<>"]/);
    }
  });

  it('refuses bodies with __proto__ or constructor.prototype keys', async () => {
    const token = await t.login(8150);
    const res = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      payload: '{"userid":8150,"count":1,"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      headers: json,
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('client-sent amounts, prices, scores and times', () => {
  it('ignores amounts, prices and balances the client adds to a request', async () => {
    const token = await t.login(8170);
    await t.call(token, { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: 8170 } });
    const before = await profile(token, 8170);
    const tap = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      payload: { userid: 8170, count: 5, earned: 1_000_000, onion: 1_000_000, earnPerTap: 1000 },
    });
    expect(tap.statusCode).toBe(200);
    expect(tap.json()).toMatchObject({ credited: 5, earned: 5 });
    const spin = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/getSpin',
      payload: { userid: 8170, segment: 7, prize: { type: 'onion', value: 1_000_000 } },
    });
    expect(spin.statusCode).toBe(200);
    const task = await t.call(token, {
      method: 'POST',
      url: '/api/v1/users/taskReward',
      payload: {
        userid: 8170,
        taskName: 'Follow_Twitter',
        taskType: 'earn_coin',
        amount: 1_000_000,
        type: 'onion',
      },
    });
    expect(task.json()).toMatchObject({ code: 'NOT_COMPLETED' });
    const after = await profile(token, 8170);
    expect(after.onion).toBeLessThan(before.onion + 100_000);
  });

  it('ignores backdated and future timestamps: the farm and energy run on the server clock', async () => {
    const token = await t.login(8171);
    const start = await t.call(token, {
      method: 'POST',
      url: '/api/v1/farm/start',
      payload: { userid: 8171, startedAt: 0, timestamp: Date.now() - 7 * 86_400_000 },
    });
    expect(start.statusCode).toBe(200);
    const early = await t.call(token, {
      method: 'POST',
      url: '/api/v1/farm/claim',
      payload: { userid: 8171, now: Date.now() + FARM_DURATION_MS * 10 },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'FARM_NOT_FINISHED' });
    const tap = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      payload: { userid: 8171, count: 500, at: 0, energyAt: 0 },
    });
    // 1,000 energy at 10 a tap: the pace allows 120 at once, energy 100; never more.
    expect(tap.json().credited).toBeLessThanOrEqual(100);
  });

  it('ignores times inside a sealed game result and in a check-in: the server measures them', async () => {
    const token = await t.login(8172);
    await t.grant(8172, { ticket: 1 });
    const daily = await t.call(token, {
      method: 'POST',
      url: '/api/v1/users/claim/daily',
      payload: { userid: 8172, day: 7, streak: 6, lastDailyDay: 0, date: '2020-01-01' },
    });
    expect(daily.json()).toMatchObject({ status: 'success', day: 1 });
    const game = await t.call(token, {
      method: 'POST',
      url: '/api/v1/play/start',
      payload: { userid: 8172 },
    });
    const { gameId } = game.json<{ gameId: string }>();
    const now = t.clock.now();
    // A full game's best score, claimed a moment after the start with times saying a minute passed.
    const claimed = {
      score: maxScoreFor(60_000),
      gameId,
      elapsed: 60_000,
      startedAt: now - 60_000,
      finishedAt: now,
    };
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/v1/play/result',
      payload: { userid: 8172, data: seal(JSON.stringify(claimed)), startedAt: now - 60_000 },
    });
    expect(res.json()).toEqual({ success: false, msg: 'This score is not possible in the time played.' });
  });

  it('refuses hostile scores and game ids inside a sealed result, and the game can still be scored honestly', async () => {
    const token = await t.login(8173);
    const other = await t.login(8174);
    await t.grant(8173, { ticket: 1 });
    await t.grant(8174, { ticket: 1 });
    const start = (tk: string, userid: number) =>
      t.call(tk, { method: 'POST', url: '/api/v1/play/start', payload: { userid } });
    const { gameId } = (await start(token, 8173)).json<{ gameId: string }>();
    const { gameId: othersGame } = (await start(other, 8174)).json<{ gameId: string }>();
    t.clock.advance(30_000);
    const before = await dumpTables();
    const g = JSON.stringify(gameId);
    const plaintexts = [
      `{"score":-1,"gameId":${g}}`,
      `{"score":1.5,"gameId":${g}}`,
      `{"score":1e999,"gameId":${g}}`,
      `{"score":-1e999,"gameId":${g}}`,
      `{"score":NaN,"gameId":${g}}`,
      `{"score":"100","gameId":${g}}`,
      `{"score":null,"gameId":${g}}`,
      `{"score":[100],"gameId":${g}}`,
      `{"score":10000001,"gameId":${g}}`,
      `{"score":9007199254740993,"gameId":${g}}`,
      `{"gameId":${g}}`,
      `{"score":100}`,
      `{"score":100,"gameId":[${g}]}`,
      `{"score":100,"gameId":"00000000-0000-4000-8000-000000000000"}`,
      `{"score":100,"gameId":${JSON.stringify(othersGame)}}`,
      `{"score":100,"gameId":${JSON.stringify(`${gameId}' or 1=1 --`)}}`,
      `[100,${g}]`,
      'null',
      '"score"',
      '',
      `{"score":100,"gameId":${g}`,
    ];
    for (const plaintext of plaintexts) {
      const res = await t.call(token, {
        method: 'POST',
        url: '/api/v1/play/result',
        payload: { userid: 8173, data: seal(plaintext) },
      });
      expect(res.statusCode, plaintext).toBe(200);
      expect(res.json(), plaintext).toMatchObject({ success: false });
    }
    expect(await dumpTables()).toEqual(before);
    const honest = await t.call(token, {
      method: 'POST',
      url: '/api/v1/play/result',
      payload: { userid: 8173, data: seal(JSON.stringify({ score: 100, gameId })) },
    });
    expect(honest.json()).toMatchObject({ success: true, reward: gameReward(100) });
  });
});

describe('referrals', () => {
  it("referral loops and re-invites pay nothing: A invites B, then B's link used by A, and C's link used by B", async () => {
    const A = 8180;
    const B = 8181;
    const C = 8182;
    const D = 8183;
    await t.login(A);
    await t.login(B, { start_param: String(A) });
    await t.login(C);
    const state = async () =>
      queryRows<Record<string, string | number | null>>(
        t.deps.database.db,
        sql`select u.id, u.referrer_id, u.onion, u.ticket,
                   (select count(*) from economy_events e where e.user_id = u.id)::int as events
            from users u where u.id in (${A}, ${B}, ${C}) order by u.id`,
      );
    const before = await state();
    expect(before.map((r) => (r.referrer_id === null ? null : Number(r.referrer_id)))).toEqual([
      null,
      A,
      null,
    ]);
    // A loop (A comes back through B's link), a re-invite (B through C's), a self-invite, and an
    // invite through a player's own invitee's link: none changes a referrer or pays anything.
    await t.login(A, { start_param: String(B) });
    await t.login(B, { start_param: String(C) });
    await t.login(C, { start_param: String(C) });
    await t.login(C, { start_param: String(A) });
    await Promise.all([t.login(A, { start_param: String(B) }), t.login(B, { start_param: String(A) })]);
    expect(await state()).toEqual(before);
    // A new player through B's link is B's friend, once; B's old inviter gets nothing from it.
    await t.login(D, { start_param: String(B) });
    const after = await state();
    expect(Number(after[1]!.onion) - Number(before[1]!.onion)).toBe(REFERRAL_REWARD.regular.inviter);
    expect(after[0]).toEqual(before[0]);
    await t.login(B, { start_param: String(D) });
    expect(await state()).toEqual(after);
  });
});

describe('regeneration calls', () => {
  it('growUp and growOnion write nothing, however often they are called', async () => {
    const token = await t.login(8190);
    await t.deps.database.db.execute(sql`update users set earn_per_hour = 3600 where id = 8190`);
    await t.call(token, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid: 8190, count: 50 } });
    const version = async () =>
      (
        await queryRows<{ v: string }>(
          t.deps.database.db,
          sql`select xmin::text as v from users where id = 8190`,
        )
      )[0]!.v;
    const before = await dumpTables();
    const xmin = await version();
    const seen: number[] = [];
    for (let i = 0; i < 50; i++) {
      t.clock.advance(1000);
      const [up, onion] = await Promise.all([
        t.call(token, { method: 'PUT', url: '/api/v1/users/growUp', payload: { userid: 8190 } }),
        t.call(token, { method: 'PUT', url: '/api/v1/users/growOnion', payload: { userid: 8190 } }),
      ]);
      expect(up.statusCode).toBe(200);
      expect(onion.statusCode).toBe(200);
      seen.push(up.json().energy);
    }
    // The answers follow the clock, but no row was written, not even rewritten with equal values.
    expect(seen.at(-1)).toBeGreaterThan(seen[0]!);
    expect(await version()).toBe(xmin);
    expect(await dumpTables()).toEqual(before);
  });
});

describe('rate limits', () => {
  it("a player's limit follows the token, not the address: rotating X-Forwarded-For does not reset it", async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '10', RATE_LIMIT_WINDOW_MS: '60000' } });
    try {
      const token = await limited.login(8195);
      const codes: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await limited.call(token, {
          method: 'GET',
          url: '/api/v1/users/get/8195',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        codes.push(res.statusCode);
      }
      // Limits are counted per route: ten reads, then refusals, whatever address each one claims.
      expect(codes).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    } finally {
      await limited.close();
    }
  });
});

describe('secrets', () => {
  const webRoot = fileURLToPath(new URL('../../web', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });

  it('the web app reads no configuration but the game passphrase', () => {
    const used = new Set<string>();
    for (const file of files(join(webRoot, 'src'))) {
      const text = readFileSync(file, 'utf8');
      // Every read of Vite's environment names its variable; none reads the whole object.
      for (const m of text.matchAll(/import\.meta\.env(\.[A-Za-z_]+)?/g)) used.add(m[1] ?? '(whole object)');
      expect(text, file).not.toMatch(/process\.env/);
    }
    expect([...used]).toEqual(['.VITE_GAME_SECRET']);
    // Nor is Vite told to pass on more than VITE_ variables.
    expect(readFileSync(join(webRoot, 'vite.config.ts'), 'utf8')).not.toMatch(/envPrefix|define\s*:|loadEnv/);
  });

  it('no server secret is named anywhere in the web app', () => {
    for (const file of files(join(webRoot, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const secret of [
        'BOT_TOKEN',
        'JWT_SECRET',
        'DATABASE_URL',
        'REDIS_URL',
        'GAME_SECRET =',
        DEV_BOT_TOKEN,
      ]) {
        expect(text.includes(secret), `${file} mentions ${secret}`).toBe(false);
      }
    }
  });

  it('a web build made with server secrets in its environment holds none of them, only the game passphrase', async () => {
    const canaries = {
      BOT_TOKEN: '123456:canary-bot-token',
      JWT_SECRET: 'canary-jwt-secret-0123456789abcdef',
      GAME_SECRET: 'canary-server-game-secret',
      DATABASE_URL: 'postgres://canary-db-password@db/egg',
      REDIS_URL: 'redis://:canary-redis-password@cache',
      VITE_GAME_SECRET: 'canary-game-passphrase',
    };
    const saved = Object.fromEntries(Object.keys(canaries).map((k) => [k, process.env[k]]));
    const outDir = mkdtempSync(join(tmpdir(), 'egg-web-build-'));
    try {
      Object.assign(process.env, canaries);
      const { build } = await import('vite');
      await build({
        root: webRoot,
        configFile: join(webRoot, 'vite.config.ts'),
        mode: 'production',
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true },
      });
      const bundle = files(outDir)
        .filter((f) => /\.(js|html|css|json|svg|webmanifest)$/.test(f))
        .map((f) => readFileSync(f, 'latin1'))
        .join('\n');
      expect(bundle.length).toBeGreaterThan(10_000);
      for (const [name, value] of Object.entries(canaries)) {
        expect(bundle.includes(value), name).toBe(name === 'VITE_GAME_SECRET');
      }
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('ledger', () => {
  it('leaves every balance equal to its ledger after all of the above', async () => {
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });
});
