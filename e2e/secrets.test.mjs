// Attacks on secrets: a web build made with server secrets and a game passphrase in its
// environment holds none of them. Checks the build that e2e/build.mjs made for the browser tests
// (npm run test:e2e); after a plain `npm run build`, builds the web app alone with the canaries.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CANARIES, CANARY_RECORD, WEB_DIST, WEB_INDEX } from './canaries.mjs';

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

/** The canary build's folder: the shared one when e2e/build.mjs made it, else a new one. */
function canaryBuild() {
  if (existsSync(CANARY_RECORD) && existsSync(WEB_INDEX)) {
    const record = JSON.parse(readFileSync(CANARY_RECORD, 'utf8'));
    if (
      record.builtAt === statSync(WEB_INDEX).mtimeMs &&
      JSON.stringify(record.canaries) === JSON.stringify(CANARIES)
    ) {
      return { dir: WEB_DIST, done() {} };
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'egg-web-build-'));
  const web = fileURLToPath(new URL('../apps/web', import.meta.url));
  for (const config of ['vite.config.ts', 'vite.admin.config.ts']) {
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--config', config, '--outDir', dir, '--logLevel', 'error'],
      {
        cwd: web,
        stdio: 'inherit',
        env: { ...process.env, ...CANARIES },
      },
    );
    assert.equal(build.status, 0, `vite build --config ${config}`);
  }
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('secrets', () => {
  it('a web build made with server secrets and a game passphrase in its environment holds none of them', () => {
    const build = canaryBuild();
    try {
      const bundle = files(build.dir)
        .filter((f) => /\.(js|html|css|json|svg|webmanifest)$/.test(f))
        .map((f) => readFileSync(f, 'latin1'))
        .join('\n');
      assert.ok(bundle.length > 10_000, `a build in ${build.dir}`);
      for (const [name, value] of Object.entries(CANARIES)) {
        assert.equal(bundle.includes(value), false, `${name} is in the web build`);
      }
    } finally {
      build.done();
    }
  });
});
