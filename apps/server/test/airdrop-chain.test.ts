import { Blockchain } from '@ton/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploySandboxJetton, sendTonConnect } from '@egg-rush/jetton/testing';
import { bindAddress } from '../src/modules/wallet/wallet.repository.ts';
import { airdropUris, createAirdropService } from '../src/modules/airdrop/airdrop.service.ts';
import { createTestApp, draftAllocation, publishAllocation, type TestApp } from './helpers.ts';

// The whole way in the TON emulator: the operator publishes an allocation with their wallet as
// the minter's admin, deploys the jetton with the same parameters, and a player sends the
// messages GET /api/v1/airdrop/claim gives from their own wallet: their jetton wallet then holds
// exactly the allocation, and a second send changes nothing.

const OPERATOR = 9200;
const PLAYER = 9201;
const OTHER = 9202;
const PUBLIC_URL = 'https://egg.example';

let t: TestApp;
let op: string;
let player: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: String(OPERATOR), PUBLIC_URL } });
  op = await t.console(OPERATOR);
  player = await t.login(PLAYER);
  await t.login(OTHER);
});
afterAll(() => t?.close());

describe('a claim in the TON emulator', () => {
  it(
    'credits exactly the allocation once, from the messages the server gives',
    { timeout: 120_000 },
    async () => {
      const blockchain = await Blockchain.create();
      // The emulator's clock: just after the allocation opens (the test clock, advanced below).
      const chainNow = Math.floor(t.clock.now() / 1000) + 120;
      blockchain.now = chainNow;
      const playerWallet = await blockchain.treasury('player');
      const operatorWallet = await blockchain.treasury('operator');
      const at = new Date(t.clock.now());
      for (const [id, address, coins] of [
        [PLAYER, playerWallet.address.toRawString(), 4000],
        [OTHER, `0:${'77'.repeat(32)}`, 1000],
      ] as const) {
        await t.deps.database.transaction((tx) => bindAddress(tx, id, address, at));
        await t.grant(id, { onion: coins }, at);
      }
      t.clock.advance(60_000);
      const created = await draftAllocation(t, op, 1_000_000n * 10n ** 9n);
      const { allocation } = created.json<{ allocation: { id: number; total: string } }>();
      const published = await publishAllocation(t, op, allocation.id, {
        admin: operatorWallet.address.toString(),
      });
      expect(published.statusCode).toBe(200);
      const { root } = published.json<{ root: string }>();

      const jetton = await deploySandboxJetton({
        blockchain,
        merkleRoot: BigInt(`0x${root}`),
        totalSupply: BigInt(allocation.total),
        content: airdropUris(PUBLIC_URL).content,
        now: chainNow,
      });

      // npm run airdrop:deploy prints the very message that deployed this minter.
      const { message } = await createAirdropService(t.deps).deployment(allocation.id);
      expect(message.address).toBe(jetton.minter.toString({ bounceable: true }));

      const res = await t.call(player, { method: 'GET', url: '/api/v1/airdrop/claim' });
      const claim = res.json<{ status: string; amount: string; messages: { address: string }[] }>();
      expect(claim.status).toBe('allocated');
      expect(claim.messages).toHaveLength(1);
      // The messages go to the player's jetton wallet of the deployed minter.
      const jettonWallet = await jetton.minterWalletAddress(playerWallet.address);
      expect(claim.messages[0]?.address).toBe(jettonWallet.toString({ bounceable: true }));

      expect(await jetton.walletData(playerWallet.address)).toBeNull();
      await sendTonConnect(playerWallet, claim.messages as never);
      const data = await jetton.walletData(playerWallet.address);
      expect(data?.balance).toBe(BigInt(claim.amount));
      expect(data?.owner.equals(playerWallet.address)).toBe(true);

      await sendTonConnect(playerWallet, claim.messages as never);
      expect((await jetton.walletData(playerWallet.address))?.balance).toBe(BigInt(claim.amount));
    },
  );
});
