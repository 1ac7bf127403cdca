// The JavaScript the first screen needs, gzipped: the entry chunk of apps/web/dist/index.html
// and the chunks it preloads. Prints JSON; checks that TON Connect and the mole game (gsap,
// howler, canvas-confetti) are not in it. Run after `npm run build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1]);

const MARKERS = {
  tonconnect: /TON_CONNECT_SDK|tonconnect-ui/,
  gsap: /GreenSock|gsap/,
  howler: /Howler/,
  confetti: /confetti/,
};

let raw = 0;
let gzip = 0;
const found = Object.fromEntries(Object.keys(MARKERS).map((k) => [k, false]));
for (const file of files) {
  const code = readFileSync(join(dist, file));
  raw += code.length;
  gzip += gzipSync(code, { level: 9 }).length;
  for (const [name, marker] of Object.entries(MARKERS))
    if (marker.test(code.toString('utf8'))) found[name] = true;
}

const TARGET_GZIP_KB = 170;
const result = {
  bench: 'web-first-screen-js',
  files,
  rawKB: Math.round(raw / 102.4) / 10,
  gzipKB: Math.round(gzip / 102.4) / 10,
  targetGzipKB: TARGET_GZIP_KB,
  withinTarget: gzip / 1024 <= TARGET_GZIP_KB,
  contains: found,
};
console.log(JSON.stringify(result, null, 2));
process.exitCode = result.withinTarget && !found.tonconnect && !found.gsap ? 0 : 1;
