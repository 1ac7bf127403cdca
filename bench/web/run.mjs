// `node bench/web/run.mjs`: the web benchmark. The first screen's JavaScript (bundle.mjs) and
// Lighthouse on the start page beside a blank page (lighthouse.mjs), as one JSON object.
// Run after `npm run build`. Exits non-zero when bundle.mjs finds a check broken or a script
// could not measure; the combined JSON is still printed when both scripts printed theirs.
// Lighthouse and Chrome's launcher are this benchmark's own dependencies (bench/web/package.json,
// out of the repository's install): installed here from their lockfile when missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
if (!existsSync(fileURLToPath(new URL('node_modules/lighthouse/package.json', import.meta.url)))) {
  console.error('[bench/web] installing Lighthouse (bench/web/package.json)');
  // npm's own output goes to stderr: stdout carries the benchmark's JSON only.
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: here,
    stdio: ['ignore', 2, 'inherit'],
  });
  if (install.status !== 0) {
    console.error(`[bench/web] npm ci in bench/web failed (exit ${install.status ?? install.signal})`);
    process.exit(1);
  }
}

let exitCode = 0;
const run = (script) => {
  const path = fileURLToPath(new URL(script, import.meta.url));
  const child = spawnSync(process.execPath, [path], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.error) throw child.error;
  exitCode ||= child.status ?? 1;
  try {
    return JSON.parse(child.stdout);
  } catch {
    console.error(`[bench/web] ${script} printed no JSON (exit ${child.status ?? child.signal})`);
    process.exit(1);
  }
};

const bundle = run('./bundle.mjs');
const lighthouse = run('./lighthouse.mjs');
console.log(JSON.stringify({ benchmark: 'web', bundle, lighthouse }, null, 2));
process.exitCode = exitCode;
