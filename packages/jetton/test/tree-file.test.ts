import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Address, beginCell, Cell, Dictionary } from '@ton/core';
import { afterAll, assert, describe, expect, it } from 'vitest';
import { claimPayload, claimTransferHead, transferBody } from '../src/contracts.ts';
import {
  airdropItemValue,
  airdropProof,
  buildAirdropTree,
  dumpAirdropTree,
  type AirdropItem,
} from '../src/tree.ts';
import { AirdropTreeFile, AirdropTreeWriter, treeFilePaths, type TreeFileEntry } from '../src/tree-file.ts';

// The streamed tree against @ton/core's own Dictionary: the same root, a dump that loads back to
// the same dictionary, and byte for byte the same proofs, on key sets chosen to reach every label
// form (hml_short, hml_long, hml_same) and every shape (one entry, two, neighbours, one long chain).

const dir = mkdtempSync(join(tmpdir(), 'tree-file-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let named = 0;
const hashOf = (n: bigint) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex');
const itemOf = (i: number): AirdropItem => ({
  amount: BigInt(i) * 1_000_000_007n,
  startFrom: 1_700_000_000 + (i % 1000),
  expiredAt: 1_800_000_000,
});

/** Writes the tree of `hashes` (any order, distinct), given to the writer in descending order. */
function write(hashes: Buffer[], item: (i: number) => AirdropItem = itemOf) {
  const sorted = [...hashes].sort(Buffer.compare).reverse();
  const entries: TreeFileEntry[] = sorted.map((hash, i) => ({ hash, ...item(i) }));
  const name = `t${named++}`;
  const writer = new AirdropTreeWriter({ dir, name, count: entries.length });
  for (const entry of entries) writer.add(entry);
  const manifest = writer.finish();
  return { entries, manifest, file: AirdropTreeFile.open(dir, name), name };
}

function coreDict(entries: TreeFileEntry[]) {
  const dict = Dictionary.empty(Dictionary.Keys.Address(), airdropItemValue);
  for (const entry of [...entries].reverse()) dict.set(new Address(0, Buffer.from(entry.hash)), entry);
  return dict;
}

const item = ({ amount, startFrom, expiredAt }: AirdropItem) => ({ amount, startFrom, expiredAt });
const toEntry = (e: TreeFileEntry) => ({ address: new Address(0, Buffer.from(e.hash)), ...item(e) });

/** Everything against @ton/core: root, dump, every entry's item and proof, absent neighbours. */
function checkAgainstCore(hashes: Buffer[], options: { proofs?: number } = {}) {
  const { entries, manifest, file, name } = write(hashes);
  const dict = coreDict(entries);
  const root = beginCell().storeDictDirect(dict).endCell();
  expect(manifest.rootHex).toBe(root.hash(0).toString('hex'));
  expect(file.root).toBe(BigInt(`0x${manifest.rootHex}`));
  expect(manifest.entries).toBe(entries.length);
  // The dump is the whole dictionary.
  const dump = readFileSync(treeFilePaths(dir, name).dump);
  expect(dump.length).toBe(manifest.dumpBytes);
  const [loaded] = Cell.fromBoc(dump);
  assert(loaded, 'an empty dump');
  expect(loaded.hash(0).equals(root.hash(0))).toBe(true);
  // Byte for byte the dump the in-memory tree writes.
  expect(dump.equals(dumpAirdropTree(buildAirdropTree(entries.map(toEntry))))).toBe(true);
  const back = Dictionary.loadDirect(Dictionary.Keys.Address(), airdropItemValue, loaded);
  expect(back.size).toBe(entries.length);
  const every = Math.max(1, Math.floor(entries.length / (options.proofs ?? entries.length)));
  entries.forEach((entry, i) => {
    const address = new Address(0, Buffer.from(entry.hash));
    const found = file.lookup(address);
    expect(found?.item).toEqual(item(entry));
    if (i % every === 0) {
      assert(found, `no entry for ${address}`);
      const proof = found.proof();
      expect(proof.toBoc().equals(dict.generateMerkleProof([address]).toBoc())).toBe(true);
      expect(found.payloadBoc().equals(claimPayload(proof).toBoc())).toBe(true);
      // The claim's transfer body above it: the bytes transferBody gives with the proof's cells.
      const body = transferBody({
        amount: 0n,
        destination: address,
        responseDestination: address,
        customPayload: claimPayload(proof),
      });
      expect(found.payloadBoc(claimTransferHead(address)).equals(body.toBoc())).toBe(true);
    }
  });
  // Addresses next to present ones, not in the tree.
  const present = new Set(entries.map((e) => Buffer.from(e.hash).toString('hex')));
  for (const entry of entries.slice(0, 50)) {
    for (const delta of [-1n, 1n]) {
      const n = BigInt(`0x${Buffer.from(entry.hash).toString('hex')}`) + delta;
      if (n < 0n || n >= 1n << 256n || present.has(n.toString(16).padStart(64, '0'))) continue;
      expect(file.lookup(new Address(0, hashOf(n)))).toBeNull();
    }
  }
  const [first] = entries;
  assert(first, 'no entries');
  expect(file.lookup(new Address(-1, Buffer.from(first.hash)))).toBeNull();
  return { entries, manifest, file };
}

const random = (n: number, seed: number) => {
  let x = BigInt(seed) | 1n;
  const out = new Map<string, Buffer>();
  while (out.size < n) {
    let v = 0n;
    for (let i = 0; i < 4; i++) {
      x = (x * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
      v = (v << 64n) | x;
    }
    out.set(v.toString(16), hashOf(v));
  }
  return [...out.values()];
};

describe('the streamed airdrop tree', () => {
  it('matches @ton/core with one entry (a leaf of the whole key), at both ends of the key space', () => {
    checkAgainstCore([hashOf(0n)]);
    checkAgainstCore([hashOf((1n << 256n) - 1n)]);
    checkAgainstCore([hashOf(0x1234n)]);
  });

  it('matches @ton/core with two entries: neighbours, and keys that part at the first bit', () => {
    checkAgainstCore([hashOf(0n), hashOf(1n)]);
    checkAgainstCore([hashOf(0n), hashOf(1n << 255n)]);
    checkAgainstCore([hashOf((1n << 255n) - 1n), hashOf(1n << 255n)]);
    checkAgainstCore([hashOf(5n), hashOf((1n << 256n) - 1n)]);
  });

  it('matches @ton/core on neighbouring addresses (labels of a few bits, all short)', () => {
    checkAgainstCore(Array.from({ length: 64 }, (_, i) => hashOf(1000n + BigInt(i))));
    checkAgainstCore(Array.from({ length: 33 }, (_, i) => hashOf((1n << 200n) + BigInt(i * 3))));
  });

  it('matches @ton/core on runs of zeros and ones (hml_same) and a chain as deep as the key', () => {
    // 2^k and 2^k - 1 for every k: each key forks off the others at its own bit, the rest zeros or ones.
    const powers = Array.from({ length: 256 }, (_, k) => 1n << BigInt(k));
    checkAgainstCore([...powers.map(hashOf), hashOf(0n)], { proofs: 40 });
    checkAgainstCore([...powers.map((p) => hashOf(p - 1n)), hashOf((1n << 256n) - 1n)], { proofs: 40 });
    checkAgainstCore([...powers.map((p) => hashOf(((1n << 256n) - 1n) ^ p))], { proofs: 40 });
  }, 120_000);

  it('matches @ton/core on random key sets, edge items included', () => {
    for (const [n, seed] of [
      [3, 1],
      [17, 2],
      [300, 3],
      [1000, 4],
    ] as const)
      checkAgainstCore(random(n, seed), { proofs: 10 });
    const edge = write(random(4, 5), (i) => {
      const edgeItem = [
        { amount: 0n, startFrom: 0, expiredAt: 0 },
        { amount: (1n << 120n) - 1n, startFrom: 0, expiredAt: 2 ** 48 - 1 },
        { amount: 255n, startFrom: 7, expiredAt: 8 },
        { amount: 256n, startFrom: 2 ** 48 - 1, expiredAt: 2 ** 48 - 1 },
      ][i];
      assert(edgeItem, `no edge item ${i}`);
      return edgeItem;
    });
    const dict = coreDict(edge.entries);
    expect(edge.manifest.rootHex).toBe(beginCell().storeDictDirect(dict).endCell().hash(0).toString('hex'));
    for (const entry of edge.entries) {
      const address = new Address(0, Buffer.from(entry.hash));
      expect(edge.file.get(address)).toEqual(item(entry));
      expect(
        edge.file
          .lookup(address)
          ?.proof()
          .toBoc()
          .equals(dict.generateMerkleProof([address]).toBoc()),
      ).toBe(true);
    }
  }, 120_000);

  it('matches @ton/core on 10,000 random entries', () => {
    checkAgainstCore(random(10_000, 6), { proofs: 3 });
  }, 120_000);

  it('matches the in-memory tree on 100,000 random entries: root, dump, proofs', () => {
    const { entries, manifest, file, name } = write(random(100_000, 7));
    const tree = buildAirdropTree(entries.map(toEntry));
    expect(manifest.rootHex).toBe(tree.rootHex);
    const dump = readFileSync(treeFilePaths(dir, name).dump);
    expect(dump.equals(dumpAirdropTree(tree))).toBe(true);
    expect(Cell.fromBoc(dump)[0]?.hash(0).toString('hex')).toBe(tree.rootHex);
    for (let i = 0; i < entries.length; i += 997) {
      const entry = entries[i];
      assert(entry, `no entry ${i}`);
      const address = new Address(0, Buffer.from(entry.hash));
      const found = file.lookup(address);
      const expected = airdropProof(tree, address);
      assert(found && expected, `no proof for ${address}`);
      expect(found.proof().toBoc().equals(expected.toBoc())).toBe(true);
      expect(found.payloadBoc().equals(claimPayload(expected).toBoc())).toBe(true);
    }
  }, 120_000);

  it('serves from the files alone: reopened, it answers the same', () => {
    const { entries, name, file } = write(random(500, 8));
    file.close();
    const [first] = entries;
    assert(first, 'no entries');
    expect(() => file.lookup(new Address(0, Buffer.from(first.hash)))).toThrow(/closed/);
    const again = AirdropTreeFile.open(dir, name);
    for (const entry of entries)
      expect(again.get(new Address(0, Buffer.from(entry.hash)))).toEqual(item(entry));
    again.close();
  });

  it('refuses entries out of order, duplicated or miscounted, bad values, and leaves no file behind', () => {
    const sub = mkdtempSync(join(dir, 'refused-'));
    const [a, b] = [hashOf(1n), hashOf(2n)];
    const base = itemOf(1);
    const attempt = (count: number, hashes: Buffer[], value: AirdropItem = base) => {
      const writer = new AirdropTreeWriter({ dir: sub, name: 'x', count });
      try {
        for (const hash of hashes) writer.add({ hash, ...value });
        writer.finish();
      } catch (error) {
        writer.abort();
        throw error;
      }
    };
    expect(() => attempt(2, [a, b])).toThrow(/out of \(descending\) address order or duplicated/);
    expect(() => attempt(2, [a, a])).toThrow(/out of \(descending\) address order or duplicated/);
    expect(() => attempt(3, [b, a])).toThrow(/2 entries given, 3 announced/);
    expect(() => attempt(1, [b, a])).toThrow(/More entries/);
    expect(() => attempt(1, [a], { ...base, startFrom: 2, expiredAt: 1 })).toThrow(/claim window/);
    expect(() => attempt(1, [a], { ...base, amount: -1n })).toThrow(/Amount/);
    expect(() => attempt(1, [a], { ...base, amount: 1n << 120n })).toThrow(/Amount/);
    expect(() => new AirdropTreeWriter({ dir: sub, name: 'x', count: 0 })).toThrow(/at least one/);
    expect(readdirSync(sub)).toEqual([]);
    expect(() => AirdropTreeFile.open(sub, 'x')).toThrow();
  });
});
