// `node bench/web/run.mjs`: the web benchmark. The first screen's JavaScript (bundle.mjs) and
// Lighthouse on the start page beside a blank page (lighthouse.mjs), as one JSON object.
// Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const run = (script) => {
  const path = fileURLToPath(new URL(script, import.meta.url));
  return JSON.parse(
    execFileSync(process.execPath, [path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
  );
};

console.log(
  JSON.stringify(
    { benchmark: 'web', bundle: run('./bundle.mjs'), lighthouse: run('./lighthouse.mjs') },
    null,
    2,
  ),
);
