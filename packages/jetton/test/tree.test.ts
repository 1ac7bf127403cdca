import { Address, beginCell, Cell, CellType, Dictionary, exoticMerkleProof } from '@ton/core';
import { assert, describe, expect, it } from 'vitest';
import { Op, walletAddress } from '../src/contracts.ts';
import {
  airdropItemValue,
  airdropProof,
  buildAirdropTree,
  customPayloadResponse,
  dumpAirdropTree,
  loadAirdropTree,
  verifyAirdropProof,
  type AirdropEntry,
} from '../src/tree.ts';

const address = (i: number) => new Address(0, Buffer.from(i.toString(16).padStart(64, '0'), 'hex'));

const entries: AirdropEntry[] = Array.from({ length: 300 }, (_, i) => ({
  address: address(i * 7919 + 1),
  amount: BigInt(i + 1) * 1_000_000_000n,
  startFrom: 1_700_000_000 + i,
  expiredAt: 1_800_000_000,
}));
const entryAt = (i: number) => {
  const found = entries[i];
  assert(found, `no entry ${i}`);
  return found;
};

describe('the airdrop tree', () => {
  const tree = buildAirdropTree(entries);

  it('has the dictionary cell hash as its root, the layout of TEP-177', () => {
    expect(tree.rootHex).toBe(tree.cell.hash(0).toString('hex'));
    expect(tree.root).toBe(BigInt(`0x${tree.rootHex}`));
    // The same dictionary built by @ton/core directly, from a shuffled order, has the same root.
    const dict = Dictionary.empty(Dictionary.Keys.Address(), airdropItemValue);
    for (const entry of [...entries].reverse()) dict.set(entry.address, entry);
    expect(beginCell().storeDictDirect(dict).endCell().hash(0).toString('hex')).toBe(tree.rootHex);
    // An item: amount:Coins start_from:uint48 expired_at:uint48.
    const first = entryAt(0);
    const item = beginCell()
      .storeCoins(first.amount)
      .storeUint(first.startFrom, 48)
      .storeUint(first.expiredAt, 48)
      .endCell();
    const parsed = airdropItemValue.parse(item.beginParse());
    expect(parsed).toEqual({ amount: first.amount, startFrom: first.startFrom, expiredAt: first.expiredAt });
  });

  it("proves every entry against the root, and each proof is @ton/core's own", () => {
    for (const entry of entries) {
      const cell = airdropProof(tree, entry.address);
      assert(cell, `no proof for ${entry.address}`);
      expect(cell.type).toBe(CellType.MerkleProof);
      const { proofHash } = exoticMerkleProof(cell.bits, cell.refs);
      expect(proofHash.toString('hex')).toBe(tree.rootHex);
      expect(cell.refs[0]?.hash(0).toString('hex')).toBe(tree.rootHex);
      expect(verifyAirdropProof(cell, tree.root, entry.address)).toEqual({
        amount: entry.amount,
        startFrom: entry.startFrom,
        expiredAt: entry.expiredAt,
      });
    }
    // The cut along one path is exactly what Dictionary.generateMerkleProof gives.
    const some = entryAt(42).address;
    expect(
      airdropProof(tree, some)
        ?.hash()
        .equals(tree.dict.generateMerkleProof([some]).hash()),
    ).toBe(true);
  });

  it('gives no proof for an absent address, and a proof proves nothing for another address', () => {
    expect(airdropProof(tree, address(2))).toBeNull();
    const proof = airdropProof(tree, entryAt(0).address);
    assert(proof, 'no proof for the first entry');
    expect(verifyAirdropProof(proof, tree.root, entryAt(1).address)).toBeNull();
    expect(verifyAirdropProof(proof, tree.root + 1n, entryAt(0).address)).toBeNull();
  });

  it('dumps the whole dictionary as a BOC that loads back to the same root', () => {
    const back = loadAirdropTree(dumpAirdropTree(tree));
    expect(back.rootHex).toBe(tree.rootHex);
    expect(back.dict.size).toBe(entries.length);
  });

  it('matches @ton/core on edge values: one entry, zero and the largest Coins, extreme windows', () => {
    const edge: AirdropEntry[] = [
      { address: address(0), amount: 0n, startFrom: 0, expiredAt: 0 },
      { address: address(1), amount: (1n << 120n) - 1n, startFrom: 0, expiredAt: 2 ** 48 - 1 },
      { address: new Address(0, Buffer.alloc(32, 0xff)), amount: 255n, startFrom: 7, expiredAt: 8 },
      { address: address(0x80), amount: 256n, startFrom: 1, expiredAt: 1 },
    ];
    for (const list of [edge.slice(0, 1), edge]) {
      const dict = Dictionary.empty(Dictionary.Keys.Address(), airdropItemValue);
      for (const entry of list) dict.set(entry.address, entry);
      const built = buildAirdropTree(list);
      expect(built.rootHex).toBe(beginCell().storeDictDirect(dict).endCell().hash(0).toString('hex'));
      for (const entry of list) {
        const proof = airdropProof(built, entry.address);
        assert(proof, `no proof for ${entry.address}`);
        expect(verifyAirdropProof(proof, built.root, entry.address)).toEqual({
          amount: entry.amount,
          startFrom: entry.startFrom,
          expiredAt: entry.expiredAt,
        });
      }
    }
  });

  it('refuses duplicated addresses, an empty list and reversed windows', () => {
    expect(() => buildAirdropTree([])).toThrow();
    expect(() => buildAirdropTree([entryAt(0), entryAt(0)])).toThrow(/Duplicated/);
    expect(() => buildAirdropTree([{ ...entryAt(0), startFrom: 2, expiredAt: 1 }])).toThrow();
  });

  it("answers TEP-177's custom payload API: the claim payload, the wallet's state_init, the item", () => {
    const minter = address(999_999);
    const walletCode = beginCell().storeUint(0xc0de, 16).endCell();
    const entry = entryAt(5);
    const answer = customPayloadResponse(tree, entry.address, { minter, walletCode });
    assert(answer, 'no answer for an entry');
    expect(answer.compressed_info).toEqual({
      amount: entry.amount.toString(),
      start_from: String(entry.startFrom),
      expired_at: String(entry.expiredAt),
    });
    const [payloadCell] = Cell.fromBoc(Buffer.from(answer.custom_payload, 'base64'));
    assert(payloadCell, 'an empty custom payload');
    const payload = payloadCell.beginParse();
    expect(payload.loadUint(32)).toBe(Op.merkleAirdropClaim);
    const proof = payload.loadRef();
    expect(verifyAirdropProof(proof, tree.root, entry.address)?.amount).toBe(entry.amount);
    const wallet = walletAddress({ owner: entry.address, minter, merkleRoot: tree.root, walletCode });
    expect(answer.jetton_wallet).toBe(wallet.toRawString());
    expect(answer.owner).toBe(entry.address.toRawString());
    expect(Cell.fromBoc(Buffer.from(answer.state_init, 'base64'))[0]?.refs).toHaveLength(2);
    expect(customPayloadResponse(tree, address(2), { minter, walletCode })).toBeNull();
  });
});
