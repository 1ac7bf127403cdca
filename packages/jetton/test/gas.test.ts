import { readFileSync } from 'node:fs';
import type { Transaction } from '@ton/core';
import { beginCell, fromNano, toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { assert, beforeEach, describe, expect, it } from 'vitest';
import {
  cellTreeSize,
  claimMessages,
  claimPayload,
  ExitCode,
  Op,
  stateInitCell,
  transferBody,
  walletStateInit,
} from '../src/contracts.ts';
import {
  deploySandboxJetton,
  exitCode,
  find,
  found,
  gasUsed,
  scaleGasPrices,
  sendTonConnect,
  totalFees,
  type SandboxJetton,
} from '../src/testing.ts';
import { airdropProof, buildAirdropTree, type AirdropTree } from '../src/tree.ts';

// The gas and fees of a claim, a transfer and a burn in the emulator, printed beside the constants
// contracts/fees.fc prices them with and beside those ton-community/mintless-jetton publishes for its
// own contracts (contracts/gas.fc there); and the fees following the network's prices.

const NOW = 1_800_000_000;
const AMOUNT = 1_000_000_000_000n;

/** The constants of contracts/fees.fc, read from the source the contracts are compiled from. */
const feesSource = readFileSync(new URL('../contracts/fees.fc', import.meta.url), 'utf8');
const constant = (name: string): number => {
  const match = new RegExp(`const int ${name.replace(/[.:]/g, '\\$&')} = (\\d+);`).exec(feesSource);
  if (!match) throw new Error(`No constant ${name} in fees.fc`);
  return Number(match[1]);
};

/** ton-community/mintless-jetton, contracts/gas.fc: the figures it publishes for its contracts. */
const REFERENCE = {
  sendTransferGas: 29_700,
  receiveTransferGas: 31_500,
  sendBurnGas: 6_148,
  receiveBurnGas: 27_720,
  walletBits: 1_299,
  walletCells: 3,
  stateInitBits: 1_197,
  stateInitCells: 3,
  minimalTransfer: toNano('0.028627415'),
  minimalBurn: toNano('0.016492002'),
};

describe('the jetton’s gas and fees', () => {
  let blockchain: Blockchain;
  let alice: SandboxContract<TreasuryContract>;
  let bob: SandboxContract<TreasuryContract>;
  let tree: AirdropTree;
  let jetton: SandboxJetton;

  const claim = (owner: SandboxContract<TreasuryContract>) => {
    const proof = airdropProof(tree, owner.address);
    assert(proof, `no proof for ${owner.address}`);
    return sendTonConnect(
      owner,
      claimMessages({
        owner: owner.address,
        minter: jetton.minter,
        merkleRoot: tree.root,
        walletCode: jetton.code.wallet,
        proofPayload: claimPayload(proof),
      }),
    );
  };
  const transfer = (value: bigint, amount = 1_000n, forwardTonAmount = 0n) =>
    alice.send({
      to: jetton.walletOf(alice.address),
      value,
      body: transferBody({
        amount,
        destination: bob.address,
        responseDestination: alice.address,
        forwardTonAmount,
        forwardPayload: forwardTonAmount
          ? beginCell().storeUint(0, 32).storeStringTail('gg').endCell()
          : null,
      }),
    });
  const burn = (value: bigint) =>
    alice.send({
      to: jetton.walletOf(alice.address),
      value,
      body: beginCell()
        .storeUint(Op.burn, 32)
        .storeUint(0, 64)
        .storeCoins(1n)
        .storeAddress(alice.address)
        .storeMaybeRef(null)
        .endCell(),
    });
  /** The least value (to a nanoton) `attempt` is accepted with, by bisection; state kept as it was. */
  const minimal = async (attempt: (value: bigint) => Promise<{ transactions: Transaction[] }>) => {
    const snapshot = blockchain.snapshot();
    const accepted = async (value: bigint) => {
      const { transactions } = await attempt(value);
      await blockchain.loadFrom(snapshot);
      return exitCode(found(transactions, alice.address, jetton.walletOf(alice.address))) === 0;
    };
    let [low, high] = [0n, toNano('1')];
    while (high - low > 1n) {
      const mid = (low + high) / 2n;
      if (await accepted(mid)) high = mid;
      else low = mid;
    }
    return high;
  };

  beforeEach(async () => {
    blockchain = await Blockchain.create();
    alice = await blockchain.treasury('alice');
    bob = await blockchain.treasury('bob');
    tree = buildAirdropTree([
      { address: alice.address, amount: AMOUNT, startFrom: NOW - 3600, expiredAt: NOW + 86_400 },
      { address: bob.address, amount: AMOUNT, startFrom: NOW - 3600, expiredAt: NOW + 86_400 },
    ]);
    jetton = await deploySandboxJetton({
      blockchain,
      merkleRoot: tree.root,
      totalSupply: 2n * AMOUNT,
      now: NOW,
    });
  });

  it('prints the gas and fees of a claim, a transfer and a burn beside the constants and the reference', async () => {
    const aliceWallet = jetton.walletOf(alice.address);
    const bobWallet = jetton.walletOf(bob.address);
    const tonBefore = await alice.getBalance();
    const claimed = await claim(alice);
    const claimTx = found(claimed, alice.address, aliceWallet, Op.transfer);
    const claimReceive = found(claimed, aliceWallet, aliceWallet, Op.internalTransfer);
    expect(exitCode(claimTx)).toBe(0);
    const claimSpent = tonBefore - (await alice.getBalance());

    const sent = await transfer(toNano('0.1'), 1_000n, toNano('0.01'));
    const sendTx = found(sent.transactions, alice.address, aliceWallet, Op.transfer);
    const receiveTx = found(sent.transactions, aliceWallet, bobWallet, Op.internalTransfer);
    expect(exitCode(sendTx)).toBe(0);
    expect(exitCode(receiveTx)).toBe(0);

    const burnt = await burn(toNano('0.1'));
    const burnTx = found(burnt.transactions, alice.address, aliceWallet, Op.burn);
    const burnReceive = found(burnt.transactions, aliceWallet, jetton.minter, Op.burnNotification);
    expect(exitCode(burnReceive)).toBe(0);

    const asked = await bob.send({
      to: jetton.minter,
      value: toNano('0.05'),
      body: beginCell()
        .storeUint(Op.provideWalletAddress, 32)
        .storeUint(0, 64)
        .storeAddress(alice.address)
        .storeBit(1)
        .endCell(),
    });
    const provideTx = found(asked.transactions, bob.address, jetton.minter);
    expect(exitCode(provideTx)).toBe(0);

    const { account } = (await blockchain.getContract(bobWallet)).account;
    assert(account, "no account for Bob's wallet");
    const used = account.storageStats.used;
    const walletState = account.storage.state;
    expect(walletState.type).toBe('active');
    const stateInit = cellTreeSize(
      stateInitCell(
        walletStateInit({
          owner: bob.address,
          minter: jetton.minter,
          merkleRoot: tree.root,
          walletCode: jetton.code.wallet,
        }),
      ),
    );
    const code = cellTreeSize(jetton.code.wallet);
    const minimalTransfer = await minimal((value) => transfer(value));
    const minimalBurn = await minimal((value) => burn(value));

    const rows: [string, string | number, string | number, string | number][] = [
      ['claim: jetton wallet, transfer + proof (gas)', gasUsed(claimTx).toString(), '—', '—'],
      ['claim: the same wallet, internal_transfer (gas)', gasUsed(claimReceive).toString(), '—', '—'],
      ['claim: fees of the two (TON)', fromNano(totalFees(claimTx) + totalFees(claimReceive)), '—', '—'],
      ['claim: what the player’s wallet spends in all (TON)', fromNano(claimSpent), '—', '—'],
      [
        'transfer: sender (gas)',
        gasUsed(sendTx).toString(),
        constant('gas::send_transfer'),
        REFERENCE.sendTransferGas,
      ],
      [
        'transfer: receiver, deployed (gas)',
        gasUsed(receiveTx).toString(),
        constant('gas::receive_transfer'),
        REFERENCE.receiveTransferGas,
      ],
      [
        'transfer: fees, sender + receiver (TON)',
        fromNano(totalFees(sendTx) + totalFees(receiveTx)),
        '—',
        '—',
      ],
      [
        'transfer: least value accepted (TON)',
        fromNano(minimalTransfer),
        '—',
        fromNano(REFERENCE.minimalTransfer),
      ],
      ['burn: wallet (gas)', gasUsed(burnTx).toString(), constant('gas::send_burn'), REFERENCE.sendBurnGas],
      [
        'burn: minter (gas)',
        gasUsed(burnReceive).toString(),
        constant('gas::receive_burn'),
        REFERENCE.receiveBurnGas,
      ],
      [
        'provide_wallet_address: minter (gas)',
        gasUsed(provideTx).toString(),
        constant('gas::provide_wallet_address'),
        '—',
      ],
      ['burn: least value accepted (TON)', fromNano(minimalBurn), '—', fromNano(REFERENCE.minimalBurn)],
      ['wallet account: bits', used.bits.toString(), constant('wallet::bits'), REFERENCE.walletBits],
      ['wallet account: cells', used.cells.toString(), constant('wallet::cells'), REFERENCE.walletCells],
      [
        'wallet state init: bits',
        stateInit.bits,
        constant('wallet::state_init_bits'),
        REFERENCE.stateInitBits,
      ],
      [
        'wallet state init: cells',
        stateInit.cells,
        constant('wallet::state_init_cells'),
        REFERENCE.stateInitCells,
      ],
      ['wallet code (the library): bits / cells', `${code.bits} / ${code.cells}`, '—', '—'],
    ];
    console.log(
      ['| what | measured | fees.fc | mintless-jetton |', '| --- | ---: | ---: | ---: |']
        .concat(rows.map((r) => `| ${r.join(' | ')} |`))
        .join('\n'),
    );

    // The constants cover what was measured (the claim's proof is priced by gas_consumed()).
    expect(gasUsed(sendTx)).toBeLessThanOrEqual(BigInt(constant('gas::send_transfer')));
    expect(gasUsed(receiveTx)).toBeLessThanOrEqual(BigInt(constant('gas::receive_transfer')));
    expect(gasUsed(burnTx)).toBeLessThanOrEqual(BigInt(constant('gas::send_burn')));
    expect(gasUsed(burnReceive)).toBeLessThanOrEqual(BigInt(constant('gas::receive_burn')));
    expect(gasUsed(provideTx)).toBeLessThanOrEqual(BigInt(constant('gas::provide_wallet_address')));
    expect(used.bits).toBeLessThanOrEqual(BigInt(constant('wallet::bits')));
    expect(used.cells).toBeLessThanOrEqual(BigInt(constant('wallet::cells')));
    expect(stateInit.bits).toBeLessThanOrEqual(constant('wallet::state_init_bits'));
    expect(stateInit.cells).toBeLessThanOrEqual(constant('wallet::state_init_cells'));
  });

  it('prices a transfer at the network’s current gas prices: refused under prices ten times higher', async () => {
    await claim(alice);
    const aliceWallet = jetton.walletOf(alice.address);
    const value = toNano('0.06');
    const first = await transfer(value);
    expect(exitCode(found(first.transactions, alice.address, aliceWallet))).toBe(0);

    scaleGasPrices(blockchain, 0, 10n);
    const dear = await transfer(value);
    expect(exitCode(found(dear.transactions, alice.address, aliceWallet))).toBe(ExitCode.notEnoughGas);
    expect(find(dear.transactions, aliceWallet, alice.address)?.inMessage?.info).toMatchObject({
      bounced: true,
    });
    expect((await jetton.walletData(alice.address))?.balance).toBe(AMOUNT - 1_000n);
    // Enough for the new prices: accepted, and the receiver can pay its step.
    const paid = await transfer(toNano('0.5'));
    expect(exitCode(found(paid.transactions, alice.address, aliceWallet))).toBe(0);
    expect(exitCode(found(paid.transactions, aliceWallet, jetton.walletOf(bob.address)))).toBe(0);
    expect((await jetton.walletData(bob.address))?.balance).toBe(2_000n);
  });
});
