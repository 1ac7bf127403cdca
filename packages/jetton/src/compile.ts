/**
 * The jetton's code cells. From the FunC sources (contracts/*.fc) wherever they are present: the
 * FunC compiler from npm (@ton-community/func-js: FunC and Fift in WebAssembly, no binary to
 * download, no network) compiles them. Where they are not (a bundled server), from the build's
 * output `jetton.json` (see build.ts), found next to the running module or at JETTON_CODE_JSON.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Cell } from '@ton/core';
import type * as FuncJs from '@ton-community/func-js';

type FuncCompiler = typeof FuncJs;

export const CONTRACTS = {
  minter: 'jetton-minter.fc',
  wallet: 'jetton-wallet.fc',
  librarian: 'librarian.fc',
} as const;
const SOURCES = [
  'stdlib.fc',
  'common.fc',
  'fees.fc',
  CONTRACTS.minter,
  CONTRACTS.wallet,
  CONTRACTS.librarian,
];

const contractsDir = new URL('../contracts/', import.meta.url);

export type CompiledJetton = {
  /** sha256 of the FunC sources the code was compiled from. */
  sourceHash: string;
  minter: { boc: string; hash: string };
  wallet: { boc: string; hash: string };
  /** Publishes the wallet's code as a masterchain library (librarian.fc). */
  librarian: { boc: string; hash: string };
};

const readSource = (path: string) => readFileSync(new URL(path, contractsDir), 'utf8');

export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES) hash.update(file).update('\0').update(readSource(file)).update('\0');
  return hash.digest('hex');
}

async function compileTarget(target: string): Promise<Cell> {
  // Not a literal: a bundler leaves the compiler out of a server bundle, which loads jetton.json.
  const compiler = '@ton-community/func-js';
  const { compileFunc } = (await import(compiler)) as FuncCompiler;
  const result = await compileFunc({ targets: [target], sources: readSource });
  if (result.status === 'error') throw new Error(`${target}: ${result.message}`);
  const [code] = Cell.fromBoc(Buffer.from(result.codeBoc, 'base64'));
  if (!code) throw new Error(`${target}: empty code`);
  return code;
}

const entry = (cell: Cell) => ({ boc: cell.toBoc().toString('base64'), hash: cell.hash().toString('hex') });

/** Compiles the sources (what `npm run build` writes to dist/jetton.json). */
export async function compileSources(): Promise<CompiledJetton> {
  const minter = await compileTarget(CONTRACTS.minter);
  const wallet = await compileTarget(CONTRACTS.wallet);
  const librarian = await compileTarget(CONTRACTS.librarian);
  return {
    sourceHash: sourceHash(),
    minter: entry(minter),
    wallet: entry(wallet),
    librarian: entry(librarian),
  };
}

type Code = { minter: Cell; wallet: Cell; librarian: Cell };

function fromCompiled(compiled: CompiledJetton): Code {
  const load = (part: { boc: string; hash: string }) => {
    const [cell] = Cell.fromBoc(Buffer.from(part.boc, 'base64'));
    if (!cell || cell.hash().toString('hex') !== part.hash) throw new Error('Corrupt jetton.json');
    return cell;
  };
  return {
    minter: load(compiled.minter),
    wallet: load(compiled.wallet),
    librarian: load(compiled.librarian),
  };
}

export async function compileJetton(): Promise<Code> {
  if (existsSync(new URL(CONTRACTS.wallet, contractsDir))) return fromCompiled(await compileSources());
  const path = process.env.JETTON_CODE_JSON ?? new URL('./jetton.json', import.meta.url);
  if (!existsSync(path)) throw new Error('No jetton code: neither the FunC sources nor jetton.json');
  return fromCompiled(JSON.parse(readFileSync(path, 'utf8')) as CompiledJetton);
}
