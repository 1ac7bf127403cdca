// Where TON Connect lands in the web build: the first JavaScript chunk (the entry script of
// apps/web/dist/index.html and the chunks it preloads) must not contain it; it must sit in a
// chunk loaded only when the Wallet tab opens. Prints JSON and fails when TON Connect is in the
// first chunk or missing from the build. Run after `npm run build`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const first = [
  ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1]);

// Strings only the TON Connect SDK and UI carry.
const TONCONNECT = /TON_CONNECT_SDK|tonconnect-ui|ton-connect-ui|TonConnectUIProvider/;

const chunks = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const code = readFileSync(join(dist, 'assets', name));
    return {
      file: `assets/${name}`,
      bytes: code.length,
      gzipBytes: gzipSync(code, { level: 9 }).length,
      tonconnect: TONCONNECT.test(code.toString('utf8')),
    };
  });

const firstChunks = chunks.filter((c) => first.includes(c.file));
const result = {
  bench: 'web-first-chunk-tonconnect',
  firstChunk: first,
  firstChunkBytes: firstChunks.reduce((sum, c) => sum + c.bytes, 0),
  firstChunkGzipBytes: firstChunks.reduce((sum, c) => sum + c.gzipBytes, 0),
  firstChunkContainsTonConnect: firstChunks.some((c) => c.tonconnect),
  tonConnectChunks: chunks.filter((c) => c.tonconnect).map((c) => c.file),
};
console.log(JSON.stringify(result, null, 2));
process.exitCode = !result.firstChunkContainsTonConnect && result.tonConnectChunks.length > 0 ? 0 : 1;
