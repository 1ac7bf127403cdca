import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DB_LIMITS, openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import type { Deps } from '../src/lib/deps.ts';
import { tempPostgres, testClock, type TempPostgres } from './helpers.ts';
import { freePort } from '../../../scripts/lib/net.mjs';

// DATABASE_REPLICA_URL with a real streaming replica: a PostgreSQL primary in a temporary
// directory (the machine's own refuses replication connections in its pg_hba.conf), a replica
// made from it with pg_basebackup, both on ports of their own, removed at the end. PostgreSQL
// refuses to run as root, so the servers run as the postgres user when the tests run as root.

let servers: TempPostgres;
let primaryPort: number;
let replicaPort: number;
let database: Database;

const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

beforeAll(async () => {
  servers = tempPostgres('egg-replica-');
  primaryPort = await freePort();
  replicaPort = await freePort();
  servers.init(`${servers.dir}/primary`);
  servers.start(`${servers.dir}/primary`, primaryPort);
  servers.standbyOf(primaryPort, `${servers.dir}/replica`);
  servers.start(`${servers.dir}/replica`, replicaPort);
  database = await openDatabase({ databaseUrl: url(primaryPort), replicaUrl: url(replicaPort), dataDir: '' });
  await database.migrate();
}, 120_000);

afterAll(async () => {
  await database?.close();
  servers?.close();
});

const inRecovery = async (db: Database['db']) => {
  const [row] = await queryRows<{ r: boolean }>(db, sql`select pg_is_in_recovery() as r`);
  assert(row, 'no answer to pg_is_in_recovery()');
  return row.r;
};

/** Waits until the replica has replayed everything the primary has written so far. */
async function caughtUp() {
  const primary = new pg.Client({ connectionString: url(primaryPort) });
  await primary.connect();
  const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  await primary.end();
  const [primaryAt] = rows;
  assert(primaryAt, 'no WAL position of the primary');
  const replica = new pg.Client({ connectionString: url(replicaPort) });
  await replica.connect();
  try {
    for (let i = 0; i < 200; i++) {
      const r = await replica.query<{ ok: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [
        primaryAt.lsn,
      ]);
      if (r.rows[0]?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the replica did not catch up');
  } finally {
    await replica.end();
  }
}

const onReplica = async (query: string) => {
  const c = new pg.Client({ connectionString: url(replicaPort) });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
};

describe('DATABASE_REPLICA_URL', () => {
  it('sends lag-tolerant reads to the streaming replica and everything else to the primary', async () => {
    expect(await inRecovery(database.replica)).toBe(true);
    expect(await inRecovery(database.db)).toBe(false);
  });

  it('serves the friends list from the replica, and the caller’s own profile and balance from the primary', async () => {
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' });
    const clock = testClock();
    const deps: Deps = { env, database, redis: undefined, now: clock.now, rng: Math.random };
    const app = await buildApp(deps);
    await app.ready();
    const login = async (userid: number, extra: Record<string, string> = {}) => {
      const query = new URLSearchParams({ userid: String(userid), ...extra }).toString();
      const { initData } = (await app.inject({ method: 'GET', url: `/api/v1/dev/launch?${query}` })).json();
      return (
        await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { userid, initData } })
      ).json().token as string;
    };
    const get = (token: string, url: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    try {
      const a = await login(301);
      await caughtUp();
      // The replica stops replaying: whatever is written now is only on the primary.
      await onReplica('select pg_wal_replay_pause()');
      await login(302, { start_param: '301' });
      const tap = await app.inject({
        method: 'PUT',
        url: '/api/v1/users/tap',
        headers: { authorization: `Bearer ${a}` },
        payload: { userid: 301, count: 5 },
      });
      expect(tap.json()).toMatchObject({ credited: 5 });
      const profile = (await get(a, '/api/v1/users/get/301')).json();
      expect(profile.friendCount).toBe(1);
      expect(profile.onion).toBe(tap.json().onion);
      const stale = (await get(a, '/api/v1/users/friends/301')).json();
      await onReplica('select pg_wal_replay_resume()');
      await caughtUp();
      const fresh = (await get(a, '/api/v1/users/friends/301')).json();
      expect(JSON.stringify(stale)).not.toBe(JSON.stringify(fresh));
      expect(JSON.stringify(fresh)).toContain('302');
      expect(JSON.stringify(stale)).not.toContain('302');
    } finally {
      await onReplica('select pg_wal_replay_resume()').catch(() => undefined);
      await app.close();
    }
  });

  it('falls back to the primary, within the connect time-out, when the replica goes away', async () => {
    servers.stop(`${servers.dir}/replica`);
    const started = performance.now();
    expect(await inRecovery(database.replica)).toBe(false);
    expect(performance.now() - started).toBeLessThan(DB_LIMITS.replicaConnectMs + 1_500);
    // Later reads do not wait for the dead replica again.
    const again = performance.now();
    expect(await inRecovery(database.replica)).toBe(false);
    expect(performance.now() - again).toBeLessThan(500);
  });
});
