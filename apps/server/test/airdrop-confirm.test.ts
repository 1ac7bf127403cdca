import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address } from '@ton/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { bindAddress } from '../src/modules/wallet/wallet.repository.ts';
import { appendLedger } from '../src/modules/ledger/ledger.repository.ts';
import {
  claimConfirmer,
  startClaimConfirmJob,
  type ClaimConfirmer,
} from '../src/modules/airdrop/airdrop.confirm.ts';
import { createAirdropService } from '../src/modules/airdrop/airdrop.service.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Sent claims confirmed from the chain: TON_API_ROOT points at a local fake of toncenter's API v3
// that answers GET /api/v3/jetton/wallets as toncenter does (raw upper-case addresses, balances
// as decimal strings, an address book). A claim becomes claimed once the player's jetton wallet
// holds the allocation; an empty wallet, an API answering 500 or not answering at all leave it
// sent, and the player's GET /airdrop/claim never waits on the API.

const OPERATOR = 9300;
const PLAYER = 9301;
const PLAYER_WALLET = `0:${'5a'.repeat(32)}`;
const API_KEY = 'test-toncenter-key';

type Mode = 'balance' | 'empty' | 'none' | 'error' | 'hang';
let mode: Mode = 'balance';
const seen: { url: URL; key: string | undefined }[] = [];
const hanging: ServerResponse[] = [];
/** The deployed jetton: its minter and the player's jetton wallet, set once published. */
let chain: { minter: Address; wallet: Address; amount: string } | undefined;

const upper = (a: Address) => a.toRawString().toUpperCase();

function toncenter(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://fake');
  seen.push({ url, key: req.headers['x-api-key'] as string | undefined });
  if (mode === 'hang') {
    hanging.push(res);
    return;
  }
  if (mode === 'error' || url.pathname !== '/api/v3/jetton/wallets' || !chain) {
    res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"internal server error"}');
    return;
  }
  const owner = Address.parse(url.searchParams.get('owner_address')!);
  const balance = mode === 'balance' ? chain.amount : '0';
  const wallets =
    mode === 'none'
      ? []
      : [
          {
            address: upper(chain.wallet),
            balance,
            owner: upper(owner),
            jetton: upper(chain.minter),
            last_transaction_lt: '51234567000003',
            code_hash: 'vGWLKDYxyJbAJGFWFmQWm1/9vjSmCaL8U6/XLn1wV3U=',
            data_hash: 'hK0r6Q2G0ew4ZWX6eL1oC5m1q4F8vHs1bXo7u9u0M1A=',
          },
        ];
  const book = (a: Address) => ({ user_friendly: a.toString(), domain: null });
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      jetton_wallets: wallets,
      address_book: {
        [upper(owner)]: book(owner),
        [upper(chain.wallet)]: book(chain.wallet),
      },
      metadata: {},
    }),
  );
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
  await t.deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`update users set onion = onion + 5000 where id = ${PLAYER}`);
    await appendLedger(tx, { userId: PLAYER, kind: 'grant', deltaOnion: 5000, at });
  });
  t.clock.advance(60_000);
  const snap = await t.call(op, { method: 'POST', url: '/api/v1/admin/snapshots', payload: { minCoins: 1 } });
  const snapshotId = snap.json<{ snapshot: { id: number } }>().snapshot.id;
  const created = await t.call(op, {
    method: 'POST',
    url: '/api/v1/admin/airdrop/allocations',
    payload: { snapshotId, supply: String(1_000n * 10n ** 9n) },
  });
  const { allocation } = created.json<{ allocation: { id: number } }>();
  const published = await t.call(op, {
    method: 'POST',
    url: `/api/v1/admin/airdrop/allocations/${allocation.id}/publish`,
    payload: {},
  });
  expect(published.statusCode).toBe(200);
  t.clock.advance(60_000);
  const claim = (await t.call(player, { method: 'GET', url: '/api/v1/airdrop/claim' })).json<{
    status: string;
    amount: string;
    messages: { address: string }[];
  }>();
  expect(claim.status).toBe('allocated');
  const { message } = await createAirdropService(t.deps).deployment(allocation.id);
  chain = {
    minter: Address.parse(message.address),
    wallet: Address.parse(claim.messages[0]!.address),
    amount: claim.amount,
  };
  const sent = await t.call(player, { method: 'POST', url: '/api/v1/airdrop/claim/sent', payload: {} });
  expect(sent.json()).toEqual({ status: 'claim_sent' });
  confirmer = claimConfirmer(t.deps)!;
  expect(confirmer).not.toBeNull();
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
});

describe('claims confirmed from the chain', () => {
  it('marks a sent claim claimed once the jetton wallet holds the allocation', async () => {
    mode = 'balance';
    expect(await status()).toBe('claim_sent');
    await confirmer.settled();
    await t.deps.database.db.execute(sql`update airdrop_allocation_rows set claim_status = 'sent'`);
    expect(await confirmer.runBatch()).toBe(1);
    expect(await status()).toBe('claimed');
    // It asked toncenter v3 for the player's wallet of this jetton, with the key.
    const call = seen.at(-1)!;
    expect(call.url.pathname).toBe('/api/v3/jetton/wallets');
    expect(Address.parse(call.url.searchParams.get('owner_address')!).toRawString()).toBe(PLAYER_WALLET);
    expect(Address.parse(call.url.searchParams.get('jetton_address')!).equals(chain!.minter)).toBe(true);
    expect(call.key).toBe(API_KEY);
  });

  it('confirms in the background when the player looks at a sent claim, without waiting', async () => {
    mode = 'balance';
    expect(await status()).toBe('claim_sent');
    await confirmer.settled();
    expect(await status()).toBe('claimed');
    // Another look while claimed reads nothing more.
    const before = seen.length;
    expect(await status()).toBe('claimed');
    await confirmer.settled();
    expect(seen.length).toBe(before);
  });

  it('leaves the claim sent while the wallet is empty or not deployed', async () => {
    mode = 'empty';
    expect(await confirmer.runBatch()).toBe(0);
    expect(await status()).toBe('claim_sent');
    await confirmer.settled();
    mode = 'none';
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
    mode = 'balance';
    const stop = startClaimConfirmJob(t.deps, t.app.log, 60_000);
    try {
      // Read from the database: a look through the API would check the wallet itself.
      for (let i = 0; i < 200 && (await rowStatus()) !== 'claimed'; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(await rowStatus()).toBe('claimed');
    } finally {
      await stop();
    }
  });
});

describe('without TON_API_ROOT', () => {
  it('has no confirmer and no job: nothing reads the chain', async () => {
    const plain = await createTestApp({});
    try {
      expect(claimConfirmer(plain.deps)).toBeNull();
      const stop = startClaimConfirmJob(plain.deps, plain.app.log);
      await stop();
    } finally {
      await plain.close();
    }
  });
});
