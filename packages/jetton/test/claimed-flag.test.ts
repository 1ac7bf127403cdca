import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address } from '@ton/core';
import { Cell, toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { afterAll, assert, describe, expect, it } from 'vitest';
import { claimMessages, jettonCode, transferBody } from '../src/contracts.ts';
import { deploySandboxJetton, sendTonConnect, type SandboxJetton } from '../src/testing.ts';
import { customPayloadResponse } from '../src/tree.ts';
import { AirdropTreeFile, AirdropTreeWriter } from '../src/tree-file.ts';

// The jetton wallet's `is_claimed` get method, which the server reads to confirm a claim: set by
// the claim and by nothing else. A wallet deployed by a transfer holds jettons without having
// claimed; one that claimed and sent its jettons on holds none and has claimed. The claim is made
// with a proof served from the streamed tree's files.

const NOW = 1_800_000_000;
const AMOUNT = 5_000_000_000_000n;
const dir = mkdtempSync(join(tmpdir(), 'claimed-flag-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function isClaimed(jetton: SandboxJetton, owner: Address): Promise<boolean | null> {
  const account = await jetton.blockchain.getContract(jetton.walletOf(owner));
  if (account.accountState?.type !== 'active') return null;
  const { stackReader } = await jetton.blockchain.runGetMethod(jetton.walletOf(owner), 'is_claimed');
  return stackReader.readNumber() === 1;
}

describe("the jetton wallet's claimed flag", () => {
  it('is set by the claim only: not by a transfer in, and kept when the jettons leave', async () => {
    const blockchain = await Blockchain.create();
    blockchain.now = NOW;
    const alice: SandboxContract<TreasuryContract> = await blockchain.treasury('alice');
    const bob: SandboxContract<TreasuryContract> = await blockchain.treasury('bob');
    const carol: SandboxContract<TreasuryContract> = await blockchain.treasury('carol');
    // The tree of Alice and Bob, written as the server writes it (descending address order).
    const entries = [alice, bob]
      .map((w) => ({ hash: w.address.hash, amount: AMOUNT, startFrom: NOW - 3600, expiredAt: NOW + 86_400 }))
      .sort((a, b) => Buffer.compare(b.hash, a.hash));
    const writer = new AirdropTreeWriter({ dir, name: 'flag', count: entries.length });
    for (const entry of entries) writer.add(entry);
    writer.finish();
    const tree = AirdropTreeFile.open(dir, 'flag');
    const code = await jettonCode();
    const jetton = await deploySandboxJetton({
      blockchain,
      merkleRoot: tree.root,
      totalSupply: 2n * AMOUNT,
      now: NOW,
    });
    const claim = async (owner: SandboxContract<TreasuryContract>) => {
      const served = customPayloadResponse(tree, owner.address, {
        minter: jetton.minter,
        walletCode: code.wallet,
      });
      assert(served, 'no proof for the owner');
      const [proofPayload] = Cell.fromBoc(Buffer.from(served.custom_payload, 'base64'));
      assert(proofPayload, 'an empty proof');
      await sendTonConnect(
        owner,
        claimMessages({
          owner: owner.address,
          minter: jetton.minter,
          merkleRoot: tree.root,
          walletCode: code.wallet,
          proofPayload,
        }),
      );
    };
    const send = (from: SandboxContract<TreasuryContract>, to: Address, amount: bigint) =>
      from.send({
        to: jetton.walletOf(from.address),
        value: toNano('0.1'),
        body: transferBody({ amount, destination: to, responseDestination: from.address }),
      });

    // Not deployed: nothing to ask.
    expect(await isClaimed(jetton, alice.address)).toBeNull();
    await claim(alice);
    expect((await jetton.walletData(alice.address))?.balance).toBe(AMOUNT);
    expect(await isClaimed(jetton, alice.address)).toBe(true);

    // Bob's wallet, deployed by Alice's transfer, holds jettons: it has not claimed.
    await send(alice, bob.address, AMOUNT);
    expect((await jetton.walletData(bob.address))?.balance).toBe(AMOUNT);
    expect(await isClaimed(jetton, bob.address)).toBe(false);
    // Alice sent everything on: nothing left, and claimed all the same.
    expect((await jetton.walletData(alice.address))?.balance).toBe(0n);
    expect(await isClaimed(jetton, alice.address)).toBe(true);

    // Bob claims his own on top of what he was sent; Carol, deployed by a transfer, never can.
    await claim(bob);
    expect((await jetton.walletData(bob.address))?.balance).toBe(2n * AMOUNT);
    expect(await isClaimed(jetton, bob.address)).toBe(true);
    await send(bob, carol.address, AMOUNT);
    expect(await isClaimed(jetton, carol.address)).toBe(false);
    tree.close();
  });
});
