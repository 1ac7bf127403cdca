import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEV_BOT_TOKEN } from '../../src/env.ts';

// Attacks on secrets: the web app holds none of the server's. Its build holds none either:
// e2e/secrets.test.mjs checks the build the browser tests use, made with canaries in its environment.

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
});
