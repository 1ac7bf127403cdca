/**
 * Compiles the jetton's FunC sources (contracts/*.fc) with the FunC compiler from npm
 * (@ton-community/func-js: FunC and Fift in WebAssembly, no binary to download, no network).
 */
import { readFileSync } from 'node:fs';
import { Cell } from '@ton/core';
import { compileFunc } from '@ton-community/func-js';

const contractsDir = new URL('../contracts/', import.meta.url);

async function compileTarget(target: string): Promise<Cell> {
  const result = await compileFunc({
    targets: [target],
    sources: (path: string) => readFileSync(new URL(path, contractsDir), 'utf8'),
  });
  if (result.status === 'error') throw new Error(`${target}: ${result.message}`);
  const [code] = Cell.fromBoc(Buffer.from(result.codeBoc, 'base64'));
  if (!code) throw new Error(`${target}: empty code`);
  return code;
}

export async function compileJetton(): Promise<{ minter: Cell; wallet: Cell }> {
  const minter = await compileTarget('jetton-minter.fc');
  const wallet = await compileTarget('jetton-wallet.fc');
  return { minter, wallet };
}
