import { sign } from '@tma.js/init-data-node';
import { sql } from 'drizzle-orm';
import { capLaunchText, LAUNCH_NAME_MAX } from '@egg-rush/game/names';
import { assert, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { queryRows } from '../../src/db/client.ts';
import { DEV_BOT_TOKEN } from '../../src/env.ts';
import {
  attackApp,
  dumpTables,
  INJECTIONS,
  json,
  ledgerStillBalances,
  OPERATOR,
  seal,
  t,
} from './harness.ts';

await attackApp();

// Attacks through input: SQL injection in every string field and hostile bodies.

describe('SQL injection in every string field', () => {
  it("stores names from launch data verbatim (cut at Telegram's lengths) and ignores an injected start parameter", async () => {
    for (const [i, evil] of INJECTIONS.entries()) {
      const id = 8100 + i;
      const token = await t.login(id, {
        first_name: evil,
        last_name: evil,
        username: evil,
        language_code: evil.slice(0, 16),
        start_param: evil,
      });
      const me = await t.profile(token, id);
      const username = capLaunchText(evil, LAUNCH_NAME_MAX.username);
      expect(me).toMatchObject({ firstname: evil, lastname: evil, username, onion: 0 });
      const [row] = await queryRows<Record<string, string | null>>(
        t.deps.database.db,
        sql`select first_name, last_name, username, language_code, referrer_id from users where id = ${id}`,
      );
      expect(row).toEqual({
        first_name: evil,
        last_name: evil,
        username,
        language_code: evil.slice(0, 16),
        referrer_id: null,
      });
    }
    const [rich] = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from accounts where coins >= 999999999`,
    );
    expect(rich).toEqual({ n: 0 });
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
        // A refusal: a 4xx, or the game result's `200 { success: false }`.
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
          payload: {
            userid: 8121,
            data: seal(JSON.stringify({ score: 1, gameId: evil }), game.json<{ key: string }>().key),
          },
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
      expect(await t.profile(token, 8140 + i)).toMatchObject({ firstname: name, lastname: name });
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
      const text = /<text[^>]*>([^<]*)<\/text>/.exec(avatar.body);
      assert(text, `no <text> in the avatar of ${id}`);
      expect(text[1]).not.toMatch(/[<>"]/);
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

describe('control characters', () => {
  const CONTROLS = [
    '\u0000',
    'a\u0000b',
    'tab\there',
    'line\nbreak',
    'esc\u001b[31m',
    'del\u007f',
    'c1\u0085',
  ];

  it('answers 400 naming the field to a NUL in a console search, audit filter and task id, changing nothing', async () => {
    const op = await t.console(OPERATOR);
    const before = await dumpTables();
    const audits = async () => {
      const [row] = await queryRows<{ n: number }>(
        t.deps.database.db,
        sql`select count(*)::int as n from admin_audit`,
      );
      assert(row, 'no count of admin_audit');
      return row.n;
    };
    const auditsBefore = await audits();
    for (const evil of CONTROLS) {
      const e = encodeURIComponent(evil);
      for (const [call, field] of [
        [{ method: 'GET', url: `/api/v1/admin/players?q=${e}` }, "querystring field 'q'"],
        [{ method: 'GET', url: `/api/v1/admin/audit?target=${e}` }, "querystring field 'target'"],
        [{ method: 'POST', url: `/api/v1/admin/tasks/${e}/retire`, payload: {} }, "params field 'taskName'"],
        [
          { method: 'PUT', url: `/api/v1/admin/tasks/${e}`, payload: { title: 'New title' } },
          "params field 'taskName'",
        ],
        [
          { method: 'POST', url: `/api/v1/admin/players/8131/ban`, payload: { reason: `spam ${evil}` } },
          "body field 'reason'",
        ],
      ] as const) {
        const res = await t.call(op, call);
        expect({ url: call.url, status: res.statusCode, body: res.json() }).toEqual({
          url: call.url,
          status: 400,
          body: { code: 'BAD_REQUEST', message: expect.stringContaining(field) },
        });
      }
    }
    expect(await dumpTables()).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
  });

  it('answers 400 to a NUL in any field of any route (path, query, body), never a 5xx, changing nothing', async () => {
    const ME = 8170;
    const player = await t.login(ME);
    const op = await t.console(OPERATOR);
    const before = await dumpTables();
    const fillers: Record<string, string> = {
      id: String(ME),
      userid: String(ME),
      playerId: String(ME),
      taskName: 'Follow_Twitter',
      snapshotId: '1',
      format: 'csv',
    };
    let sent = 0;
    // (The CORS plugin's `OPTIONS *` answers preflights alone, before any hook.)
    for (const route of t.app.registeredRoutes.filter((r) => r.method !== 'OPTIONS')) {
      const params = route.url.match(/(?<=:)\w+/g) ?? [];
      const fields = [
        ...params.map((name) => ['params', name] as const),
        ...fieldNames(route.schema?.querystring).map((name) => ['querystring', name] as const),
        ...fieldNames(route.schema?.body).map((name) => ['body', name] as const),
        // Fields no schema names are refused as well.
        ['querystring', 'extra'] as const,
        ...(route.method === 'GET' ? [] : [['body', 'extra'] as const]),
      ];
      for (const [where, name] of fields) {
        const value = (field: string) => (where === 'params' && field === name ? '\u0000' : fillers[field]);
        const url = route.url.replace(/:(\w+)/g, (_, field: string) =>
          encodeURIComponent(value(field) ?? 'x'),
        );
        const query = where === 'querystring' ? `?${name}=%00` : '';
        const payload =
          route.method === 'GET'
            ? undefined
            : { userid: ME, ...(where === 'body' ? { [name]: 'a\u0000b' } : {}) };
        const token = route.public ? undefined : route.operator ? op : player;
        const call = { method: route.method, url: `${url}${query}`, ...(payload ? { payload } : {}) };
        const res = token ? await t.call(token, call) : await t.app.inject(call);
        sent++;
        const seen = { route: `${route.method} ${route.url}`, where, name, status: res.statusCode };
        // The webhook relays Telegram's own updates as sent (foreignText); it refuses without the secret.
        if (route.url === '/api/v1/bot/webhook') {
          expect(seen.status, JSON.stringify(seen)).toBeLessThan(500);
          continue;
        }
        expect({ ...seen, body: parsed(res.body) }).toEqual({
          ...seen,
          status: 400,
          body: { code: 'BAD_REQUEST', message: expect.stringMatching(`${where} field '${name}'.*control`) },
        });
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(await dumpTables()).toEqual(before);
  });
});

const parsed = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
};

/** The top-level field names of a route's zod schema (objects, their unions, optional or not). */
function fieldNames(schema: unknown): string[] {
  const def = (schema as z.ZodType | undefined)?._zod.def as
    { type: string; shape?: object; options?: unknown[]; innerType?: unknown; in?: unknown } | undefined;
  if (!def) return [];
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'union') {
    assert(def.options, 'a union schema without options');
    return [...new Set(def.options.flatMap(fieldNames))];
  }
  if (def.type === 'pipe') return fieldNames(def.in);
  return def.innerType ? fieldNames(def.innerType) : [];
}

ledgerStillBalances();
