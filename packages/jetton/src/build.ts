/**
 * `npm run build -w @egg-rush/jetton`: compiles the contracts and writes dist/jetton.json (the code
 * cells as base64 BOCs, their hashes and the sources' hash), what gets deployed and what a bundled
 * server loads (copy it next to the bundle, or point JETTON_CODE_JSON at it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { compileSources } from './compile.ts';

const compiled = await compileSources();
const out = new URL('../dist/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('jetton.json', out), `${JSON.stringify(compiled, null, 2)}\n`);
console.log(
  `jetton: minter ${compiled.minter.hash}, wallet ${compiled.wallet.hash}, librarian ${compiled.librarian.hash} → dist/jetton.json`,
);
