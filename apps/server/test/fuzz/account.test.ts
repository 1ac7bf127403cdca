import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { DEV_BOT_TOKEN } from '../../src/env.ts';
import {
  AUTH_KINDS,
  authHeaders,
  CONTENT_TYPE,
  familyOf,
  FIELDS,
  fillPath,
  fuzzFamily,
  ledgerStillBalances,
  PATH_ID,
  RAW_BODY,
  ROUTES,
  RUNS,
  SEED,
  send,
  t,
} from './harness.ts';
import { signedLaunch } from '../helpers.ts';

// Fuzzing of the account routes (login, launch data, profile, avatar, health, configuration and the
// contract document), and of any method on any path: the shared generators, checks and lifecycle
// are in ./harness.ts.

await fuzzFamily('account');

describe('every route and path', () => {
  it('fuzzes the registered routes, and knows fields only of registered ones', () => {
    const registered = new Set(ROUTES.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(FIELDS).filter((key) => !registered.has(key))).toEqual([]);
    expect(ROUTES.length).toBeGreaterThan(30);
    // Every route is fuzzed by the file of its family.
    expect(new Set(ROUTES.map((route) => familyOf(route.url)))).toEqual(
      new Set(['account', 'economy', 'play', 'tasks', 'wallet']),
    );
  });

  it('any method on any path: never a 5xx, and a 4xx changes nothing', async () => {
    const paths = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...ROUTES.map((route) => route.url)),
          PATH_ID,
          fc.constantFrom('', '', '/', '//', '?', '#x', '/..', '%2F', '.json', '/extra'),
          fc.boolean(),
        )
        .map(([url, id, suffix, upper]) => {
          const path = fillPath(url, id) + suffix;
          return upper ? path.toUpperCase() : path;
        }),
      fc.constantFrom(
        '/',
        '/api',
        '/api/v1',
        '/api/v1/',
        '/api/v2/health',
        '/api/v1/users',
        '/api/v1/users/get/',
        '//api/v1/health',
        '/api/v1/../v1/health',
        '/api/v1/%2e%2e/v1/health',
        '/%00',
        '/api/v1/users/get/%00',
        `/api/v1/${'a'.repeat(5000)}`,
        '/index.html',
        '/.env',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          method: fc.constantFrom<InjectOptions['method']>(
            'GET',
            'HEAD',
            'POST',
            'PUT',
            'PATCH',
            'DELETE',
            'OPTIONS',
          ),
          path: paths,
          auth: AUTH_KINDS,
          body: fc.option(RAW_BODY, { freq: 2 }),
          contentType: CONTENT_TYPE,
          origin: fc.option(fc.constantFrom('https://evil.example', t.env.publicUrl, 'null'), { freq: 2 }),
        }),
        async (r) => {
          const headers: Record<string, string> = {};
          const authorization = authHeaders[r.auth];
          if (authorization !== undefined) headers.authorization = authorization;
          if (r.body !== null && r.contentType !== undefined) headers['content-type'] = r.contentType;
          if (r.origin !== null) {
            headers.origin = r.origin;
            headers['access-control-request-method'] = 'PUT';
          }
          const opts: InjectOptions = { method: r.method, url: r.path, headers };
          if (r.body !== null && r.method !== 'GET' && r.method !== 'HEAD') opts.payload = r.body;
          await send(opts, r.auth);
        },
      ),
      { numRuns: RUNS * 4, ...SEED },
    );
  });
});

describe('regressions found by fuzzing', () => {
  it('answers a path the router cannot read (bad escape, over-long segment) with { code, message }', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/get/%E0%A4%A',
      headers: { authorization: authHeaders.me },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'BAD_URL', message: expect.any(String) });
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/get/${'9'.repeat(3000)}`,
      headers: { authorization: authHeaders.me },
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ code: 'URI_TOO_LONG', message: expect.any(String) });
  });

  it('logs in a player whose launch names hold NUL characters, storing them without', async () => {
    const id = 9920;
    // Signed here: the development launch route, like every route, refuses control characters.
    const res = await signedLaunch(
      t,
      DEV_BOT_TOKEN,
      { id, first_name: 'A\u0000nn', last_name: '\u0000', username: 'x\u0000' },
      'test',
    );
    expect(res.statusCode).toBe(200);
    const [row] = await queryRows<{ first_name: string; last_name: string | null; username: string | null }>(
      t.deps.database.db,
      sql`select first_name, last_name, username from users where id = ${id}`,
    );
    expect(row).toEqual({ first_name: 'Ann', last_name: null, username: 'x' });
  });
});

ledgerStillBalances();
