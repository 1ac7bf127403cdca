// The JavaScript the first screen needs (the entry script of apps/web/dist/index.html and the
// chunks it preloads), gzipped, against a 170 KB target; TON Connect must not be in it but in a
// chunk loaded only when the Wallet tab opens, and the mole game's libraries (gsap,
// canvas-confetti) must not be in it either. Prints JSON and fails when a check does not hold.
// Run after `npm run build`.
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
// Strings the mole game's libraries carry.
const GAME_LIBS = /GreenSock|confetti/;
const TARGET_GZIP_BYTES = 170 * 1024;

const chunks = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const code = readFileSync(join(dist, 'assets', name));
    return {
      file: `assets/${name}`,
      bytes: code.length,
      gzipBytes: gzipSync(code, { level: 9 }).length,
      tonconnect: TONCONNECT.test(code.toString('utf8')),
      gameLibs: GAME_LIBS.test(code.toString('utf8')),
    };
  });

const firstChunks = chunks.filter((c) => first.includes(c.file));
const result = {
  bench: 'web-first-chunk-tonconnect',
  firstChunk: first,
  firstChunkBytes: firstChunks.reduce((sum, c) => sum + c.bytes, 0),
  firstChunkGzipBytes: firstChunks.reduce((sum, c) => sum + c.gzipBytes, 0),
  targetGzipBytes: TARGET_GZIP_BYTES,
  withinTarget: firstChunks.reduce((sum, c) => sum + c.gzipBytes, 0) <= TARGET_GZIP_BYTES,
  firstChunkContainsTonConnect: firstChunks.some((c) => c.tonconnect),
  firstChunkContainsGameLibs: firstChunks.some((c) => c.gameLibs),
  tonConnectChunks: chunks.filter((c) => c.tonconnect).map((c) => c.file),
};
console.log(JSON.stringify(result, null, 2));
process.exitCode =
  result.withinTarget &&
  !result.firstChunkContainsTonConnect &&
  !result.firstChunkContainsGameLibs &&
  result.tonConnectChunks.length > 0
    ? 0
    : 1;
