import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { Address } from '@ton/core';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '@egg-rush/jetton/contracts';
import { deploySandboxJetton, exitCode, sendTonConnect, type SandboxJetton } from '@egg-rush/jetton/testing';
import { bindAddress } from '../src/modules/wallet/wallet.repository.ts';
import { airdropUris } from '../src/modules/airdrop/airdrop.service.ts';
import { createTestApp, draftAllocation, publishAllocation, type TestApp } from './helpers.ts';

// The claim window's edges, second by second, in the TON emulator: the server gives claim
// messages exactly at the seconds the jetton wallet accepts them (start_from ≤ now ≤ expired_at),
// and none a second before or after.

const OPERATOR = 9300;
const FIRST = 9301; // claims at start_from, after a try a second before
const LAST = 9302; // claims at expired_at
const LATE = 9303; // sends, a second after expired_at, the messages given at expired_at
const PUBLIC_URL = 'https://egg.example';

let t: TestApp;
let blockchain: Blockchain;
let jetton: SandboxJetton;
const wallets: Record<number, SandboxContract<TreasuryContract>> = {};
const tokens: Record<number, string> = {};
let startFrom: number;
let expiredAt: number;

/** A player's wallet in the emulator. */
function walletOf(id: number) {
  const wallet = wallets[id];
  assert(wallet, `no wallet for ${id}`);
  return wallet;
}

/** The server's answer to GET /airdrop/claim at the second `s` of its clock. */
async function claimAt(id: number, s: number) {
  t.clock.set(s * 1000);
  const token = tokens[id];
  assert(token, `no token for ${id}`);
  const res = await t.call(token, { method: 'GET', url: '/api/v1/airdrop/claim' });
  expect(res.statusCode).toBe(200);
  return res.json<{ status: string; amount: string; messages: { address: string }[] }>();
}

/** Sends messages from a player's wallet with the chain's clock at `s`: the claim's exit code. */
async function sendAt(id: number, messages: { address: string }[], s: number) {
  blockchain.now = s;
  const owner = walletOf(id);
  const sent = await sendTonConnect(owner, messages as never);
  const [first] = messages;
  assert(first, 'no message to send');
  const to = Address.parse(first.address);
  expect(to.equals(jetton.walletOf(owner.address))).toBe(true);
  const tx = sent.find((x) => {
    const info = x.inMessage?.info;
    return info?.type === 'internal' && info.src.equals(owner.address) && info.dest.equals(to);
  });
  assert(tx, 'no transaction from the wallet to its jetton wallet');
  return exitCode(tx);
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: String(OPERATOR), PUBLIC_URL } });
  const op = await t.console(OPERATOR);
  blockchain = await Blockchain.create();
  // The emulator's clock follows the test's (an account's transactions go forward in time only).
  blockchain.now = Math.floor(t.clock.now() / 1000);
  const at = new Date(t.clock.now());
  for (const id of [FIRST, LAST, LATE]) {
    tokens[id] = await t.login(id);
    const wallet = await blockchain.treasury(`player-${id}`);
    wallets[id] = wallet;
    await t.deps.database.transaction((tx) => bindAddress(tx, id, wallet.address.toRawString(), at));
    await t.grant(id, { onion: 5000 }, at);
  }
  t.clock.advance(60_000);
  const now = Math.floor(t.clock.now() / 1000);
  startFrom = now + 3600;
  expiredAt = startFrom + 2 * 86_400;
  const created = await draftAllocation(t, op, 1000n * 10n ** 9n, { startFrom, expiredAt });
  expect(created.statusCode).toBe(200);
  const { allocation } = created.json<{ allocation: { id: number; total: string } }>();
  // The emulator's minter is deployed by its 'operator' wallet, made the admin here: the minter's
  // address, hence each player's jetton wallet, follows from it.
  const published = await publishAllocation(t, op, allocation.id, {
    admin: (await blockchain.treasury('operator')).address.toString(),
  });
  expect(published.statusCode).toBe(200);
  jetton = await deploySandboxJetton({
    blockchain,
    merkleRoot: BigInt(`0x${published.json<{ root: string }>().root}`),
    totalSupply: BigInt(allocation.total),
    content: airdropUris(PUBLIC_URL).content,
    now,
  });
}, 120_000);
afterAll(() => t?.close());

describe('the claim window at its edges', () => {
  it(
    'opens at start_from on the server and on the chain, not a second before',
    { timeout: 120_000 },
    async () => {
      expect(await claimAt(FIRST, startFrom - 1)).toMatchObject({ status: 'allocated', messages: [] });
      const open = await claimAt(FIRST, startFrom);
      expect(open.messages).toHaveLength(1);
      // The same messages a second early: the jetton wallet refuses them too, and nothing changes.
      expect(await sendAt(FIRST, open.messages, startFrom - 1)).toBe(ExitCode.airdropNotReady);
      expect((await jetton.walletData(walletOf(FIRST).address))?.balance ?? 0n).toBe(0n);
      expect(await sendAt(FIRST, open.messages, startFrom)).toBe(0);
      expect((await jetton.walletData(walletOf(FIRST).address))?.balance).toBe(BigInt(open.amount));
    },
  );

  it(
    'closes after expired_at on the server and on the chain: that second claims, the next does not',
    { timeout: 120_000 },
    async () => {
      const last = await claimAt(LAST, expiredAt);
      expect(last.messages).toHaveLength(1);
      const late = await claimAt(LATE, expiredAt);
      expect(late.messages).toHaveLength(1);
      expect(await sendAt(LAST, last.messages, expiredAt)).toBe(0);
      expect((await jetton.walletData(walletOf(LAST).address))?.balance).toBe(BigInt(last.amount));
      // A second later the server gives none, and the jetton wallet refuses those given before.
      expect(await claimAt(LATE, expiredAt + 1)).toMatchObject({ status: 'allocated', messages: [] });
      expect(await sendAt(LATE, late.messages, expiredAt + 1)).toBe(ExitCode.airdropFinished);
      expect((await jetton.walletData(walletOf(LATE).address))?.balance ?? 0n).toBe(0n);
    },
  );
});
