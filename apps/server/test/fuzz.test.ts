import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { findLedgerMismatches } from '../src/modules/ledger/ledger.repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Property-based fuzzing of every route with hostile values, built from the fields of each
// route's contract schema (packages/contract): whatever arrives, the answer is never a 5xx, and
// a 4xx changes nothing in the database.

const RUNS = Number(process.env.FUZZ_RUNS || 40);
const ME = 9900;
const OTHER = 9901;

let t: TestApp;
let token: string;
let otherToken: string;
let cases = 0;
const statuses: Record<number, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(ME);
  otherToken = await t.login(OTHER);
});
afterAll(async () => {
  console.log(JSON.stringify({ fuzzCases: cases, statuses }));
  await t.close();
});

/** One digest per table: equal digests, equal contents. */
async function snapshot(): Promise<string> {
  const tables = [
    'users',
    'economy_events',
    'task_progress',
    'mining_levels',
    'reward_claims',
    'games',
    'wallet_proofs',
  ];
  const parts = await Promise.all(
    tables.map(async (name) => {
      const [row] = await queryRows<{ d: string | null }>(
        t.deps.database.db,
        sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${sql.identifier(name)} x`,
      );
      return `${name}:${row?.d}`;
    }),
  );
  return parts.join(' ');
}

const INJECTION = fc.constantFrom(
  "' or 1=1 --",
  "'; drop table users; --",
  '"; select pg_sleep(3); --',
  '\\x00',
);
const UNICODE = fc.constantFrom('🥚🐣', 'مرحبا', 'e\u0301', '\u202Eevil', '中文', '\uFEFF');
/** Any value a hostile client can put in a JSON field. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    '',
    ' ',
    null,
    true,
    false,
    [],
    {},
  ),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 600 }),
  INJECTION,
  UNICODE,
  fc.constantFrom(ME, OTHER, String(ME), `${ME}`, -ME),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 5 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', 'userid'), fc.integer(), { maxKeys: 3 }),
);

/** Raw bodies that are not even the right JSON. */
const RAW = fc.oneof(
  fc.constantFrom('', '{', 'null', '[]', '"x"', '{"userid":1e999}', '{"count":-1e999}', 'NaN', '{"a":NaN}'),
  fc.integer({ min: 100, max: 4000 }).map((d) => `{"userid":${ME},"x":${'['.repeat(d)}${']'.repeat(d)}}`),
  fc.string({ maxLength: 80 }),
  fc.constant(`{"userid":${ME},"__proto__":{"admin":true}}`),
  fc.constant(`{"userid":${ME},"s":"\\ud800"}`),
);

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `:id` is filled from the generated id. */
  url: string;
  /** Body fields with a plausible value each (the fuzzer swaps in hostile ones). */
  body?: Record<string, fc.Arbitrary<unknown>>;
  query?: Record<string, fc.Arbitrary<unknown>>;
}

const uid = fc.constant(ME);
const ROUTES: Route[] = [
  { method: 'GET', url: '/api/v1/health' },
  { method: 'GET', url: '/api/v1/app/config' },
  { method: 'GET', url: '/tonconnect-manifest.json' },
  {
    method: 'GET',
    url: '/api/v1/dev/launch',
    query: { userid: uid, first_name: fc.string(), start_param: fc.string() },
  },
  { method: 'POST', url: '/api/v1/auth/login', body: { userid: uid, initData: fc.string() } },
  { method: 'GET', url: '/api/v1/users/get/:id' },
  { method: 'GET', url: '/api/v1/users/avatar/:id' },
  { method: 'GET', url: '/api/v1/users/ranking/:id/total' },
  { method: 'GET', url: '/api/v1/users/miningData/:id' },
  { method: 'GET', url: '/api/v1/users/friends/:id' },
  { method: 'GET', url: '/api/v1/users/tasks/:id' },
  { method: 'GET', url: '/api/v1/farm/status' },
  { method: 'POST', url: '/api/v1/users/claim/daily', body: { userid: uid } },
  { method: 'PUT', url: '/api/v1/users/growUp', body: { userid: uid } },
  { method: 'PUT', url: '/api/v1/users/growOnion', body: { userid: uid } },
  { method: 'PUT', url: '/api/v1/users/tap', body: { userid: uid, count: fc.integer({ min: 1, max: 50 }) } },
  ...['fullyEnergy', 'income', 'double', 'touchIncome', 'energyCapacity', 'getCheat', 'getSpin'].map(
    (name): Route => ({ method: 'PUT', url: `/api/v1/users/${name}`, body: { userid: uid } }),
  ),
  { method: 'POST', url: '/api/v1/farm/start', body: { userid: uid } },
  { method: 'POST', url: '/api/v1/farm/claim', body: { userid: uid } },
  {
    method: 'POST',
    url: '/api/v1/users/buyMining',
    body: {
      userid: uid,
      item: fc.constantFrom('Carousel', 'carousel', 'x'),
      title: fc.constantFrom('Rides', 'rides'),
    },
  },
  ...['linkReward', 'taskReward'].map((name): Route => ({
    method: 'POST',
    url: `/api/v1/users/${name}`,
    body: {
      userid: uid,
      taskName: fc.constantFrom('Follow_Twitter', 'Daily_Tap', 'x'),
      taskType: fc.constantFrom('earn_coin', 'daily', 'one_time'),
      dailyType: fc.constantFrom('twitter', 'tap', 'x'),
      amount: fc.integer(),
      type: fc.constantFrom('onion', 'ticket'),
    },
  })),
  { method: 'POST', url: '/api/v1/wallet/proof/payload', body: { userid: uid } },
  {
    method: 'POST',
    url: '/api/v1/wallet/proof/check',
    body: {
      userid: uid,
      address: fc.constantFrom(`0:${'a'.repeat(64)}`, 'EQ-invalid'),
      network: fc.constantFrom('-239', '-3'),
      proof: fc.record({
        timestamp: fc.integer({ min: 1 }),
        domain: fc.record({
          lengthBytes: fc.integer({ min: 1, max: 256 }),
          value: fc.string({ minLength: 1 }),
        }),
        payload: fc.string({ minLength: 1, maxLength: 128 }),
        signature: fc.base64String({ minLength: 4, maxLength: 200 }),
        stateInit: fc.base64String({ minLength: 4, maxLength: 400 }),
      }),
    },
  },
  { method: 'DELETE', url: '/api/v1/wallet' },
  { method: 'POST', url: '/api/v1/play/start', body: { userid: uid } },
  {
    method: 'POST',
    url: '/api/v1/play/result',
    body: { userid: uid, data: fc.base64String({ maxLength: 200 }) },
  },
];

/** A route's body: each field plausible or hostile, sometimes missing, sometimes extra fields. */
function bodyFor(route: Route): fc.Arbitrary<unknown> {
  const fields = route.body ?? {};
  const record = fc.record(
    Object.fromEntries(
      Object.entries(fields).map(([key, valid]) => [
        key,
        fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: hostile }),
      ]),
    ),
    { requiredKeys: [] },
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(record, fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 2 }))
        .map(([b, extra]) => ({ ...extra, ...b })),
    },
    { weight: 1, arbitrary: hostile },
  );
}

const ids = fc.oneof(
  fc.constantFrom(
    String(ME),
    String(OTHER),
    '0',
    '-1',
    '1e3',
    '9'.repeat(30),
    'abc',
    '%27%20or%201%3D1',
    '..%2F..%2Fetc',
  ),
  fc.integer().map(String),
);

function requestFor(route: Route) {
  return fc.record({
    id: ids,
    auth: fc.constantFrom('me', 'me', 'me', 'other', 'none', 'garbage'),
    body: bodyFor(route),
    raw: fc.option(RAW, { freq: 4 }),
    query: route.query
      ? fc.record(
          Object.fromEntries(
            Object.entries(route.query).map(([k, v]) => [
              k,
              fc.oneof(
                v,
                hostile.map((x) => (typeof x === 'string' ? x : (JSON.stringify(x) ?? ''))),
              ),
            ]),
          ),
          { requiredKeys: [] },
        )
      : fc.constant(undefined),
    contentType: fc.constantFrom(
      'application/json',
      'application/json',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
  });
}

const bearer: Record<string, () => string | undefined> = {
  me: () => token,
  other: () => otherToken,
  none: () => undefined,
  garbage: () => 'eyJhbGciOiJub25lIn0.eyJzdWIiOiI5OTAwIn0.',
};

describe('fuzzing every route', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url}: never a 5xx, and a 4xx changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (r) => {
          cases++;
          const url = route.url.replace(':id', r.id);
          const query = r.query as Record<string, string> | undefined;
          const auth = bearer[r.auth]!();
          const opts: InjectOptions = {
            method: route.method,
            url: query ? `${url}?${new URLSearchParams(query)}` : url,
            headers: { ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
          };
          if (route.method !== 'GET') {
            opts.headers!['content-type'] = r.contentType;
            opts.payload = r.raw ?? JSON.stringify(r.body);
          }
          const before = await snapshot();
          const res = await t.app.inject(opts);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          expect(
            res.statusCode,
            `${opts.method} ${opts.url} ${String(opts.payload).slice(0, 200)}: ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
            expect(await snapshot()).toBe(before);
          }
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('leaves every balance equal to its ledger', async () => {
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });
});
