import { createHash, createPublicKey, verify } from 'node:crypto';
import { Address, Cell, contractAddress, loadStateInit } from '@ton/core';
import { WALLET_CODES, walletKindOf, type WalletKind } from './wallet-codes.ts';

/** A ton_proof older than this is refused (design choice, as the payload's own lifetime). */
export const TON_PROOF_TTL_MS = 15 * 60_000;

export interface TonProof {
  timestamp: number;
  domain: { lengthBytes: number; value: string };
  payload: string;
  signature: string;
  stateInit: string;
}

/**
 * A raw address has one colon, workchain 0 or -1 and 64 hex characters; a
 * user-friendly one is checked by @ton/core. Null when it is neither.
 */
export function parseTonAddress(text: string): Address | null {
  if (text.includes(':')) {
    if (!/^(0|-1):[0-9a-fA-F]{64}$/.test(text)) return null;
  }
  try {
    const address = Address.parse(text);
    return address.workChain === 0 || address.workChain === -1 ? address : null;
  } catch {
    return null;
  }
}

/**
 * The wallet's public key from its state init: the code must be one of the standard wallets
 * (v3r2, v4r2, W5; wallet-codes.ts) and the key is read at that wallet's place in the data.
 * Null for any other contract.
 */
export function publicKeyFromStateInit(stateInit: Cell): Buffer | null {
  const init = loadStateInit(stateInit.beginParse());
  if (!init.code || !init.data) return null;
  const kind = walletKindOf(init.code);
  if (!kind) return null;
  const data = init.data.beginParse();
  if (data.remainingBits < WALLET_CODES[kind].keyOffsetBits + 256) return null;
  data.skip(WALLET_CODES[kind].keyOffsetBits);
  return data.loadBuffer(32);
}

/** The DER prefix of an Ed25519 public key (SubjectPublicKeyInfo, RFC 8410) before its 32 bytes. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** A raw 32-byte Ed25519 public key as a key node:crypto verifies with. */
const ed25519Key = (raw: Buffer) =>
  createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

/** The bytes a wallet signs for a ton_proof (the TON Connect "ton-proof-item-v2" message). */
export function tonProofMessage(address: Address, proof: Omit<TonProof, 'signature' | 'stateInit'>): Buffer {
  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(address.workChain);
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(proof.domain.lengthBytes);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(proof.timestamp));
  const message = Buffer.concat([
    Buffer.from('ton-proof-item-v2/'),
    workchain,
    address.hash,
    domainLength,
    Buffer.from(proof.domain.value),
    timestamp,
    Buffer.from(proof.payload),
  ]);
  return sha256(Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect'), sha256(message)]));
}

export type ProofCheck =
  /** `kind`: the standard wallet whose code the proof's state init carries. */
  | { ok: true; address: Address; kind: WalletKind }
  | { ok: false; reason: 'address' | 'state-init' | 'domain' | 'expired' | 'signature' };

/**
 * Verifies a ton_proof: the state init hashes to the address, the domain is ours, the proof is
 * recent, and the signature is the state init's key over the proof message. `now` in ms.
 */
export function checkTonProof(
  input: { address: string; proof: TonProof },
  options: { domains: readonly string[]; now: number },
): ProofCheck {
  const address = parseTonAddress(input.address);
  if (!address) return { ok: false, reason: 'address' };
  let stateInit: Cell;
  let key: Buffer | null;
  let kind: WalletKind | undefined;
  try {
    stateInit = Cell.fromBase64(input.proof.stateInit);
    const init = loadStateInit(stateInit.beginParse());
    if (!contractAddress(address.workChain, init).equals(address)) return { ok: false, reason: 'state-init' };
    key = publicKeyFromStateInit(stateInit);
    kind = init.code ? walletKindOf(init.code) : undefined;
  } catch {
    return { ok: false, reason: 'state-init' };
  }
  if (!key || !kind) return { ok: false, reason: 'state-init' };
  const { domain } = input.proof;
  if (!options.domains.includes(domain.value) || Buffer.byteLength(domain.value) !== domain.lengthBytes) {
    return { ok: false, reason: 'domain' };
  }
  const age = options.now - input.proof.timestamp * 1000;
  if (age > TON_PROOF_TTL_MS || age < -60_000) return { ok: false, reason: 'expired' };
  let signature: Buffer;
  try {
    signature = Buffer.from(input.proof.signature, 'base64');
  } catch {
    return { ok: false, reason: 'signature' };
  }
  if (signature.length !== 64) return { ok: false, reason: 'signature' };
  const valid = verify(null, tonProofMessage(address, input.proof), ed25519Key(key), signature);
  return valid ? { ok: true, address, kind } : { ok: false, reason: 'signature' };
}
