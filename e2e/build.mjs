// `node e2e/build.mjs`: `npm run build` for the browser tests, made with server secrets and a game
// passphrase in its environment (canaries), so that e2e/secrets.test.mjs checks the very build the
// other tests use, with no second one. Records the canaries beside the build it made.
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CANARIES, CANARY_RECORD, WEB_INDEX } from './canaries.mjs';

const build = spawnSync('npm', ['run', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, ...CANARIES },
});
if (build.status !== 0) process.exit(build.status ?? 1);
mkdirSync(dirname(CANARY_RECORD), { recursive: true });
writeFileSync(CANARY_RECORD, JSON.stringify({ canaries: CANARIES, builtAt: statSync(WEB_INDEX).mtimeMs }));
