import { beginCell, contractAddress, storeStateInit } from '@ton/core';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import nacl from 'tweetnacl';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_TITLES, MINING_ITEMS } from '@egg-rush/game/mining';
import { TASKS } from '@egg-rush/game/tasks';
import { createTokens, TOKEN_TTL_SECONDS } from '../../src/lib/token.ts';
import { findLedgerMismatches } from '../../src/modules/accounts/index.ts';
import { sealResult } from '../../src/modules/play/play.seal.ts';
import { tonProofMessage } from '../../src/modules/wallet/ton-proof.ts';
import { WALLET_CODES } from '../../src/modules/wallet/wallet-codes.ts';
import { createTestApp, tableNames, type TestApp } from '../helpers.ts';

// Property-based fuzzing of every route (apps/server/src/app.ts and modules/*/*.routes.ts) with
// hostile values built from the fields of each route's contract schema (packages/contract):
// wrong types, extreme numbers, hostile strings, raw JSON a serializer cannot write (1e999, NUL,
// lone surrogates, 5,000 levels of nesting, duplicate and prototype keys), wrong content types,
// other players' ids and forged or expired tokens, mixed with valid requests so success paths run.
//
// For every request: the answer is never a 5xx; a 4xx is `{ code, message }` and leaves every
// table exactly as it was; a request without a valid token never reaches a private route; a 2xx
// never acts for a player other than the token's; nothing pollutes Object.prototype. After each
// route and after the run, every balance equals its ledger sum.
//
// FUZZ_RUNS sets the runs per route (default 60), FUZZ_SEED replays a run.

export const RUNS = Number(process.env.FUZZ_RUNS || 60);
export const SEED = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {};
export const DOMAIN = 'egg.example';

export const ME = 9900;
export const OTHER = 9901;
/** Holds a correctly signed token but never logged in: no row in users. */
export const GHOST = 9902;
/** Players a fuzzed login may create. */
export const NEWCOMERS = [9910, 9911, 9912, 9913];

// The family's app, built by fuzzFamily before the tests are declared: the routes fuzzed are the
// ones it registers. One per test file, also when files share a worker (the server's tests run
// without isolation, so this module and its state are shared by the files of a worker).
export let t: TestApp;
let cases = 0;
let statuses: Record<number, number> = {};

// --- Tokens -------------------------------------------------------------------------------------

export type AuthKind =
  | 'me'
  | 'meLowercase'
  | 'other'
  | 'ghost'
  | 'none'
  | 'empty'
  | 'scheme'
  | 'basic'
  | 'garbage'
  | 'algNone'
  | 'expired'
  | 'foreignKey'
  | 'tampered'
  | 'truncated'
  | 'twoTokens'
  | 'huge';
/** The user a valid token acts for; the other kinds must be refused by every private route. */
export const VALID_AUTH: Partial<Record<AuthKind, number>> = {
  me: ME,
  meLowercase: ME,
  other: OTHER,
  ghost: GHOST,
};
export const AUTH_KINDS = fc.oneof(
  { weight: 8, arbitrary: fc.constant<AuthKind>('me') },
  {
    weight: 5,
    arbitrary: fc.constantFrom<AuthKind>(
      'meLowercase',
      'other',
      'ghost',
      'none',
      'empty',
      'scheme',
      'basic',
      'garbage',
      'algNone',
      'expired',
      'foreignKey',
      'tampered',
      'truncated',
      'twoTokens',
      'huge',
    ),
  },
);
/** The Authorization header of each kind (undefined: none sent). */
export const authHeaders = {} as Record<AuthKind, string | undefined>;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function buildAuthHeaders() {
  const now = t.clock.now();
  const tokens = createTokens(t.env.jwtSecret);
  const me = await t.login(ME);
  const [head, , signature] = me.split('.');
  Object.assign(authHeaders, {
    me: `Bearer ${me}`,
    meLowercase: `bearer ${me}`,
    other: `Bearer ${await t.login(OTHER)}`,
    ghost: `Bearer ${await tokens.sign(GHOST, now)}`,
    none: undefined,
    empty: '',
    scheme: 'Bearer',
    basic: `Basic ${Buffer.from(`${ME}:x`).toString('base64')}`,
    garbage: "Bearer ' or 1=1 --",
    algNone: `Bearer ${b64url({ alg: 'none' })}.${b64url({ sub: String(ME), exp: 4e9 })}.`,
    expired: `Bearer ${await tokens.sign(ME, now - TOKEN_TTL_SECONDS * 1000 - 60_000)}`,
    foreignKey: `Bearer ${await createTokens('not-the-server-secret').sign(ME, now)}`,
    tampered: `Bearer ${head}.${b64url({ sub: String(OTHER), iat: now / 1000, exp: now / 1000 + 3600 })}.${signature}`,
    truncated: `Bearer ${me.slice(0, -4)}`,
    twoTokens: `Bearer ${me} ${me}`,
    huge: `Bearer ${'A'.repeat(12_000)}`,
  } satisfies Record<AuthKind, string | undefined>);
}

// --- Database state -----------------------------------------------------------------------------

let tables: string[] = [];

/**
 * One digest per table of the public schema (every row, every column): equal digests, equal state.
 * A named statement: PostgreSQL plans its subquery per table once per connection, not twice per
 * request (the digests were nine tenths of a fuzz file's time, their planning more than half).
 */
export async function snapshot(): Promise<Record<string, string>> {
  const columns = tables.map((name) => {
    const table = `"${name.replaceAll('"', '""')}"`;
    return `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x) as ${table}`;
  });
  // One file's tables on one file's database: one text per connection.
  const [row] = await t.deps.database.prepared<Record<string, string>>(
    'fuzz_snapshot',
    `select ${columns.join(', ')}`,
    [],
  );
  assert(row, 'no snapshot row');
  return row;
}

// --- Hostile values -----------------------------------------------------------------------------

const SQL_INJECTION = [
  "' or 1=1 --",
  "'; drop table users; --",
  '"; select pg_sleep(3); --',
  "' union select * from users --",
  '1; delete from economy_events; --',
  "'::int",
  '$1',
  '%',
  '\\',
];
const UNICODE = [
  '🥚🐣',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'e\u0301',
  '\uFEFF',
  '中文',
  '\u200B',
  'Z\u0337\u0322\u0349a\u0338l\u0336g\u0337o',
  '𝕏',
];
const NUL = ['\u0000', 'a\u0000b', 'Follow_Twitter\u0000', `${ME}\u0000`];
const LONE_SURROGATES = ['\ud800', '\udfff', 'x\ud83d', '\udc00\ud800'];
const LONG = [
  'a'.repeat(65),
  'a'.repeat(129),
  'a'.repeat(257),
  'a'.repeat(2049),
  'a'.repeat(8193),
  '🥚'.repeat(2500),
  'a'.repeat(20_000),
];
const NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  -1.5,
  1e-7,
  5e-324,
  1e308,
  -1e308,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 63,
  2 ** 64,
  1e21,
];
/** Ids as a forger writes them: other players', and the caller's own in odd shapes. */
const ID_LIKE: unknown[] = [
  ME,
  OTHER,
  GHOST,
  String(ME),
  String(OTHER),
  ` ${ME} `,
  `${ME}.0`,
  `${ME}.5`,
  `${ME}e0`,
  `0x${ME.toString(16)}`,
  -ME,
  ME + 0.5,
  [ME],
  [OTHER],
  [ME, OTHER],
  { userid: ME },
  true,
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '\t\n', '0', '-1', 'NaN', 'Infinity', 'null', 'true', 'undefined'),
  fc.constantFrom(...SQL_INJECTION),
  fc.constantFrom(...UNICODE),
  fc.constantFrom(...NUL, ...LONE_SURROGATES),
  fc.constantFrom(...LONG),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'binary-ascii', maxLength: 30 }),
  fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom('a', '\u0000', '🥚')), maxLength: 8 }),
);
/** Any value a hostile client can put in a JSON field. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.integer(),
  fc.double(),
  hostileString,
  fc.constantFrom(...ID_LIKE),
  fc.constantFrom(null, true, false, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'userid', 'toString'),
    fc.jsonValue({ maxDepth: 1 }),
    { maxKeys: 3 },
  ),
);

const DEEP_ARRAY = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
/** JSON text for one field that JSON.stringify cannot write. */
const RAW_VALUE = fc.constantFrom(
  '1e999',
  '-1e999',
  '1E400',
  '-0',
  '1e-400',
  '0.0',
  `${ME}.0`,
  '9.9e3',
  '99000e-1',
  '9007199254740993',
  '123456789012345678901234567890',
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"\\udfff\\ud800"',
  '"x\\ud83d"',
  '"\\u202e"',
  "'x'",
  '0x10',
  '.5',
  '+1',
  '01',
  '1.',
  '"\\x00"',
  '"\\uZZZZ"',
  DEEP_ARRAY,
  DEEP_OBJECT,
  `{"__proto__":{"userid":${OTHER},"polluted":true}}`,
  '{"constructor":{"prototype":{"polluted":true}}}',
  `[${ME}]`,
  `"${ME}"`,
);
/** Extra `"key": value` text put first or last in an object: prototype keys, duplicates. */
const RAW_PAIR = fc.constantFrom(
  `"__proto__":{"userid":${OTHER},"polluted":true}`,
  '"__proto__":{"polluted":true}',
  '"constructor":{"prototype":{"polluted":true}}',
  `"userid":${OTHER}`,
  `"userid":${ME}`,
  `"userid":"${ME}"`,
  '"":1',
  '"\\u0000":1',
  '"\\ud800":"\\ud800"',
  `"extra":${DEEP_ARRAY}`,
);
/** Bodies that are not even the right JSON. */
export const RAW_BODY: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '[',
    'null',
    'true',
    '0',
    '-1',
    '[]',
    '[{}]',
    `[{"userid":${ME}}]`,
    '"x"',
    'NaN',
    `{"userid":${ME}}garbage`,
    `{"userid":${ME},}`,
    `{userid:${ME}}`,
    `{'userid':${ME}}`,
    `\uFEFF{"userid":${ME}}`,
    `{"userid":${OTHER},"userid":${ME}}`,
    `{"userid":${ME},"userid":${OTHER}}`,
    `{"__proto__":{"userid":${OTHER}},"userid":${ME}}`,
    `{"__proto__":{"userid":${ME}}}`,
    `{"constructor":{"prototype":{"userid":${ME}}}}`,
    `userid=${ME}`,
    DEEP_ARRAY,
    DEEP_OBJECT,
    '['.repeat(100_000),
    'x'.repeat(17_000),
    `{"userid":${ME},"s":"a\u0000b"}`,
    `{"userid":${ME},"s":"\\ud800"}`,
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
);

export const CONTENT_TYPE = fc.oneof(
  { weight: 10, arbitrary: fc.constant<string | undefined>('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=utf-16',
      'application/json, text/plain',
      'application/vnd.api+json',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'application/xml',
      '',
      ';;;',
    ),
  },
);

/** Path ids: the caller's, other players', and what the router and the schema must refuse. */
export const PATH_ID = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(String(ME), String(ME), String(OTHER), String(GHOST)) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      `-${ME}`,
      '1e3',
      `${ME}.0`,
      `${ME}.5`,
      `%20${ME}`,
      `${ME}%00`,
      '%00',
      '9'.repeat(30),
      String(Number.MAX_SAFE_INTEGER + 2),
      '1e999',
      'Infinity',
      'NaN',
      `0x${ME.toString(16)}`,
      'abc',
      '%27%20or%201%3D1%20--',
      '..%2F..%2Fetc%2Fpasswd',
      '%E0%A4%A',
      '%ED%A0%80',
      '%',
      encodeURIComponent('🥚'),
      'a'.repeat(3000),
    ),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent) },
);

/** A query-string value: what encodeURIComponent writes, or raw (bad escapes, encoded NUL, surrogates). */
const encodeLoosely = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate as UTF-8 bytes
  }
};
const QUERY_VALUE = fc.oneof(
  hostileString.map(encodeLoosely),
  hostile.map((v) => encodeLoosely(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
  fc.constantFrom('%00', '%', '%zz', '%E0%A4%A', '%ED%A0%80', '+', '&', '='),
);
/** Extra query pairs on any route: ids, arrays, prototype keys. */
const EXTRA_QUERY = fc.array(
  fc.oneof(
    fc.constantFrom(
      `userid=${OTHER}`,
      `userid=${ME}`,
      `userid=${ME}&userid=${OTHER}`,
      'userid=abc',
      'userid[]=1',
      `userid[0]=${ME}`,
      '__proto__[polluted]=1',
      '__proto__=x',
      'constructor[prototype][polluted]=1',
      'id=1',
    ),
    fc.tuple(fc.string({ maxLength: 8 }).map(encodeLoosely), QUERY_VALUE).map(([k, v]) => `${k}=${v}`),
  ),
  { maxLength: 3 },
);

// --- Valid-looking requests (async: built against the running app before each request) -----------

/** A value computed just before the request (launch data, a fresh proof payload, a game). */
class Later {
  constructor(
    readonly label: string,
    readonly run: () => Promise<unknown>,
  ) {}
  [fc.toStringMethod]() {
    return `Later(${this.label})`;
  }
}

async function resolve(value: unknown): Promise<unknown> {
  if (value instanceof Later) return resolve(await value.run());
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const v of value) out.push(await resolve(v));
    return out;
  }
  if (value && typeof value === 'object') {
    const entries: [string, unknown][] = [];
    for (const [k, v] of Object.entries(value)) entries.push([k, await resolve(v)]);
    return Object.fromEntries(entries); // keeps an own "__proto__" key an own key
  }
  return value;
}

/** Development launch data for a user with the given (possibly hostile) launch fields, or junk. */
export async function launchData(userid: number, fields: Record<string, string>) {
  const query = new URLSearchParams({ ...fields, userid: String(userid) });
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/dev/launch?${query}` });
  return res.statusCode === 200 ? res.json<{ initData: string }>().initData : 'not-launch-data';
}

function tamper(initData: string, how: string) {
  switch (how) {
    case 'flip':
      return initData.replace(/hash=([0-9a-f])/, (_m, c: string) => `hash=${c === 'a' ? 'b' : 'a'}`);
    case 'dropHash':
      return initData.replace(/&?hash=[0-9a-f]+/, '');
    case 'append':
      return `${initData}&user=${encodeURIComponent(JSON.stringify({ id: OTHER, first_name: 'x' }))}`;
    default:
      return initData;
  }
}

const launchString = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('Ann', 'Ab', 'en', 'true') },
  { weight: 1, arbitrary: hostileString },
);
const launchFields = fc.record(
  {
    first_name: launchString,
    last_name: launchString,
    username: launchString,
    language_code: launchString,
    is_premium: fc.constantFrom('true', 'false', 'true', 'false', 'yes'),
    start_param: fc.oneof(fc.constantFrom(String(ME), String(OTHER), String(GHOST), '0'), launchString),
  },
  { requiredKeys: [] },
);
const loginBody = fc
  .record({
    as: fc.constantFrom(ME, OTHER, ...NEWCOMERS),
    claim: fc.option(fc.oneof(fc.constantFrom(ME, OTHER, GHOST), hostile), { freq: 6 }),
    fields: launchFields,
    tamper: fc.oneof(
      { weight: 6, arbitrary: fc.constant('none') },
      { weight: 1, arbitrary: fc.constantFrom('flip', 'dropHash', 'append') },
    ),
  })
  .map((s) => ({
    userid: s.claim ?? s.as,
    initData: new Later(`launch ${s.as}`, async () => tamper(await launchData(s.as, s.fields), s.tamper)),
  }));

/** A standard v4r2 wallet whose key the test holds. */
type TestWallet = ReturnType<typeof testWallet>;
export function testWallet(seed: number) {
  const keys = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(seed));
  const key = Buffer.from(keys.publicKey);
  const data = beginCell().storeUint(0, 32).storeUint(698983191, 32).storeBuffer(key).storeBit(0).endCell();
  const init = { code: WALLET_CODES.v4r2.code, data };
  return {
    keys,
    address: contractAddress(0, init),
    stateInit: beginCell().store(storeStateInit(init)).endCell(),
  };
}
export const WALLETS: readonly [TestWallet, TestWallet] = [testWallet(1), testWallet(2)];

export async function proofPayload(auth: AuthKind) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/proof/payload',
    headers: { authorization: authHeaders[auth] },
  });
  return res.json<{ payload: string }>().payload;
}

/** A ton_proof signed by a test wallet: valid, or valid over hostile fields, or with a bad signature. */
const proofBody = fc
  .record({
    wallet: fc.constantFrom(0, 1),
    otherAddress: fc.oneof(
      { weight: 5, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
    friendly: fc.boolean(),
    payload: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('fresh', 'fresh', 'freshOfOther') },
      { weight: 1, arbitrary: hostileString.filter((s) => s.length >= 1 && s.length <= 128) },
    ),
    domain: fc.oneof({ weight: 4, arbitrary: fc.constant(DOMAIN) }, { weight: 1, arbitrary: hostileString }),
    skew: fc.oneof(
      { weight: 3, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: -1200, max: 120 }) },
    ),
    network: fc.constantFrom('-239', '-3'),
    badSignature: fc.oneof(
      { weight: 4, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  })
  .map(
    (s) =>
      new Later('ton proof', async () => {
        const w = WALLETS[s.wallet];
        const other = WALLETS[s.wallet === 0 ? 1 : 0];
        const address = (s.otherAddress ? other : w).address;
        const payload =
          s.payload === 'fresh'
            ? await proofPayload('me')
            : s.payload === 'freshOfOther'
              ? await proofPayload('other')
              : s.payload;
        const proof = {
          timestamp: Math.floor(t.clock.now() / 1000) + s.skew,
          domain: { lengthBytes: Buffer.byteLength(s.domain), value: s.domain },
          payload,
        };
        const signed = nacl.sign.detached(tonProofMessage(address, proof), w.keys.secretKey);
        const signature = s.badSignature ? signed.map((b, i) => (i === 0 ? b ^ 1 : b)) : signed;
        return {
          address: s.friendly ? address.toString() : address.toRawString(),
          network: s.network,
          proof: {
            ...proof,
            signature: Buffer.from(signature).toString('base64'),
            stateInit: w.stateInit.toBoc().toString('base64'),
          },
        };
      }),
  );

async function startGame(auth: AuthKind) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/play/start',
    headers: { authorization: authHeaders[auth] },
    payload: { userid: VALID_AUTH[auth] },
  });
  const { gameId = '00000000-0000-4000-8000-000000000000', key = 'none' } = res.json<{
    gameId?: string;
    key?: string;
  }>();
  return { gameId, key };
}

/** A mole-game result sealed with the player's round key (or another), for a real game or a forged one. */
const resultBody = fc
  .record({
    game: fc.oneof(
      { weight: 4, arbitrary: fc.constant('mine') },
      { weight: 1, arbitrary: fc.constantFrom('theirs', 'unknown', 'hostile') },
    ),
    gameId: hostile,
    // The test clock stands still: a game just started may score 0.
    score: fc.oneof(
      { weight: 4, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.constantFrom(1, 10_000_000, 10_000_001) },
      { weight: 1, arbitrary: hostile },
    ),
    secret: fc.constantFrom('game', 'game', 'game', 'game', 'other'),
    shape: fc.constantFrom('json', 'json', 'json', 'json', 'text'),
  })
  .map((s) => ({
    userid: ME,
    data: new Later(`game ${s.game}`, async () => {
      // Sealed with the key of the player's own round, as the web app does.
      const round = await startGame('me');
      const gameId =
        s.game === 'mine'
          ? round.gameId
          : s.game === 'theirs'
            ? (await startGame('other')).gameId
            : s.game === 'unknown'
              ? crypto.randomUUID()
              : s.gameId;
      const plain =
        s.shape === 'json'
          ? JSON.stringify({ score: s.score, gameId })
          : typeof s.score === 'string'
            ? s.score
            : (JSON.stringify(s.score) ?? '');
      // As UTF-8 bytes (lone surrogates become U+FFFD), as the app's TextEncoder encodes them.
      return sealResult(Buffer.from(plain), s.secret === 'game' ? round.key : 'guess');
    }),
  }));

// --- Routes -------------------------------------------------------------------------------------

/** What the fuzzer knows of a route's input beyond the app's route list. */
interface RouteFields {
  /** The contract's body fields, each with valid values (the fuzzer swaps in hostile ones). */
  body?: Record<string, fc.Arbitrary<unknown>>;
  /** Whole valid bodies built against the running app (launch data, signed proofs, games). */
  valid?: fc.Arbitrary<unknown>;
  /** The contract's query fields, each with valid (already encoded) values. */
  query?: Record<string, fc.Arbitrary<string>>;
}

interface Route extends RouteFields {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path parameters (`:id`, `:userid`) are filled from the generated path id. */
  url: string;
  /** No bearer token needed (config.public, or outside /api). */
  public?: boolean;
}

const uid = fc.constantFrom<unknown>(ME, ME, ME, String(ME), OTHER);
const TASK_NAMES = TASKS.map((x) => x.taskName);
const taskFields = {
  userid: uid,
  taskName: fc.constantFrom(...TASK_NAMES, 'Daily_Tap', 'x'),
  taskType: fc.constantFrom('earn_coin', 'daily', 'one_time', ' daily '),
  dailyType: fc.constantFrom(...new Set(TASKS.map((x) => x.dailyType))),
  amount: fc.constantFrom(...TASKS.map((x) => x.reward.amount), -1, 1e9),
  type: fc.constantFrom('onion', 'ticket'),
};
/** A catalogue task named exactly, so the success paths run. */
const exactTask = fc.constantFrom(...TASKS).map((x) => ({
  userid: ME,
  taskName: x.taskName,
  taskType: x.taskType,
  dailyType: x.dailyType,
}));

/**
 * Valid field values of the routes whose input is more than the caller's id, keyed by
 * "METHOD url" as registered. Any other route is fuzzed with `{ userid }` bodies (GET: none).
 */
export const FIELDS: Record<string, RouteFields> = {
  'GET /api/v1/dev/launch': {
    query: {
      userid: fc.constantFrom(String(ME), String(OTHER), ...NEWCOMERS.map(String)),
      first_name: fc.constantFrom('Ann', encodeURIComponent('🥚')),
      last_name: fc.constant('B'),
      username: fc.constant('ann'),
      language_code: fc.constantFrom('en', 'ar'),
      is_premium: fc.constantFrom('true', 'false'),
      start_param: fc.constantFrom(String(ME), String(OTHER), 'x'),
    },
  },
  'POST /api/v1/auth/login': {
    body: { userid: fc.constantFrom<unknown>(ME, OTHER), initData: fc.string({ minLength: 1 }) },
    valid: loginBody,
  },
  'PUT /api/v1/users/tap': {
    body: { userid: uid, count: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constantFrom(500, 1_000_000)) },
  },
  'POST /api/v1/users/buyMining': {
    body: {
      userid: uid,
      item: fc.constantFrom(...MINING_ITEMS.flatMap((i) => [i.id, i.name]), ' carousel ', 'x'),
      title: fc.constantFrom(...Object.keys(CATEGORY_TITLES), ...Object.values(CATEGORY_TITLES), 'RIDES'),
    },
    valid: fc.constantFrom(...MINING_ITEMS).map((i) => ({ userid: ME, item: i.name, title: i.category })),
  },
  'POST /api/v1/users/linkReward': { body: taskFields, valid: exactTask },
  'POST /api/v1/users/taskReward': { body: taskFields, valid: exactTask },
  'POST /api/v1/wallet/proof/check': {
    body: {
      address: fc.constantFrom(WALLETS[0].address.toRawString(), WALLETS[0].address.toString(), 'EQ-invalid'),
      network: fc.constantFrom('-239', '-3'),
      proof: fc.record({
        timestamp: fc.oneof(fc.integer({ min: 1 }), hostile),
        domain: fc.oneof(
          fc.record({
            lengthBytes: fc.oneof(fc.integer({ min: 1, max: 256 }), hostile),
            value: hostileString,
          }),
          hostile,
        ),
        payload: fc.oneof(fc.string({ minLength: 1, maxLength: 128 }), hostile),
        signature: fc.oneof(fc.base64String({ minLength: 4, maxLength: 200 }), hostile),
        stateInit: fc.oneof(fc.base64String({ minLength: 4, maxLength: 400 }), hostile),
      }),
    },
    valid: proofBody,
  },
  'POST /api/v1/play/result': {
    body: { userid: uid, data: fc.base64String({ minLength: 16, maxLength: 200 }) },
    valid: resultBody,
  },
};

/**
 * Every route the app registers (app.registeredRoutes, as the contract test reads them); set by
 * fuzzFamily with the app.
 */
export let ROUTES: Route[] = [];
const routesOf = (app: TestApp['app']): Route[] =>
  app.registeredRoutes
    .filter((route) => route.method !== 'OPTIONS') // @fastify/cors's preflight, fuzzed below with any method
    .map((route) => ({
      method: route.method as Route['method'],
      url: route.url,
      public: route.public || !route.url.startsWith('/api/'),
      ...(FIELDS[`${route.method} ${route.url}`] ??
        (route.method === 'GET' ? {} : { body: { userid: uid } })),
    }));
/** The URL with every path parameter set to `id`. */
export const fillPath = (url: string, id: string) => url.replace(/:\w+/g, id);
const hasPathParam = (url: string) => /:\w+/.test(url);

// --- Requests -----------------------------------------------------------------------------------

const MISSING = Symbol('missing');
const RAW_MARK = '\u0001raw\u0001';

type BodyPlan =
  | { kind: 'none' }
  | { kind: 'raw'; raw: string | Buffer }
  | {
      kind: 'json';
      value: unknown;
      /** One top-level field replaced with raw JSON text. */
      rawField: [string, string] | null;
      /** A raw `"key": value` pair put first or last. */
      rawPair: [string, 'first' | 'last'] | null;
      /** One top-level field of a valid body replaced by a hostile value. */
      override: [string, unknown] | null;
    };

function bodyPlan(route: Route): fc.Arbitrary<BodyPlan> {
  const fields = route.body ?? {};
  const keys = [...Object.keys(fields), 'userid'];
  const fieldwise = fc
    .record(
      Object.fromEntries(
        Object.entries(fields).map(([key, valid]) => [
          key,
          fc.oneof(
            { weight: 6, arbitrary: valid },
            { weight: 3, arbitrary: hostile },
            { weight: 1, arbitrary: fc.constant(MISSING) },
          ),
        ]),
      ),
    )
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== MISSING)));
  const allValid = fc.record(fields);
  const values: fc.WeightedArbitrary<unknown>[] = [
    { weight: 6, arbitrary: fieldwise },
    { weight: 2, arbitrary: allValid },
    { weight: 1, arbitrary: hostile },
  ];
  if (route.valid) values.push({ weight: 6, arbitrary: route.valid });
  const json = fc.record({
    kind: fc.constant('json' as const),
    value: fc.oneof(...values),
    rawField: fc.option(fc.tuple(fc.constantFrom(...keys), RAW_VALUE), { freq: 5 }),
    rawPair: fc.option(fc.tuple(RAW_PAIR, fc.constantFrom('first' as const, 'last' as const)), { freq: 6 }),
    override: fc.option(fc.tuple(fc.constantFrom(...keys), hostile), { freq: 4 }),
  });
  const raw = RAW_BODY.map((r) => ({ kind: 'raw' as const, raw: r }));
  const none = fc.constant({ kind: 'none' as const });
  if (route.method === 'GET') {
    return fc.oneof(
      { weight: 12, arbitrary: none },
      { weight: 1, arbitrary: json },
      { weight: 1, arbitrary: raw },
    );
  }
  return fc.oneof(
    { weight: 10, arbitrary: json },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: none },
  );
}

/** The body text, and the object sent when it is one (for the checks on claimed ids). */
async function bodyText(plan: BodyPlan): Promise<{ payload?: string | Buffer; sent?: unknown }> {
  if (plan.kind === 'none') return {};
  if (plan.kind === 'raw') return { payload: plan.raw };
  let value = await resolve(plan.value);
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject && plan.override) {
    value = { ...(value as object), [plan.override[0]]: plan.override[1] };
  }
  if (isObject && plan.rawField) {
    value = { ...(value as object), [plan.rawField[0]]: RAW_MARK };
  }
  let text = JSON.stringify(value) ?? 'null';
  if (isObject && plan.rawField) text = text.replace(JSON.stringify(RAW_MARK), plan.rawField[1]);
  if (isObject && plan.rawPair) {
    const [pair, where] = plan.rawPair;
    const empty = text === '{}';
    text =
      where === 'first'
        ? `{${pair}${empty ? '' : ','}${text.slice(1)}`
        : `${text.slice(0, -1)}${empty ? '' : ','}${pair}}`;
  }
  const exact = isObject && !plan.rawField && !plan.rawPair;
  return { payload: text, sent: exact ? value : undefined };
}

/** A well-formed request of the caller's own, so the success paths run between the attacks. */
function cleanRequestFor(route: Route) {
  const body: fc.Arbitrary<BodyPlan> =
    route.method === 'GET'
      ? fc.constant({ kind: 'none' as const })
      : (route.valid ?? fc.record(route.body ?? {})).map((value) => ({
          kind: 'json' as const,
          value,
          rawField: null,
          rawPair: null,
          override: null,
        }));
  return fc.record({
    id: fc.constant(String(ME)),
    auth: fc.constant<AuthKind>('me'),
    body,
    query: route.query
      ? fc.record(route.query).map((q) => Object.entries(q).map(([k, v]) => `${k}=${v}`))
      : fc.constant<string[]>([]),
    extraQuery: fc.constant(null),
    contentType: fc.constant<string | undefined>('application/json'),
  });
}

function hostileRequestFor(route: Route) {
  return fc.record({
    id: PATH_ID,
    auth: AUTH_KINDS,
    body: bodyPlan(route),
    query: route.query
      ? fc
          .record(
            Object.fromEntries(
              Object.entries(route.query).map(([k, v]) => [
                k,
                fc.oneof({ weight: 3, arbitrary: v }, { weight: 2, arbitrary: QUERY_VALUE }),
              ]),
            ),
            { requiredKeys: [] },
          )
          .map((q) => Object.entries(q).map(([k, v]) => `${k}=${v}`))
      : fc.constant<string[]>([]),
    extraQuery: fc.option(EXTRA_QUERY, { freq: 4 }),
    contentType: CONTENT_TYPE,
  });
}

/** Mostly attacks; one request in four well-formed. */
export function requestFor(route: Route) {
  return fc.oneof(
    { weight: 3, arbitrary: hostileRequestFor(route) },
    { weight: 1, arbitrary: cleanRequestFor(route) },
  );
}

type Generated = ReturnType<typeof requestFor> extends fc.Arbitrary<infer R> ? R : never;

/**
 * Sends one request and checks what holds for every request: never a 5xx; a refusal is
 * `{ code, message }` and leaves every table as it was; nothing pollutes Object.prototype.
 */
export async function send(opts: InjectOptions, label: string) {
  cases++;
  const before = await snapshot();
  const res = await t.app.inject(opts);
  statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  const what = `${opts.method} ${String(opts.url).slice(0, 200)} [${label}] ${String(opts.payload).slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;

  expect(res.statusCode, what).toBeLessThan(500);
  // (Exceptions: a HEAD answer has no body; @fastify/cors answers an OPTIONS that is no CORS
  // preflight, without Origin or Access-Control-Request-Method, with a plain-text 400.)
  const preflightRefusal = opts.method === 'OPTIONS' && res.body === 'Invalid Preflight Request';
  if (res.statusCode >= 400 && opts.method !== 'HEAD' && !preflightRefusal) {
    expect(res.headers['content-type'], what).toMatch(/^application\/json/);
    expect(res.json(), what).toEqual({ code: expect.any(String), message: expect.any(String) });
  }
  if (res.statusCode >= 400) expect(await snapshot(), what).toEqual(before);
  expect(({} as Record<string, unknown>).polluted, what).toBeUndefined();
  expect(({} as Record<string, unknown>).userid, what).toBeUndefined();
  return { res, what };
}

/** Runs one generated request of a route and checks every property. */
export async function exercise(route: Route, r: Generated) {
  const path = fillPath(route.url, r.id);
  const pairs = [...r.query, ...(r.extraQuery ?? [])];
  const url = pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
  const { payload, sent } = await bodyText(r.body);
  const headers: Record<string, string> = {};
  const authorization = authHeaders[r.auth];
  if (authorization !== undefined) headers.authorization = authorization;
  if (payload !== undefined && r.contentType !== undefined) headers['content-type'] = r.contentType;
  const opts: InjectOptions = { method: route.method, url, headers };
  if (payload !== undefined) opts.payload = payload;

  const { res, what } = await send(opts, r.auth);
  // Without a valid token a private route is never reached.
  if (!route.public && VALID_AUTH[r.auth] === undefined) {
    expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
    // The operators' routes answer 403 to everyone else, with or without a token.
    const refusal = route.url.startsWith('/api/v1/admin/') ? 403 : 401;
    if (routable(res)) expect(res.statusCode, what).toBe(refusal);
  }
  // A success acts only for the token's player: every id the request claims is the caller's.
  if (!route.public && res.statusCode < 400) {
    const caller = VALID_AUTH[r.auth];
    if (hasPathParam(route.url)) expect(toNumber(decodeURIComponent(r.id)), what).toBe(caller);
    // (Only a body read as JSON claims anything: Fastify reads none on a GET, and text as a string.)
    const json = r.contentType === 'application/json' || r.contentType === 'application/json; charset=utf-8';
    if (route.method !== 'GET' && json && sent && 'userid' in (sent as object))
      expect(toNumber((sent as { userid: unknown }).userid), what).toBe(caller);
  }
}

/** Number(), which throws on an object whose toString is not a function: NaN then. */
function toNumber(value: unknown) {
  try {
    return Number(value);
  } catch {
    return NaN;
  }
}

/** False when the router refused the URL itself (no such path, bad escapes): no route ran. */
function routable(res: LightMyRequestResponse) {
  const { code, message } = res.json<{ code: string; message: string }>();
  return (
    !(code === 'NOT_FOUND' && message.startsWith('Route ')) && code !== 'BAD_URL' && code !== 'URI_TOO_LONG'
  );
}

// --- Route families -----------------------------------------------------------------------------

/** The route families, one test file each (fuzz/<family>.test.ts). */
export type Family = 'account' | 'economy' | 'play' | 'tasks' | 'wallet';

/** The family of a registered route: every route belongs to exactly one. */
export function familyOf(url: string): Family {
  if (url.startsWith('/api/v1/wallet') || url === '/tonconnect-manifest.json') return 'wallet';
  if (url.startsWith('/api/v1/play/')) return 'play';
  if (url.startsWith('/api/v1/farm/') || url === '/api/v1/users/claim/daily') return 'economy';
  if (
    /^\/api\/v1\/users\/(tap|growUp|growOnion|fullyEnergy|income|double|touchIncome|energyCapacity|getCheat|getSpin)$/.test(
      url,
    )
  )
    return 'economy';
  if (/^\/api\/v1\/users\/(tasks|linkReward|taskReward|buyMining|miningData|friends|ranking)\b/.test(url))
    return 'tasks';
  return 'account';
}

/**
 * Declares one family's fuzz file: the app's players, tokens and balances before the tests, a
 * property test per route of the family, and the ledger check after them.
 */
export async function fuzzFamily(family: Family) {
  t = await createTestApp({ env: { TON_PROOF_DOMAINS: DOMAIN } });
  ROUTES = routesOf(t.app);
  cases = 0;
  statuses = {};
  beforeAll(async () => {
    await buildAuthHeaders();
    // Coins and tickets, so purchases, spins and games succeed often enough to be fuzzed too.
    await t.grant(ME, { onion: 10_000_000, ticket: 200 });
    await t.grant(OTHER, { onion: 10_000_000, ticket: 200 });
    tables = await tableNames(t.deps.database.db);
  });
  afterAll(async () => {
    console.log(JSON.stringify({ family, fuzzCases: cases, statuses }));
    await t.close();
  });

  describe(`fuzzing the ${family} routes`, () => {
    it('snapshots every table of the schema', () => {
      expect(tables).toEqual(
        expect.arrayContaining([
          'users',
          'economy_events',
          'task_progress',
          'mining_levels',
          'reward_claims',
          'games',
          'wallet_proofs',
        ]),
      );
    });

    for (const route of ROUTES.filter((r) => familyOf(r.url) === family)) {
      it(`${route.method} ${route.url}: never a 5xx, and a 4xx changes nothing`, async () => {
        await fc.assert(
          fc.asyncProperty(requestFor(route), (r) => exercise(route, r)),
          { numRuns: RUNS, ...SEED },
        );
        expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
      });
    }
  });
}

/** After a file's tests: every balance still equals its ledger. */
export function ledgerStillBalances() {
  describe('ledger', () => {
    it('leaves every balance equal to its ledger', async () => {
      expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
    });
  });
}
