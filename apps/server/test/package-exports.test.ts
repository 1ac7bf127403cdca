import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Each package (packages/game, packages/contract, packages/jetton) exports a curated surface:
 * its package.json names, one by one, exactly the subpaths that the rest of the repository
 * imports (`@egg-rush/game/events` → `./src/events.ts`), and nothing else. A module only the
 * package itself uses (the `simulate` CLI, the jetton's build script, a helper) is not
 * importable from outside, and nothing outside reaches into a package's `src/` by a relative
 * path.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = readdirSync(join(root, 'packages'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, 'packages', d.name, 'package.json')))
  .map((d) => d.name);
const CODE = /\.(?:[cm]?[jt]s|tsx)$/;
const SKIPPED = new Set(['node_modules', 'dist']);

/** Every source file of the repository (no dependencies, build output or dot folders). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

/** The module specifiers of `code`: static and dynamic imports, re-exports, mocks, require. */
function specifiers(code: string): string[] {
  const found = code.matchAll(
    /(?:\bfrom|\bimport|\bimport\s*\(|\bvi\.(?:do)?mock\s*\(|\brequire\s*\()\s*(['"])([^'"\n]+)\1/g,
  );
  return [...found].map((m) => m[2] ?? '');
}

/** The subpaths (`events` for `@egg-rush/game/events`) a package.json's exports name. */
function exported(pkg: string): string[] {
  const json = JSON.parse(readFileSync(join(root, 'packages', pkg, 'package.json'), 'utf8')) as {
    exports?: Record<string, string>;
  };
  return Object.keys(json.exports ?? {}).map((key) => key.replace(/^\.\/?/, ''));
}

interface Use {
  subpath: string;
  file: string;
}

/** Subpaths imported from outside `packages/<pkg>`, and relative imports into its `src/`. */
function uses(files: string[], pkg: string): { imported: Use[]; reachedInto: Use[] } {
  const own = join(root, 'packages', pkg) + sep;
  const imported: Use[] = [];
  const reachedInto: Use[] = [];
  for (const path of files) {
    if (path.startsWith(own)) continue;
    const file = relative(root, path);
    for (const spec of specifiers(readFileSync(path, 'utf8'))) {
      const name = `@egg-rush/${pkg}`;
      if (spec === name || spec.startsWith(`${name}/`))
        imported.push({ subpath: spec.slice(name.length + 1), file });
      else if (spec.startsWith('.') && spec.includes(`packages/${pkg}/`))
        reachedInto.push({ subpath: spec, file });
    }
  }
  return { imported, reachedInto };
}

/** The exports nobody imports, and the imports of a subpath the package does not export. */
function compare(exports: string[], imported: Use[]): { unused: string[]; unexported: string[] } {
  const names = new Set(imported.map((u) => u.subpath));
  return {
    unused: exports.filter((e) => !names.has(e)).sort(),
    unexported: imported
      .filter((u) => !exports.includes(u.subpath))
      .map((u) => `${u.file}: '${u.subpath}'`)
      .sort(),
  };
}

describe('package exports', () => {
  const files = sourceFiles(root);

  it('finds the packages and the files that import them', () => {
    expect(PACKAGES).toEqual(expect.arrayContaining(['contract', 'game', 'jetton']));
    expect(files.map((f) => relative(root, f))).toEqual(
      expect.arrayContaining([
        join('apps', 'server', 'src', 'app.ts'),
        join('apps', 'web', 'src', 'main.tsx'),
        join('bench', 'jetton', 'run.mjs'),
      ]),
    );
  });

  it('tells an unused export and an import of an unexported subpath', () => {
    const imported = [
      { subpath: 'events', file: 'apps/server/src/a.ts' },
      { subpath: 'simulate', file: 'bench/b.mjs' },
    ];
    expect(compare(['events', 'rng'], imported)).toEqual({
      unused: ['rng'],
      unexported: ["bench/b.mjs: 'simulate'"],
    });
    expect(compare(['events', 'simulate'], imported)).toEqual({ unused: [], unexported: [] });
    // Built from parts, so that this file's own text holds no such import.
    const g = ['@egg-rush', 'game'].join('/');
    expect(
      specifiers(
        `import { a } from '${g}/a';\nexport * from "${g}/b";\nawait import('${g}/c');\n` +
          `vi.mock('${g}/d');\nimport '${g}/e';\n// see \`${g}/f\`, or ${g}/g\n`,
      ),
    ).toEqual([`${g}/a`, `${g}/b`, `${g}/c`, `${g}/d`, `${g}/e`]);
  });

  for (const pkg of PACKAGES) {
    describe(`@egg-rush/${pkg}`, () => {
      const { imported, reachedInto } = uses(files, pkg);
      const exports = exported(pkg);

      it('exports exactly the subpaths the rest of the repository imports', () => {
        expect(compare(exports, imported)).toEqual({ unused: [], unexported: [] });
      });

      it('names each export one by one, each a file of src/ under its own name', () => {
        const json = JSON.parse(readFileSync(join(root, 'packages', pkg, 'package.json'), 'utf8')) as {
          exports: Record<string, string>;
        };
        for (const [key, target] of Object.entries(json.exports)) {
          expect(key).not.toContain('*');
          expect(target).toBe(`./src/${key.slice(2)}.ts`);
          expect(existsSync(join(root, 'packages', pkg, target)), target).toBe(true);
        }
      });

      it('is not reached into by a relative path from outside the package', () => {
        expect(reachedInto.map((u) => `${u.file}: '${u.subpath}'`)).toEqual([]);
      });
    });
  }
});
