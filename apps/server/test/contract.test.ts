import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { consoleApi } from '@egg-rush/contract/console-api';
import type { RouteSchemas } from '@egg-rush/contract/common';
import { playerApi } from '@egg-rush/contract/player-api';
import { routes } from '@egg-rush/contract/routes';
import { serviceApi } from '@egg-rush/contract/service-api';
import { seededRng } from '@egg-rush/game/rng';
import { buildApp, type RegisteredRoute } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { createTestApp, freshDatabase, tableNames, testClock, type TestApp } from './helpers.ts';

// The contract (packages/contract) against the running app: every registered route (collected by
// the app's onRoute hook, app.registeredRoutes) declares its input and reply schemas and appears
// in the OpenAPI document; and no authenticated route lets a request claim another player's id.

const ME = 9800;
const OTHER = 9801;

let t: TestApp;
let me: string;
let doc: OpenApi;

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: unknown[];
}

/** The routes the contract covers: all but CORS preflights (@fastify/cors's hidden OPTIONS *). */
const contractRoutes = () => t.app.registeredRoutes.filter((r) => r.method !== 'OPTIONS');
/** Routes that need a bearer token (auth.ts: under /api and not config.public). */
const privateRoutes = () => contractRoutes().filter((r) => r.url.startsWith('/api/') && !r.public);
const pathParams = (url: string) => url.match(/(?<=:)\w+/g) ?? [];
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const fill = (url: string, id: number | string) => url.replace(/:(\w+)/g, String(id));
const label = (r: RegisteredRoute) => `${r.method} ${r.url}`;

async function snapshot() {
  const out: Record<string, string> = {};
  for (const name of await tableNames(t.deps.database.db)) {
    const [row] = await queryRows<{ md5: string }>(
      t.deps.database.db,
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as md5 from ${sql.identifier(name)} x`,
    );
    assert(row, `no digest for ${name}`);
    out[name] = row.md5;
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  me = await t.login(ME);
  await t.login(OTHER);
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<OpenApi>();
});
afterAll(() => t?.close());

describe('the contract', () => {
  it('collects every route the app serves', () => {
    const routes = contractRoutes().map(label);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/v1/health',
        'POST /api/v1/auth/login',
        'GET /api/v1/users/get/:id',
        'PUT /api/v1/users/tap',
        'DELETE /api/v1/wallet',
        'GET /api/v1/openapi.json',
        'GET /tonconnect-manifest.json',
      ]),
    );
    expect(new Set(routes).size).toBe(routes.length);
    const withReply = contractRoutes().filter((r) => r.schema?.response);
    console.log(JSON.stringify({ routes: routes.length, withResponseSchema: withReply.length }));
  });

  it("serves exactly the routes of the contract's table, each with the table's schemas", () => {
    const served = contractRoutes()
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/^\/api\/v1\//, '/')}`);
    expect([...served].sort()).toEqual(Object.values(routes).sort());
    const api: Record<string, RouteSchemas> = { ...playerApi, ...consoleApi, ...serviceApi };
    for (const [name, route] of Object.entries(routes)) {
      const registered = contractRoutes().find(
        (r) => `${r.method} ${r.url.replace(/^\/api\/v1\//, '/')}` === route,
      );
      const schema = (registered?.schema ?? {}) as Record<string, unknown>;
      const table = api[name];
      assert(table, `no schemas for ${name}`);
      expect({ name, params: schema.params, query: schema.querystring, body: schema.body }).toEqual({
        name,
        params: table.params,
        query: table.query,
        body: table.body,
      });
      expect((schema.response as Record<number, unknown>)[200], name).toBe(table.reply);
    }
  });

  it('declares, for every route, its input schemas and a reply schema for 200, 4xx and 5xx', () => {
    const missing: string[] = [];
    for (const route of contractRoutes()) {
      const schema = route.schema ?? {};
      const response = (schema.response ?? {}) as Record<string, unknown>;
      if (!response[200]) missing.push(`${label(route)}: no 200 reply schema`);
      if (!response['4xx']) missing.push(`${label(route)}: no 4xx reply schema`);
      if (!response['5xx']) missing.push(`${label(route)}: no 5xx reply schema`);
      if (pathParams(route.url).length > 0 && !schema.params)
        missing.push(`${label(route)}: no params schema`);
      // Every call that carries a body (all but GET) declares it, even when it is only the caller's id.
      if (route.method !== 'GET' && !schema.body) missing.push(`${label(route)}: no body schema`);
    }
    expect(missing).toEqual([]);
  });

  it('publishes every registered route, and only those, in the OpenAPI document with its schemas', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const problems: string[] = [];
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    for (const route of contractRoutes()) {
      const key = `${route.method} ${openApiPath(route.url)}`;
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      documented.delete(key);
      if (!op) {
        problems.push(`${key}: not in the document`);
        continue;
      }
      for (const status of ['200', '4XX', '5XX']) {
        if (!op.responses[status]) problems.push(`${key}: no ${status} reply`);
      }
      for (const name of pathParams(route.url)) {
        if (!op.parameters?.some((p) => p.in === 'path' && p.name === name))
          problems.push(`${key}: path parameter ${name} undocumented`);
      }
      if (route.method !== 'GET' && !op.requestBody) problems.push(`${key}: no request body`);
      if (route.schema?.querystring && !op.parameters?.some((p) => p.in === 'query'))
        problems.push(`${key}: query undocumented`);
      const isPublic = route.public || !route.url.startsWith('/api/');
      if (route.public && !(Array.isArray(op.security) && op.security.length === 0))
        problems.push(`${key}: public, but the document asks for a token`);
      if (!isPublic && op.security) problems.push(`${key}: private, but the document lifts the token`);
    }
    problems.push(...[...documented].map((key) => `${key}: documented but not served`));
    expect(problems).toEqual([]);
  });

  it('serves the document publicly, the same text each time', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const b = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toMatch(/^application\/json/);
    expect(b.body).toBe(a.body);
  });
});

describe('the identity check', () => {
  it("refuses, on every authenticated route, another player's id in the body, the query and the path with 403, changing nothing", async () => {
    const routes = privateRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const before = await snapshot();
    const failures: string[] = [];
    const attempt = async (route: RegisteredRoute, how: string, opts: InjectOptions) => {
      const res = await t.call(me, { method: route.method, ...opts });
      const ok = res.statusCode === 403 && res.json<{ code: string }>().code === 'FORBIDDEN';
      if (!ok) failures.push(`${label(route)} (${how}) -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    };
    for (const route of routes) {
      const own = fill(route.url, ME);
      await attempt(route, 'query', { url: `${own}?userid=${OTHER}` });
      // Fastify reads no body on a GET: a body there claims nothing.
      if (route.method !== 'GET') {
        await attempt(route, 'body', { url: own, payload: { userid: OTHER } });
        await attempt(route, 'body as text', { url: own, payload: { userid: String(OTHER) } });
      }
      if (pathParams(route.url).length > 0) await attempt(route, 'path', { url: fill(route.url, OTHER) });
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a claimed userid that only a schema's coercion turns into the caller's id, with 403", async () => {
    // The schemas coerce `userid` (z.coerce.number()): [9800], "0x2648", "9800.0" and "9.8e3" all
    // become 9800 after parsing. The check reads the request as sent, where none of them is an id.
    const before = await snapshot();
    for (const userid of [[ME], `0x${ME.toString(16)}`, `${ME}.0`, '9.8e3', ` ${ME}`, null, {}, true]) {
      const res = await t.call(me, {
        method: 'PUT',
        url: '/api/v1/users/tap',
        payload: { userid, count: 1 },
      });
      expect({ userid, status: res.statusCode }).toEqual({ userid, status: 403 });
    }
    const query = await t.call(me, {
      method: 'GET',
      url: `/api/v1/farm/status?userid=${ME}&userid=${OTHER}`,
    });
    expect(query.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('answers a path id that is no id with 400, and accepts the caller as a number or decimal text', async () => {
    for (const id of ['0', '-1', `${ME}.0`, `0${ME}`, '1e3', 'abc']) {
      const res = await t.call(me, { method: 'GET', url: `/api/v1/users/get/${id}` });
      expect({ id, status: res.statusCode }).toEqual({ id, status: 400 });
    }
    const own = await t.call(me, {
      method: 'PUT',
      url: '/api/v1/users/growUp',
      payload: { userid: String(ME) },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('a route whose body schema names no userid', () => {
  it("still refuses another player's userid with 403 (the check reads the raw body, before the schema strips it)", async () => {
    const { database, drop } = await freshDatabase();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' });
    const clock = testClock();
    const deps = { env, database, redis: undefined, now: clock.now, rng: seededRng(1) };
    const app = await buildApp(deps);
    let reached = 0;
    await app.register(
      async (api) => {
        api.withTypeProvider<ZodTypeProvider>().post(
          '/probe',
          {
            schema: {
              body: z.object({ note: z.string() }),
              response: { 200: z.object({ ok: z.boolean() }) },
            },
          },
          async () => {
            reached++;
            return { ok: true };
          },
        );
      },
      { prefix: '/api/v1' },
    );
    await app.ready();
    try {
      const launch = await app.inject({ method: 'GET', url: `/api/v1/dev/launch?userid=${ME}` });
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { userid: ME, initData: launch.json<{ initData: string }>().initData },
      });
      const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
      const other = await app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        headers,
        payload: { userid: OTHER, note: 'x' },
      });
      expect({ status: other.statusCode, body: other.json() }).toEqual({
        status: 403,
        body: { code: 'FORBIDDEN', message: expect.any(String) },
      });
      expect(reached).toBe(0);
      const mine = await app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        headers,
        payload: { note: 'x' },
      });
      expect(mine.statusCode).toBe(200);
      expect(reached).toBe(1);
    } finally {
      await app.close();
      await drop();
    }
  });
});
