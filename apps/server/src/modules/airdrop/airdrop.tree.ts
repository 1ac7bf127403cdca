/**
 * The published allocation's Merkle tree, built once per allocation and kept in the process.
 * Only one allocation is ever published, so at most one tree is held (bounded memory: a tree
 * of 1,000,000 wallets is some hundreds of megabytes; see docs/airdrop.md).
 */
import { createHash } from 'node:crypto';
import { Address, contractAddress, type Cell } from '@ton/core';
import { jettonCode, minterStateInit } from '@egg-rush/jetton/contracts';
import { buildAirdropTree, dumpAirdropTree, type AirdropTree } from '@egg-rush/jetton/tree';

export interface AllocationTree {
  tree: AirdropTree;
  dump: Buffer;
  dumpHash: string;
}

export interface TreeEntry {
  walletAddress: string;
  amount: string;
}

/** Builds the tree of an allocation's wallets (raw addresses) with its claim window. */
export function buildTree(rows: readonly TreeEntry[], startFrom: number, expiredAt: number): AllocationTree {
  const tree = buildAirdropTree(
    rows.map((r) => ({
      address: Address.parseRaw(r.walletAddress),
      amount: BigInt(r.amount),
      startFrom,
      expiredAt,
    })),
  );
  const dump = dumpAirdropTree(tree);
  return { tree, dump, dumpHash: createHash('sha256').update(dump).digest('hex') };
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
