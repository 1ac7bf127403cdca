import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture rules of eslint.config.js each fail on a deliberate violation, and pass its
 * lawful twin: snippets linted as if they stood at a path of the server (ESLint's lintText, the
 * repository's own configuration).
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const src = `${root}apps/server/src`;
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of one rule for `code` linted as the file at `path` (under apps/server/src). */
async function lint(path: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${src}/${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

const RESTRICTED = 'import-x/no-restricted-paths';
const CYCLE = 'architecture/no-module-cycle';
const FOREIGN_SQL = 'architecture/no-foreign-table-sql';

describe('architecture lint', { timeout: 180_000 }, () => {
  it("refuses a module importing another module's tables, and allows its own", async () => {
    expect(
      await lint(
        'modules/combo/combo.repository.ts',
        "import { squads } from '../squads/squads.schema.ts';\nexport const t = squads;\n",
        RESTRICTED,
      ),
    ).toEqual([expect.stringContaining('Import the squads module through its index.ts')]);
    expect(
      await lint(
        'modules/combo/combo.repository.ts',
        "import { comboFinds } from './combo.schema.ts';\nexport const t = comboFinds;\n",
        RESTRICTED,
      ),
    ).toEqual([]);
  });

  it('refuses db/schema.ts (every table) anywhere but the database client', async () => {
    expect(
      await lint(
        'modules/combo/combo.repository.ts',
        "import { comboFinds } from '../../db/schema.ts';\nexport const t = comboFinds;\n",
        RESTRICTED,
      ),
    ).toEqual([expect.stringContaining('db/schema.ts gathers')]);
    expect(
      await lint(
        'lib/outside.ts',
        "import { users } from '../db/schema.ts';\nexport const t = users;\n",
        RESTRICTED,
      ),
    ).toEqual([expect.stringContaining('db/schema.ts gathers')]);
    expect(
      await lint(
        'db/client.ts',
        "import * as schema from './schema.ts';\nexport const s = schema;\n",
        RESTRICTED,
      ),
    ).toEqual([]);
  });

  it('refuses lib/ and plugins/ importing a module, even through its index.ts', async () => {
    const code = "import { write } from '../modules/ledger/index.ts';\nexport const w = write;\n";
    for (const path of ['lib/errors.ts', 'plugins/security.ts'])
      expect(await lint(path, code, RESTRICTED)).toEqual([expect.stringContaining('lib/ and plugins/')]);
    expect(
      await lint(
        'lib/errors.ts',
        "import { money } from '../db/columns.ts';\nexport const m = money;\n",
        RESTRICTED,
      ),
    ).toEqual([]);
  });

  it('refuses a cycle between modules (the ledger importing a module that pays through it)', async () => {
    expect(
      await lint(
        'modules/ledger/ledger.write.ts',
        "import { recordTaskProgress } from '../tasks/index.ts';\nexport const r = recordTaskProgress;\n",
        CYCLE,
      ),
    ).toEqual([expect.stringMatching(/^Module cycle: ledger → tasks → .*ledger\./)]);
    // A type-only import is erased: no dependency at run time.
    expect(
      await lint(
        'modules/ledger/ledger.write.ts',
        "import type { CatalogueRow } from '../tasks/index.ts';\nexport type R = CatalogueRow;\n",
        CYCLE,
      ),
    ).toEqual([]);
    // The module graph as committed has no cycle.
    expect(
      await lint(
        'modules/tasks/tasks.service.ts',
        "import { write } from '../ledger/index.ts';\nexport const w = write;\n",
        CYCLE,
      ),
    ).toEqual([]);
  });

  it("refuses SQL text naming another module's table, which no import shows, and allows its own", async () => {
    expect(
      await lint(
        'modules/combo/combo.repository.ts',
        'export const q = `select count(*) from squad_members where squad_id = $1`;\n',
        FOREIGN_SQL,
      ),
    ).toEqual([expect.stringContaining('squad_members, a table of the squads module')]);
    expect(
      await lint(
        'modules/economy/economy.repository.ts',
        "export const q = 'insert into economy_events (user_id, kind) values ($1, $2)';\n",
        FOREIGN_SQL,
      ),
    ).toEqual([expect.stringContaining('economy_events, a table of the ledger module')]);
    expect(
      await lint(
        'modules/squads/squads.repository.ts',
        'export const q = `select count(*) from squad_members where squad_id = $1`;\n',
        FOREIGN_SQL,
      ),
    ).toEqual([]);
  });
});
