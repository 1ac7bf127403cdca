import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, describe, expect, it } from 'vitest';

// One table of refusal texts: docs/game-rules.md, "Messages". Each text there is one the server
// sends (a literal in apps/server/src or packages/game/src), and where a code has one text, the
// app's English catalogue words it the same. (Repository-wide, like docs.test.ts.)

const root = fileURLToPath(new URL('../../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const rules = read('docs/game-rules.md');
const start = rules.indexOf('## Messages');
const section = rules.slice(start, rules.indexOf('\n## ', start + 1));
/** `| \`CODE\` (where) | \`message\` |` rows. */
const rows = [...section.matchAll(/^\| `([A-Z_]+)`(?: \(([^)]*)\))?\s*\| `([^`]+)`/gm)].map((m) => {
  const [, code, where, message] = m;
  assert(code && message, m[0]);
  return { code, where, message };
});
const sources = execFileSync('git', ['ls-files', '-z', 'apps/server/src', 'packages/game/src'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((f) => f.endsWith('.ts'))
  .map(read)
  .join('\n');
const english = JSON.parse(read('packages/contract/locales/en.json')) as { errors: Record<string, string> };

describe('the refusal texts', () => {
  it('are read from the table', () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
  });

  it('are each sent by the server as written in docs/game-rules.md', () => {
    const quoted = (text: string) =>
      [`'${text}'`, `"${text}"`, `\`${text}\``].some((q) => sources.includes(q));
    expect(rows.filter((row) => !quoted(row.message)).map((row) => `${row.code}: ${row.message}`)).toEqual(
      [],
    );
  });

  it("are the app's English words for every code that has one text", () => {
    const single = rows.filter((row) => rows.filter((other) => other.code === row.code).length === 1);
    const differ = single
      .filter((row) => row.where === undefined && english.errors[row.code] !== row.message)
      .map((row) => `${row.code}: the rules say "${row.message}", en.json "${english.errors[row.code]}"`);
    expect(differ).toEqual([]);
  });
});
