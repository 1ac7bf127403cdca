import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEV_BOT_TOKEN } from '../../src/env.ts';

// Attacks on secrets: the web app and its build hold none of the server's.

describe('secrets', () => {
  const webRoot = fileURLToPath(new URL('../../../web', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });

  it('the web app reads no build-time configuration at all', () => {
    const used = new Set<string>();
    for (const file of files(join(webRoot, 'src'))) {
      const text = readFileSync(file, 'utf8');
      // Every read of Vite's environment names its variable; none reads the whole object.
      for (const m of text.matchAll(/import\.meta\.env(\.[A-Za-z_]+)?/g)) used.add(m[1] ?? '(whole object)');
      expect(text, file).not.toMatch(/process\.env/);
    }
    // Not even a game passphrase: each mole round is sealed with the key /play/start answers.
    expect([...used]).toEqual([]);
    // Nor is Vite told to pass on more than VITE_ variables.
    expect(readFileSync(join(webRoot, 'vite.config.ts'), 'utf8')).not.toMatch(/envPrefix|define\s*:|loadEnv/);
  });

  it('no server secret is named anywhere in the web app', () => {
    for (const file of files(join(webRoot, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const secret of [
        'BOT_TOKEN',
        'JWT_SECRET',
        'DATABASE_URL',
        'REDIS_URL',
        'GAME_SECRET =',
        DEV_BOT_TOKEN,
      ]) {
        expect(text.includes(secret), `${file} mentions ${secret}`).toBe(false);
      }
    }
  });

  it('a web build made with server secrets and a game passphrase in its environment holds none of them', async () => {
    const canaries = {
      BOT_TOKEN: '123456:canary-bot-token',
      JWT_SECRET: 'canary-jwt-secret-0123456789abcdef',
      GAME_SECRET: 'canary-server-game-secret',
      DATABASE_URL: 'postgres://canary-db-password@db/egg',
      REDIS_URL: 'redis://:canary-redis-password@cache',
      VITE_GAME_SECRET: 'canary-game-passphrase',
    };
    const saved = Object.fromEntries(Object.keys(canaries).map((k) => [k, process.env[k]]));
    const outDir = mkdtempSync(join(tmpdir(), 'egg-web-build-'));
    try {
      Object.assign(process.env, canaries);
      const { build } = await import('vite');
      await build({
        root: webRoot,
        configFile: join(webRoot, 'vite.config.ts'),
        mode: 'production',
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true },
      });
      const bundle = files(outDir)
        .filter((f) => /\.(js|html|css|json|svg|webmanifest)$/.test(f))
        .map((f) => readFileSync(f, 'latin1'))
        .join('\n');
      expect(bundle.length).toBeGreaterThan(10_000);
      for (const [name, value] of Object.entries(canaries)) {
        expect(bundle.includes(value), name).toBe(false);
      }
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 180_000);
});
