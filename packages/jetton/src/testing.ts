/**
 * The jetton in the TON emulator (@ton/sandbox), for tests and the gas benchmark: deploys the minter
 * with the operator's deploy message, sends TON Connect messages from a wallet, reads jetton wallets.
 * Only tests import this module (its emulator is a development dependency).
 */
import { Address, beginCell, Cell, Dictionary, loadStateInit, type Transaction } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import {
  deployMessage,
  jettonCode,
  libraryMessage,
  walletAddress,
  type JettonCode,
  type TonConnectMessage,
} from './contracts.ts';

const fromBoc = (boc: string): Cell => {
  const [cell] = Cell.fromBoc(Buffer.from(boc, 'base64'));
  if (!cell) throw new Error('Empty BOC');
  return cell;
};

/** Sends TON Connect messages (base64 BOCs, as a wallet would) from `from`. */
export async function sendTonConnect(
  from: SandboxContract<TreasuryContract>,
  messages: readonly TonConnectMessage[],
) {
  const transactions: Transaction[] = [];
  for (const message of messages) {
    const result = await from.send({
      to: Address.parse(message.address),
      value: BigInt(message.amount),
      init: message.stateInit ? loadStateInit(fromBoc(message.stateInit).beginParse()) : undefined,
      body: fromBoc(message.payload),
      bounce: Address.parseFriendly(message.address).isBounceable,
    });
    transactions.push(...result.transactions);
  }
  return transactions;
}

export type JettonWalletData = { balance: bigint; owner: Address; minter: Address; code: Cell };

export type SandboxJetton = {
  blockchain: Blockchain;
  code: JettonCode;
  admin: SandboxContract<TreasuryContract>;
  minter: Address;
  merkleRoot: bigint;
  walletOf(owner: Address): Address;
  /** TEP-74 `get_wallet_data` of the owner's jetton wallet; null while it is not deployed. */
  walletData(owner: Address): Promise<JettonWalletData | null>;
  minterWalletAddress(owner: Address): Promise<Address>;
  jettonData(): Promise<{ totalSupply: bigint; mintable: boolean; admin: Address | null; content: Cell }>;
};

/** A fresh emulator with the jetton deployed by `admin`'s wallet through the operator's deploy message. */
export async function deploySandboxJetton(options: {
  merkleRoot: bigint;
  totalSupply?: bigint;
  content?: string;
  now?: number;
  /** An emulator to deploy into (a fresh one by default). */
  blockchain?: Blockchain;
  /** Whether to publish the wallet's code as a library first (as deployed; true by default). */
  library?: boolean;
}): Promise<SandboxJetton> {
  const blockchain = options.blockchain ?? (await Blockchain.create());
  if (options.now !== undefined) blockchain.now = options.now;
  const code = await jettonCode();
  const admin = await blockchain.treasury('operator');
  if (options.library ?? true) {
    // The emulator adds what a masterchain account publishes to the libraries every account sees.
    blockchain.autoDeployLibraries = true;
    await sendTonConnect(admin, [await libraryMessage()]);
    const libs = blockchain.libs
      ? Dictionary.loadDirect(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell(), blockchain.libs)
      : undefined;
    if (!libs?.get(code.wallet.hash())) throw new Error('The wallet code was not published as a library');
  }
  const deploy = await deployMessage({
    admin: admin.address,
    merkleRoot: options.merkleRoot,
    totalSupply: options.totalSupply ?? 0n,
    content: options.content ?? 'https://example.org/jetton.json',
  });
  const minter = Address.parse(deploy.address);
  await sendTonConnect(admin, [deploy]);
  const state = await blockchain.getContract(minter);
  if (state.accountState?.type !== 'active') throw new Error('The minter was not deployed');

  const walletOf = (owner: Address) =>
    walletAddress({ owner, minter, merkleRoot: options.merkleRoot, walletCode: code.wallet });
  return {
    blockchain,
    code,
    admin,
    minter,
    merkleRoot: options.merkleRoot,
    walletOf,
    async walletData(owner) {
      const address = walletOf(owner);
      const contract = await blockchain.getContract(address);
      if (contract.accountState?.type !== 'active') return null;
      const { stackReader } = await blockchain.runGetMethod(address, 'get_wallet_data');
      return {
        balance: stackReader.readBigNumber(),
        owner: stackReader.readAddress(),
        minter: stackReader.readAddress(),
        code: stackReader.readCell(),
      };
    },
    async minterWalletAddress(owner) {
      const { stackReader } = await blockchain.runGetMethod(minter, 'get_wallet_address', [
        { type: 'slice', cell: beginCell().storeAddress(owner).endCell() },
      ]);
      return stackReader.readAddress();
    },
    async jettonData() {
      const { stackReader } = await blockchain.runGetMethod(minter, 'get_jetton_data');
      return {
        totalSupply: stackReader.readBigNumber(),
        mintable: stackReader.readBoolean(),
        admin: stackReader.readAddressOpt(),
        content: stackReader.readCell(),
      };
    },
  };
}

/** The transaction in which `to` received a message from `from` (its op, when given). */
export function find(transactions: Transaction[], from: Address, to: Address, op?: number) {
  return transactions.find(({ inMessage: message }) => {
    if (message?.info.type !== 'internal') return false;
    if (!message.info.src.equals(from) || !message.info.dest.equals(to)) return false;
    if (op === undefined) return true;
    const body = message.body.beginParse();
    return body.remainingBits >= 32 && body.loadUint(32) === op;
  });
}

/** The transaction `find` finds, which must be there: else throws, naming what is missing. */
export function found(transactions: Transaction[], from: Address, to: Address, op?: number): Transaction {
  const transaction = find(transactions, from, to, op);
  if (!transaction) {
    throw new Error(`no transaction from ${from} to ${to}${op === undefined ? '' : ` with op ${op}`}`);
  }
  return transaction;
}

/** Gas used by a transaction's compute phase (0 when it was skipped). */
export function gasUsed(transaction: Transaction): bigint {
  const description = transaction.description;
  if (description.type !== 'generic' || description.computePhase.type !== 'vm') return 0n;
  return description.computePhase.gasUsed;
}

/** The compute phase's exit code, or null when it was skipped. */
export function exitCode(transaction: Transaction): number | null {
  const description = transaction.description;
  if (description.type !== 'generic' || description.computePhase.type !== 'vm') return null;
  return description.computePhase.exitCode;
}

/**
 * Multiplies the gas prices of a workchain (config param 21 for the basechain, 20 for the
 * masterchain: `gas_flat_pfx#d1 flat_gas_limit flat_gas_price` around
 * `gas_prices_ext#de gas_price …`) in the emulator's network configuration.
 */
export function scaleGasPrices(blockchain: Blockchain, workchain: 0 | -1, factor: bigint) {
  const params = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), blockchain.config);
  const id = workchain === -1 ? 20 : 21;
  const param = params.get(id);
  if (!param) throw new Error(`No config param ${id}`);
  const scale = (cell: Cell): Cell => {
    const s = cell.beginParse();
    const tag = s.loadUint(8);
    if (tag === 0xd1) {
      const flatLimit = s.loadUintBig(64);
      const flatPrice = s.loadUintBig(64);
      const rest = scale(beginCell().storeSlice(s).endCell());
      return beginCell()
        .storeUint(0xd1, 8)
        .storeUint(flatLimit, 64)
        .storeUint(flatPrice * factor, 64)
        .storeSlice(rest.beginParse())
        .endCell();
    }
    if (tag !== 0xde) throw new Error(`Unexpected gas prices tag ${tag.toString(16)}`);
    const gasPrice = s.loadUintBig(64);
    return beginCell()
      .storeUint(0xde, 8)
      .storeUint(gasPrice * factor, 64)
      .storeSlice(s)
      .endCell();
  };
  params.set(id, scale(param));
  blockchain.setConfig(beginCell().storeDictDirect(params).endCell());
}

/** Fees a transaction paid in all (storage, compute, action and forward). */
export function totalFees(transaction: Transaction): bigint {
  return transaction.totalFees.coins;
}
