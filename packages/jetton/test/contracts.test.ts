import { Address, beginCell, Cell, CellType, Dictionary, loadStateInit, toNano } from '@ton/core';
import { Blockchain, internal, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { assert, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  claimMessages,
  claimPayload,
  ExitCode,
  jettonCode,
  jettonContent,
  jettonMetadata,
  libraryMessage,
  Op,
  transferBody,
  walletCodeRef,
} from '../src/contracts.ts';
import {
  deploySandboxJetton,
  exitCode,
  find,
  found,
  sendTonConnect,
  type SandboxJetton,
} from '../src/testing.ts';
import { airdropProof, buildAirdropTree, customPayloadResponse, type AirdropTree } from '../src/tree.ts';

const NOW = 1_800_000_000;
const AMOUNT = 1_234_500_000_000n;
const OTHER_AMOUNT = 777_000_000_000n;

/** The proof of `address` in `tree`, which must be in it. */
const proofOf = (tree: AirdropTree, address: Address) => {
  const proof = airdropProof(tree, address);
  assert(proof, `${address} is not in the tree`);
  return proof;
};

describe('the mintless jetton in the TON emulator', () => {
  let alice: SandboxContract<TreasuryContract>;
  let bob: SandboxContract<TreasuryContract>;
  let early: SandboxContract<TreasuryContract>;
  let late: SandboxContract<TreasuryContract>;
  let outsider: SandboxContract<TreasuryContract>;
  let tree: AirdropTree;
  let jetton: SandboxJetton;

  /** The messages the player's wallet sends to claim, built from the served custom payload. */
  const claimOf = (owner: Address, proofOwner: Address = owner) => {
    const served = customPayloadResponse(tree, proofOwner, {
      minter: jetton.minter,
      walletCode: jetton.code.wallet,
    });
    if (!served) throw new Error('Not in the tree');
    const [proofPayload] = Cell.fromBoc(Buffer.from(served.custom_payload, 'base64'));
    assert(proofPayload, 'an empty custom payload');
    const messages = claimMessages({
      owner,
      minter: jetton.minter,
      merkleRoot: tree.root,
      walletCode: jetton.code.wallet,
      proofPayload,
      queryId: 7n,
    });
    // The state_init served to wallets (TEP-177) is the one the claim deploys.
    if (owner.equals(proofOwner)) expect(messages[0]?.stateInit).toBe(served.state_init);
    return messages;
  };
  const balanceOf = async (owner: Address) => (await jetton.walletData(owner))?.balance ?? 0n;

  beforeAll(async () => {
    await jettonCode();
  });

  beforeEach(async () => {
    const blockchain = await Blockchain.create();
    alice = await blockchain.treasury('alice');
    bob = await blockchain.treasury('bob');
    early = await blockchain.treasury('early');
    late = await blockchain.treasury('late');
    outsider = await blockchain.treasury('outsider');
    tree = buildAirdropTree([
      { address: alice.address, amount: AMOUNT, startFrom: NOW - 3600, expiredAt: NOW + 86_400 },
      { address: bob.address, amount: OTHER_AMOUNT, startFrom: NOW - 3600, expiredAt: NOW + 86_400 },
      { address: early.address, amount: 5n, startFrom: NOW + 1000, expiredAt: NOW + 2000 },
      { address: late.address, amount: 6n, startFrom: NOW - 2000, expiredAt: NOW - 1000 },
    ]);
    jetton = await deploySandboxJetton({
      blockchain,
      merkleRoot: tree.root,
      totalSupply: AMOUNT + OTHER_AMOUNT + 11n,
      now: NOW,
    });
  });

  it('deploys a minter answering TEP-74 and TEP-177 get methods', async () => {
    const data = await jetton.jettonData();
    expect(data.totalSupply).toBe(AMOUNT + OTHER_AMOUNT + 11n);
    expect(data.mintable).toBe(false);
    expect(data.admin?.equals(jetton.admin.address)).toBe(true);
    expect(data.content.hash().equals(jettonContent('https://example.org/jetton.json').hash())).toBe(true);
    expect((await jetton.minterWalletAddress(alice.address)).equals(jetton.walletOf(alice.address))).toBe(
      true,
    );
    const { stackReader } = await jetton.blockchain.runGetMethod(
      jetton.minter,
      'get_mintless_airdrop_hashmap_root',
    );
    expect(stackReader.readBigNumber()).toBe(tree.root);
  });

  it('claims with a library reference as the wallet code: published once on the masterchain', async () => {
    const [message] = claimOf(alice.address);
    assert(message?.stateInit, 'a claim without the state_init of the wallet');
    const [stateInit] = Cell.fromBoc(Buffer.from(message.stateInit, 'base64'));
    assert(stateInit, 'an empty state_init');
    const init = loadStateInit(stateInit.beginParse());
    // The code travelling in the claim is 8 + 256 bits: the library cell of the wallet's code.
    expect(init.code?.type).toBe(CellType.Library);
    expect(init.code?.bits.length).toBe(8 + 256);
    expect(init.code?.bits.substring(8, 256).toString()).toBe(
      jetton.code.wallet.hash().toString('hex').toUpperCase(),
    );
    expect(Buffer.from(message.stateInit, 'base64').length).toBeLessThan(300);
    const library = walletCodeRef(jetton.code.wallet);
    const { stackReader } = await jetton.blockchain.runGetMethod(jetton.minter, 'get_jetton_data');
    stackReader.skip(4);
    expect(stackReader.readCell().hash().equals(library.hash())).toBe(true);

    const sent = await sendTonConnect(alice, claimOf(alice.address));
    expect(exitCode(found(sent, alice.address, jetton.walletOf(alice.address), Op.transfer))).toBe(0);
    expect(await balanceOf(alice.address)).toBe(AMOUNT);
    const account = await jetton.blockchain.getContract(jetton.walletOf(alice.address));
    const state = account.account.account?.storage.state;
    expect(state?.type === 'active' && state.state.code?.hash().equals(library.hash())).toBe(true);
    expect((await jetton.walletData(alice.address))?.code.hash().equals(library.hash())).toBe(true);
    // Wallet to wallet: the receiver's address, computed with the library reference, is accepted.
    await alice.send({
      to: jetton.walletOf(alice.address),
      value: toNano('0.1'),
      body: transferBody({ amount: 5n, destination: bob.address, responseDestination: alice.address }),
    });
    expect(await balanceOf(bob.address)).toBe(5n);

    // Where the library was not published, the wallet's code cannot be loaded: nothing is credited.
    const bare = await Blockchain.create();
    const carol = await bare.treasury('carol');
    const carolTree = buildAirdropTree([
      { address: carol.address, amount: 1n, startFrom: NOW - 3600, expiredAt: NOW + 86_400 },
    ]);
    const unpublished = await deploySandboxJetton({
      blockchain: bare,
      merkleRoot: carolTree.root,
      totalSupply: 1n,
      now: NOW,
      library: false,
    });
    const attempt = await sendTonConnect(
      carol,
      claimMessages({
        owner: carol.address,
        minter: unpublished.minter,
        merkleRoot: carolTree.root,
        walletCode: unpublished.code.wallet,
        proofPayload: claimPayload(proofOf(carolTree, carol.address)),
      }),
    );
    // Exit 9, cell underflow: the TVM cannot load a library cell it does not have. The claim bounces.
    expect(exitCode(found(attempt, carol.address, unpublished.walletOf(carol.address)))).toBe(9);
    expect(await unpublished.walletData(carol.address).catch(() => null)).toBeNull();
  });

  it('publishes the library only with a year of masterchain storage in the librarian', async () => {
    const bare = await Blockchain.create();
    bare.autoDeployLibraries = true;
    const operator = await bare.treasury('operator');
    const message = await libraryMessage();
    const librarian = Address.parse(message.address);
    expect(librarian.workChain).toBe(-1);
    const published = () => {
      const libs = bare.libs
        ? Dictionary.loadDirect(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell(), bare.libs)
        : undefined;
      return libs?.get(jetton.code.wallet.hash()) !== undefined;
    };
    // Five TON is about half a year at mainnet's masterchain prices: refused, nothing published.
    const short = await sendTonConnect(operator, [{ ...message, amount: toNano('5').toString() }]);
    expect(exitCode(found(short, operator.address, librarian))).toBe(ExitCode.notEnoughGas);
    expect(published()).toBe(false);
    const full = await sendTonConnect(operator, [message]);
    expect(exitCode(found(full, operator.address, librarian))).toBe(0);
    expect(published()).toBe(true);
  });

  it('credits a valid proof exactly its amount, once', async () => {
    const tonBefore = await alice.getBalance();
    const first = await sendTonConnect(alice, claimOf(alice.address));
    const claim = found(first, alice.address, jetton.walletOf(alice.address), Op.transfer);
    expect(exitCode(claim)).toBe(0);
    const data = await jetton.walletData(alice.address);
    expect(data?.balance).toBe(AMOUNT);
    expect(data?.owner.equals(alice.address)).toBe(true);
    expect(data?.minter.equals(jetton.minter)).toBe(true);
    const { stackReader } = await jetton.blockchain.runGetMethod(
      jetton.walletOf(alice.address),
      'is_claimed',
    );
    expect(stackReader.readNumber()).toBe(1);
    // The unspent TON comes back to the owner as `excesses`.
    expect(find(first, jetton.walletOf(alice.address), alice.address, Op.excesses)).toBeDefined();
    // It keeps 5 years of its storage at the network's prices: its code is one library cell.
    expect(tonBefore - (await alice.getBalance())).toBeLessThan(toNano('0.03'));

    const second = await sendTonConnect(alice, claimOf(alice.address));
    const again = found(second, alice.address, jetton.walletOf(alice.address), Op.transfer);
    expect(exitCode(again)).toBe(ExitCode.alreadyClaimed);
    expect(await balanceOf(alice.address)).toBe(AMOUNT);
    // Refused claims bounce: the TON comes back.
    expect(find(second, jetton.walletOf(alice.address), alice.address)?.inMessage?.info).toMatchObject({
      bounced: true,
    });
  });

  it("refuses another wallet's proof, on one's own wallet and on theirs", async () => {
    const own = await sendTonConnect(outsider, claimOf(outsider.address, alice.address));
    expect(exitCode(found(own, outsider.address, jetton.walletOf(outsider.address)))).not.toBe(0);
    expect(await balanceOf(outsider.address)).toBe(0n);

    const theirs = await sendTonConnect(outsider, claimOf(alice.address));
    expect(exitCode(found(theirs, outsider.address, jetton.walletOf(alice.address)))).toBe(ExitCode.notOwner);

    // Bob's proof on Bob's wallet, sent by Bob, proves nothing for Alice and Alice's for nothing of Bob's.
    const swapped = await sendTonConnect(bob, claimOf(bob.address, alice.address));
    expect(exitCode(found(swapped, bob.address, jetton.walletOf(bob.address)))).not.toBe(0);
    expect(await balanceOf(alice.address)).toBe(0n);
    expect(await balanceOf(bob.address)).toBe(0n);
  });

  it('refuses a changed amount: a proof from another tree does not match the root', async () => {
    const forged = buildAirdropTree([
      { address: alice.address, amount: AMOUNT * 1000n, startFrom: NOW - 3600, expiredAt: NOW + 86_400 },
      { address: bob.address, amount: OTHER_AMOUNT, startFrom: NOW - 3600, expiredAt: NOW + 86_400 },
    ]);
    const messages = claimMessages({
      owner: alice.address,
      minter: jetton.minter,
      merkleRoot: tree.root,
      walletCode: jetton.code.wallet,
      proofPayload: claimPayload(proofOf(forged, alice.address)),
    });
    const sent = await sendTonConnect(alice, messages);
    expect(exitCode(found(sent, alice.address, jetton.walletOf(alice.address)))).toBe(ExitCode.wrongRoot);
    expect(await balanceOf(alice.address)).toBe(0n);

    // A plain cell in place of the proof is refused too.
    const plain = claimMessages({
      owner: alice.address,
      minter: jetton.minter,
      merkleRoot: tree.root,
      walletCode: jetton.code.wallet,
      proofPayload: claimPayload(forged.cell),
    });
    const sentPlain = await sendTonConnect(alice, plain);
    expect(exitCode(found(sentPlain, alice.address, jetton.walletOf(alice.address)))).toBe(
      ExitCode.notExotic,
    );
    expect(await balanceOf(alice.address)).toBe(0n);
  });

  it('refuses a claim before start_from and after expired_at, and accepts it within', async () => {
    const tooEarly = await sendTonConnect(early, claimOf(early.address));
    expect(exitCode(found(tooEarly, early.address, jetton.walletOf(early.address)))).toBe(
      ExitCode.airdropNotReady,
    );
    const tooLate = await sendTonConnect(late, claimOf(late.address));
    expect(exitCode(found(tooLate, late.address, jetton.walletOf(late.address)))).toBe(
      ExitCode.airdropFinished,
    );
    expect(await balanceOf(early.address)).toBe(0n);
    expect(await balanceOf(late.address)).toBe(0n);

    jetton.blockchain.now = NOW + 1500;
    await sendTonConnect(early, claimOf(early.address));
    expect(await balanceOf(early.address)).toBe(5n);
    jetton.blockchain.now = NOW + 2001;
    expect(
      exitCode(
        found(await sendTonConnect(bob, claimOf(bob.address)), bob.address, jetton.walletOf(bob.address)),
      ),
    ).toBe(0);
  });

  it('accepts a claim at start_from and at expired_at, both seconds included, and refuses it a second outside', async () => {
    // The server gives claim messages at exactly these seconds (apps/server/test/airdrop-window.test.ts).
    const blockchain = await Blockchain.create();
    blockchain.now = NOW;
    const [start, end] = [NOW + 1000, NOW + 2000];
    const [before, atStart, atEnd, after] = await Promise.all(
      ['before', 'at-start', 'at-end', 'after'].map((name) => blockchain.treasury(name)),
    );
    assert(before && atStart && atEnd && after, 'four treasuries');
    const owners = [before, atStart, atEnd, after];
    tree = buildAirdropTree(
      owners.map((o) => ({ address: o.address, amount: 9n, startFrom: start, expiredAt: end })),
    );
    jetton = await deploySandboxJetton({ blockchain, merkleRoot: tree.root, totalSupply: 36n, now: NOW });
    const claimAt = async (owner: SandboxContract<TreasuryContract>, now: number) => {
      blockchain.now = now;
      const sent = await sendTonConnect(owner, claimOf(owner.address));
      return exitCode(found(sent, owner.address, jetton.walletOf(owner.address)));
    };
    expect(await claimAt(before, start - 1)).toBe(ExitCode.airdropNotReady);
    expect(await claimAt(atStart, start)).toBe(0);
    expect(await claimAt(atEnd, end)).toBe(0);
    expect(await claimAt(after, end + 1)).toBe(ExitCode.airdropFinished);
    expect(await Promise.all(owners.map((o) => balanceOf(o.address)))).toEqual([0n, 9n, 9n, 0n]);
  });

  it('follows TEP-74 for ordinary transfers afterwards: notification, excesses, refusals bounce', async () => {
    await sendTonConnect(alice, claimOf(alice.address));
    const aliceWallet = jetton.walletOf(alice.address);
    const send = (amount: bigint, value = toNano('0.2'), forwardTonAmount = toNano('0.01')) =>
      alice.send({
        to: aliceWallet,
        value,
        body: transferBody({
          queryId: 9n,
          amount,
          destination: bob.address,
          responseDestination: alice.address,
          forwardTonAmount,
          forwardPayload: beginCell().storeUint(0, 32).storeStringTail('gg').endCell(),
        }),
      });

    const { transactions } = await send(1_000n);
    expect(await balanceOf(alice.address)).toBe(AMOUNT - 1_000n);
    const bobData = await jetton.walletData(bob.address);
    expect(bobData?.balance).toBe(1_000n);
    expect(bobData?.owner.equals(bob.address)).toBe(true);
    expect(
      find(transactions, jetton.walletOf(bob.address), bob.address, Op.transferNotification),
    ).toBeDefined();
    expect(find(transactions, jetton.walletOf(bob.address), alice.address, Op.excesses)).toBeDefined();
    // Bob's airdrop is still his to claim: a received transfer is not a claim.
    await sendTonConnect(bob, claimOf(bob.address));
    expect(await balanceOf(bob.address)).toBe(OTHER_AMOUNT + 1_000n);

    // More than the balance, too little TON, a stranger: refused, bounced, nothing changes.
    for (const [attempt, code] of [
      [() => send(AMOUNT), ExitCode.balanceError],
      [() => send(1n, toNano('0.02')), ExitCode.notEnoughGas],
    ] as const) {
      const result = await attempt();
      const tx = found(result.transactions, alice.address, aliceWallet);
      expect(exitCode(tx)).toBe(code);
      expect(find(result.transactions, aliceWallet, alice.address)?.inMessage?.info).toMatchObject({
        bounced: true,
      });
    }
    const stranger = await outsider.send({
      to: aliceWallet,
      value: toNano('0.2'),
      body: transferBody({
        amount: 1n,
        destination: outsider.address,
        responseDestination: outsider.address,
      }),
    });
    expect(exitCode(found(stranger.transactions, outsider.address, aliceWallet))).toBe(ExitCode.notOwner);
    expect(await balanceOf(alice.address)).toBe(AMOUNT - 1_000n);

    // A bounced internal_transfer gives the jettons back to the sender's wallet.
    await jetton.blockchain.sendMessage(
      internal({
        from: jetton.walletOf(bob.address),
        to: aliceWallet,
        value: toNano('0.05'),
        bounced: true,
        body: beginCell()
          .storeUint(0xffffffff, 32)
          .storeUint(Op.internalTransfer, 32)
          .storeUint(9, 64)
          .storeCoins(500n)
          .endCell(),
      }),
    );
    expect(await balanceOf(alice.address)).toBe(AMOUNT - 500n);
  });

  it('refuses a transfer whose forward payload is malformed (TEP-74 Either Cell ^Cell), and bounces it', async () => {
    await sendTonConnect(alice, claimOf(alice.address));
    const aliceWallet = jetton.walletOf(alice.address);
    const note = beginCell().storeUint(0, 32).storeStringTail('gg').endCell();
    // A transfer body up to forward_ton_amount, then `payload` as the forward payload.
    const transfer = (payload: (b: ReturnType<typeof beginCell>) => void) => {
      const body = beginCell()
        .storeUint(Op.transfer, 32)
        .storeUint(3, 64)
        .storeCoins(1_000n)
        .storeAddress(bob.address)
        .storeAddress(alice.address)
        .storeMaybeRef(null)
        .storeCoins(toNano('0.01'));
      payload(body);
      return alice.send({ to: aliceWallet, value: toNano('0.2'), body: body.endCell() });
    };
    for (const malformed of [
      (b: ReturnType<typeof beginCell>) => b.storeBit(1).storeRef(note).storeUint(5, 8), // bits after the ref
      (b: ReturnType<typeof beginCell>) => b.storeBit(1).storeRef(note).storeRef(note), // two refs
      (b: ReturnType<typeof beginCell>) => b.storeBit(1), // "in a ref", and no ref
      () => {}, // not even the Either bit
    ]) {
      const { transactions } = await transfer(malformed);
      expect(exitCode(found(transactions, alice.address, aliceWallet))).toBe(ExitCode.invalidMessage);
      expect(find(transactions, aliceWallet, alice.address)?.inMessage?.info).toMatchObject({
        bounced: true,
      });
      expect(await jetton.walletData(bob.address)).toBeNull();
    }
    expect(await balanceOf(alice.address)).toBe(AMOUNT);
    // Well-formed ones pass: inline (any bits and refs) and in a single ref.
    await transfer((b) => b.storeBit(0).storeUint(7, 16).storeRef(note));
    await transfer((b) => b.storeBit(1).storeRef(note));
    expect(await balanceOf(bob.address)).toBe(2_000n);
  });

  it('bounces an incoming transfer whose notification cannot be sent (bounce on action fail): the jettons go back', async () => {
    await sendTonConnect(alice, claimOf(alice.address));
    await sendTonConnect(bob, claimOf(bob.address));
    const [aliceWallet, bobWallet] = [jetton.walletOf(alice.address), jetton.walletOf(bob.address)];
    // An internal_transfer from Alice's wallet asking Bob's to forward more TON than it holds: the
    // notification fails in the action phase. Without bounce-on-action-fail nothing comes back and
    // the 500 jettons Alice's wallet sent are gone; with it, they bounce back to her wallet.
    const { transactions } = await jetton.blockchain.sendMessage(
      internal({
        from: aliceWallet,
        to: bobWallet,
        value: toNano('0.05'),
        bounce: true,
        body: beginCell()
          .storeUint(Op.internalTransfer, 32)
          .storeUint(4, 64)
          .storeCoins(500n)
          .storeAddress(alice.address)
          .storeAddress(alice.address)
          .storeCoins(toNano('1000'))
          .storeBit(0)
          .endCell(),
      }),
    );
    const received = found(transactions, aliceWallet, bobWallet);
    expect(exitCode(received)).toBe(0);
    expect(find(transactions, bobWallet, aliceWallet)?.inMessage?.info).toMatchObject({ bounced: true });
    expect(await balanceOf(bob.address)).toBe(OTHER_AMOUNT);
    expect(await balanceOf(alice.address)).toBe(AMOUNT + 500n);
  });

  it('burns: the supply goes down by the burnt amount', async () => {
    await sendTonConnect(alice, claimOf(alice.address));
    await alice.send({
      to: jetton.walletOf(alice.address),
      value: toNano('0.1'),
      body: beginCell()
        .storeUint(Op.burn, 32)
        .storeUint(0, 64)
        .storeCoins(AMOUNT)
        .storeAddress(alice.address)
        .storeMaybeRef(null)
        .endCell(),
    });
    expect(await balanceOf(alice.address)).toBe(0n);
    expect((await jetton.jettonData()).totalSupply).toBe(OTHER_AMOUNT + 11n);
  });

  it('lets only the admin change the content, and a dropped admin is gone for good', async () => {
    const body = (op: number) => beginCell().storeUint(op, 32).storeUint(0, 64);
    const newContent = jettonContent('https://example.org/v2.json');
    const refused = await outsider.send({
      to: jetton.minter,
      value: toNano('0.05'),
      body: body(Op.changeContent).storeRef(newContent).endCell(),
    });
    expect(exitCode(found(refused.transactions, outsider.address, jetton.minter))).toBe(ExitCode.notOwner);
    await jetton.admin.send({
      to: jetton.minter,
      value: toNano('0.05'),
      body: body(Op.changeContent).storeRef(newContent).endCell(),
    });
    expect((await jetton.jettonData()).content.hash().equals(newContent.hash())).toBe(true);
    await jetton.admin.send({ to: jetton.minter, value: toNano('0.05'), body: body(Op.dropAdmin).endCell() });
    expect((await jetton.jettonData()).admin).toBeNull();
  });

  it('hands the admin over in two steps: a typo named by change_admin never becomes admin', async () => {
    const body = (op: number) => beginCell().storeUint(op, 32).storeUint(0, 64);
    const changeAdmin = (to: Address | null) => body(Op.changeAdmin).storeAddress(to).endCell();
    const claimAdmin = body(Op.claimAdmin).endCell();
    const nextAdmin = async () =>
      (
        await jetton.blockchain.runGetMethod(jetton.minter, 'get_next_admin_address')
      ).stackReader.readAddressOpt();
    const isAdmin = async (who: Address) => (await jetton.jettonData()).admin?.equals(who) === true;
    // One character off: an address nobody holds the key of.
    const typo = Address.parseRaw(`0:${'ab'.repeat(32)}`);

    await jetton.admin.send({ to: jetton.minter, value: toNano('0.05'), body: changeAdmin(typo) });
    expect(await isAdmin(jetton.admin.address)).toBe(true);
    expect((await nextAdmin())?.equals(typo)).toBe(true);
    // Nobody else can claim in the typo's place, nor can the named admin-to-be act before claiming.
    const stolen = await outsider.send({ to: jetton.minter, value: toNano('0.05'), body: claimAdmin });
    expect(exitCode(found(stolen.transactions, outsider.address, jetton.minter))).toBe(ExitCode.notOwner);
    expect(await isAdmin(jetton.admin.address)).toBe(true);

    // The admin, still admin, names the right address; only that one claims.
    await jetton.admin.send({ to: jetton.minter, value: toNano('0.05'), body: changeAdmin(bob.address) });
    const early = await bob.send({
      to: jetton.minter,
      value: toNano('0.05'),
      body: body(Op.changeContent).storeRef(jettonContent('https://example.org/bob.json')).endCell(),
    });
    expect(exitCode(found(early.transactions, bob.address, jetton.minter))).toBe(ExitCode.notOwner);
    const claimed = await bob.send({ to: jetton.minter, value: toNano('0.05'), body: claimAdmin });
    expect(exitCode(found(claimed.transactions, bob.address, jetton.minter))).toBe(0);
    expect(await isAdmin(bob.address)).toBe(true);
    expect(await nextAdmin()).toBeNull();
    // The former admin is no longer one, and a second claim finds nobody named.
    const former = await jetton.admin.send({
      to: jetton.minter,
      value: toNano('0.05'),
      body: changeAdmin(typo),
    });
    expect(exitCode(found(former.transactions, jetton.admin.address, jetton.minter))).toBe(ExitCode.notOwner);
    const again = await bob.send({ to: jetton.minter, value: toNano('0.05'), body: claimAdmin });
    expect(exitCode(found(again.transactions, bob.address, jetton.minter))).toBe(ExitCode.notOwner);
    expect(await isAdmin(bob.address)).toBe(true);
  });

  it('writes TEP-64 metadata with the custom payload API', () => {
    expect(
      jettonMetadata({
        name: 'Egg',
        symbol: 'EGG',
        decimals: 9,
        customPayloadApiUri: 'https://x.test/api/v1/airdrop',
      }),
    ).toEqual({
      name: 'Egg',
      symbol: 'EGG',
      decimals: '9',
      custom_payload_api_uri: 'https://x.test/api/v1/airdrop',
    });
  });
});
