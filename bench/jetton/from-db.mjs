// `DATABASE_URL=postgres://… node --expose-gc --import tsx bench/jetton/from-db.mjs [count]`: the
// server's own path from PostgreSQL to the tree's files, which bench/jetton/run.mjs leaves out.
//
// In a database of its own (created beside DATABASE_URL's, dropped afterwards), inserts `count`
// allocation rows (default 1,000,000; wallets are SHA-256 of their number), then times what
// publishing does: the rows read in descending address order by the primary key, 5,000 a query
// (airdrop.repository.ts allocatedWalletBatches), written as the tree's files (airdrop.tree.ts
// writeTree). Prints one JSON object: the insert's time, the build's wall and CPU time, rows a
// second, and the peak RSS.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { allocatedWalletBatches } from '../../apps/server/src/modules/airdrop/airdrop.repository.ts';
import { writeTree } from '../../apps/server/src/modules/airdrop/airdrop.tree.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const arg = process.argv.slice(2).find((a) => /^\d[\d_]*$/.test(a));
const COUNT = Number((arg ?? '1000000').replaceAll('_', ''));
const log = (...a) => console.error('[bench/jetton/from-db]', ...a);
const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;

const name = `bench_airdrop_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;
const dir = mkdtempSync(join(tmpdir(), 'bench-jetton-db-'));
let database;
try {
  database = await openDatabase({ databaseUrl: target.toString(), dataDir: '', statementTimeoutMs: 0 });
  await database.migrate();
  log(`inserting ${COUNT} rows into ${name}`);
  let started = performance.now();
  await database.db.execute(sql`
    insert into airdrop_allocation_rows (allocation_id, wallet_address, amount, coins, player_ids)
    select 1, '0:' || encode(sha256(int8send(i)), 'hex'), (i % 100000 + 1) * 1000000000, i, '[]'::jsonb
    from generate_series(1, ${COUNT}::bigint) as i`);
  await database.db.execute(sql`vacuum analyze airdrop_allocation_rows`);
  const insertMs = Math.round(performance.now() - started);

  globalThis.gc?.();
  const rssBeforeMiB = mib(process.memoryUsage().rss);
  log('writing the tree from the rows');
  started = performance.now();
  const cpu = process.cpuUsage();
  const tree = await writeTree(
    dir,
    COUNT,
    allocatedWalletBatches(database.db, 1),
    1_800_000_000,
    1_800_000_000 + 180 * 86_400,
  );
  const buildMs = Math.round(performance.now() - started);
  const used = process.cpuUsage(cpu);
  const result = {
    rows: COUNT,
    insertMs,
    buildMs,
    buildCpuMs: Math.round((used.user + used.system) / 1000),
    rowsPerSecond: Math.round(COUNT / (buildMs / 1000)),
    rssBeforeMiB,
    peakRssMiB: mib(process.resourceUsage().maxRSS * 1024),
    root: tree.tree.rootHex,
    dumpBytes: tree.dumpBytes,
  };
  tree.tree.close();
  console.log(JSON.stringify(result, null, 2));
} finally {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
}
