/**
 * The airdrop's Merkle tree in TON's own format (TEP-176/177, as the reference mintless jetton):
 * a hashmap `HashmapE 267 AirdropItem` from the owner's address (MsgAddressInt, 267 bits) to
 *   _ amount:Coins start_from:uint48 expired_at:uint48 = AirdropItem;
 * Its root is the hash of the dictionary's root cell; the jetton wallets hold it and accept a
 * Merkle proof cell (exotic, type 3) whose proven hash is that root and whose unpruned path leads
 * to their owner's item.
 *
 * The tree is kept compact (sorted keys, and per cell its hash, depth and children in typed
 * arrays, hashed with node's SHA-256) rather than as @ton/core cells, which weigh about a kilobyte
 * each: a million entries make two million cells. A proof is built along one key's path only (the
 * siblings become pruned branches from their stored hash and depth), and the dump is written as a
 * BOC directly. Tests check the root, the proofs and the dump against @ton/core's own Dictionary.
 */
import { createHash } from 'node:crypto';
import {
  Address,
  beginCell,
  BitBuilder,
  type BitString,
  Cell,
  CellType,
  contractAddress,
  Dictionary,
  type DictionaryValue,
  type Slice,
} from '@ton/core';
import { claimPayload, stateInitCell, walletStateInit, type CellHead } from './contracts.ts';

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

type Compact = {
  /** The 267-bit keys, sorted, and their items. */
  keys: bigint[];
  items: AirdropItem[];
  /** Per cell (children before parents; the root last): its keys' range, the bits already read
   * above it, where it forks (KEY_BITS for a leaf), its children, depth and hash. */
  lo: Int32Array;
  hi: Int32Array;
  offset: Uint16Array;
  fork: Uint16Array;
  left: Int32Array;
  right: Int32Array;
  depth: Uint16Array;
  hashes: Buffer;
  count: number;
};

/**
 * An address's item and, on demand, its Merkle proof against the root; a source may also give the
 * claim payload's BOC directly (the bytes of `claimPayload(proof()).toBoc()`).
 */
export type AirdropLookup = {
  item: AirdropItem;
  proof(): Cell;
  /** With `head`, the BOC of that cell above the payload (tree-file.ts). */
  payloadBoc?(head?: CellHead): Buffer;
};

/** What proofs are served from: this in-memory tree, or a tree's files (tree-file.ts). */
export type AirdropProofSource = { root: bigint; lookup(address: Address): AirdropLookup | null };

export type AirdropTree = {
  /** Entries in the tree. */
  size: number;
  /** The Merkle root: the root cell's hash, as the minter and wallets store it (uint256). */
  root: bigint;
  rootHex: string;
  /** The item of an address, if it is in the tree. */
  get(address: Address): AirdropItem | undefined;
  /** The item of an address and its proof, or null when it is not in the tree. */
  lookup(address: Address): AirdropLookup | null;
  /** The dictionary's root cell as @ton/core cells (built on first use: heavy for big trees). */
  readonly cell: Cell;
  /** The same tree as an @ton/core Dictionary (built on first use: heavy for big trees). */
  readonly dict: Dictionary<Address, AirdropItem>;
  compact: Compact;
};

// --- Serialization ------------------------------------------------------------------------------
// The hashmap is built from the sorted keys, range by range (a range's common prefix is its first
// and last keys'), with @ton/core's own choice of label encoding, so the cells are exactly those of
// `beginCell().storeDictDirect(dict)`.

/** A basechain address as its 267-bit key: addr_std$10 anycast:0 workchain:int8 hash:bits256. */
const ADDRESS_PREFIX = 0b10000000000n << 256n;
const keyOf = (address: Address) => ADDRESS_PREFIX | BigInt(`0x${address.hash.toString('hex')}`);
const addressOf = (key: bigint) =>
  new Address(0, Buffer.from((key & ((1n << 256n) - 1n)).toString(16).padStart(64, '0'), 'hex'));
const mask = (bits: number) => (1n << BigInt(bits)) - 1n;
const bitLength = (x: bigint) => {
  if (x === 0n) return 0;
  const hex = x.toString(16);
  return (hex.length - 1) * 4 + 32 - Math.clz32(parseInt(hex[0]!, 16));
};

/** What a cell's data is written with: @ton/core's BitBuilder (for cells), or ScratchBits. */
type BitWriter = {
  writeBit(value: boolean | number): void;
  writeUint(value: bigint | number, bits: number): void;
  writeCoins(amount: bigint): void;
};

/**
 * A reused buffer for the two million descriptors of a big tree: bits written from hexadecimal
 * digits, without BitBuilder's BigInt shifts for every byte (most of the build's time otherwise).
 */
class ScratchBits implements BitWriter {
  readonly buffer = Buffer.alloc(160);
  length = 0;
  reset() {
    this.buffer.fill(0);
    this.length = 0;
  }
  writeBit(value: boolean | number) {
    if (value) this.buffer[this.length >> 3]! |= 0x80 >> (this.length & 7);
    this.length++;
  }
  writeUint(value: bigint | number, bits: number) {
    const big = BigInt(value);
    if (big < 0n || bitLength(big) > bits) throw new Error(`${value} does not fit in ${bits} bits`);
    if (bits === 0) return;
    const hex = big.toString(16);
    const total = hex.length * 4;
    // Zeros before the digits, or the first digit's high bits (zeros) left out.
    let start = 0;
    if (total > bits) start = total - bits;
    else this.length += bits - total;
    for (let i = start; i < total; i++) {
      const c = hex.charCodeAt(i >> 2);
      const digit = c <= 57 ? c - 48 : c - 87;
      this.writeBit((digit >> (3 - (i & 3))) & 1);
    }
  }
  writeCoins(amount: bigint) {
    const bytes = Math.ceil(bitLength(amount) / 8);
    this.writeUint(bytes, 4);
    this.writeUint(amount, bytes * 8);
  }
}
const scratch = new ScratchBits();

/** Writes a label of `length` bits (`value`) where `m` key bits remain, as @ton/core chooses. */
function writeLabel(bits: BitWriter, value: bigint, length: number, m: number) {
  const lengthBits = Math.ceil(Math.log2(m + 1));
  const short = 2 + 2 * length;
  const long = 2 + lengthBits + length;
  const same = value === 0n || value === mask(length) ? 3 + lengthBits : Infinity;
  if (same < Math.min(short, long)) {
    bits.writeBit(1);
    bits.writeBit(1);
    bits.writeBit(length > 0 && value >> BigInt(length - 1) === 1n);
    bits.writeUint(length, lengthBits);
  } else if (long < short) {
    bits.writeBit(1);
    bits.writeBit(0);
    bits.writeUint(length, lengthBits);
    if (length > 0) bits.writeUint(value, length);
  } else {
    bits.writeBit(0);
    for (let i = 0; i < length; i++) bits.writeBit(1);
    bits.writeBit(0);
    if (length > 0) bits.writeUint(value, length);
  }
}

/** A cell's data: its label, then the item (a leaf) — the children are its refs. */
function writeCellBits<W extends BitWriter>(t: Compact, node: number, bits: W): W {
  const first = t.keys[t.lo[node]!]!;
  const offset = t.offset[node]!;
  const fork = t.fork[node]!;
  const length = fork - offset;
  writeLabel(bits, (first >> BigInt(KEY_BITS - fork)) & mask(length), length, KEY_BITS - offset);
  if (fork === KEY_BITS) {
    const item = t.items[t.lo[node]!]!;
    bits.writeCoins(item.amount);
    bits.writeUint(item.startFrom, 48);
    bits.writeUint(item.expiredAt, 48);
  }
  return bits;
}

/**
 * d1 d2 and the data padded with the completion tag, as in a cell's representation and a BOC: a
 * view of the scratch buffer, valid until the next call.
 */
function cellDescriptor(t: Compact, node: number): Buffer {
  scratch.reset();
  scratch.length = 16;
  writeCellBits(t, node, scratch);
  const length = scratch.length - 16;
  if (length % 8 !== 0) scratch.writeBit(1);
  scratch.buffer[0] = t.left[node]! >= 0 ? 2 : 0;
  scratch.buffer[1] = Math.ceil(length / 8) + Math.floor(length / 8);
  return scratch.buffer.subarray(0, 2 + Math.ceil(length / 8));
}

const hashOf = (t: Compact, node: number) => t.hashes.subarray(node * 32, node * 32 + 32);

/** Builds the cells of keys[lo, hi), whose first `offset` bits are already read; returns the cell. */
function buildRange(t: Compact, lo: number, hi: number, offset: number): number {
  const first = t.keys[lo]!;
  // A leaf takes the rest of the key; a fork is at the first bit where the range's ends differ.
  const fork = hi - lo === 1 ? KEY_BITS : KEY_BITS - bitLength(first ^ t.keys[hi - 1]!);
  let left = -1;
  let right = -1;
  if (fork < KEY_BITS) {
    // The first key with a 1 at the fork.
    const shift = BigInt(KEY_BITS - 1 - fork);
    const threshold = ((first >> shift) | 1n) << shift;
    let a = lo;
    let z = hi;
    while (a < z) {
      const mid = (a + z) >>> 1;
      if (t.keys[mid]! < threshold) a = mid + 1;
      else z = mid;
    }
    left = buildRange(t, lo, a, fork + 1);
    right = buildRange(t, a, hi, fork + 1);
  }
  const node = t.count++;
  t.lo[node] = lo;
  t.hi[node] = hi;
  t.offset[node] = offset;
  t.fork[node] = fork;
  t.left[node] = left;
  t.right[node] = right;
  const hash = createHash('sha256').update(cellDescriptor(t, node));
  if (left >= 0) {
    const depth = Math.max(t.depth[left]!, t.depth[right]!);
    t.depth[node] = depth + 1;
    const depths = Buffer.alloc(4);
    depths.writeUInt16BE(t.depth[left]!, 0);
    depths.writeUInt16BE(t.depth[right]!, 2);
    hash.update(depths).update(hashOf(t, left)).update(hashOf(t, right));
  }
  hash.digest().copy(t.hashes, node * 32);
  return node;
}

/** Builds the tree. Throws on an empty list, a duplicated address or a value out of its range. */
export function buildAirdropTree(entries: readonly AirdropEntry[]): AirdropTree {
  if (entries.length === 0) throw new Error('An airdrop tree needs at least one entry');
  const keyed: { key: bigint; item: AirdropItem }[] = [];
  for (const entry of entries) {
    if (entry.address.workChain !== 0) throw new Error(`Not a basechain address: ${entry.address}`);
    if (entry.amount < 0n) throw new Error(`Negative amount for ${entry.address}`);
    if (!(entry.startFrom >= 0 && entry.startFrom <= entry.expiredAt && entry.expiredAt < 2 ** 48)) {
      throw new Error(`Invalid claim window for ${entry.address}`);
    }
    const item = { amount: entry.amount, startFrom: entry.startFrom, expiredAt: entry.expiredAt };
    keyed.push({ key: keyOf(entry.address), item });
  }
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let i = 1; i < keyed.length; i++) {
    if (keyed[i]!.key === keyed[i - 1]!.key) {
      throw new Error(`Duplicated address: ${addressOf(keyed[i]!.key).toRawString()}`);
    }
  }
  const cells = 2 * keyed.length - 1;
  const compact: Compact = {
    keys: keyed.map((k) => k.key),
    items: keyed.map((k) => k.item),
    lo: new Int32Array(cells),
    hi: new Int32Array(cells),
    offset: new Uint16Array(cells),
    fork: new Uint16Array(cells),
    left: new Int32Array(cells),
    right: new Int32Array(cells),
    depth: new Uint16Array(cells),
    hashes: Buffer.alloc(cells * 32),
    count: 0,
  };
  buildRange(compact, 0, keyed.length, 0);
  return treeOf(compact);
}

function indexOf(t: Compact, address: Address): number {
  if (address.workChain !== 0) return -1;
  const key = keyOf(address);
  let a = 0;
  let z = t.keys.length;
  while (a < z) {
    const mid = (a + z) >>> 1;
    if (t.keys[mid]! < key) a = mid + 1;
    else z = mid;
  }
  return t.keys[a] === key ? a : -1;
}

function treeOf(compact: Compact): AirdropTree {
  const rootNode = compact.count - 1;
  const rootHex = hashOf(compact, rootNode).toString('hex');
  let cell: Cell | undefined;
  let dict: Dictionary<Address, AirdropItem> | undefined;
  return {
    size: compact.keys.length,
    root: BigInt(`0x${rootHex}`),
    rootHex,
    compact,
    get(address) {
      const index = indexOf(compact, address);
      return index < 0 ? undefined : compact.items[index];
    },
    lookup(address) {
      const index = indexOf(compact, address);
      if (index < 0) return null;
      return { item: compact.items[index]!, proof: () => airdropProof(this, address)! };
    },
    get cell() {
      cell ??= Cell.fromBoc(writeBoc(compact))[0]!;
      return cell;
    },
    get dict() {
      dict ??= Dictionary.loadDirect(addressKey, airdropItemValue, this.cell);
      return dict;
    },
  };
}

/** The cells as a BOC (one root, no index, no CRC): parents before children, the root first. */
function writeBoc(t: Compact): Buffer {
  const order = new Int32Array(t.count); // position in the BOC of each cell
  const sequence: number[] = [];
  const stack = [t.count - 1];
  while (stack.length > 0) {
    const node = stack.pop()!;
    order[node] = sequence.length;
    sequence.push(node);
    if (t.left[node]! >= 0) stack.push(t.right[node]!, t.left[node]!);
  }
  const sizeBytes = Math.max(1, Math.ceil(Math.log2(t.count + 1) / 8));
  // Written into 1 MiB chunks: no buffer of its own per cell.
  const chunks: Buffer[] = [];
  let chunk = Buffer.alloc(1 << 20);
  let at = 0;
  let total = 0;
  for (const node of sequence) {
    const descriptor = cellDescriptor(t, node);
    const fork = t.left[node]! >= 0;
    const size = descriptor.length + (fork ? 2 * sizeBytes : 0);
    if (at + size > chunk.length) {
      chunks.push(chunk.subarray(0, at));
      chunk = Buffer.alloc(1 << 20);
      at = 0;
    }
    at += descriptor.copy(chunk, at);
    if (fork) {
      at = chunk.writeUIntBE(order[t.left[node]!]!, at, sizeBytes);
      at = chunk.writeUIntBE(order[t.right[node]!]!, at, sizeBytes);
    }
    total += size;
  }
  chunks.push(chunk.subarray(0, at));
  const offBytes = Math.max(1, Math.ceil(Math.log2(total + 1) / 8));
  const header = Buffer.alloc(4 + 1 + 1 + 3 * sizeBytes + offBytes + sizeBytes);
  let h = header.writeUInt32BE(0xb5ee9c72, 0);
  h = header.writeUInt8(sizeBytes, h); // has_idx 0, has_crc32c 0, has_cache_bits 0, flags 0
  h = header.writeUInt8(offBytes, h);
  h = header.writeUIntBE(t.count, h, sizeBytes); // cells
  h = header.writeUIntBE(1, h, sizeBytes); // roots
  h = header.writeUIntBE(0, h, sizeBytes); // absent
  h = header.writeUIntBE(total, h, offBytes); // tot_cells_size
  header.writeUIntBE(0, h, sizeBytes); // the root's index
  return Buffer.concat([header, ...chunks]);
}

/** The whole dictionary as a BOC, for auditors: `Cell.fromBoc(dump)[0].hash()` is the root. */
export function dumpAirdropTree(tree: AirdropTree): Buffer {
  return writeBoc(tree.compact);
}

/** Reads a dump back (the inverse of dumpAirdropTree). */
export function loadAirdropTree(dump: Buffer): AirdropTree {
  const cell = Cell.fromBoc(dump)[0];
  if (!cell) throw new Error('Empty airdrop dump');
  const dict = Dictionary.loadDirect(addressKey, airdropItemValue, cell);
  const tree = buildAirdropTree(dict.keys().map((address) => ({ address, ...dict.get(address)! })));
  if (tree.rootHex !== cell.hash(0).toString('hex')) throw new Error('The dump is not a canonical tree');
  return tree;
}

// --- Proofs --------------------------------------------------------------------------------------

function prunedBranch(t: Compact, node: number): Cell {
  return beginCell()
    .storeUint(1, 8)
    .storeUint(1, 8)
    .storeBuffer(hashOf(t, node))
    .storeUint(t.depth[node]!, 16)
    .endCell({ exotic: true });
}

/** The hashmap cut down to one key's path. */
function prunedPath(t: Compact, node: number, key: bigint): Cell {
  const bits: BitString = writeCellBits(t, node, new BitBuilder(1023)).build();
  const builder = beginCell().storeBits(bits);
  if (t.left[node]! >= 0) {
    const right = ((key >> BigInt(KEY_BITS - 1 - t.fork[node]!)) & 1n) === 1n;
    builder.storeRef(right ? prunedBranch(t, t.left[node]!) : prunedPath(t, t.left[node]!, key));
    builder.storeRef(right ? prunedPath(t, t.right[node]!, key) : prunedBranch(t, t.right[node]!));
  }
  return builder.endCell();
}

/** A Merkle proof cell (exotic type 3) proving `address`'s item against the root, or null. */
export function airdropProof(tree: AirdropTree, address: Address): Cell | null {
  const t = tree.compact;
  const index = indexOf(t, address);
  if (index < 0) return null;
  const path = prunedPath(t, t.count - 1, t.keys[index]!);
  if (path.hash(0).toString('hex') !== tree.rootHex) throw new Error('Inconsistent airdrop tree');
  return beginCell()
    .storeUint(3, 8)
    .storeBuffer(path.hash(0))
    .storeUint(path.depth(0), 16)
    .storeRef(path)
    .endCell({ exotic: true });
}

// --- Reading a proof (TL-B hml_short / hml_long / hml_same labels along one key) -----------------

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
  tree: AirdropProofSource,
  address: Address,
  wallet: { minter: Address; walletCode: Cell },
): CustomPayloadResponse | null {
  const found = tree.lookup(address);
  if (!found) return null;
  const { item } = found;
  const payload = found.payloadBoc ? found.payloadBoc() : claimPayload(found.proof()).toBoc();
  const init = walletStateInit({
    owner: address,
    minter: wallet.minter,
    merkleRoot: tree.root,
    walletCode: wallet.walletCode,
  });
  return {
    owner: address.toRawString(),
    jetton_wallet: contractAddress(0, init).toRawString(),
    custom_payload: payload.toString('base64'),
    state_init: stateInitCell(init).toBoc().toString('base64'),
    compressed_info: {
      amount: item.amount.toString(),
      start_from: String(item.startFrom),
      expired_at: String(item.expiredAt),
    },
  };
}
