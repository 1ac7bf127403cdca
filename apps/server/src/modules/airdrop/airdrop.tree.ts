/**
 * The published allocation's Merkle tree, as files (packages/jetton/src/tree-file.ts): the dump
 * (the BOC auditors download) and its index, named by the tree's root under DATA_DIR/airdrop.
 * They are written once, from the allocation's rows streamed in address order, and read for each
 * proof: nothing of the tree is held in memory, and a restart serves from the files at once.
 */
import { renameSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address, Cell } from '@ton/core';
import { contractAddress } from '@ton/core';
import { jettonCode, minterStateInit } from '@egg-rush/jetton/contracts';
import { addressHash, AirdropTreeFile, AirdropTreeWriter, treeFilePaths } from '@egg-rush/jetton/tree-file';

export interface AllocationTree {
  tree: AirdropTreeFile;
  dumpHash: string;
  /** The dump's file and size, streamed to auditors. */
  dumpPath: string;
  dumpBytes: number;
}

export interface TreeEntry {
  walletAddress: string;
  amount: string;
}

/** Where trees are written: DATA_DIR/airdrop, or a temporary directory for an in-memory database. */
export function treeDir(dataDir: string): string {
  if (dataDir === '' || dataDir.startsWith('memory://')) return join(tmpdir(), 'egg-rush-airdrop');
  return join(dataDir, 'airdrop');
}

/** The files of the tree whose root is `rootHex`, by name. */
const treeName = (rootHex: string) => `tree-${rootHex}`;

function opened(tree: AirdropTreeFile): AllocationTree {
  return {
    tree,
    dumpHash: tree.manifest.dumpSha256,
    dumpPath: tree.paths.dump,
    dumpBytes: tree.manifest.dumpBytes,
  };
}

/** The files of a tree already written (after a restart), or null. */
export function openTree(dir: string, rootHex: string): AllocationTree | null {
  try {
    return opened(AirdropTreeFile.open(dir, treeName(rootHex)));
  } catch {
    return null;
  }
}

/**
 * Writes the tree of an allocation's `count` wallets (raw addresses, given in batches in address
 * order, as the database sorts them) with its claim window, and opens it. Memory stays bounded
 * whatever the count: one batch and the writer's buffers. The files are named by their root, so
 * processes that write the same tree at once write the same files.
 */
export async function writeTree(
  dir: string,
  count: number,
  batches: AsyncIterable<readonly TreeEntry[]>,
  startFrom: number,
  expiredAt: number,
): Promise<AllocationTree> {
  await mkdir(dir, { recursive: true });
  const building = `building-${process.pid}-${randomBytes(6).toString('hex')}`;
  const writer = new AirdropTreeWriter({ dir, name: building, count });
  let manifest;
  try {
    for await (const batch of batches) {
      for (const row of batch)
        writer.add({
          hash: addressHash(row.walletAddress),
          amount: BigInt(row.amount),
          startFrom,
          expiredAt,
        });
    }
    manifest = writer.finish();
  } catch (error) {
    writer.abort();
    throw error;
  }
  const from = treeFilePaths(dir, building);
  const to = treeFilePaths(dir, treeName(manifest.rootHex));
  try {
    // The manifest last: the files are complete once it is there.
    renameSync(from.dump, to.dump);
    renameSync(from.index, to.index);
    renameSync(from.manifest, to.manifest);
  } catch (error) {
    for (const path of Object.values(from)) rmSync(path, { force: true });
    throw error;
  }
  return opened(AirdropTreeFile.open(dir, treeName(manifest.rootHex)));
}

export interface Minter {
  address: Address;
  walletCode: Cell;
}

/** The minter a published allocation deploys (its address follows from admin, root, content and code). */
export async function minterOf(config: {
  admin: Address | null;
  merkleRoot: bigint;
  contentUri: string;
  totalSupply: bigint;
}): Promise<Minter> {
  const code = await jettonCode();
  const init = minterStateInit({
    admin: config.admin,
    merkleRoot: config.merkleRoot,
    content: config.contentUri,
    totalSupply: config.totalSupply,
    walletCode: code.wallet,
    minterCode: code.minter,
  });
  return { address: contractAddress(0, init), walletCode: code.wallet };
}

/** One value per key, computed once; a failure is not kept. Holds a single key at a time. */
export function singleCache<T>() {
  let held: { key: number; value: Promise<T> } | undefined;
  return (key: number, make: () => Promise<T>): Promise<T> => {
    if (held?.key !== key) {
      const value = make();
      held = { key, value };
      value.catch(() => {
        if (held?.value === value) held = undefined;
      });
    }
    return held.value;
  };
}
