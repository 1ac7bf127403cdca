import { sql } from 'drizzle-orm';
import { afterAll, assert, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { findLedgerMismatches } from '../../src/modules/accounts/index.ts';
import { sealResult } from '../../src/modules/play/play.seal.ts';
import { createTestApp, tableNames, type TestApp } from '../helpers.ts';

// Attacks of docs/security.md that the feature test files do not already cover, one file per kind
// of attack. What the attack files share: one app per file (closed after its tests), a fingerprint
// of every table to show an attack changed nothing, and the hostile strings they send.

/** The one operator (ADMIN_IDS) of the attack files' app. */
export const OPERATOR = 8900;

/** The file's app, made by attackApp. */
export let t: TestApp;

/**
 * Makes the attack file's own app (closed after its tests): one per file, also when files share a
 * worker (the server's tests run without isolation, so this module is shared by a worker's files).
 */
export async function attackApp() {
  t = await createTestApp({ env: { ADMIN_IDS: String(OPERATOR) } });
  afterAll(() => t.close());
}

export const json = { 'content-type': 'application/json' };
/** Seals a game result as the web app does, with the round's key from /play/start. */
export const seal = (plaintext: string, key: string) => sealResult(plaintext, key);

const TABLES = [
  'users',
  'accounts',
  'economy_events',
  'task_progress',
  'mining_levels',
  'games',
  'wallet_proofs',
  'reward_claims',
] as const;

/**
 * A fingerprint of every table's full contents (and of the list of tables): an attack that changes
 * nothing leaves it exactly as it was.
 */
export async function dumpTables() {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await queryRows<{ n: number; md5: string }>(
      t.deps.database.db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as md5
          from ${sql.identifier(table)} x`,
    );
    assert(row, `no count for ${table}`);
    out[table] = `${row.n}:${row.md5}`;
  }
  out.tables = (await tableNames(t.deps.database.db)).join(',');
  return out;
}

export const INJECTIONS = [
  "' or 1=1 --",
  "'; drop table users; --",
  '"; update users set coins = 999999999; --',
  '1); delete from economy_events; --',
  "\\'; select pg_sleep(5); --",
];

/** After a file's attacks: every balance still equals its ledger. */
export function ledgerStillBalances() {
  describe('ledger', () => {
    it('leaves every balance equal to its ledger after all of the above', async () => {
      expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
    });
  });
}
