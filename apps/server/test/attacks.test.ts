import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FARM_DURATION_MS } from '@egg-rush/game/farm';
import { queryRows } from '../src/db/client.ts';
import { findLedgerMismatches } from '../src/modules/ledger/ledger.repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Attacks of docs/security.md that the feature test files do not already cover.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = async (token: string, id: number) =>
  (await t.call(token, { method: 'GET', url: `/api/v1/users/get/${id}` })).json();

/** Row counts of every table: an attack that changes nothing leaves them as they were. */
async function tableCounts() {
  const [row] = await queryRows<Record<string, number>>(
    t.deps.database.db,
    sql`select (select count(*) from users)::int as users, (select count(*) from economy_events)::int as events,
               (select count(*) from task_progress)::int as tasks, (select count(*) from mining_levels)::int as mining,
               (select count(*) from games)::int as games, (select count(*) from wallet_proofs)::int as proofs,
               (select count(*) from reward_claims)::int as claims`,
  );
  return row;
}

const INJECTIONS = [
  "' or 1=1 --",
  "'; drop table users; --",
  '"; update users set onion = 999999999; --',
  '1); delete from economy_events; --',
  "\\'; select pg_sleep(5); --",
];

describe('SQL injection in every string field', () => {
  it('stores names from launch data verbatim and ignores an injected start parameter', async () => {
    for (const [i, evil] of INJECTIONS.entries()) {
      const id = 8100 + i;
      const token = await t.login(id, {
        first_name: evil,
        last_name: evil,
        username: evil,
        start_param: evil,
      });
      const me = await profile(token, id);
      expect(me).toMatchObject({ firstname: evil, lastname: evil, username: evil, onion: 0 });
    }
    const [referred] = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from users where id between 8100 and 8110 and referrer_id is not null`,
    );
    expect(referred!.n).toBe(0);
  });

  it('refuses injected task names, mining items, wallet addresses and game data, changing nothing', async () => {
    const token = await t.login(8120);
    const before = await tableCounts();
    for (const evil of INJECTIONS) {
      const calls = [
        {
          method: 'POST',
          url: '/api/v1/users/taskReward',
          payload: { userid: 8120, taskName: evil, taskType: 'earn_coin', dailyType: evil },
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
        { method: 'POST', url: '/api/v1/play/result', payload: { userid: 8120, data: evil } },
        {
          method: 'POST',
          url: '/api/v1/wallet/proof/check',
          payload: {
            userid: 8120,
            address: evil,
            network: evil,
            publicKey: evil,
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
        if (res.statusCode === 200) expect(res.json()).toMatchObject({ success: false });
      }
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe('hostile bodies', () => {
  it('answers 400 to deeply nested JSON and changes nothing', async () => {
    const token = await t.login(8130);
    const before = await tableCounts();
    for (const depth of [1_000, 5_000]) {
      const payload = `{"userid":8130,"count":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const res = await t.call(token, {
        method: 'PUT',
        url: '/api/v1/users/tap',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('code');
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('answers 400 to huge, infinite, negative, fractional and non-numeric counts and ids', async () => {
    const token = await t.login(8131);
    const before = await profile(token, 8131);
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
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, count).toBe(400);
    }
    for (const userid of ['1e999', '-8131', '8131.5', '"8131 or 1=1"', 'null']) {
      const res = await t.call(token, {
        method: 'PUT',
        url: '/api/v1/users/tap',
        payload: `{"userid":${userid},"count":1}`,
        headers: { 'content-type': 'application/json' },
      });
      expect([400, 403], userid).toContain(res.statusCode);
    }
    const after = await profile(token, 8131);
    expect(after.onion).toBe(before.onion);
    expect(after.energy).toBe(before.energy);
  });

  it('keeps unicode names intact: emoji, right-to-left, combining marks', async () => {
    const names = ['🥚 Egg 🐣', 'مرحبا', 'Zoë Ångström', 'e\u0301\u0301', '中文名字'];
    for (const [i, name] of names.entries()) {
      const token = await t.login(8140 + i, { first_name: name });
      expect((await profile(token, 8140 + i)).firstname).toBe(name);
    }
  });

  it('refuses bodies with __proto__ or constructor.prototype keys', async () => {
    const token = await t.login(8150);
    const res = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      payload: '{"userid":8150,"count":1,"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('client-sent amounts, prices, scores and times', () => {
  it('ignores amounts, prices and balances the client adds to a request', async () => {
    const token = await t.login(8160);
    await t.call(token, { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: 8160 } });
    const before = await profile(token, 8160);
    const tap = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      payload: { userid: 8160, count: 5, earned: 1_000_000, onion: 1_000_000, earnPerTap: 1000 },
    });
    expect(tap.statusCode).toBe(200);
    expect(tap.json()).toMatchObject({ credited: 5, earned: 5 });
    const spin = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/getSpin',
      payload: { userid: 8160, segment: 7, prize: { type: 'onion', value: 1_000_000 } },
    });
    expect(spin.statusCode).toBe(200);
    const after = await profile(token, 8160);
    expect(after.onion).toBeLessThan(before.onion + 100_000);
  });

  it('ignores backdated and future timestamps: the farm and energy run on the server clock', async () => {
    const token = await t.login(8170);
    const start = await t.call(token, {
      method: 'POST',
      url: '/api/v1/farm/start',
      payload: { userid: 8170, startedAt: 0, timestamp: Date.now() - 7 * 86_400_000 },
    });
    expect(start.statusCode).toBe(200);
    const early = await t.call(token, {
      method: 'POST',
      url: '/api/v1/farm/claim',
      payload: { userid: 8170, now: Date.now() + FARM_DURATION_MS * 10 },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'FARM_NOT_FINISHED' });
    const tap = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      payload: { userid: 8170, count: 500, at: 0, energyAt: 0 },
    });
    // 1,000 energy at 10 a tap: the pace allows 120 at once, energy 100; never more.
    expect(tap.json().credited).toBeLessThanOrEqual(100);
  });

  it('leaves every balance equal to its ledger after all of the above', async () => {
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });
});

describe('secrets', () => {
  const webSrc = fileURLToPath(new URL('../../web/src', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });

  it('the web app reads no configuration but the game passphrase', () => {
    const used = new Set<string>();
    for (const file of files(webSrc)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/import\.meta\.env\.([A-Z_]+)/g)) used.add(m[1]!);
    }
    expect([...used]).toEqual(['VITE_GAME_SECRET']);
  });

  it('no server secret is named anywhere in the web app', () => {
    for (const file of files(webSrc)) {
      const text = readFileSync(file, 'utf8');
      for (const secret of ['BOT_TOKEN', 'JWT_SECRET', 'DATABASE_URL', 'REDIS_URL', 'GAME_SECRET =']) {
        expect(text.includes(secret), `${file} mentions ${secret}`).toBe(false);
      }
    }
  });
});
