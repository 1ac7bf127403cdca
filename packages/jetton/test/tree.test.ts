import { Address, beginCell, Cell, CellType, Dictionary, exoticMerkleProof } from '@ton/core';
import { describe, expect, it } from 'vitest';
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
    const first = entries[0]!;
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
      const proof = airdropProof(tree, entry.address);
      expect(proof).not.toBeNull();
      const cell = proof!;
      expect(cell.type).toBe(CellType.MerkleProof);
      const { proofHash } = exoticMerkleProof(cell.bits, cell.refs);
      expect(proofHash.toString('hex')).toBe(tree.rootHex);
      expect(cell.refs[0]!.hash(0).toString('hex')).toBe(tree.rootHex);
      expect(verifyAirdropProof(cell, tree.root, entry.address)).toEqual({
        amount: entry.amount,
        startFrom: entry.startFrom,
        expiredAt: entry.expiredAt,
      });
    }
    // The cut along one path is exactly what Dictionary.generateMerkleProof gives.
    const some = entries[42]!.address;
    expect(
      airdropProof(tree, some)!
        .hash()
        .equals(tree.dict.generateMerkleProof([some]).hash()),
    ).toBe(true);
  });

  it('gives no proof for an absent address, and a proof proves nothing for another address', () => {
    expect(airdropProof(tree, address(2))).toBeNull();
    const proof = airdropProof(tree, entries[0]!.address)!;
    expect(verifyAirdropProof(proof, tree.root, entries[1]!.address)).toBeNull();
    expect(verifyAirdropProof(proof, tree.root + 1n, entries[0]!.address)).toBeNull();
  });

  it('dumps the whole dictionary as a BOC that loads back to the same root', () => {
    const back = loadAirdropTree(dumpAirdropTree(tree));
    expect(back.rootHex).toBe(tree.rootHex);
    expect(back.dict.size).toBe(entries.length);
  });

  it('refuses duplicated addresses, an empty list and reversed windows', () => {
    expect(() => buildAirdropTree([])).toThrow();
    expect(() => buildAirdropTree([entries[0]!, entries[0]!])).toThrow(/Duplicated/);
    expect(() => buildAirdropTree([{ ...entries[0]!, startFrom: 2, expiredAt: 1 }])).toThrow();
  });

  it("answers TEP-177's custom payload API: the claim payload, the wallet's state_init, the item", () => {
    const minter = address(999_999);
    const walletCode = beginCell().storeUint(0xc0de, 16).endCell();
    const entry = entries[5]!;
    const answer = customPayloadResponse(tree, entry.address, { minter, walletCode })!;
    expect(answer.compressed_info).toEqual({
      amount: entry.amount.toString(),
      start_from: String(entry.startFrom),
      expired_at: String(entry.expiredAt),
    });
    const payload = Cell.fromBoc(Buffer.from(answer.custom_payload, 'base64'))[0]!.beginParse();
    expect(payload.loadUint(32)).toBe(Op.merkleAirdropClaim);
    const proof = payload.loadRef();
    expect(verifyAirdropProof(proof, tree.root, entry.address)?.amount).toBe(entry.amount);
    const wallet = walletAddress({ owner: entry.address, minter, merkleRoot: tree.root, walletCode });
    expect(answer.jetton_wallet).toBe(wallet.toRawString());
    expect(answer.owner).toBe(entry.address.toRawString());
    expect(Cell.fromBoc(Buffer.from(answer.state_init, 'base64'))[0]!.refs).toHaveLength(2);
    expect(customPayloadResponse(tree, address(2), { minter, walletCode })).toBeNull();
  });
});
