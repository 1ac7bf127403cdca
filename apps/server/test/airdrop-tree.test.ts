import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Address, Cell } from '@ton/core';
import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { verifyAirdropProof } from '@egg-rush/jetton/tree';
import { queryRows } from '../src/db/client.ts';
import { allocatedWalletBatches } from '../src/modules/airdrop/airdrop.repository.ts';
import { createAirdropService } from '../src/modules/airdrop/airdrop.service.ts';
import { bindAddress } from '../src/modules/wallet/wallet.repository.ts';
import { createTestApp, draftAllocation, publishAllocation, type TestApp } from './helpers.ts';

// The published tree lives in files under DATA_DIR/airdrop, named by its root: written once from
// the allocation's rows (streamed in batches, in descending address order), then read for every
// proof and for the dump. A restarted server (a new service) serves from the files at once without
// reading the rows; without the files it writes them again from the rows, to the same root.

const OPERATOR = 9500;
const PLAYERS = Array.from({ length: 7 }, (_, i) => 9501 + i);
const walletOf = (i: number) => `0:${(0x11 * (i + 1)).toString(16).padStart(2, '0').repeat(32)}`;

const dataDir = mkdtempSync(join(tmpdir(), 'airdrop-tree-test-'));
let t: TestApp;
let published: { root: string; dumpHash: string };
let wallets: string[];

const treeFiles = (root: string): [boc: string, idx: string, json: string] => {
  const base = join(dataDir, 'airdrop', `tree-${root}`);
  return [`${base}.boc`, `${base}.idx`, `${base}.json`];
};

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: String(OPERATOR), DATA_DIR: dataDir } });
  const op = await t.console(OPERATOR);
  const at = new Date(t.clock.now());
  for (const [i, player] of PLAYERS.entries()) {
    await t.login(player);
    await t.deps.database.transaction((tx) => bindAddress(tx, player, walletOf(i), at));
    await t.grant(player, { onion: 1000 * (i + 1) }, at);
  }
  t.clock.advance(60_000);
  const created = await draftAllocation(t, op, 1_000_000n * 10n ** 9n);
  const { allocation } = created.json<{ allocation: { id: number } }>();
  const res = await publishAllocation(t, op, allocation.id);
  expect(res.statusCode).toBe(200);
  published = res.json<{ root: string; dumpHash: string }>();
  wallets = (
    await queryRows<{ wallet_address: string }>(
      t.deps.database.db,
      sql`select wallet_address from airdrop_allocation_rows order by wallet_address`,
    )
  ).map((r) => r.wallet_address);
  expect(wallets.length).toBeGreaterThanOrEqual(3);
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The TEP-177 answer for a wallet, checked against the published root. */
async function payloadOf(service: ReturnType<typeof createAirdropService>, wallet: string) {
  const answer = await service.walletPayload(wallet);
  const [payload] = Cell.fromBoc(Buffer.from(answer.custom_payload, 'base64'));
  assert(payload, `no custom payload for ${wallet}`);
  const proof = payload.beginParse().skip(32).loadRef();
  expect(verifyAirdropProof(proof, BigInt(`0x${published.root}`), Address.parse(wallet))?.amount).toBe(
    BigInt(answer.compressed_info.amount),
  );
  return answer;
}

describe('the published tree in files', () => {
  it('is written under DATA_DIR/airdrop, named by its root, and serves the dump from there', async () => {
    for (const file of treeFiles(published.root)) expect(existsSync(file)).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/airdrop/dump.boc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.rawPayload.equals(readFileSync(treeFiles(published.root)[0]))).toBe(true);
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(published.dumpHash);
    expect(Cell.fromBoc(res.rawPayload)[0]?.hash(0).toString('hex')).toBe(published.root);
  });

  it('reads the rows in batches by address, descending, one batch at a time', async () => {
    const [allocation] = await queryRows<{ id: number }>(
      t.deps.database.db,
      sql`select id from airdrop_allocations`,
    );
    assert(allocation, 'no allocation');
    const batches = [];
    for await (const batch of allocatedWalletBatches(t.deps.database.db, allocation.id, 2))
      batches.push(batch);
    expect(batches.every((b) => b.length <= 2)).toBe(true);
    expect(batches.length).toBe(Math.ceil(wallets.length / 2));
    expect(batches.flat().map((r) => r.walletAddress)).toEqual([...wallets].reverse());
  });

  it('writes the files again from the rows when they are gone, to the same root and dump', async () => {
    const [wallet] = wallets;
    assert(wallet, 'no allocated wallet');
    const before = await payloadOf(createAirdropService(t.deps), wallet);
    for (const file of treeFiles(published.root)) rmSync(file);
    const fresh = createAirdropService(t.deps);
    expect(await payloadOf(fresh, wallet)).toEqual(before);
    for (const file of treeFiles(published.root)) expect(existsSync(file)).toBe(true);
    const { path } = await fresh.dump();
    expect(createHash('sha256').update(readFileSync(path)).digest('hex')).toBe(published.dumpHash);
  });

  // Last: it deletes the allocation's rows.
  it('serves a restarted server from the files at once, without reading the rows', async () => {
    const answers = [];
    for (const wallet of wallets) answers.push(await payloadOf(createAirdropService(t.deps), wallet));
    await t.deps.database.db.execute(sql`delete from airdrop_allocation_rows`);
    const restarted = createAirdropService(t.deps);
    for (const [i, wallet] of wallets.entries())
      expect(await payloadOf(restarted, wallet)).toEqual(answers[i]);
    await expect(restarted.walletPayload(`0:${'ee'.repeat(32)}`)).rejects.toMatchObject({ status: 404 });
  });
});
