import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseBusyError, openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { createTapWriter } from '../src/modules/economy/tap.writer.ts';
import {
  createTestApp,
  losingFirstAnswer,
  tempPostgres,
  type TempPostgres,
  type TestApp,
} from './helpers.ts';
import { freePort, until } from './redis-servers.ts';

/** The processes whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

// A PostgreSQL failover as the server sees it: connections to the old primary fail, writes in
// flight answer 503 BUSY (DatabaseBusyError) and are never applied twice, and new connections
// find the new primary through libpq's multi-host DATABASE_URL.

describe('the tap writer when the connection is lost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it.each([
    // The primary died with the answer on its way.
    { lost: 'Connection terminated unexpectedly', ids: [6601, 6602, 6603] },
    // node-postgres's query_timeout: the database (or the network to it) stalled past queryMs.
    { lost: 'Query read timeout', ids: [6611, 6612, 6613] },
  ])(
    'never sends a statement again whose commit may have happened ($lost): each batch is applied once or refused',
    async ({ lost: message, ids }) => {
      for (const id of ids) await t.login(id);
      const real = t.deps.database;
      // The statement commits, then the answer is lost with the connection (the primary died).
      const flaky = losingFirstAnswer(real, message);
      const writer = createTapWriter(flaky, { maxBatches: 256, lingerMs: 5, maxInFlight: 1 });
      const now = t.clock.now() + 60_000;
      const answers = await Promise.allSettled(ids.map((id) => writer.submit(id, 5, now)));
      for (const answer of answers) {
        expect(answer.status).toBe('rejected');
        expect((answer as PromiseRejectedResult).reason).toBeInstanceOf(DatabaseBusyError);
      }
      const rows = await queryRows<{ n: number }>(
        real.db,
        sql`select count(*)::int as n from economy_events where kind = 'tap' and user_id in (${sql.join(ids, sql`, `)})`,
      );
      expect(rows).toEqual([{ n: ids.length }]);
    },
  );
});

describe('a multi-host DATABASE_URL through a failover', () => {
  let servers: TempPostgres;
  let dir: string;
  let primary: number;
  let standby: number;
  let database: Database;

  beforeAll(async () => {
    servers = tempPostgres('egg-failover-');
    dir = servers.dir;
    primary = await freePort();
    standby = await freePort();
    servers.init(`${dir}/a`);
    // Synchronous: a commit is acknowledged once the standby has it.
    servers.run('sh', ['-c', `echo "synchronous_standby_names = '*'" >> ${dir}/a/postgresql.conf`]);
    servers.start(`${dir}/a`, primary);
    servers.standbyOf(primary, `${dir}/b`);
    servers.run('sh', ['-c', `echo "synchronous_standby_names = ''" >> ${dir}/b/postgresql.conf`]);
    servers.start(`${dir}/b`, standby);
    // The standby first: the server must pass it over (read-only) for the primary.
    const url = `postgres://postgres@127.0.0.1:${standby},127.0.0.1:${primary}/postgres?target_session_attrs=read-write`;
    database = await openDatabase({ databaseUrl: url, dataDir: '' });
    await database.db.execute(sql`create table writes (n int primary key)`);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    servers?.close();
  });

  const write = (n: number) =>
    database.transaction(async (tx) => {
      await tx.execute(sql`insert into writes values (${n})`);
    });

  it('answers 503 while the primary is gone, then writes on the promoted standby, and loses no acknowledged write', async () => {
    const acknowledged: number[] = [];
    for (let n = 0; n < 20; n++) {
      await write(n);
      acknowledged.push(n);
    }
    // The primary's machine is lost: kill -9 of its postmaster and of every backend and walsender
    // at once. (The postmaster alone leaves its children alive for a moment, and a write could
    // still commit through them, replicated and acknowledged: correct, but not a lost machine.)
    const pid = Number(readFileSync(`${dir}/a/postmaster.pid`, 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGSTOP'); // no new child meanwhile
    for (const each of [...childrenOf(pid), pid]) {
      try {
        process.kill(each, 'SIGKILL');
      } catch {
        // that child had already exited
      }
    }
    const killed = Date.now();
    let n = 100;
    const failures: unknown[] = [];
    const attempt = async () => {
      try {
        await write(++n);
        acknowledged.push(n);
        return true;
      } catch (error) {
        failures.push(error);
        return false;
      }
    };
    // Until a standby is promoted, every write fails as busy, quickly.
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      expect(await attempt()).toBe(false);
      expect(Date.now() - started).toBeLessThan(6_000);
    }
    servers.pgCtl(['-D', `${dir}/b`, '-w', 'promote']);
    await until('a write on the new primary', attempt, 20_000);
    console.log(
      `PostgreSQL failover: writes again ${Date.now() - killed} ms after kill -9 (promotion by hand)`,
    );
    for (const error of failures) expect(error).toBeInstanceOf(DatabaseBusyError);

    const check = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${standby}/postgres` });
    await check.connect();
    const { rows } = await check.query<{ n: number }>('select n from writes order by n');
    await check.end();
    const present = rows.map((r) => r.n);
    // Every acknowledged write is there.
    for (const n of acknowledged) expect(present).toContain(n);
    // Beside them, at most the write whose commit was in flight when the primary died: its backend
    // may still commit it (and stream it) after the postmaster's death, though the caller got 503.
    expect(present.filter((n) => !acknowledged.includes(n)).length).toBeLessThanOrEqual(1);
  }, 120_000);
});
