/**
 * The airdrop's Merkle tree in TON's own format (TEP-176/177, as the reference mintless jetton):
 * a hashmap `HashmapE 267 AirdropItem` from the owner's address (MsgAddressInt, 267 bits) to
 *   _ amount:Coins start_from:uint48 expired_at:uint48 = AirdropItem;
 * Its root is the hash of the dictionary's root cell; the jetton wallets hold it and accept a
 * Merkle proof cell (exotic, type 3) whose proven hash is that root and whose unpruned path leads
 * to their owner's item.
 *
 * A proof is cut from the serialized tree along one key's path (siblings become pruned branches), so
 * it costs O(depth), not a walk of the whole dictionary: serving one proof out of 1,000,000 entries
 * stays cheap.
 */
import type { Address } from '@ton/core';
import {
  beginCell,
  Cell,
  CellType,
  contractAddress,
  Dictionary,
  type DictionaryValue,
  type Slice,
} from '@ton/core';
import { claimPayload, stateInitCell, walletStateInit } from './contracts.ts';

export type AirdropItem = { amount: bigint; startFrom: number; expiredAt: number };
export type AirdropEntry = AirdropItem & { address: Address };

/** The dictionary's value codec: amount:Coins start_from:uint48 expired_at:uint48. */
export const airdropItemValue: DictionaryValue<AirdropItem> = {
  serialize: (item, builder) => {
    builder.storeCoins(item.amount).storeUint(item.startFrom, 48).storeUint(item.expiredAt, 48);
  },
  parse: (slice) => ({
    amount: slice.loadCoins(),
    startFrom: slice.loadUint(48),
    expiredAt: slice.loadUint(48),
  }),
};

const addressKey = Dictionary.Keys.Address();
const KEY_BITS = 267;

export type AirdropTree = {
  dict: Dictionary<Address, AirdropItem>;
  /** The dictionary's root cell (HashmapE's hashmap, stored directly). */
  cell: Cell;
  /** The Merkle root: the root cell's hash, as the minter and wallets store it (uint256). */
  root: bigint;
  rootHex: string;
};

function fromCell(dict: Dictionary<Address, AirdropItem>, cell: Cell): AirdropTree {
  const hash = cell.hash(0);
  return { dict, cell, root: BigInt(`0x${hash.toString('hex')}`), rootHex: hash.toString('hex') };
}

/** Builds the tree. Throws on an empty list, a duplicated address or a value out of its range. */
export function buildAirdropTree(entries: readonly AirdropEntry[]): AirdropTree {
  if (entries.length === 0) throw new Error('An airdrop tree needs at least one entry');
  const dict = Dictionary.empty(addressKey, airdropItemValue);
  for (const entry of entries) {
    if (entry.address.workChain !== 0) throw new Error(`Not a basechain address: ${entry.address}`);
    if (entry.amount < 0n) throw new Error(`Negative amount for ${entry.address}`);
    if (!(entry.startFrom >= 0 && entry.startFrom <= entry.expiredAt && entry.expiredAt < 2 ** 48)) {
      throw new Error(`Invalid claim window for ${entry.address}`);
    }
    if (dict.has(entry.address)) throw new Error(`Duplicated address: ${entry.address}`);
    dict.set(entry.address, {
      amount: entry.amount,
      startFrom: entry.startFrom,
      expiredAt: entry.expiredAt,
    });
  }
  return fromCell(dict, beginCell().storeDictDirect(dict).endCell());
}

/** The whole dictionary as a BOC, for auditors: `Cell.fromBoc(dump)[0].hash()` is the root. */
export function dumpAirdropTree(tree: AirdropTree): Buffer {
  return tree.cell.toBoc();
}

/** Reads a dump back (the inverse of dumpAirdropTree). */
export function loadAirdropTree(dump: Buffer): AirdropTree {
  const cell = Cell.fromBoc(dump)[0];
  if (!cell) throw new Error('Empty airdrop dump');
  return fromCell(Dictionary.loadDirect(addressKey, airdropItemValue, cell), cell);
}

// --- Hashmap labels (TL-B hml_short / hml_long / hml_same), read along one key -------------------

/** Reads a node's label; `m` is the number of key bits still to match. */
function readLabel(slice: Slice, m: number): string {
  const lengthBits = Math.ceil(Math.log2(m + 1));
  if (!slice.loadBit()) {
    let n = 0;
    while (slice.loadBit()) n++;
    let label = '';
    for (let i = 0; i < n; i++) label += slice.loadBit() ? '1' : '0';
    return label;
  }
  if (!slice.loadBit()) {
    const n = slice.loadUint(lengthBits);
    let label = '';
    for (let i = 0; i < n; i++) label += slice.loadBit() ? '1' : '0';
    return label;
  }
  const bit = slice.loadBit() ? '1' : '0';
  return bit.repeat(slice.loadUint(lengthBits));
}

const keyBits = (address: Address): string =>
  addressKey.serialize(address).toString(2).padStart(KEY_BITS, '0');

function prunedBranch(cell: Cell): Cell {
  return beginCell()
    .storeUint(1, 8)
    .storeUint(1, 8)
    .storeBuffer(cell.hash(0))
    .storeUint(cell.depth(0), 16)
    .endCell({ exotic: true });
}

/** The hashmap cut down to one key's path, or null when the key is not in it. */
function prunedPath(cell: Cell, key: string): Cell | null {
  const slice = cell.beginParse(true);
  const label = readLabel(slice, key.length);
  if (!key.startsWith(label)) return null;
  const rest = key.slice(label.length);
  if (rest.length === 0) return cell;
  const left = cell.refs[0];
  const right = cell.refs[1];
  if (!left || !right) throw new Error('Malformed hashmap fork');
  const goRight = rest[0] === '1';
  const next = prunedPath(goRight ? right : left, rest.slice(1));
  if (!next) return null;
  return beginCell()
    .storeBits(cell.bits)
    .storeRef(goRight ? prunedBranch(left) : next)
    .storeRef(goRight ? next : prunedBranch(right))
    .endCell();
}

/** A Merkle proof cell (exotic type 3) proving `address`'s item against the root, or null. */
export function airdropProof(tree: AirdropTree, address: Address): Cell | null {
  const path = prunedPath(tree.cell, keyBits(address));
  if (!path) return null;
  return beginCell()
    .storeUint(3, 8)
    .storeBuffer(path.hash(0))
    .storeUint(path.depth(0), 16)
    .storeRef(path)
    .endCell({ exotic: true });
}

/**
 * Checks a proof as the jetton wallet does: an exotic Merkle proof whose proven hash is `root`, in
 * which `address` leads to an item. Returns the item, or null when the proof does not hold.
 */
export function verifyAirdropProof(proof: Cell, root: bigint, address: Address): AirdropItem | null {
  if (proof.type !== CellType.MerkleProof) return null;
  const proven = proof.beginParse(true);
  proven.skip(8);
  if (proven.loadUintBig(256) !== root) return null;
  const inner = proof.refs[0];
  if (!inner || inner.hash(0).toString('hex') !== root.toString(16).padStart(64, '0')) return null;
  let cell = inner;
  let key = keyBits(address);
  for (;;) {
    if (cell.isExotic) return null;
    const slice = cell.beginParse();
    const label = readLabel(slice, key.length);
    if (!key.startsWith(label)) return null;
    key = key.slice(label.length);
    if (key.length === 0) return airdropItemValue.parse(slice);
    const next = cell.refs[key[0] === '1' ? 1 : 0];
    if (!next) return null;
    cell = next;
    key = key.slice(1);
  }
}

export type CustomPayloadResponse = {
  owner: string;
  jetton_wallet: string;
  custom_payload: string;
  state_init: string;
  compressed_info: { amount: string; start_from: string; expired_at: string };
};

/**
 * TEP-177's custom payload API answer for `GET <custom_payload_api_uri>/wallet/:address`: the claim
 * payload (op merkle_airdrop_claim with the proof) and the jetton wallet's state_init, as base64
 * BOCs, and the item in `compressed_info`. Null when the address is not in the tree.
 */
export function customPayloadResponse(
  tree: AirdropTree,
  address: Address,
  wallet: { minter: Address; walletCode: Cell },
): CustomPayloadResponse | null {
  const item = tree.dict.get(address);
  const proof = item && airdropProof(tree, address);
  if (!item || !proof) return null;
  const init = walletStateInit({
    owner: address,
    minter: wallet.minter,
    merkleRoot: tree.root,
    walletCode: wallet.walletCode,
  });
  return {
    owner: address.toRawString(),
    jetton_wallet: contractAddress(0, init).toRawString(),
    custom_payload: claimPayload(proof).toBoc().toString('base64'),
    state_init: stateInitCell(init).toBoc().toString('base64'),
    compressed_info: {
      amount: item.amount.toString(),
      start_from: String(item.startFrom),
      expired_at: String(item.expiredAt),
    },
  };
}
