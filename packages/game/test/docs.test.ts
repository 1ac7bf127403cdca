import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Repository-wide checks that keep the documents true. They live in the game project because its
// include pattern covers this folder; they read the whole repository from its root.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);
const markdown = execFileSync('git', ['ls-files', '-z', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);

/** What the documents may name that a clean checkout does not hold (all ignored by git). */
const GENERATED: Record<string, string> = {
  dist: 'build output: apps/web/dist, apps/server/dist, packages/jetton/dist (npm run build)',
  'e2e/artifacts': 'screenshots and traces the browser tests write',
  node_modules: 'npm install',
};
const generated = (path: string) => Object.keys(GENERATED).some((g) => `/${path}/`.includes(`/${g}/`));

const PATH = /(?<![\w./@-])(?:apps|packages|e2e|bench|scripts|docs|deploy)\/[\w./@-]*/g;
const FILE_NAME = /`([\w./@-]+\.(?:ts|tsx|mjs|md|json|yaml|sql))`/g;
const stripTrailing = (token: string) => token.replace(/[.,:;/-]+$/, '');

function pathExists(path: string, doc: string) {
  if (generated(path)) return true;
  if (existsSync(join(root, path)) || existsSync(join(root, dirname(doc), path))) return true;
  return tracked.some((t) => t.startsWith(path));
}

function fileNameExists(name: string) {
  if (generated(name)) return true;
  // A URL built from configuration (`PUBLIC_URL/api/v1/airdrop/jetton.json`) names no file.
  if (/^[A-Z][A-Z0-9_]*\//.test(name)) return true;
  // A bare name: some tracked file has it. A partial path (`attacks/input.test.ts`), or a path the
  // web app serves (`/wallets-v2.json`, from apps/web/public): some tracked path ends with it.
  name = name.replace(/^\//, '');
  return name.includes('/')
    ? tracked.some((t) => t === name || t.endsWith(`/${name}`))
    : tracked.some((t) => posix.basename(t) === name);
}

describe('documents', () => {
  it('finds the tracked Markdown files', () => {
    expect(markdown).toContain('README.md');
    expect(markdown).toContain('docs/security.md');
  });

  it('name only paths and files that exist', () => {
    const missing: string[] = [];
    for (const doc of markdown) {
      const text = readFileSync(join(root, doc), 'utf8');
      for (const [token] of text.matchAll(PATH)) {
        const path = stripTrailing(token);
        if (!pathExists(path, doc)) missing.push(`${doc}: ${path}`);
      }
      for (const [, name] of text.matchAll(FILE_NAME)) {
        if (name && !fileNameExists(name)) missing.push(`${doc}: \`${name}\``);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('cite no document the repository does not have', () => {
    // Written in two parts so that this file does not cite them itself.
    const outside = new RegExp(`\\b(?:${['SPEC', 'DESIGN'].join('|')})\\.md\\b`);
    const citing = tracked.filter(
      (file) =>
        /\.(?:ts|tsx|mjs|js|cjs|css|html|md|json|yaml|yml|sql|sh)$/.test(file) &&
        existsSync(join(root, file)) &&
        outside.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(citing).toEqual([]);
  });
});
