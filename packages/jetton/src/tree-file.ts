/**
 * The airdrop tree at any size, in bounded memory: written as a stream, read back from files.
 *
 * The dictionary is the same as tree.ts's (and @ton/core's `storeDictDirect`): a `HashmapE 267
 * AirdropItem` keyed by the owner's address, each label in the shortest of hml_short, hml_long and
 * hml_same (@ton/core's choice on ties). Here it is built from entries given in key order,
 * descending (the server reads them from the database ORDER BY the address DESC, which sorts them
 * on disk when they do not fit in its memory), one at a time:
 *
 * - Adjacent keys fork at their first differing bit. A stack holds the forks whose right subtree
 *   is done (at most one per key bit, 267); a new key closes every fork deeper than its own, which
 *   makes each cell final as soon as its parent's fork is known (the label of a cell runs from its
 *   parent's fork to its own). Cells are finished children first (post-order, right child first),
 *   each hashed then (SHA-256 of its representation, with its children's depths and hashes, which
 *   are already known), and written out at once. Nothing grows with the count but the files.
 * - The dump is the BOC of the whole dictionary, byte for byte as tree.ts writes it (one root, no
 *   index, no CRC; parents before children, the left child first). That order is the reverse of
 *   the order cells are finished in: cells are written into blocks back to front, the blocks
 *   appended to a scratch file, and the dump is then the header and the blocks in reverse order
 *   (one sequential copy). A cell finished `q`-th of `N` is the BOC's cell `N - 1 - q`, so
 *   references are known when a cell is written; the count of entries is given in advance.
 * - Beside it, an index of fixed records, one per cell in BOC order: where the cell ends, counted
 *   from the end of the cell data (its start is only known once all are written), its depth and
 *   its hash. A proof walks from the root along the key: each cell on the path is read from the
 *   dump through the index, and each sibling becomes a pruned branch from its indexed hash and
 *   depth. A lookup reads about two records per level (some 25 levels at 10,000,000 wallets) and
 *   holds nothing between calls, so a restart serves at once from the files.
 */
import {
  closeSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import * as crypto from 'node:crypto';
import { join } from 'node:path';
import type { Address, Cell } from '@ton/core';
import { beginCell, BitString, crc32c } from '@ton/core';
import { Op, type CellHead } from './contracts.ts';
import type { AirdropItem, AirdropLookup } from './tree.ts';

const KEY_BITS = 267;
/** The key, left-aligned, and a zero byte so that reading 16 bits at any bit never runs past it. */
const KEY_BYTES = 35;
/** An index record: the end of the cell from the end of the cell data (u48), depth (u16), hash. */
export const INDEX_RECORD = 40;
/** A dictionary cell in a BOC: d1 d2, at most 128 data bytes, two references of at most 4 bytes. */
const MAX_CELL = 2 + 128 + 8;
const DUMP_BLOCK = 4 << 20;
const INDEX_BLOCK = 1 << 16; // records
/** 4 KiB blocks of each file kept by a reader: 8 MiB each. */
const CACHE_BLOCKS = 2048;
export const TREE_FILE_VERSION = 1;

/** An entry as the writer takes it: the owner's basechain address by its 32-byte hash. */
export interface TreeFileEntry extends AirdropItem {
  hash: Uint8Array;
}

/** What a finished tree's files hold, written last (`<name>.json`): its presence means complete. */
export interface TreeFileManifest {
  version: number;
  entries: number;
  cells: number;
  rootHex: string;
  /** SHA-256 of the dump, as published. */
  dumpSha256: string;
  dumpBytes: number;
}

export const treeFilePaths = (dir: string, name: string) => ({
  dump: join(dir, `${name}.boc`),
  index: join(dir, `${name}.idx`),
  manifest: join(dir, `${name}.json`),
});

/** bits needed for a label's length when `m` key bits remain: ceil(log2(m + 1)). */
const LENGTH_BITS = Array.from({ length: KEY_BITS + 1 }, (_, m) => Math.ceil(Math.log2(m + 1)));

const sha256: (data: Uint8Array) => Buffer =
  typeof crypto.hash === 'function'
    ? (data) => crypto.hash('sha256', data, 'buffer')
    : (data) => crypto.createHash('sha256').update(data).digest();

const bytesFor = (n: number) => Math.max(1, Math.ceil(Math.log2(n + 1) / 8));

/** The 267-bit key of a basechain address hash: addr_std$10 anycast:0 workchain:int8 hash:bits256. */
function keyInto(key: Uint8Array, hash: Uint8Array) {
  key[0] = 0x80;
  key[1] = hash[0]! >> 3;
  for (let t = 2; t < 33; t++) key[t] = ((hash[t - 2]! & 7) << 5) | (hash[t - 1]! >> 3);
  key[33] = (hash[31]! & 7) << 5;
  key[34] = 0;
}

const bitAt = (bytes: Uint8Array, i: number) => (bytes[i >> 3]! >> (7 - (i & 7))) & 1;

/** Bits appended to a zeroed buffer. */
class Bits {
  readonly bytes = new Uint8Array(160);
  length = 0;
  reset() {
    this.bytes.fill(0, 0, (this.length + 7) >> 3);
    this.length = 0;
  }
  /** `n` ≤ 24 bits of `value`. */
  put(value: number, n: number) {
    while (n > 0) {
      const free = 8 - (this.length & 7);
      const take = n < free ? n : free;
      const chunk = (value >>> (n - take)) & ((1 << take) - 1);
      this.bytes[this.length >> 3]! |= chunk << (free - take);
      this.length += take;
      n -= take;
    }
  }
  /** `length` bits of `src` from bit `from`. */
  copy(src: Uint8Array, from: number, length: number) {
    while (length > 0) {
      const take = length < 8 ? length : 8;
      const b = from >> 3;
      const byte = (((src[b]! << 8) | src[b + 1]!) >> (8 - (from & 7))) & 0xff;
      this.put(byte >> (8 - take), take);
      from += take;
      length -= take;
    }
  }
  /** A number below 2^48. */
  put48(value: number) {
    this.put(Math.floor(value / 0x1000000), 24);
    this.put(value % 0x1000000, 24);
  }
  coins(amount: bigint) {
    if (amount <= 0xffffffffffffn) {
      // Below 2^48 (a quarter of a billion jettons of 9 decimals): without BigInt's strings.
      const n = Number(amount);
      let bytes = 0;
      for (let v = n; v > 0; v = Math.floor(v / 256)) bytes++;
      this.put(bytes, 4);
      for (let b = bytes - 1; b >= 0; b--) this.put(Math.floor(n / 256 ** b) % 256, 8);
      return;
    }
    let hex = amount.toString(16);
    if (hex.length % 2) hex = `0${hex}`;
    this.put(hex.length / 2, 4);
    for (let i = 0; i < hex.length; i += 2) this.put(parseInt(hex.slice(i, i + 2), 16), 8);
  }
}

/** The label of key bits [offset, end), as @ton/core chooses it (hml_same, hml_long, hml_short). */
function writeLabel(bits: Bits, key: Uint8Array, offset: number, end: number) {
  const length = end - offset;
  const lengthBits = LENGTH_BITS[KEY_BITS - offset]!;
  const short = 2 + 2 * length;
  const long = 2 + lengthBits + length;
  const kind = long < short ? long : short;
  const same = 3 + lengthBits;
  if (same < kind) {
    const first = bitAt(key, offset);
    let i = offset + 1;
    while (i < end && bitAt(key, i) === first) i++;
    if (i === end) {
      bits.put(0b110 | first, 3);
      bits.put(length, lengthBits);
      return;
    }
  }
  if (long < short) {
    bits.put(0b10, 2);
    bits.put(length, lengthBits);
  } else {
    bits.put(0, 1);
    for (let i = 0; i < length; i++) bits.put(1, 1);
    bits.put(0, 1);
  }
  bits.copy(key, offset, length);
}

/**
 * Writes an airdrop tree's files from `count` entries given in strictly decreasing address order
 * (`add`), then `finish()`. Memory stays a few megabytes (the write buffers) whatever the count.
 * Throws on entries out of order or duplicated, a bad value, or a count that differs.
 */
export class AirdropTreeWriter {
  readonly count: number;
  private readonly cells: number;
  private readonly sizeBytes: number;
  private readonly paths: ReturnType<typeof treeFilePaths>;
  private readonly temp: { dump: string; index: string; blocks: string; manifest: string };
  private readonly indexFd: number;
  private readonly blocksFd: number;
  private done = false;

  /** Cells finished so far (the next one's post-order number), and their bytes in the BOC. */
  private q = 0;
  private total = 0;
  private added = 0;

  // The current block of the dump, filled back to front, and the sizes of those written.
  private readonly block = Buffer.alloc(DUMP_BLOCK);
  private blockAt = DUMP_BLOCK;
  private readonly blockSizes: number[] = [];
  // Index records of cells [indexFrom, q), back to front.
  private readonly indexBlock = Buffer.alloc(INDEX_BLOCK * INDEX_RECORD);
  private indexFrom = 0;

  // Forks whose right subtree is finished: key bit, its right child, a key of the subtree.
  private sp = 0;
  private readonly sFork = new Int32Array(KEY_BITS + 1);
  private readonly sRightQ = new Float64Array(KEY_BITS + 1);
  private readonly sRightDepth = new Int32Array(KEY_BITS + 1);
  private readonly sRightHash = new Uint8Array((KEY_BITS + 1) * 32);
  private readonly sKey = new Uint8Array((KEY_BITS + 1) * KEY_BYTES);

  // The subtree ending at the last key, not final until its parent's fork is known: a leaf (the
  // last key and its item) or a fork with both children finished.
  private curFork = KEY_BITS;
  private readonly curKey = new Uint8Array(KEY_BYTES);
  private curItem: AirdropItem = { amount: 0n, startFrom: 0, expiredAt: 0 };
  private curLeftQ = 0;
  private curLeftDepth = 0;
  private readonly curLeftHash = new Uint8Array(32);
  private curRightQ = 0;
  private curRightDepth = 0;
  private readonly curRightHash = new Uint8Array(32);
  private readonly lastHash: Uint8Array = new Uint8Array(32);
  private lastDepth = 0;

  private readonly nextKey = new Uint8Array(KEY_BYTES);
  private readonly bits = new Bits();
  private readonly repr = Buffer.alloc(2 + 128 + 4 + 64);

  constructor(options: { dir: string; name: string; count: number }) {
    if (!(Number.isInteger(options.count) && options.count > 0))
      throw new Error('An airdrop tree needs at least one entry');
    this.count = options.count;
    this.cells = 2 * options.count - 1;
    this.sizeBytes = bytesFor(this.cells);
    this.paths = treeFilePaths(options.dir, options.name);
    const tag = `${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
    this.temp = {
      dump: `${this.paths.dump}.${tag}`,
      index: `${this.paths.index}.${tag}`,
      blocks: `${this.paths.dump}.blocks.${tag}`,
      manifest: `${this.paths.manifest}.${tag}`,
    };
    this.indexFd = openSync(this.temp.index, 'w');
    try {
      this.blocksFd = openSync(this.temp.blocks, 'w+');
    } catch (error) {
      closeSync(this.indexFd);
      rmSync(this.temp.index, { force: true });
      throw error;
    }
  }

  /** The next entry: its address's hash must be below the previous one's. */
  add(entry: TreeFileEntry) {
    if (this.done) throw new Error('The airdrop tree is already finished');
    const { hash, amount, startFrom, expiredAt } = entry;
    if (hash.length !== 32) throw new Error('An address hash is 32 bytes');
    if (amount < 0n || amount >= 1n << 120n) throw new Error(`Amount out of range: ${amount}`);
    if (
      !(Number.isInteger(startFrom) && Number.isInteger(expiredAt)) ||
      !(startFrom >= 0 && startFrom <= expiredAt && expiredAt < 2 ** 48)
    )
      throw new Error(`Invalid claim window: ${startFrom}..${expiredAt}`);
    if (this.added === this.count) throw new Error(`More entries than the ${this.count} announced`);
    const item = { amount, startFrom, expiredAt };
    if (this.added++ === 0) {
      keyInto(this.curKey, hash);
      this.curItem = item;
      this.curFork = KEY_BITS;
      return;
    }
    const next = this.nextKey;
    keyInto(next, hash);
    // The first bit where the previous key (the current leaf's) and this one differ.
    const prev = this.curKey;
    let j = 1;
    while (j < 34 && prev[j] === next[j]) j++;
    if (j === 34 || next[j]! > prev[j]!)
      throw new Error(
        `Entries out of (descending) address order or duplicated at 0:${Buffer.from(hash).toString('hex')}`,
      );
    const d = j * 8 + Math.clz32(prev[j]! ^ next[j]!) - 24;
    // Forks deeper than d are complete: the current subtree is the left child of each in turn.
    while (this.sp > 0 && this.sFork[this.sp - 1]! > d) this.closeFork();
    // The current subtree is the right child of a fork at d.
    const top = this.sp++;
    this.sKey.set(this.curKey, top * KEY_BYTES);
    this.sRightQ[top] = this.finalize(d + 1);
    this.sRightDepth[top] = this.lastDepth;
    this.sRightHash.set(this.lastHash, top * 32);
    this.sFork[top] = d;
    this.curKey.set(next);
    this.curItem = item;
    this.curFork = KEY_BITS;
  }

  /** The fork on top of the stack gets the current subtree as its left child, and becomes current. */
  private closeFork() {
    const top = --this.sp;
    this.curLeftQ = this.finalize(this.sFork[top]! + 1);
    this.curLeftDepth = this.lastDepth;
    this.curLeftHash.set(this.lastHash);
    this.curRightQ = this.sRightQ[top]!;
    this.curRightDepth = this.sRightDepth[top]!;
    this.curRightHash.set(this.sRightHash.subarray(top * 32, top * 32 + 32));
    this.curKey.set(this.sKey.subarray(top * KEY_BYTES, top * KEY_BYTES + KEY_BYTES));
    this.curFork = this.sFork[top]!;
  }

  /**
   * Makes the current subtree a cell whose label starts at key bit `offset`: its data, hash and
   * depth, written to the dump and the index. Returns its post-order number.
   */
  private finalize(offset: number): number {
    const bits = this.bits;
    bits.reset();
    const leaf = this.curFork === KEY_BITS;
    writeLabel(bits, this.curKey, offset, this.curFork);
    if (leaf) {
      bits.coins(this.curItem.amount);
      bits.put48(this.curItem.startFrom);
      bits.put48(this.curItem.expiredAt);
    }
    const length = bits.length;
    if (length % 8 !== 0) bits.put(1, 1);
    const dataBytes = (length + 7) >> 3;
    const repr = this.repr;
    repr[0] = leaf ? 0 : 2;
    repr[1] = (length >> 3) + dataBytes;
    repr.set(bits.bytes.subarray(0, dataBytes), 2);
    let end = 2 + dataBytes;
    let depth = 0;
    if (!leaf) {
      depth = Math.max(this.curLeftDepth, this.curRightDepth) + 1;
      repr.writeUInt16BE(this.curLeftDepth, end);
      repr.writeUInt16BE(this.curRightDepth, end + 2);
      repr.set(this.curLeftHash, end + 4);
      repr.set(this.curRightHash, end + 36);
      end += 68;
    }
    const hash = sha256(repr.subarray(0, end));
    // The cell in the BOC: its data, then its children's BOC numbers.
    const size = 2 + dataBytes + (leaf ? 0 : 2 * this.sizeBytes);
    if (this.blockAt < size) this.flushBlock();
    this.blockAt -= size;
    const at = this.blockAt;
    repr.copy(this.block, at, 0, 2 + dataBytes);
    if (!leaf) {
      const refs = at + 2 + dataBytes;
      this.block.writeUIntBE(this.cells - 1 - this.curLeftQ, refs, this.sizeBytes);
      this.block.writeUIntBE(this.cells - 1 - this.curRightQ, refs + this.sizeBytes, this.sizeBytes);
    }
    this.total += size;
    // Its index record, back to front within the index block.
    const q = this.q++;
    const slot = (INDEX_BLOCK - 1 - (q - this.indexFrom)) * INDEX_RECORD;
    this.indexBlock.writeUIntBE(this.total, slot, 6);
    this.indexBlock.writeUInt16BE(depth, slot + 6);
    hash.copy(this.indexBlock, slot + 8);
    if (this.q - this.indexFrom === INDEX_BLOCK) this.flushIndex();
    this.lastHash.set(hash);
    this.lastDepth = depth;
    return q;
  }

  private flushBlock() {
    const size = DUMP_BLOCK - this.blockAt;
    if (size === 0) return;
    writeAll(this.blocksFd, this.block.subarray(this.blockAt), null);
    this.blockSizes.push(size);
    this.blockAt = DUMP_BLOCK;
  }

  private flushIndex() {
    const records = this.q - this.indexFrom;
    if (records === 0) return;
    writeAll(
      this.indexFd,
      this.indexBlock.subarray((INDEX_BLOCK - records) * INDEX_RECORD),
      (this.cells - this.q) * INDEX_RECORD,
    );
    this.indexFrom = this.q;
  }

  /** Closes the last forks, writes the dump and renames the files into place. */
  finish(): TreeFileManifest {
    if (this.done) throw new Error('The airdrop tree is already finished');
    if (this.added !== this.count) throw new Error(`${this.added} entries given, ${this.count} announced`);
    try {
      while (this.sp > 0) this.closeFork();
      this.finalize(0);
      if (this.q !== this.cells) throw new Error(`Wrote ${this.q} cells, not ${this.cells}`);
      this.flushBlock();
      this.flushIndex();
      this.done = true;
      const rootHex = Buffer.from(this.lastHash).toString('hex');
      const dump = this.writeDump();
      closeSync(this.indexFd);
      closeSync(this.blocksFd);
      rmSync(this.temp.blocks, { force: true });
      const manifest: TreeFileManifest = {
        version: TREE_FILE_VERSION,
        entries: this.count,
        cells: this.cells,
        rootHex,
        dumpSha256: dump.sha256,
        dumpBytes: dump.bytes,
      };
      writeFileSync(this.temp.manifest, `${JSON.stringify(manifest)}\n`);
      renameSync(this.temp.dump, this.paths.dump);
      renameSync(this.temp.index, this.paths.index);
      renameSync(this.temp.manifest, this.paths.manifest);
      return manifest;
    } catch (error) {
      this.abort();
      throw error;
    }
  }

  /** The header and the blocks in reverse order: the cells root first, parents before children. */
  private writeDump() {
    const offBytes = bytesFor(this.total);
    const header = Buffer.alloc(4 + 1 + 1 + 3 * this.sizeBytes + offBytes + this.sizeBytes);
    let h = header.writeUInt32BE(0xb5ee9c72, 0);
    h = header.writeUInt8(this.sizeBytes, h); // has_idx 0, has_crc32c 0, has_cache_bits 0, flags 0
    h = header.writeUInt8(offBytes, h);
    h = header.writeUIntBE(this.cells, h, this.sizeBytes); // cells
    h = header.writeUIntBE(1, h, this.sizeBytes); // roots
    h = header.writeUIntBE(0, h, this.sizeBytes); // absent
    h = header.writeUIntBE(this.total, h, offBytes); // tot_cells_size
    header.writeUIntBE(0, h, this.sizeBytes); // the root's index
    const fd = openSync(this.temp.dump, 'w');
    const digest = crypto.createHash('sha256');
    try {
      writeAll(fd, header, null);
      digest.update(header);
      let end = this.blockSizes.reduce((sum, size) => sum + size, 0);
      for (let b = this.blockSizes.length - 1; b >= 0; b--) {
        const size = this.blockSizes[b]!;
        end -= size;
        const chunk = this.block.subarray(0, size);
        readAll(this.blocksFd, chunk, end);
        writeAll(fd, chunk, null);
        digest.update(chunk);
      }
    } finally {
      closeSync(fd);
    }
    return { sha256: digest.digest('hex'), bytes: header.length + this.total };
  }

  /** Stops and removes what was written. */
  abort() {
    this.done = true;
    for (const fd of [this.indexFd, this.blocksFd]) {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
    }
    for (const path of Object.values(this.temp)) rmSync(path, { force: true });
  }
}

function writeAll(fd: number, data: Uint8Array, position: number | null) {
  let done = 0;
  while (done < data.length) {
    const n = writeSync(fd, data, done, data.length - done, position === null ? null : position + done);
    done += n;
  }
}

function readAll(fd: number, into: Uint8Array, position: number): number {
  let done = 0;
  while (done < into.length) {
    const n = readSync(fd, into, done, into.length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}

// --- Reading -------------------------------------------------------------------------------------

/**
 * Reads of a file through a bounded cache of its 4 KiB blocks, the least recently used dropped
 * first: the upper levels of the tree, which every lookup reads, stay in memory.
 */
class BlockReader {
  private static readonly BLOCK = 4096;
  private readonly blocks = new Map<number, Buffer>();
  constructor(
    readonly fd: number,
    private readonly capacity: number,
  ) {}

  private block(n: number): Buffer {
    let block = this.blocks.get(n);
    if (block) {
      this.blocks.delete(n);
    } else {
      const bytes = Buffer.allocUnsafe(BlockReader.BLOCK);
      block = bytes.subarray(0, readAll(this.fd, bytes, n * BlockReader.BLOCK));
      if (this.blocks.size >= this.capacity) this.blocks.delete(this.blocks.keys().next().value!);
    }
    this.blocks.set(n, block);
    return block;
  }

  /** Fills `into` from `position` (less at the end of the file); how many bytes were read. */
  read(into: Buffer, position: number): number {
    let done = 0;
    while (done < into.length) {
      const at = position + done;
      const block = this.block(Math.floor(at / BlockReader.BLOCK));
      const from = at % BlockReader.BLOCK;
      if (from >= block.length) break;
      done += block.copy(into, done, from, Math.min(block.length, from + into.length - done));
    }
    return done;
  }
}

/** A cell of the dump: its data bits and its children's BOC numbers. */
interface DumpCell {
  /** Its data bits, and the padded bytes and d2 as serialized. */
  data: Buffer;
  bitLength: number;
  padded: Buffer;
  d2: number;
  refs: number[];
}

/** A path step of a lookup: the cell, and which child the key goes on to (0 or 1; -1 at the leaf). */
interface Step {
  cell: DumpCell;
  turn: number;
}

export interface TreeLookup extends AirdropLookup {
  /**
   * The claim's custom payload (merkle_airdrop_claim with the proof) as a BOC, the bytes
   * `claimPayload(proof()).toBoc()` gives, written directly: no cell built, nothing hashed. With
   * `head`, the BOC of that cell with the payload as its one ref (the claim's transfer body,
   * `claimTransferHead`).
   */
  payloadBoc(head?: CellHead): Buffer;
}

/**
 * A finished tree's files, open for lookups and proofs (a few reads per level, nothing held).
 * Synchronous reads: a lookup takes well under a millisecond from the page cache.
 */
export class AirdropTreeFile {
  readonly manifest: TreeFileManifest;
  readonly paths: ReturnType<typeof treeFilePaths>;
  readonly root: bigint;
  private readonly dumpFd: number;
  private readonly indexFd: number;
  private readonly dump: BlockReader;
  private readonly index: BlockReader;
  private readonly sizeBytes: number;
  /** Where the cell data ends in the dump, and its size. */
  private readonly dataEnd: number;
  private readonly record = Buffer.alloc(INDEX_RECORD);
  private readonly cellBytes = Buffer.alloc(MAX_CELL);
  private closed = false;

  private constructor(dir: string, name: string) {
    this.paths = treeFilePaths(dir, name);
    const manifest = JSON.parse(readFileSync(this.paths.manifest, 'utf8')) as TreeFileManifest;
    if (manifest.version !== TREE_FILE_VERSION) throw new Error(`Unknown airdrop tree files: ${name}`);
    this.manifest = manifest;
    this.root = BigInt(`0x${manifest.rootHex}`);
    this.dumpFd = openSync(this.paths.dump, 'r');
    try {
      this.indexFd = openSync(this.paths.index, 'r');
    } catch (error) {
      closeSync(this.dumpFd);
      throw error;
    }
    this.dump = new BlockReader(this.dumpFd, CACHE_BLOCKS);
    this.index = new BlockReader(this.indexFd, CACHE_BLOCKS);
    const header = Buffer.alloc(32);
    readAll(this.dumpFd, header, 0);
    if (header.readUInt32BE(0) !== 0xb5ee9c72) throw new Error('Not a BOC');
    this.sizeBytes = header[4]! & 7;
    const offBytes = header[5]!;
    const total = header.readUIntBE(6 + 3 * this.sizeBytes, offBytes);
    const dataStart = 6 + 4 * this.sizeBytes + offBytes;
    this.dataEnd = dataStart + total;
    if (this.dataEnd !== manifest.dumpBytes) throw new Error('The airdrop dump is truncated');
    if (this.hashOf(0).toString('hex') !== manifest.rootHex)
      throw new Error('The airdrop index does not match its manifest');
  }

  /** Opens the files of a finished tree; throws when they are missing or incomplete. */
  static open(dir: string, name: string): AirdropTreeFile {
    return new AirdropTreeFile(dir, name);
  }

  get size() {
    return this.manifest.entries;
  }
  get rootHex() {
    return this.manifest.rootHex;
  }

  private readRecord(i: number): Buffer {
    if (this.index.read(this.record, i * INDEX_RECORD) !== INDEX_RECORD)
      throw new Error(`Airdrop index: no cell ${i}`);
    return this.record;
  }

  private hashOf(i: number): Buffer {
    return Buffer.from(this.readRecord(i).subarray(8, 40));
  }

  private cellAt(i: number): DumpCell {
    const end = this.readRecord(i).readUIntBE(0, 6);
    const start = this.dataEnd - end;
    const n = this.dump.read(this.cellBytes, start);
    const bytes = this.cellBytes.subarray(0, n);
    const refCount = bytes[0]! & 7;
    const d2 = bytes[1]!;
    const dataBytes = Math.ceil(d2 / 2);
    const padded = Buffer.from(bytes.subarray(2, 2 + dataBytes));
    const data = Buffer.from(padded);
    let bitLength = dataBytes * 8;
    if (d2 % 2 === 1) {
      // The completion tag: the last 1 bit of the last byte, and the zeros after it.
      const last = data[dataBytes - 1]!;
      bitLength -= 32 - Math.clz32(last & -last);
      data[dataBytes - 1] = last & ~(last & -last) & 0xff;
    }
    const refs: number[] = [];
    for (let r = 0; r < refCount; r++)
      refs.push(bytes.readUIntBE(2 + dataBytes + r * this.sizeBytes, this.sizeBytes));
    return { data, bitLength, padded, d2, refs };
  }

  /** The address's item and its proof, or null when it is not in the tree. */
  lookup(address: Address): TreeLookup | null {
    if (this.closed) throw new Error('The airdrop tree files are closed');
    if (address.workChain !== 0) return null;
    const key = new Uint8Array(KEY_BYTES);
    keyInto(key, address.hash);
    const path: Step[] = [];
    let i = 0;
    let offset = 0;
    for (;;) {
      const cell = this.cellAt(i);
      const d = cell.data;
      const m = KEY_BITS - offset;
      const label = readLabel(d, m);
      const p = label.end;
      for (let b = 0; b < label.length; b++) {
        const bit = label.same >= 0 ? label.same : bitAt(d, label.at + b);
        if (bitAt(key, offset + b) !== bit) return null;
      }
      offset += label.length;
      if (offset === KEY_BITS) {
        path.push({ cell, turn: -1 });
        const item = readItem(d, p);
        return { item, proof: () => this.proofOf(path), payloadBoc: (head) => this.payloadBocOf(path, head) };
      }
      if (cell.refs.length !== 2) throw new Error('Corrupt airdrop dump');
      const turn = bitAt(key, offset);
      offset += 1;
      path.push({ cell, turn });
      i = cell.refs[turn]!;
    }
  }

  /** The item of an address, if it is in the tree. */
  get(address: Address): AirdropItem | undefined {
    return this.lookup(address)?.item;
  }

  /** The hashmap cut down to the path, siblings pruned, inside a Merkle proof cell. */
  private proofOf(path: Step[]): Cell {
    let below: Cell | null = null;
    for (let s = path.length - 1; s >= 0; s--) {
      const { cell, turn } = path[s]!;
      const builder = beginCell().storeBits(new BitString(cell.data, 0, cell.bitLength));
      if (turn >= 0) {
        const siblingIndex = cell.refs[1 - turn]!;
        const record = this.readRecord(siblingIndex);
        const pruned = beginCell()
          .storeUint(1, 8)
          .storeUint(1, 8)
          .storeBuffer(record.subarray(8, 40))
          .storeUint(record.readUInt16BE(6), 16)
          .endCell({ exotic: true });
        builder.storeRef(turn === 1 ? pruned : below!).storeRef(turn === 1 ? below! : pruned);
      }
      below = builder.endCell();
    }
    const top = below!;
    if (top.hash(0).toString('hex') !== this.manifest.rootHex) throw new Error('Inconsistent airdrop tree');
    return beginCell()
      .storeUint(3, 8)
      .storeBuffer(top.hash(0))
      .storeUint(top.depth(0), 16)
      .storeRef(top)
      .endCell({ exotic: true });
  }

  /**
   * The BOC of `claimPayload(proofOf(path))` as @ton/core serializes it (toBoc: CRC32C, no index):
   * cells in pre-order, left child first (its topological order for a tree without repeated cells;
   * no two cells of a proof are alike: the cut path's cells differ in their remaining key length,
   * and so do the subtrees pruned beside it).
   */
  private payloadBocOf(path: Step[], head?: CellHead): Buffer {
    type Node = { d1: number; data: Uint8Array; d2: number; refs: Node[] };
    let below: Node | null = null;
    for (let s = path.length - 1; s >= 0; s--) {
      const { cell, turn } = path[s]!;
      if (turn < 0) {
        below = { d1: 0, data: cell.padded, d2: cell.d2, refs: [] };
        continue;
      }
      const record = this.readRecord(cell.refs[1 - turn]!);
      const prunedData = Buffer.alloc(36);
      prunedData[0] = 1; // pruned branch
      prunedData[1] = 1; // level mask
      record.copy(prunedData, 2, 8, 40);
      record.copy(prunedData, 34, 6, 8);
      const pruned: Node = { d1: 8 + 32, data: prunedData, d2: 72, refs: [] };
      // Refs, exotic 0, level mask 1 (a pruned branch below).
      below = {
        d1: 2 + 32,
        data: cell.padded,
        d2: cell.d2,
        refs: turn === 1 ? [pruned, below!] : [below!, pruned],
      };
    }
    const rootRecord = this.readRecord(0);
    const proofData = Buffer.alloc(35);
    proofData[0] = 3; // merkle proof
    rootRecord.copy(proofData, 1, 8, 40);
    rootRecord.copy(proofData, 33, 6, 8);
    const proof: Node = { d1: 1 + 8, data: proofData, d2: 70, refs: [below!] };
    const op = Buffer.alloc(4);
    op.writeUInt32BE(Op.merkleAirdropClaim);
    const payload: Node = { d1: 1, data: op, d2: 8, refs: [proof] };
    // A cell above the payload, its level 0 as the payload's (a Merkle proof is of level 0).
    const top: Node = head ? { d1: 1, data: head.padded, d2: head.d2, refs: [payload] } : payload;
    // Pre-order numbering.
    const order: Node[] = [];
    const stack: Node[] = [top];
    while (stack.length > 0) {
      const node = stack.pop()!;
      order.push(node);
      for (let r = node.refs.length - 1; r >= 0; r--) stack.push(node.refs[r]!);
    }
    const indexOf = new Map(order.map((node, i) => [node, i]));
    const sizeBytes = Math.max(1, Math.ceil(order.length.toString(2).length / 8));
    let total = 0;
    for (const node of order) total += 2 + node.data.length + node.refs.length * sizeBytes;
    const offBytes = Math.max(1, Math.ceil(total.toString(2).length / 8));
    const headerBytes = 4 + 1 + 1 + 3 * sizeBytes + offBytes + sizeBytes;
    const out = Buffer.alloc(headerBytes + total + 4);
    let at = out.writeUInt32BE(0xb5ee9c72, 0);
    at = out.writeUInt8(0x40 | sizeBytes, at); // has_idx 0, has_crc32c 1, has_cache_bits 0, flags 0
    at = out.writeUInt8(offBytes, at);
    at = out.writeUIntBE(order.length, at, sizeBytes);
    at = out.writeUIntBE(1, at, sizeBytes);
    at = out.writeUIntBE(0, at, sizeBytes);
    at = out.writeUIntBE(total, at, offBytes);
    at = out.writeUIntBE(0, at, sizeBytes);
    for (const node of order) {
      out[at++] = node.d1;
      out[at++] = node.d2;
      out.set(node.data, at);
      at += node.data.length;
      for (const ref of node.refs) at = out.writeUIntBE(indexOf.get(ref)!, at, sizeBytes);
    }
    crc32c(out.subarray(0, at)).copy(out, at);
    return out;
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.dumpFd);
    closeSync(this.indexFd);
  }
}

/** A label's length, where its bits start (or the bit all of them are), and where it ends. */
function readLabel(d: Uint8Array, m: number) {
  let p = 0;
  let length = 0;
  let same = -1;
  if (bitAt(d, p++) === 0) {
    while (bitAt(d, p++) === 1) length++; // hml_short: unary length
  } else {
    const kind = bitAt(d, p++);
    if (kind === 1) same = bitAt(d, p++); // hml_same
    length = readBits(d, p, LENGTH_BITS[m]!);
    p += LENGTH_BITS[m]!;
  }
  if (length > m) throw new Error('Corrupt airdrop dump');
  const at = p;
  return { length, at, same, end: same >= 0 ? p : p + length };
}

function readBits(d: Uint8Array, p: number, n: number): number {
  let v = 0;
  for (let b = 0; b < n; b++) v = v * 2 + bitAt(d, p + b);
  return v;
}

function readItem(d: Uint8Array, p: number): AirdropItem {
  const bytes = readBits(d, p, 4);
  p += 4;
  let amount = 0n;
  for (let b = 0; b < bytes; b++) {
    amount = (amount << 8n) | BigInt(readBits(d, p, 8));
    p += 8;
  }
  const startFrom = readBits(d, p, 48);
  const expiredAt = readBits(d, p + 48, 48);
  return { amount, startFrom, expiredAt };
}

/** The hash of a basechain address, as the writer takes it. */
export const addressHash = (address: Address | string): Buffer => {
  if (typeof address === 'string') {
    const match = /^0:([0-9a-fA-F]{64})$/.exec(address);
    if (!match) throw new Error(`Not a raw basechain address: ${address}`);
    return Buffer.from(match[1]!, 'hex');
  }
  if (address.workChain !== 0) throw new Error(`Not a basechain address: ${address.toString()}`);
  return address.hash;
};
