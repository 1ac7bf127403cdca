import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address } from '@ton/core';
import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createJobs } from '../src/lib/jobs.ts';
import { bindAddress } from '../src/modules/wallet/wallet.repository.ts';
import {
  claimConfirmer,
  CLAIM_CONFIRM_JOB,
  registerClaimConfirmJob,
  type ClaimConfirmer,
} from '../src/modules/airdrop/airdrop.confirm.ts';
import { createAirdropService } from '../src/modules/airdrop/airdrop.service.ts';
import { createTestApp, draftAllocation, publishAllocation, type TestApp } from './helpers.ts';

// Sent claims confirmed from the chain: TON_API_ROOT points at a local fake of toncenter's API v3.
// It keeps the player's jetton wallet as the chain would (deployed or not, its claimed flag, its
// balance) and answers both POST /api/v3/runGetMethod (the wallet's get methods, as toncenter does:
// exit code and a stack of `{ type: 'num', value: '0x..' }`) and GET /api/v3/jetton/wallets (the
// balance), so that a confirmation reading the balance would be caught: a wallet topped up by a
// transfer holds jettons without having claimed, and one that claimed and sent them on holds
// none. A claim becomes claimed once the wallet's `is_claimed` says so; a wallet not deployed, an
// API answering 500 or not answering at all leave it sent, and the player's GET /airdrop/claim
// never waits on the API.

const OPERATOR = 9300;
const PLAYER = 9301;
const PLAYER_WALLET = `0:${'5a'.repeat(32)}`;
const API_KEY = 'test-toncenter-key';

type Mode = 'ok' | 'error' | 'hang';
let mode: Mode = 'ok';
/** The player's jetton wallet on the fake chain. */
let onChain = { deployed: true, claimed: true, balance: '0' };
const seen: { method: string; url: URL; key: string | undefined; body: unknown }[] = [];
const hanging: ServerResponse[] = [];
/** The deployed jetton: its minter and the player's jetton wallet, set once published. */
let chain: { minter: Address; wallet: Address; amount: string } | undefined;

const upper = (a: Address) => a.toRawString().toUpperCase();
const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function answer(req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) {
  if (mode === 'error' || !chain) return json(res, 500, { error: 'internal server error' });
  if (req.method === 'POST' && url.pathname === '/api/v3/runGetMethod') {
    const call = body as { address?: string; method?: string; stack?: unknown[] };
    const isWallet = Address.parse(call.address ?? '').equals(chain.wallet);
    // An account without code runs nothing: toncenter reports the failed run's exit code.
    if (!isWallet || !onChain.deployed) return json(res, 200, { gas_used: 0, exit_code: -13, stack: [] });
    if (call.method !== 'is_claimed') return json(res, 200, { gas_used: 309, exit_code: 11, stack: [] });
    return json(res, 200, {
      gas_used: 624,
      exit_code: 0,
      stack: [{ type: 'num', value: onChain.claimed ? '0x1' : '0x0' }],
    });
  }
  if (req.method === 'GET' && url.pathname === '/api/v3/jetton/wallets') {
    const owner = Address.parse(url.searchParams.get('owner_address') ?? '');
    const wallets = onChain.deployed
      ? [
          {
            address: upper(chain.wallet),
            balance: onChain.balance,
            owner: upper(owner),
            jetton: upper(chain.minter),
            last_transaction_lt: '51234567000003',
          },
        ]
      : [];
    return json(res, 200, { jetton_wallets: wallets, address_book: {}, metadata: {} });
  }
  return json(res, 404, { error: 'not found' });
}

function toncenter(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://fake');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString();
    const body: unknown = text ? JSON.parse(text) : undefined;
    seen.push({ method: req.method ?? '', url, key: req.headers['x-api-key'] as string | undefined, body });
    if (mode === 'hang') {
      hanging.push(res);
      return;
    }
    answer(req, res, url, body);
  });
}

const fake = createServer(toncenter);
let t: TestApp;
let player: string;
let confirmer: ClaimConfirmer;

async function status() {
  const res = await t.call(player, { method: 'GET', url: '/api/v1/airdrop/claim' });
  expect(res.statusCode).toBe(200);
  return res.json<{ status: string }>().status;
}

async function rowStatus() {
  const [row] = await queryRows<{ claim_status: string }>(
    t.deps.database.db,
    sql`select claim_status from airdrop_allocation_rows`,
  );
  return row?.claim_status;
}

/** Waits (bounded) until the fake has been asked `n` times in all. */
async function asked(n: number) {
  for (let i = 0; i < 500 && seen.length < n; i++) await new Promise((r) => setImmediate(r));
  for (let i = 0; i < 200 && seen.length < n; i++) await new Promise((r) => setTimeout(r, 10));
  expect(seen.length).toBeGreaterThanOrEqual(n);
}

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      ADMIN_IDS: String(OPERATOR),
      TON_API_ROOT: `http://127.0.0.1:${port}/`,
      TON_API_KEY: API_KEY,
      OUTSIDE_TIMEOUT_MS: '400',
    },
  });
  const op = await t.console(OPERATOR);
  player = await t.login(PLAYER);
  const at = new Date(t.clock.now());
  await t.deps.database.transaction((tx) => bindAddress(tx, PLAYER, PLAYER_WALLET, at));
  await t.grant(PLAYER, { onion: 5000 }, at);
  t.clock.advance(60_000);
  const created = await draftAllocation(t, op, 1_000n * 10n ** 9n);
  const { allocation } = created.json<{ allocation: { id: number } }>();
  const published = await publishAllocation(t, op, allocation.id);
  expect(published.statusCode).toBe(200);
  t.clock.advance(60_000);
  const claim = (await t.call(player, { method: 'GET', url: '/api/v1/airdrop/claim' })).json<{
    status: string;
    amount: string;
    messages: { address: string }[];
  }>();
  expect(claim.status).toBe('allocated');
  const { message } = await createAirdropService(t.deps).deployment(allocation.id);
  const [transfer] = claim.messages;
  assert(transfer, 'no message in the claim');
  chain = {
    minter: Address.parse(message.address),
    wallet: Address.parse(transfer.address),
    amount: claim.amount,
  };
  const sent = await t.call(player, { method: 'POST', url: '/api/v1/airdrop/claim/sent', payload: {} });
  expect(sent.json()).toEqual({ status: 'claim_sent' });
  const made = claimConfirmer(t.deps);
  assert(made, 'no claim confirmer');
  confirmer = made;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await t?.close();
  await new Promise((resolve) => fake.close(resolve));
});

beforeEach(async () => {
  // Back to sent, and past the per-wallet pause and any open breaker of the previous test.
  await t.deps.database.db.execute(
    sql`update airdrop_allocation_rows set claim_status = 'sent', claimed_at = null`,
  );
  t.clock.advance(60_000);
  seen.length = 0;
  mode = 'ok';
  // Claimed, the allocation still held.
  assert(chain, 'no jetton deployed');
  onChain = { deployed: true, claimed: true, balance: chain.amount };
});

describe('claims confirmed from the chain', () => {
  it("marks a sent claim claimed once the jetton wallet's is_claimed says so", async () => {
    expect(await status()).toBe('claim_sent');
    await confirmer.settled();
    await t.deps.database.db.execute(sql`update airdrop_allocation_rows set claim_status = 'sent'`);
    expect(await confirmer.runBatch()).toBe(1);
    expect(await status()).toBe('claimed');
    // It ran the player's jetton wallet's get method through toncenter v3, with the key.
    const call = seen.at(-1);
    assert(call, 'toncenter was not called');
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/api/v3/runGetMethod');
    const body = call.body as { address: string; method: string; stack: unknown[] };
    assert(chain, 'no jetton deployed');
    expect(Address.parse(body.address).equals(chain.wallet)).toBe(true);
    expect(body).toMatchObject({ method: 'is_claimed', stack: [] });
    expect(call.key).toBe(API_KEY);
  });

  it('confirms a claim whose jettons were sent on since: claimed, with nothing left', async () => {
    onChain = { deployed: true, claimed: true, balance: '0' };
    expect(await confirmer.runBatch()).toBe(1);
    expect(await status()).toBe('claimed');
  });

  it('leaves the claim sent for a wallet holding jettons from a transfer, not from its claim', async () => {
    // Deployed by someone's transfer (more than the allocation), its own claim not made.
    assert(chain, 'no jetton deployed');
    onChain = { deployed: true, claimed: false, balance: (BigInt(chain.amount) * 2n).toString() };
    expect(await confirmer.runBatch()).toBe(0);
    expect(await status()).toBe('claim_sent');
    await confirmer.settled();
    expect(await rowStatus()).toBe('sent');
  });

  it('confirms in the background when the player looks at a sent claim, without waiting', async () => {
    expect(await status()).toBe('claim_sent');
    await confirmer.settled();
    expect(await status()).toBe('claimed');
    // Another look while claimed reads nothing more.
    const before = seen.length;
    expect(await status()).toBe('claimed');
    await confirmer.settled();
    expect(seen.length).toBe(before);
  });

  it('leaves the claim sent while the wallet is not deployed', async () => {
    onChain = { deployed: false, claimed: false, balance: '0' };
    expect(await confirmer.runBatch()).toBe(0);
    expect(await status()).toBe('claim_sent');
    await confirmer.settled();
    t.clock.advance(60_000);
    expect(await confirmer.runBatch()).toBe(0);
    expect(await status()).toBe('claim_sent');
    await confirmer.settled();
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });

  it('leaves the claim sent when the API answers 500, and the player is answered', async () => {
    mode = 'error';
    expect(await confirmer.runBatch()).toBe(0);
    // Tried again a few times, then given up.
    expect(seen.length).toBeGreaterThan(1);
    expect(await status()).toBe('claim_sent');
    await confirmer.settled();
    expect(await status()).toBe('claim_sent');
  });

  it('answers the player at once while the API hangs, and leaves the claim sent', async () => {
    mode = 'hang';
    expect(await status()).toBe('claim_sent');
    // The request was answered before the API was even reached, and the API still has not answered.
    await asked(1);
    expect(hanging.length).toBeGreaterThanOrEqual(1);
    expect(hanging.every((res) => !res.writableEnded)).toBe(true);
    expect(await status()).toBe('claim_sent');
    await confirmer.settled();
    expect(await confirmer.runBatch()).toBe(0);
    expect(await status()).toBe('claim_sent');
  });

  // Last: stopping the job closes the process's confirmer.
  it('is confirmed by the background job, which the server starts at launch', async () => {
    const jobs = createJobs(t.deps.database, t.app.log);
    registerClaimConfirmJob(jobs, t.deps, t.app.log);
    try {
      expect(await jobs.runNow(CLAIM_CONFIRM_JOB)).toBe(true);
      // Read from the database: a look through the API would check the wallet itself.
      expect(await rowStatus()).toBe('claimed');
    } finally {
      await jobs.stop();
    }
  });
});

describe('without TON_API_ROOT', () => {
  it('has no confirmer and no job: nothing reads the chain', async () => {
    const plain = await createTestApp({});
    try {
      expect(claimConfirmer(plain.deps)).toBeNull();
      const jobs = createJobs(plain.deps.database, plain.app.log);
      registerClaimConfirmJob(jobs, plain.deps, plain.app.log);
      await expect(jobs.runNow(CLAIM_CONFIRM_JOB)).rejects.toThrow(/no job/);
      await jobs.stop();
    } finally {
      await plain.close();
    }
  });
});
