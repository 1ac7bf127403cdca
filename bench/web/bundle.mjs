// The JavaScript the first screen needs, gzipped, against a 128.0 kB (128 000 bytes) target: the
// entry script of apps/web/dist/index.html, the chunks it preloads, and what the entry loads at
// once (it only waits for the first paint before importing the app's start chunk), with their
// static imports, plus the first screen's texts in the language whose part is largest (the app
// loads one language's part before its first render; the other screens' texts come after it). TON Connect must not be in it but in a chunk loaded only when the Wallet tab
// opens, and the mole game's libraries (gsap, canvas-confetti) must not be in it either. Prints
// JSON and fails when a check does not hold. Run after `npm run build`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]);
const preloaded = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map(
  (m) => m[1],
);
const source = (file) => readFileSync(join(dist, file), 'utf8');
/** A chunk's static imports (`from"./x.js"`, `import"./x.js"`), as paths under dist. */
const staticImports = (file) =>
  [...source(file).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => `assets/${m[1]}`);
/** The chunks an entry imports dynamically: Vite lists them in its dependency map, or inline. */
const dynamicImports = (file) => {
  const code = source(file);
  const mapped = [...code.matchAll(/"(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const inline = [...code.matchAll(/import\(\s*"\.\/([^"]+\.js)"\s*\)/g)].map((m) => `assets/${m[1]}`);
  return [...mapped, ...inline];
};
const first = [];
const add = (file) => {
  if (first.includes(file)) return;
  first.push(file);
  staticImports(file).forEach(add);
};
for (const file of entries) {
  add(file);
  dynamicImports(file).forEach(add);
}
preloaded.forEach(add);

// Strings only the TON Connect SDK and UI carry.
const TONCONNECT = /TON_CONNECT_SDK|tonconnect-ui|ton-connect-ui|TonConnectUIProvider/;
// Strings the mole game's libraries carry.
const GAME_LIBS = /GreenSock|confetti/;
const TARGET_GZIP_BYTES = 128_000;

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
/** The first screen's texts, per language (catalogues.ts names their chunks `_catalogue_<lng>_first`). */
const firstTexts = chunks.filter((c) => /\/_catalogue_[\w-]+_first-/.test(c.file));
const largestTexts = firstTexts.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a), { gzipBytes: 0 });
const firstGzip = firstChunks.reduce((sum, c) => sum + c.gzipBytes, 0) + largestTexts.gzipBytes;
const result = {
  bench: 'web-first-chunk-tonconnect',
  firstChunk: [...first, largestTexts.file],
  firstChunkBytes: firstChunks.reduce((sum, c) => sum + c.bytes, 0) + largestTexts.bytes,
  firstChunkGzipBytes: firstGzip,
  firstTextsGzipBytes: Object.fromEntries(
    firstTexts.map((c) => [/_catalogue_([\w-]+)_first-/.exec(c.file)[1], c.gzipBytes]),
  ),
  targetGzipBytes: TARGET_GZIP_BYTES,
  withinTarget: firstGzip <= TARGET_GZIP_BYTES,
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
