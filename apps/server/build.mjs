// Bundles the server into dist/main.js and the scripts into dist/reconcile.js, dist/refund.js and
// dist/bot-webhook.js, so that `npm run reconcile`, `npm run refund` and `npm run bot:webhook` run
// from a production install, without TypeScript tooling. Our workspace packages (TypeScript
// sources) are bundled; every npm dependency stays external and is loaded from node_modules at run time.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@egg-rush/'));

await build({
  entryPoints: ['main', 'reconcile', 'refund', 'bot-webhook', 'admin-link', 'airdrop-deploy'].map(
    (name) => new URL(`./src/${name}.ts`, import.meta.url).pathname,
  ),
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

// The jetton's compiled code (npm run build -w @egg-rush/jetton) next to the bundle, where
// packages/jetton loads it when the FunC sources are not there (docs/airdrop.md).
const jettonCode = new URL('../../packages/jetton/dist/jetton.json', import.meta.url);
if (existsSync(jettonCode)) copyFileSync(jettonCode, new URL('./dist/jetton.json', import.meta.url));
