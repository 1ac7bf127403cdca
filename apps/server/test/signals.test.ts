import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address, beginCell, contractAddress, storeStateInit, type Cell } from '@ton/core';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nacl from 'tweetnacl';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@egg-rush/game/time';
import { queryRows } from '../src/db/client.ts';
import { appendLedger } from '../src/modules/ledger/ledger.repository.ts';
import { createGame, finishGame } from '../src/modules/play/play.repository.ts';
import { bindAddress } from '../src/modules/wallet/wallet.repository.ts';
import { tonProofMessage } from '../src/modules/wallet/ton-proof.ts';
import { WALLET_CODES, type WalletKind } from '../src/modules/wallet/wallet-codes.ts';
import { recordWalletBound } from '../src/modules/fairness/signals.repository.ts';
import {
  cadenceSums,
  coarseNetwork,
  combineCadence,
  hashesOf,
  purgeSignals,
  SIGNALS,
  signalRecorder,
  signalsOf,
} from '../src/modules/fairness/signals.service.ts';
import { WALLET_FACTS, walletFactsReader } from '../src/modules/fairness/signals.wallets.ts';
import { createJobs } from '../src/lib/jobs.ts';
import { registerSignalsJobs, SIGNALS_JOBS } from '../src/modules/fairness/signals.job.ts';
import { loadEnv } from '../src/env.ts';
import { createTestApp, tableNames, type TestApp } from './helpers.ts';

// What the server records about who is behind an account (modules/fairness/signals.*): sessions
// with salted hashes of the coarse network and the device, tap cadence, wallet facts from a fake
// of toncenter's API v3, and the AccountSignals the cluster rules read.

// --- A fake of toncenter's API v3: accountStates and transactions, per account ------------------

interface FakeAccount {
  status: 'active' | 'uninit' | 'nonexist';
  codeHash?: string;
  /** Oldest first: Unix seconds, the sender (raw) or null for an external message, nanotons. */
  txs: { now: number; source: string | null; value: string }[];
}
const chain = new Map<string, FakeAccount>();
let apiDown = false;
const asked: string[] = [];

function toncenter(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://fake');
  asked.push(url.pathname);
  const json = (status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (apiDown) return json(500, { error: 'internal server error' });
  const upper = (raw: string) => raw.toUpperCase();
  if (url.pathname === '/api/v3/accountStates') {
    const address = url.searchParams.get('address');
    assert(address, 'accountStates without an address');
    const raw = Address.parse(address).toRawString();
    const account = chain.get(raw);
    return json(200, {
      accounts: [
        {
          address: upper(raw),
          status: account?.status ?? 'nonexist',
          code_hash: account?.codeHash ?? null,
          balance: '0',
        },
      ],
      address_book: {},
    });
  }
  if (url.pathname === '/api/v3/transactions') {
    const account = url.searchParams.get('account');
    assert(account, 'transactions without an account');
    const raw = Address.parse(account).toRawString();
    const limit = Number(url.searchParams.get('limit'));
    expect(url.searchParams.get('sort')).toBe('asc');
    const txs = (chain.get(raw)?.txs ?? []).slice(0, limit).map((tx, i) => ({
      account: upper(raw),
      hash: `h${i}`,
      lt: String(1000 + i),
      now: tx.now,
      in_msg: {
        source: tx.source === null ? null : upper(tx.source),
        destination: upper(raw),
        value: tx.value,
      },
      out_msgs: [],
    }));
    return json(200, { transactions: txs, address_book: {} });
  }
  return json(404, { error: 'not found' });
}
const fake = createServer(toncenter);

// --- Wallets and their proofs (as wallet.test.ts makes them) ----------------------------------------

function wallet(kind: WalletKind, seed: number) {
  const keys = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(seed));
  const key = Buffer.from(keys.publicKey);
  const data: Cell =
    kind === 'w5'
      ? beginCell()
          .storeBit(1)
          .storeUint(0, 32)
          .storeUint(2147483409, 32)
          .storeBuffer(key)
          .storeBit(0)
          .endCell()
      : kind === 'v4r2'
        ? beginCell().storeUint(0, 32).storeUint(698983191, 32).storeBuffer(key).storeBit(0).endCell()
        : beginCell().storeUint(0, 32).storeUint(698983191, 32).storeBuffer(key).endCell();
  const init = { code: WALLET_CODES[kind].code, data };
  const address = contractAddress(0, init);
  return { keys, address, stateInit: beginCell().store(storeStateInit(init)).endCell() };
}

async function bind(t: TestApp, token: string, w: ReturnType<typeof wallet>) {
  const payload = (
    await t.call(token, { method: 'POST', url: '/api/v1/wallet/proof/payload', payload: {} })
  ).json<{ payload: string }>().payload;
  const domain = 'egg.example';
  const proof = {
    timestamp: Math.floor(t.clock.now() / 1000),
    domain: { lengthBytes: Buffer.byteLength(domain), value: domain },
    payload,
  };
  const signature = nacl.sign.detached(tonProofMessage(w.address, proof), w.keys.secretKey);
  return t.call(token, {
    method: 'POST',
    url: '/api/v1/wallet/proof/check',
    payload: {
      address: w.address.toRawString(),
      network: '-239',
      proof: {
        ...proof,
        signature: Buffer.from(signature).toString('base64'),
        stateInit: w.stateInit.toBoc().toString('base64'),
      },
    },
  });
}

// --- Helpers ------------------------------------------------------------------------------------

const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) EggRushTest/1.0';

/** A login as the app sends it, from `forwarded` (X-Forwarded-For) behind 127.0.0.1. */
async function loginFrom(
  t: TestApp,
  userid: number,
  forwarded: string | undefined,
  extra: { platform?: string; launch?: Record<string, string>; userAgent?: string } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: {
      'user-agent': extra.userAgent ?? UA,
      ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
    },
    payload: {
      userid,
      initData: await t.launch(userid, extra.launch),
      ...(extra.platform ? { platform: extra.platform } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

interface SessionRow {
  started_at: number;
  last_at: number;
  net: string;
  device: string;
}
/** The player's sessions, times in epoch ms. */
const sessionsOf = async (t: TestApp, userid: number): Promise<SessionRow[]> =>
  (
    await queryRows<{ started_at: string | Date; last_at: string | Date; net: string; device: string }>(
      t.deps.database.db,
      sql`select started_at, last_at, net, device from signal_sessions
          where user_id = ${userid} order by started_at, id`,
    )
  ).map((r) => ({
    ...r,
    started_at: new Date(r.started_at).getTime(),
    last_at: new Date(r.last_at).getTime(),
  }));

const tapsRow = async (t: TestApp, userid: number) =>
  (
    await queryRows<{ batches: number; intervals: string; mean_ms: number; m2: number }>(
      t.deps.database.db,
      sql`select batches, intervals, mean_ms, m2 from signal_taps where user_id = ${userid}`,
    )
  )[0];

/** Every table's every row as text, joined: what "appears nowhere in the database" is checked on. */
async function everything(t: TestApp): Promise<string> {
  const parts: string[] = [];
  for (const name of await tableNames(t.deps.database.db)) {
    const [row] = await queryRows<{ text: string | null }>(
      t.deps.database.db,
      sql`select string_agg(x::text, '|') as text from ${sql.identifier(name)} x`,
    );
    parts.push(row?.text ?? '');
  }
  return parts.join('\n');
}

/** The app's reader of wallet facts, there with TON_API_ROOT. */
function factsReader(app: TestApp) {
  const reader = walletFactsReader(app.deps);
  assert(reader, 'no wallet facts reader (TON_API_ROOT)');
  return reader;
}

/** The reads a binding started once its reply was sent (after a turn of the event loop). */
async function factsSettled(app: TestApp) {
  await new Promise((resolve) => setImmediate(resolve));
  await factsReader(app).settled();
}

function tap(t: TestApp, token: string, userid: number, body: Record<string, unknown>) {
  return t.call(token, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid, ...body } });
}

/** n, mean and population standard deviation, as the client's summary gives them. */
function summary(intervals: number[]) {
  const n = intervals.length;
  const meanMs = intervals.reduce((a, b) => a + b, 0) / n;
  const sdMs = Math.sqrt(intervals.reduce((a, b) => a + (b - meanMs) ** 2, 0) / n);
  return { n, meanMs, sdMs };
}

// --- The app behind a trusted proxy, with the fake TON API ----------------------------------------

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      TRUST_PROXY: '127.0.0.1',
      TON_API_ROOT: `http://127.0.0.1:${port}`,
      TON_PROOF_DOMAINS: 'egg.example',
      OUTSIDE_TIMEOUT_MS: '1000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe('network and device hashes', () => {
  it('makes an address coarse: an IPv4 /24, an IPv6 /48, a mapped IPv4 as IPv4', () => {
    expect(coarseNetwork('203.0.113.7')).toBe('203.0.113.0/24');
    expect(coarseNetwork('2001:db8:1:2::1')).toBe('2001:db8:1::/48');
    expect(coarseNetwork('2001:0DB8:0001:ffff:0:0:0:1')).toBe('2001:db8:1::/48');
    expect(coarseNetwork('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(coarseNetwork('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(coarseNetwork('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(coarseNetwork('::1')).toBe('0:0:0::/48');
    for (const bad of [undefined, '', 'localhost', '203.0.113', '1:2:3::4::5', '999.1.1.1']) {
      expect(coarseNetwork(bad), String(bad)).toBeNull();
    }
  });

  it('hashes under the salt: the same network alike, others apart, another salt another hash', () => {
    const salt = 'a-salt-of-sixteen-chars';
    const a = hashesOf(salt, { ip: '203.0.113.7', userAgent: UA });
    expect(a.net).toMatch(/^[0-9a-f]{32}$/);
    expect(hashesOf(salt, { ip: '203.0.113.250', userAgent: UA }).net).toBe(a.net);
    expect(hashesOf(salt, { ip: '203.0.114.7', userAgent: UA }).net).not.toBe(a.net);
    expect(hashesOf('another-salt-sixteen', { ip: '203.0.113.7', userAgent: UA }).net).not.toBe(a.net);
    // The platform is part of the device; nothing known, nothing hashed.
    expect(hashesOf(salt, { ip: '203.0.113.7', userAgent: UA, platform: 'ios' }).device).not.toBe(a.device);
    expect(hashesOf(salt, { ip: undefined, userAgent: undefined })).toEqual({ net: '', device: '' });
  });
});

describe('sessions', () => {
  it('records a login behind the trusted proxy with the hashed /24 of the forwarded address, never the address', async () => {
    await loginFrom(t, 7001, '203.0.113.7', { platform: 'android' });
    await loginFrom(t, 7002, '203.0.113.200, 127.0.0.1', { platform: 'android' });
    await loginFrom(t, 7003, '198.51.100.7', { platform: 'android' });
    await loginFrom(t, 7004, '2001:db8:77:1::5');
    await loginFrom(t, 7005, '2001:db8:77:ff::9');
    const [a] = await sessionsOf(t, 7001);
    const [b] = await sessionsOf(t, 7002);
    const [c] = await sessionsOf(t, 7003);
    const [d] = await sessionsOf(t, 7004);
    const [e] = await sessionsOf(t, 7005);
    assert(a && b && c && d && e, 'a session of each login');
    expect(a.net).toMatch(/^[0-9a-f]{32}$/);
    expect(b.net).toBe(a.net);
    expect(c.net).not.toBe(a.net);
    expect(e.net).toBe(d.net);
    expect(d.net).not.toBe(a.net);
    // Exactly the salted hash of the /24, of the user agent and the platform.
    expect(a).toMatchObject(
      hashesOf(t.env.signalsSalt, { ip: '203.0.113.1', userAgent: UA, platform: 'android' }),
    );
    expect(a.started_at).toBe(t.clock.now());
    expect(a.last_at).toBe(t.clock.now());

    const all = await everything(t);
    for (const raw of ['203.0.113', '198.51.100', '2001:db8', 'Pixel 8', 'EggRushTest']) {
      expect(all.includes(raw), raw).toBe(false);
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: the socket address is the one hashed', async () => {
    const plain = await createTestApp();
    try {
      await loginFrom(plain, 7011, '203.0.113.7');
      await loginFrom(plain, 7012, '198.51.100.7');
      const [a] = await sessionsOf(plain, 7011);
      const [b] = await sessionsOf(plain, 7012);
      assert(a && b, 'a session of each login');
      expect(a.net).toBe(b.net);
      expect(a.net).toBe(hashesOf(plain.env.signalsSalt, { ip: '127.0.0.1', userAgent: UA }).net);
      expect(a.net).not.toBe(hashesOf(plain.env.signalsSalt, { ip: '203.0.113.7', userAgent: UA }).net);
    } finally {
      await plain.close();
    }
  });

  it('extends the session at most once a minute while the player taps, and starts another after a pause', async () => {
    const id = 7021;
    const token = await loginFrom(t, id, '203.0.113.8', { platform: 'ios' });
    const login = t.clock.now();
    for (let i = 0; i < 10; i++) {
      t.clock.advance(5_000);
      expect((await tap(t, token, id, { count: 2 })).statusCode).toBe(200);
    }
    // 50 s of taps: nothing written since the login.
    let [s] = await sessionsOf(t, id);
    expect(s?.last_at).toBe(login);
    t.clock.advance(10_000);
    await tap(t, token, id, { count: 2 });
    [s] = await sessionsOf(t, id);
    expect(s?.last_at).toBe(login + 60_000);

    // Back after the session's gap, from another network, without a login: a new session on the
    // device of the last one.
    t.clock.advance(SIGNALS.sessionGapMs + 1);
    await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      headers: { 'x-forwarded-for': '198.51.100.9', 'user-agent': 'something else' },
      payload: { userid: id, count: 1 },
    });
    const sessions = await sessionsOf(t, id);
    expect(sessions).toHaveLength(2);
    const [first, second] = sessions;
    assert(first && second, 'two sessions');
    expect(second.started_at).toBe(t.clock.now());
    expect(second.device).toBe(first.device);
    expect(second.net).toBe(hashesOf(t.env.signalsSalt, { ip: '198.51.100.9', userAgent: '' }).net);
  });
});

describe('tap cadence', () => {
  it('combines batches in memory and in the database to the mean and variance of all the intervals', async () => {
    const id = 7031;
    const token = await loginFrom(t, id, '203.0.113.9');
    // Intervals of a person: irregular, in batches of different sizes.
    const batches = [
      [120, 180, 95, 240],
      [310, 150],
      [88, 91, 400, 260, 175],
      [200],
      [133, 144, 155],
      [600, 90, 120],
    ];
    for (const [i, intervals] of batches.entries()) {
      // Two writes: one after the third batch, one after the last.
      t.clock.advance(i === 3 || i === 5 ? SIGNALS.touchEveryMs : 2_000);
      const res = await tap(t, token, id, { count: intervals.length, cadence: summary(intervals) });
      expect(res.statusCode, res.body).toBe(200);
      if (i === 2) expect(await tapsRow(t, id)).toBeUndefined(); // summed in memory so far
    }
    const all = batches.flat();
    const expected = summary(all);
    const row = await tapsRow(t, id);
    assert(row, `no taps of ${id}`);
    expect(row.batches).toBe(batches.length);
    expect(Number(row.intervals)).toBe(all.length);
    expect(row.mean_ms).toBeCloseTo(expected.meanMs, 9);
    expect(row.m2 / all.length).toBeCloseTo(expected.sdMs ** 2, 6);

    const [signals] = (await signalsOf(t.deps.database.db, { since: t.clock.now() - 3_600_000 })).filter(
      (s) => s.id === id,
    );
    assert(signals?.taps, `no tap signals of ${id}`);
    expect(signals.taps.batches).toBe(batches.length);
    expect(signals.taps.meanMs).toBeCloseTo(expected.meanMs, 9);
    expect(signals.taps.cv).toBeCloseTo(expected.sdMs / expected.meanMs, 9);
  });

  it('combines with the parallel formula whatever the split (pure)', () => {
    const xs = [5, 9, 1, 14, 3, 3, 8, 21, 2];
    const sums = (part: number[]) => cadenceSums(summary(part));
    const whole = sums(xs);
    assert(whole, 'no sums');
    for (let cut = 1; cut < xs.length; cut++) {
      const joined = combineCadence(sums(xs.slice(0, cut)), sums(xs.slice(cut)));
      assert(joined, `no sums cut at ${cut}`);
      expect(joined.intervals).toBe(whole.intervals);
      expect(joined.meanMs).toBeCloseTo(whole.meanMs, 12);
      expect(joined.m2).toBeCloseTo(whole.m2, 9);
    }
    expect(combineCadence(null, whole)).toBe(whole);
    expect(combineCadence(whole, null)).toBe(whole);
  });

  it('refuses a malicious summary with 400, writes nothing, and never credits by it', async () => {
    const id = 7041;
    const token = await loginFrom(t, id, '203.0.113.10');
    const before = await everything(t);
    const bad = [
      { n: 5, meanMs: 100, sdMs: 10 }, // more intervals than taps (count 3)
      { n: 0, meanMs: 100, sdMs: 10 },
      { n: 2.5, meanMs: 100, sdMs: 10 },
      { n: 2, meanMs: -1, sdMs: 10 },
      { n: 2, meanMs: 1e308, sdMs: 10 },
      { n: 2, meanMs: 100, sdMs: 1e9 },
      { n: 2, meanMs: '100', sdMs: 10 },
      { n: 2, meanMs: null, sdMs: 10 },
      { n: 2 },
      'fast',
      [1, 2, 3],
    ];
    for (const cadence of bad) {
      t.clock.advance(SIGNALS.touchEveryMs);
      const res = await tap(t, token, id, { count: 3, cadence });
      expect(res.statusCode, JSON.stringify(cadence)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/cadence/);
    }
    expect(await everything(t)).toBe(before);
    // The second check: what JSON cannot carry never reaches the aggregate either.
    expect(cadenceSums({ n: 2, meanMs: Number.NaN, sdMs: 1 })).toBeNull();
    expect(cadenceSums({ n: 2, meanMs: 100, sdMs: Number.POSITIVE_INFINITY })).toBeNull();

    // A summary changes nothing of what a batch earns.
    const other = 7042;
    const otherToken = await loginFrom(t, other, '203.0.113.11');
    t.clock.advance(SIGNALS.touchEveryMs);
    const withSummary = await tap(t, token, id, { count: 3, cadence: { n: 3, meanMs: 0, sdMs: 0 } });
    const without = await tap(t, otherToken, other, { count: 3 });
    expect(withSummary.statusCode).toBe(200);
    expect(withSummary.json<{ credited: number; earned: number }>()).toMatchObject({
      credited: without.json<{ credited: number }>().credited,
      earned: without.json<{ earned: number }>().earned,
    });
    expect(await tapsRow(t, id)).toMatchObject({ batches: 1, mean_ms: 0, m2: 0 });
  });

  it("writes the cadence of players who stopped tapping when the job flushes, and at the app's close", async () => {
    const id = 7051;
    const token = await loginFrom(t, id, '203.0.113.12');
    t.clock.advance(1_000);
    await tap(t, token, id, { count: 2, cadence: { n: 2, meanMs: 150, sdMs: 20 } });
    const recorder = signalRecorder(t.deps);
    expect(await recorder.flush()).toBe(0); // not idle a minute yet
    expect(await tapsRow(t, id)).toBeUndefined();
    t.clock.advance(SIGNALS.touchEveryMs);
    expect(await recorder.flush()).toBeGreaterThanOrEqual(1);
    expect(await tapsRow(t, id)).toMatchObject({ batches: 1, mean_ms: 150 });
    const [s] = await sessionsOf(t, id);
    expect(s?.last_at).toBe(t.clock.now());
  });
});

describe('wallet facts', () => {
  const funder = `0:${'f1'.repeat(32)}`;

  it('records the version at the binding, then whether it was new and who funded it, read from the chain after the reply', async () => {
    const id = 7061;
    const token = await loginFrom(t, id, '203.0.113.13');
    const w = wallet('v4r2', 61);
    const raw = w.address.toRawString();
    const boundAt = t.clock.now();
    chain.set(raw, {
      status: 'active',
      codeHash: WALLET_CODES.v4r2.code.hash().toString('base64'),
      txs: [
        { now: boundAt / 1000 - 86_400, source: funder, value: '2000000000' },
        { now: boundAt / 1000 - 3_600, source: null, value: '0' },
      ],
    });
    const res = await bind(t, token, w);
    expect(res.statusCode, res.body).toBe(200);
    await factsSettled(t);
    const [signals] = (await signalsOf(t.deps.database.db, { since: boundAt })).filter((s) => s.id === id);
    expect(signals?.wallet).toEqual({
      address: raw,
      boundAt,
      version: 'v4r2',
      newWhenBound: false,
      fundedBy: funder,
    });
    // Complete: never read again.
    const [row] = await queryRows<{ next_check_at: Date | null; attempts: number }>(
      t.deps.database.db,
      sql`select next_check_at, attempts from signal_wallets where user_id = ${id}`,
    );
    expect(row).toEqual({ next_check_at: null, attempts: 1 });

    // Unbound: its facts go with it.
    await t.call(token, { method: 'DELETE', url: '/api/v1/wallet' });
    expect(
      await queryRows(t.deps.database.db, sql`select 1 from signal_wallets where user_id = ${id}`),
    ).toEqual([]);
  });

  it('keeps facts unknown while the chain does not know them, and reads again later', async () => {
    const id = 7062;
    const token = await loginFrom(t, id, '203.0.113.14');
    const w = wallet('w5', 62);
    const raw = w.address.toRawString();
    chain.delete(raw); // never seen on the chain
    const boundAt = t.clock.now();
    expect((await bind(t, token, w)).statusCode).toBe(200);
    await factsSettled(t);
    let [signals] = (await signalsOf(t.deps.database.db, { since: boundAt })).filter((s) => s.id === id);
    expect(signals?.wallet).toEqual({
      address: raw,
      boundAt,
      version: 'v5r1',
      newWhenBound: true,
      fundedBy: null,
    });

    // Funded after the binding: the next read, once due, finds the funder.
    chain.set(raw, {
      status: 'uninit',
      txs: [{ now: boundAt / 1000 + 60, source: funder, value: '500000000' }],
    });
    expect(await factsReader(t).runBatch()).toBe(0); // not due yet
    t.clock.advance(WALLET_FACTS.retryMs);
    expect(await factsReader(t).runBatch()).toBeGreaterThanOrEqual(1);
    [signals] = (await signalsOf(t.deps.database.db, { since: boundAt })).filter((s) => s.id === id);
    expect(signals?.wallet).toMatchObject({ newWhenBound: true, fundedBy: funder, version: 'v5r1' });
  });

  it('survives the API failing: facts stay null, the binding answers at once, reads are retried a bounded number of times', async () => {
    const id = 7063;
    const token = await loginFrom(t, id, '203.0.113.15');
    const w = wallet('v3r2', 63);
    apiDown = true;
    try {
      expect((await bind(t, token, w)).statusCode).toBe(200);
      await factsSettled(t);
      const state = async () =>
        (
          await queryRows<{ attempts: number; next_check_at: Date | null; new_when_bound: boolean | null }>(
            t.deps.database.db,
            sql`select attempts, next_check_at, new_when_bound from signal_wallets where user_id = ${id}`,
          )
        )[0];
      expect(await state()).toMatchObject({ attempts: 1, new_when_bound: null });
      for (let i = 1; i < WALLET_FACTS.attempts + 2; i++) {
        t.clock.advance(WALLET_FACTS.retryMs * 2 ** i);
        await factsReader(t).runBatch(100);
      }
      expect(await state()).toEqual({
        attempts: WALLET_FACTS.attempts,
        next_check_at: null,
        new_when_bound: null,
      });
    } finally {
      apiDown = false;
    }
  });

  it('reads the version of a binding the proof did not name from the code hash on the chain', async () => {
    const id = 7064;
    await loginFrom(t, id, '203.0.113.16');
    // Past the cool-down of the breaker the failures above opened.
    t.clock.advance(60_000);
    const w = wallet('v3r2', 64);
    const raw = w.address.toRawString();
    chain.set(raw, {
      status: 'active',
      codeHash: WALLET_CODES.v3r2.code.hash().toString('base64'),
      txs: [{ now: t.clock.now() / 1000 + 5, source: funder, value: '1' }],
    });
    const at = new Date(t.clock.now());
    await t.deps.database.transaction(async (tx) => {
      await bindAddress(tx, id, raw, at);
      await recordWalletBound(tx, { userId: id, address: raw, at, version: null });
    });
    const before = asked.length;
    await factsReader(t).runBatch(100);
    expect(asked.slice(before)).toContain('/api/v3/accountStates');
    const [signals] = (await signalsOf(t.deps.database.db, { since: at.getTime() - 120_000 })).filter(
      (s) => s.id === id,
    );
    expect(signals?.wallet).toMatchObject({ version: 'v3r2', newWhenBound: true, fundedBy: funder });
  });
});

describe('signalsOf', () => {
  it('assembles the signals of every player active since the instant, in a fixed number of queries', async () => {
    const p = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const db = p.deps.database.db;
      const start = p.clock.now();
      // An inviter, two invitees (one Premium), an old player gone quiet, a player seen only by
      // a login (their sessions purged or never recorded).
      await loginFrom(p, 8001, '203.0.113.1', { platform: 'ios' });
      p.clock.advance(60_000);
      const t2 = await loginFrom(p, 8002, '203.0.113.2', { launch: { start_param: '8001' } });
      await loginFrom(p, 8003, '198.51.100.3', { launch: { start_param: '8001', is_premium: 'true' } });
      await loginFrom(p, 8004, '192.0.2.4');
      await loginFrom(p, 8005, '192.0.2.5');
      await db.execute(sql`delete from signal_sessions where user_id = 8005`);
      // 8004's session ended long ago; it logged in then, not since.
      await db.execute(sql`update signal_sessions set started_at = started_at - interval '10 days',
                           last_at = last_at - interval '10 days' where user_id = 8004`);
      await db.execute(sql`update users set seen_at = seen_at - interval '10 days' where id = 8004`);

      // 8002: taps on three game days (and automatic rows that do not count), two mole games.
      await db.transaction(async (tx) => {
        for (const day of [0, 0, 1, 3])
          await appendLedger(tx, {
            userId: 8002,
            kind: 'tap',
            deltaCoins: 5,
            at: new Date(start + day * DAY_MS),
          });
        await appendLedger(tx, {
          userId: 8002,
          kind: 'income',
          deltaCoins: 7,
          at: new Date(start + 5 * DAY_MS),
        });
        await appendLedger(tx, {
          userId: 8002,
          kind: 'season',
          deltaCoins: 9,
          at: new Date(start + 6 * DAY_MS),
        });
        for (const score of [10, 30, 20]) {
          const game = await createGame(tx, 8002, new Date(start));
          await finishGame(tx, { id: game, userId: 8002, score, reward: 0, at: new Date(start + 1000) });
        }
        await createGame(tx, 8002, new Date(start)); // unfinished: not counted
        await tx.execute(sql`update accounts set total_score = 1234 where user_id = 8002`);
      });
      // 8002 taps with a summary a minute after the login: written at once.
      p.clock.advance(SIGNALS.touchEveryMs);
      expect(
        (await tap(p, t2, 8002, { count: 4, cadence: { n: 4, meanMs: 200, sdMs: 50 } })).statusCode,
      ).toBe(200);
      // 8003 bound a wallet before the signals existed: no facts row.
      await p.deps.database.transaction((tx) => bindAddress(tx, 8003, `0:${'ab'.repeat(32)}`, new Date()));

      const since = start;
      const hash = (ip: string, platform?: string) =>
        hashesOf(p.env.signalsSalt, { ip, userAgent: UA, ...(platform ? { platform } : {}) });
      const joined = { 8001: start, 8002: start + 60_000, 8003: start + 60_000, 8005: start + 60_000 };
      const signals = await signalsOf(db, { since: new Date(since) });
      expect(signals.map((s) => s.id)).toEqual([8001, 8002, 8003, 8005]);
      const [s1, s2, s3, s5] = signals;
      expect(s1).toEqual({
        id: 8001,
        joinedAt: joined[8001],
        premium: false,
        referrerId: null,
        sessions: [{ start, end: start, ...hash('203.0.113.1', 'ios') }],
        taps: null,
        mole: null,
        wallet: null,
        activeDays: 0,
        coins: expect.any(Number),
      });
      expect(s2).toMatchObject({
        id: 8002,
        joinedAt: joined[8002],
        referrerId: 8001,
        sessions: [{ start: joined[8002], end: p.clock.now(), ...hash('203.0.113.2') }],
        taps: { batches: 1, meanMs: 200, cv: 0.25 },
        mole: { games: 3, medianScore: 20 },
        wallet: null,
        activeDays: 3,
      });
      expect(s2?.coins).toBeGreaterThanOrEqual(1234);
      expect(s3).toMatchObject({
        id: 8003,
        premium: true,
        referrerId: 8001,
        sessions: [{ start: joined[8003], end: joined[8003], ...hash('198.51.100.3') }],
        wallet: {
          address: `0:${'ab'.repeat(32)}`,
          boundAt: joined[8003],
          version: null,
          newWhenBound: null,
          fundedBy: null,
        },
      });
      expect(s5).toMatchObject({ id: 8005, sessions: [], taps: null, activeDays: 0 });
      // A window after everything: nobody.
      expect(await signalsOf(db, { since: p.clock.now() + 1 })).toEqual([]);

      // As many statements for one player as for four: none per player.
      const statements = async (since: number) => {
        let n = 0;
        const counting = new Proxy(db, {
          get(target, prop, receiver) {
            const value = Reflect.get(target, prop, receiver) as unknown;
            if (typeof value !== 'function' || !['select', 'execute'].includes(String(prop))) return value;
            return (...args: unknown[]) => {
              n += 1;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        });
        const read = await signalsOf(counting, { since });
        return { players: read.length, statements: n };
      };
      const four = await statements(since);
      const one = await statements(p.clock.now() - 1);
      expect(four.players).toBe(4);
      expect(one.players).toBe(1);
      expect(four.statements).toBe(one.statements);
      // One per kind of fact (the wallets bound now are the wallet module's read and the lifetime
      // score the accounts module's, since they left the players' row).
      expect(four.statements).toBeLessThanOrEqual(10);
    } finally {
      await p.close();
    }
  });
});

describe('retention', () => {
  it('purges sessions, cadence and wallet facts older than the retention, and keeps the rest', async () => {
    const p = await createTestApp();
    try {
      const db = p.deps.database.db;
      const now = p.clock.now();
      const old = new Date(now - SIGNALS.retentionMs - 1000);
      const recent = new Date(now - SIGNALS.retentionMs + 60_000);
      await db.execute(sql`
        insert into signal_sessions (user_id, started_at, last_at, net, device) values
          (1, ${old}, ${old}, 'n', 'd'), (1, ${old}, ${recent}, 'n', 'd'), (2, ${old}, ${old}, 'n', 'd')`);
      await db.execute(sql`
        insert into signal_taps (user_id, batches, intervals, mean_ms, m2, updated_at) values
          (1, 1, 2, 100, 0, ${recent}), (2, 1, 2, 100, 0, ${old})`);
      await db.execute(sql`
        insert into signal_wallets (user_id, address, bound_at) values
          (1, '0:01', ${old}), (2, '0:02', ${old}), (3, '0:03', ${recent})`);
      expect(await purgeSignals(db, now)).toBe(4);
      const left = await queryRows<{ t: string; user_id: string }>(
        db,
        sql`select 's' as t, user_id from signal_sessions union all
            select 't', user_id from signal_taps union all
            select 'w', user_id from signal_wallets order by 1, 2`,
      );
      expect(left.map((r) => `${r.t}${r.user_id}`)).toEqual(['s1', 't1', 'w1', 'w3']);
      expect(await purgeSignals(db, now)).toBe(0);
    } finally {
      await p.close();
    }
  });

  it('is run by the signals job at its start, with the cadence left in memory written at its stop', async () => {
    const p = await createTestApp();
    try {
      const db = p.deps.database.db;
      const old = new Date(p.clock.now() - SIGNALS.retentionMs - 1000);
      await db.execute(sql`
        insert into signal_sessions (user_id, started_at, last_at, net, device) values (9, ${old}, ${old}, 'n', 'd')`);
      const token = await loginFrom(p, 9001, undefined);
      p.clock.advance(1_000);
      await tap(p, token, 9001, { count: 2, cadence: { n: 2, meanMs: 120, sdMs: 10 } });
      const log = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
      const jobs = createJobs(p.deps.database, log);
      registerSignalsJobs(jobs, p.deps, log);
      expect(await jobs.runNow(SIGNALS_JOBS.purge)).toBe(true);
      await jobs.stop();
      expect(await queryRows(db, sql`select 1 from signal_sessions where user_id = 9`)).toEqual([]);
      expect(await tapsRow(p, 9001)).toMatchObject({ batches: 1, mean_ms: 120 });
    } finally {
      await p.close();
    }
  });
});

describe('configuration', () => {
  it('derives the salt from SIGNALS_SALT, else GAME_SECRET, and refuses a short one', () => {
    expect(loadEnv({ GAME_SECRET: 'the-game-secret' }).signalsSalt).toBe('the-game-secret');
    expect(loadEnv({ GAME_SECRET: 'g', SIGNALS_SALT: 'a-signals-salt-of-24-chars' }).signalsSalt).toBe(
      'a-signals-salt-of-24-chars',
    );
    expect(() => loadEnv({ SIGNALS_SALT: 'short' })).toThrow(/SIGNALS_SALT/);
    // The hashes follow the salt: another deployment's hashes do not match ours.
    const ours = hashesOf(loadEnv({ SIGNALS_SALT: 'a-signals-salt-of-24-chars' }).signalsSalt, {
      ip: '203.0.113.7',
      userAgent: UA,
    });
    const theirs = hashesOf(loadEnv({ GAME_SECRET: 'another-game-secret' }).signalsSalt, {
      ip: '203.0.113.7',
      userAgent: UA,
    });
    expect(ours.net).not.toBe(theirs.net);
    expect(ours.device).not.toBe(theirs.device);
  });
});
