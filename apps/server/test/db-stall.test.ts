import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { DB_LIMITS, DatabaseBusyError, openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { connectionLost } from '../src/db/failover.ts';
import { freshDatabase } from './helpers.ts';

// A stall of the database (a frozen primary, or the network to it): the connections stay open and
// nothing answers on them, so PostgreSQL's own statement_timeout cannot apply. The server gives
// a statement up after DB_LIMITS.queryMs as a lost connection (its outcome unknown, never sent
// again, 503 BUSY), and serves again by itself once the database answers.

/** A TCP relay to `target` that can stop passing bytes both ways, and pass them again. */
async function stallingRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let stalled = false;
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    // After pipe(), which starts the flow.
    if (stalled) for (const s of [client, upstream]) s.pause();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    stall() {
      stalled = true;
      for (const s of sockets) s.pause();
    },
    resume() {
      stalled = false;
      for (const s of sockets) s.resume();
    },
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe.runIf(process.env.DATABASE_URL)('a stalled database', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let relay: Awaited<ReturnType<typeof stallingRelay>>;
  let database: Database;
  beforeAll(async () => {
    fresh = await freshDatabase();
    assert(fresh.url, 'a PostgreSQL database (DATABASE_URL)');
    const url = new URL(fresh.url);
    relay = await stallingRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${relay.port}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  });
  afterAll(async () => {
    relay?.resume();
    await database?.close();
    relay?.close();
    await fresh?.drop();
  });

  it(
    'gives a statement up within queryMs as a lost connection, and serves again once the database answers',
    async () => {
      // Two connections open and idle in the pool, as under load.
      await Promise.all([0, 1].map(() => database.prepared('nap', 'select pg_sleep(0.05)', [])));
      relay.stall();
      let started = Date.now();
      const read = await database.prepared('one', 'select 1 as n', []).catch((e: unknown) => e);
      const readMs = Date.now() - started;
      started = Date.now();
      const write = await database
        .transaction((tx) => queryRows(tx, sql`select 1 as n`))
        .catch((e: unknown) => e);
      const writeMs = Date.now() - started;
      relay.resume();

      // Given up, not waited for: a lost connection, whose statement is never sent again.
      expect(connectionLost(read)).toBe(true);
      expect(readMs).toBeLessThan(DB_LIMITS.queryMs + 1_000);
      // A write answers 503 BUSY, and its caller knows the outcome is unknown.
      expect(write).toBeInstanceOf(DatabaseBusyError);
      expect(connectionLost(write)).toBe(true);
      expect(writeMs).toBeLessThan(DB_LIMITS.queryMs + 1_000);
      // The database answers again: new connections, no restart.
      expect(await database.prepared('one', 'select 1 as n', [])).toEqual([{ n: 1 }]);
    },
    3 * DB_LIMITS.queryMs + 10_000,
  );
});
