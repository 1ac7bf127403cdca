/**
 * The jetton's on-chain layouts and the messages that reach it: the minter's and the wallets' initial
 * data (what their addresses are computed from), the TEP-64 content, the operator's deploy message and
 * the player's claim message, as TON Connect wants them (base64 BOCs). The code cells come from
 * `jettonCode()`, compiled from `contracts/*.fc` (see compile.ts).
 *
 * Deployed as ton-community/mintless-jetton is: the wallet's code is published once as a public
 * library of the masterchain (librarian.fc), and the minter and every wallet hold in its place a
 * library reference cell (`walletCodeRef`). A wallet's state init, hence its address, is built
 * with that reference as its code: here, in the minter and in the wallets alike.
 *
 * Layouts (they must match contracts/jetton-minter.fc and contracts/jetton-wallet.fc):
 *   minter: total_supply:Coins admin:MsgAddress next_admin:MsgAddress merkle_root:uint256
 *           content:^Cell wallet_code:^Cell
 *   wallet: claimed:uint1 balance:Coins owner:MsgAddress minter:MsgAddress merkle_root:uint256
 */
import type { Address, StateInit } from '@ton/core';
import { beginCell, Cell, CellType, contractAddress, storeStateInit, toNano } from '@ton/core';
import { compileJetton } from './compile.ts';

/** Message op codes: TEP-74 (transfer, internal_transfer…), TEP-177 (merkle_airdrop_claim), ours. */
export const Op = {
  transfer: 0x0f8a7ea5,
  transferNotification: 0x7362d09c,
  internalTransfer: 0x178d4519,
  excesses: 0xd53276db,
  burn: 0x595f07bc,
  burnNotification: 0x7bdd97de,
  provideWalletAddress: 0x2c76b973,
  takeWalletAddress: 0xd1735400,
  topUp: 0xd372158c,
  changeAdmin: 0x6501f354,
  claimAdmin: 0xfb88e119,
  changeContent: 0xcb862902,
  dropAdmin: 0x7431f221,
  merkleAirdropClaim: 0x0df602d6,
} as const;

/** Exit codes the contracts throw (tests and the claim status read them). */
export const ExitCode = {
  notOwner: 73,
  notValidWallet: 74,
  wrongOp: 0xffff,
  balanceError: 47,
  notEnoughGas: 48,
  invalidMessage: 49,
  alreadyClaimed: 54,
  airdropNotReady: 55,
  airdropFinished: 56,
  unknownCustomPayload: 57,
  notExotic: 103,
  notMerkleProof: 104,
  wrongRoot: 105,
  notInAirdrop: 109,
} as const;

/** TON sent with a claim; what the wallet does not spend comes back to the owner as `excesses`. */
export const CLAIM_AMOUNT = toNano('0.1');
/** TON sent with the minter's deploy; it stays on the minter for its storage. */
export const DEPLOY_AMOUNT = toNano('0.05');

export type JettonCode = { minter: Cell; wallet: Cell; librarian: Cell };

let codePromise: Promise<JettonCode> | undefined;
/** The minter's and the wallet's code cells, compiled once per process from the sources. */
export function jettonCode(): Promise<JettonCode> {
  codePromise ??= compileJetton().catch((error: unknown) => {
    codePromise = undefined;
    throw error;
  });
  return codePromise;
}

const boc = (cell: Cell): string => cell.toBoc().toString('base64');
const stateInitCell = (init: StateInit): Cell => beginCell().store(storeStateInit(init)).endCell();

/**
 * The library reference cell of `code` (exotic, type 2, then the code's representation hash): what
 * the minter stores and what wallets hold as code. A reference given is returned as it is.
 */
export function walletCodeRef(code: Cell): Cell {
  if (code.type === CellType.Library) return code;
  const bits = beginCell().storeUint(CellType.Library, 8).storeBuffer(code.hash()).endCell().bits;
  return new Cell({ exotic: true, bits, refs: [] });
}

/** TEP-64 off-chain content: the prefix 0x01 then the metadata JSON's URI as a snake string. */
export function jettonContent(uri: string): Cell {
  return beginCell().storeUint(0x01, 8).storeStringTail(uri).endCell();
}

export type MinterConfig = {
  admin: Address | null;
  merkleRoot: bigint;
  /** A TEP-64 content cell, or the URI of the off-chain metadata JSON. */
  content: Cell | string;
  walletCode: Cell;
  /** The airdrop's total: what `get_jetton_data` reports as the supply. */
  totalSupply?: bigint;
};

export function minterData(config: MinterConfig): Cell {
  const content = typeof config.content === 'string' ? jettonContent(config.content) : config.content;
  return beginCell()
    .storeCoins(config.totalSupply ?? 0n)
    .storeAddress(config.admin)
    .storeAddress(null) // next_admin: none until the admin names one (change_admin)
    .storeUint(config.merkleRoot, 256)
    .storeRef(content)
    .storeRef(walletCodeRef(config.walletCode))
    .endCell();
}

export function minterStateInit(config: MinterConfig & { minterCode: Cell }): StateInit {
  return { code: config.minterCode, data: minterData(config) };
}

export type WalletConfig = { owner: Address; minter: Address; merkleRoot: bigint; walletCode: Cell };

/** A jetton wallet before its first message: not claimed, no balance. */
export function walletData(config: Omit<WalletConfig, 'walletCode'>): Cell {
  return beginCell()
    .storeUint(0, 1)
    .storeCoins(0)
    .storeAddress(config.owner)
    .storeAddress(config.minter)
    .storeUint(config.merkleRoot, 256)
    .endCell();
}

/** A wallet's state init: the library reference of its code (the code or the reference given) and its data. */
export function walletStateInit(config: WalletConfig): StateInit {
  return { code: walletCodeRef(config.walletCode), data: walletData(config) };
}

/** The owner's jetton wallet address (the minter's `get_wallet_address` answers the same). */
export function walletAddress(config: WalletConfig): Address {
  return contractAddress(0, walletStateInit(config));
}

/** TEP-177's custom payload: `merkle_airdrop_claim#0df602d6 proof:^Cell`. */
export function claimPayload(proof: Cell): Cell {
  return beginCell().storeUint(Op.merkleAirdropClaim, 32).storeRef(proof).endCell();
}

/** TEP-74 `transfer` body. */
export function transferBody(options: {
  queryId?: bigint;
  amount: bigint;
  destination: Address;
  responseDestination: Address | null;
  customPayload?: Cell | null;
  forwardTonAmount?: bigint;
  forwardPayload?: Cell | null;
}): Cell {
  return beginCell()
    .storeUint(Op.transfer, 32)
    .storeUint(options.queryId ?? 0n, 64)
    .storeCoins(options.amount)
    .storeAddress(options.destination)
    .storeAddress(options.responseDestination)
    .storeMaybeRef(options.customPayload ?? null)
    .storeCoins(options.forwardTonAmount ?? 0n)
    .storeMaybeRef(options.forwardPayload ?? null)
    .endCell();
}

export type TonConnectMessage = { address: string; amount: string; stateInit?: string; payload: string };

/**
 * A cell's own part as a BOC writes it (its data padded to whole bytes and its second descriptor
 * byte), for a cell whose one ref a caller writes: the claim's transfer above its custom payload.
 */
export type CellHead = { padded: Uint8Array; d2: number };

/**
 * The claim's `transfer` body without its custom payload (`transferBody` with the payload's
 * maybe-ref bit set): written above the payload BOC a tree's files give (`payloadBoc(head)`), the
 * bytes of `transferBody({…, customPayload: claimPayload(proof)}).toBoc()` with no cell hashed.
 */
export function claimTransferHead(owner: Address, queryId = 0n): CellHead {
  const bits = beginCell()
    .storeUint(Op.transfer, 32)
    .storeUint(queryId, 64)
    .storeCoins(0n)
    .storeAddress(owner)
    .storeAddress(owner)
    .storeBit(1) // custom_payload: the one ref
    .storeCoins(0n)
    .storeBit(0) // no forward_payload
    .endCell().bits;
  const whole = Math.floor(bits.length / 8);
  const padded = Buffer.alloc(Math.ceil(bits.length / 8));
  // Bit by bit, then an incomplete last byte's 1 bit and zeros (the BOC's padding).
  for (let i = 0; i <= bits.length; i++) {
    const one = i < bits.length ? bits.at(i) : bits.length % 8 !== 0;
    if (one) padded.writeUInt8(padded.readUInt8(i >> 3) | (0x80 >> (i & 7)), i >> 3);
  }
  return { padded, d2: whole + Math.ceil(bits.length / 8) };
}

/**
 * The messages a player's own wallet sends to claim (TEP-177): one `transfer` of 0 jettons to
 * themselves, sent to their jetton wallet with its state_init (it may not exist yet) and the claim
 * as custom payload. The wallet checks the proof against its Merkle root, credits the amount once,
 * and returns the unspent TON to the owner.
 */
export function claimMessages(
  options: WalletConfig &
    (
      | {
          /** The custom payload: `claimPayload(proof)` (or the BOC served as `custom_payload`). */
          proofPayload: Cell;
          queryId?: bigint;
        }
      | {
          /**
           * The transfer body's BOC as written from a tree's files: `payloadBoc(claimTransferHead(owner))`
           * (query id 0), the same bytes with no proof cell built.
           */
          bodyBoc: Buffer;
        }
    ) & { testOnly?: boolean },
): TonConnectMessage[] {
  const init = walletStateInit(options);
  const address = contractAddress(0, init);
  const payload =
    'bodyBoc' in options
      ? options.bodyBoc.toString('base64')
      : boc(
          transferBody({
            queryId: options.queryId ?? 0n,
            amount: 0n,
            destination: options.owner,
            responseDestination: options.owner,
            customPayload: options.proofPayload,
          }),
        );
  return [
    {
      address: address.toString({ bounceable: true, testOnly: options.testOnly ?? false }),
      amount: CLAIM_AMOUNT.toString(),
      stateInit: boc(stateInitCell(init)),
      payload,
    },
  ];
}

/**
 * The librarian's account on the masterchain: its code (librarian.fc) and, as data, the wallet's
 * code it publishes. Its address depends on the wallet's code only.
 */
export function librarianStateInit(code: Pick<JettonCode, 'librarian' | 'wallet'>): StateInit {
  return { code: code.librarian, data: code.wallet };
}

/** The distinct cells and bits of a cell tree (what storage is paid for). */
export function cellTreeSize(root: Cell): { cells: number; bits: number } {
  const seen = new Set<string>();
  let bits = 0;
  const visit = (cell: Cell) => {
    const key = cell.hash().toString('hex');
    if (seen.has(key)) return;
    seen.add(key);
    bits += cell.bits.length;
    for (const ref of cell.refs) visit(ref);
  };
  visit(root);
  return { cells: seen.size, bits };
}

/**
 * Mainnet's masterchain storage prices (config param 18: mc_bit_price_ps 1,000 and
 * mc_cell_price_ps 500,000 nanotons per 2^16 s), what the library's deploy amount is computed
 * from; the librarian itself checks a year of storage at the prices of the day.
 */
export const MASTERCHAIN_STORAGE_PRICES = { bitPricePs: 1_000n, cellPricePs: 500_000n } as const;
/** The years of masterchain storage the library's deploy message pays for. */
export const LIBRARY_YEARS = 5;

/** TON for `years` of the librarian's storage (its code, the library, a margin for its header), and 1 TON over. */
export function libraryDeployAmount(code: Pick<JettonCode, 'librarian' | 'wallet'>, years = LIBRARY_YEARS) {
  const library = cellTreeSize(code.wallet);
  const own = cellTreeSize(code.librarian);
  const bits = BigInt(library.bits + own.bits + 1023);
  const cells = BigInt(library.cells + own.cells + 1);
  const seconds = BigInt(years * 365 * 24 * 3600);
  const perSecond =
    bits * MASTERCHAIN_STORAGE_PRICES.bitPricePs + cells * MASTERCHAIN_STORAGE_PRICES.cellPricePs;
  return (perSecond * seconds + 65_535n) / 65_536n + toNano('1');
}

/**
 * The first deploy message: the librarian, on the masterchain, publishing the wallet's code as a
 * public library. Anyone may send it (or top the librarian up later): no admin is involved.
 */
export async function libraryMessage(options: { testOnly?: boolean } = {}) {
  const code = await jettonCode();
  const init = librarianStateInit(code);
  const address = contractAddress(-1, init);
  return {
    address: address.toString({ bounceable: true, testOnly: options.testOnly ?? false }),
    amount: libraryDeployAmount(code).toString(),
    stateInit: boc(stateInitCell(init)),
    payload: boc(beginCell().storeUint(Op.topUp, 32).storeUint(0, 64).endCell()),
  } satisfies TonConnectMessage & { stateInit: string };
}

/**
 * The operator's deploy of the minter: their own wallet sends DEPLOY_AMOUNT with the minter's
 * state_init and a `top_up` body. Nothing secret is involved: the admin is the operator's public
 * address. Send it after `libraryMessage()` (see `deployMessages`).
 */
export async function deployMessage(options: Omit<MinterConfig, 'walletCode'> & { testOnly?: boolean }) {
  const code = await jettonCode();
  const init = minterStateInit({ ...options, walletCode: code.wallet, minterCode: code.minter });
  const address = contractAddress(0, init);
  return {
    address: address.toString({ bounceable: true, testOnly: options.testOnly ?? false }),
    amount: DEPLOY_AMOUNT.toString(),
    stateInit: boc(stateInitCell(init)),
    payload: boc(beginCell().storeUint(Op.topUp, 32).storeUint(0, 64).endCell()),
  } satisfies TonConnectMessage & { stateInit: string };
}

/** Both deploy messages, in the order they are sent: the library's, then the minter's. */
export async function deployMessages(options: Omit<MinterConfig, 'walletCode'> & { testOnly?: boolean }) {
  return [await libraryMessage(options), await deployMessage(options)] as const;
}

/** The TEP-64 metadata JSON served at the content URI, with TEP-177's `custom_payload_api_uri`. */
export function jettonMetadata(options: {
  name: string;
  symbol: string;
  decimals: number;
  description?: string;
  image?: string;
  customPayloadApiUri: string;
}) {
  return {
    name: options.name,
    symbol: options.symbol,
    decimals: String(options.decimals),
    ...(options.description === undefined ? {} : { description: options.description }),
    ...(options.image === undefined ? {} : { image: options.image }),
    custom_payload_api_uri: options.customPayloadApiUri,
  };
}

export { stateInitCell };
