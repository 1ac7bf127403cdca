import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { connectionLost, multiHost } from './failover.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle database, the same type on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * Every wait has a limit (docs/security.md, "Timeouts"). A request that reaches one answers 503
 * and releases what it held.
 */
export const DB_LIMITS = {
  /** Connections per server process. */
  poolMax: 20,
  /**
   * Waiting for a free connection (pg-pool's queue) or, on PGlite, for the one connection: long
   * enough for a burst of hundreds of writes queued on PGlite (a few ms each), short enough that
   * the player still waits for the answer.
   */
  acquireMs: 4_000,
  /** One statement (PostgreSQL `statement_timeout`): the slowest query of a request is ~10 ms. */
  statementMs: 5_000,
  /**
   * One statement as the server waits for its answer (node-postgres `query_timeout`), for when
   * the database cannot apply `statement_timeout`: it is stalled or the network to it is. Past
   * it the connection is given up (lost: the statement may still commit later, it is never sent
   * again). Above `statementMs`, so that a slow query is cancelled by the database first.
   */
  queryMs: 5_500,
  /** Waiting for a row lock (`lock_timeout`): a player's own writes queue for a few ms each. */
  lockMs: 2_000,
  /** A transaction left open by a stuck process (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: 10_000,
  /** A whole write transaction, measured in the server; rolled back when it is over. */
  transactionMs: 4_000,
  /** Connecting to the read replica; past it the read goes to the primary. */
  replicaConnectMs: 1_000,
  /** After the replica failed to answer, reads go straight to the primary for this long. */
  replicaRetryMs: 5_000,
  /** Connections per server process to the read replica. */
  replicaPoolMax: 10,
} as const;

/** A wait ran out (pool, lock, statement or transaction deadline): nothing was committed. */
export class DatabaseBusyError extends Error {
  /** `cause`: the lost connection's error, when the outcome of a commit in flight is unknown. */
  constructor(what: string, options?: { cause: unknown }) {
    super(`database busy: ${what}`, options);
  }
}

export interface Database {
  db: Db;
  /**
   * For reads that may lag the writes by about a second (the friends list, the task list, the
   * mining catalogue, the Leader Board's names and its PostgreSQL fallback): the read replica
   * when DATABASE_REPLICA_URL is set, the primary while the replica does not answer (after
   * `replicaConnectMs`), and `db` itself otherwise. Never for a balance the player has just
   * changed, nor inside a write.
   */
  replica: Db;
  kind: 'pglite' | 'postgres';
  /**
   * A transaction with limits: it must start within `acquireMs` and finish within
   * `transactionMs`, or it is rolled back with a DatabaseBusyError. Use it for every write that
   * pays (modules/ledger/ledger.write.ts); never touch `db` or another connection inside it.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** Pool connections in use, idle, and callers waiting for one (PostgreSQL; PGlite has one connection). */
  poolStats(): { inUse: number; idle: number; waiting: number };
  /**
   * Runs a fixed statement ($1, $2… parameters) under a name: PostgreSQL parses and plans it
   * once per connection instead of on every call. For the hottest writes.
   */
  prepared<T>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /**
   * Raw SQL for a library that brings its own statements (the job runner, lib/jobs.ts): one
   * statement with parameters, or several without; the rows of every statement, in order.
   */
  execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** Committed migrations: apps/server/drizzle, found from src/db/ (sources) or dist/ (bundle). */
export const migrationsFolder = ['../../drizzle', '../drizzle']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((dir) => existsSync(`${dir}/meta/_journal.json`)) as string;

/**
 * PostgreSQL when a URL is given, otherwise PGlite stored under `dataDir`
 * (or in memory when `dataDir` is 'memory://', for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Long maintenance jobs (reconcile) lift the statement limit: 0 is none. */
  statementTimeoutMs?: number;
  /** Connections in the pool (DB_LIMITS.poolMax unless given). */
  poolMax?: number;
  /** A streaming replica of `databaseUrl` for reads that tolerate a little lag. */
  replicaUrl?: string | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    // libpq's multi-host form (target_session_attrs=read-write): connections go to the primary.
    const hosts = multiHost(options.databaseUrl);
    const pool = new pg.Pool({
      connectionString: hosts?.url ?? options.databaseUrl,
      ...(hosts ? { Client: hosts.Client } : {}),
      max: options.poolMax ?? DB_LIMITS.poolMax,
      connectionTimeoutMillis: DB_LIMITS.acquireMs,
      statement_timeout: options.statementTimeoutMs ?? DB_LIMITS.statementMs,
      // Maintenance jobs without a statement limit wait as long as the database takes.
      ...(options.statementTimeoutMs === 0 ? {} : { query_timeout: DB_LIMITS.queryMs }),
      lock_timeout: DB_LIMITS.lockMs,
      idle_in_transaction_session_timeout: DB_LIMITS.idleInTransactionMs,
    });
    // An idle connection the server closed (restart, idle timeout) must not crash the process.
    pool.on('error', () => hosts?.forget());
    busyWhenNoConnection(pool);
    // A connection in use whose server dies reports it on the connection too (57P01 at a crash).
    pool.on('connect', (client) => client.on('error', () => undefined));
    // A connection that failed that way is closed by the pool; look for the primary again.
    const lost = () => hosts?.forget();
    pool.on('release', (error: unknown) => {
      if (error && connectionLost(error)) lost();
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const replica = options.replicaUrl ? replicaReads(options.replicaUrl, pool) : undefined;
    return {
      db,
      replica: replica?.db ?? db,
      kind: 'postgres',
      transaction: (fn) => pgTransaction(pool, fn, lost),
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: () => ping(db),
      poolStats: () => ({
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      prepared: async <T>(name: string, text: string, values: unknown[]) =>
        (await pool.query({ name, text, values })).rows as T[],
      execute: async (text, values) => {
        const results = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        return { rows: Array.isArray(results) ? results.flatMap((r) => r.rows ?? []) : results.rows };
      },
      close: async () => {
        await replica?.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (options.dataDir.startsWith('memory://')) {
    client = new PGlite();
  } else {
    const dir = `${options.dataDir.replace(/\/$/, '')}/pglite`;
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    replica: db,
    kind: 'pglite',
    // PGlite has one connection and ignores statement_timeout (it has no timer signals): the
    // start and the whole-transaction limits below are its equivalents.
    transaction: (fn) => pgliteTransaction(db, fn),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: () => ping(db),
    poolStats: () => ({ inUse: 0, idle: 1, waiting: 0 }),
    prepared: async <T>(_name: string, text: string, values: unknown[]) =>
      (await client.query<T>(text, values)).rows,
    execute: async (text, values) => {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      const block = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/i.exec(text)?.[1];
      if (block === undefined) return { rows: (await client.exec(text)).flatMap((r) => r.rows) };
      // A block of BEGIN … COMMIT runs as one PGlite transaction: on the one connection nothing
      // else runs between its statements, and a failure is rolled back before anything else runs.
      const results = await client.transaction((tx) => tx.exec(block));
      return { rows: results.flatMap((r) => r.rows) };
    },
    close: () => client.close(),
  };
}

/**
 * A failure that says nothing about the query itself: the replica is unreachable, too slow to
 * connect, shutting down or in trouble (SQLSTATE classes 08, 53, 57, 58). Only these fall back.
 */
function replicaUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true; // a socket error, a timeout
  return ['08', '53', '57', '58'].includes(code.slice(0, 2));
}

/**
 * Reads on the replica, falling back to the primary pool: when the replica cannot be reached
 * within `replicaConnectMs`, or fails as unavailable, the read runs on the primary and reads skip
 * the replica for `replicaRetryMs` (so a replica that is down costs one time-out, not one per
 * read). A query the replica refuses for its own reasons (a bad query) is not retried.
 */
function replicaReads(url: string, primary: pg.Pool) {
  const pool = new pg.Pool({
    connectionString: url,
    max: DB_LIMITS.replicaPoolMax,
    connectionTimeoutMillis: DB_LIMITS.replicaConnectMs,
    statement_timeout: DB_LIMITS.statementMs,
    query_timeout: DB_LIMITS.queryMs,
  });
  pool.on('error', () => undefined);
  busyWhenNoConnection(pool);
  let downUntil = 0;
  type Query = (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  const onReplica = pool.query.bind(pool) as unknown as Query;
  const onPrimary = primary.query.bind(primary) as unknown as Query;
  const client = {
    query: async (config: unknown, values?: unknown) => {
      if (Date.now() < downUntil) return onPrimary(config, values);
      try {
        return await onReplica(config, values);
      } catch (error) {
        if (!replicaUnavailable(error)) throw error;
        downUntil = Date.now() + DB_LIMITS.replicaRetryMs;
        return onPrimary(config, values);
      }
    },
  };
  const db = drizzlePg({ client: client as unknown as pg.Pool, schema }) as unknown as Db;
  return { db, close: () => pool.end() };
}

/**
 * Every way to a connection of `pool` (its `query`, a transaction's `connect`, Drizzle's reads)
 * goes through `connect`: a connection not had within `acquireMs` (pg-pool's "timeout exceeded
 * when trying to connect"), or not opened at all, fails as a DatabaseBusyError, so a read that
 * finds the pool exhausted answers 503 BUSY like a write does.
 */
function busyWhenNoConnection(pool: pg.Pool): void {
  type Done = (release?: unknown) => void;
  type Callback = (error: Error | undefined, client: pg.PoolClient | undefined, done: Done) => void;
  const connect = pool.connect.bind(pool) as {
    (): Promise<pg.PoolClient>;
    (callback: Callback): void;
  };
  const busy = (error: Error) =>
    error instanceof DatabaseBusyError ? error : new DatabaseBusyError(`no connection: ${error.message}`);
  Object.assign(pool, {
    connect(callback?: Callback) {
      if (!callback) return connect().catch((error: Error) => Promise.reject(busy(error)));
      return connect((error, client, done) => callback(error ? busy(error) : undefined, client, done));
    },
  });
}

/** A Drizzle database bound to one pooled connection, built once per connection. */
const connectionDbs = new WeakMap<pg.PoolClient, Db>();

/**
 * A transaction on its own pooled connection. Waiting for the connection is limited by the pool
 * (`acquireMs`); the whole transaction by `transactionMs`: past it the caller gets a
 * DatabaseBusyError at once and the connection is closed rather than returned to the pool, so
 * the server rolls the transaction back and frees its locks, and whatever `fn` still attempts
 * fails on the closed connection instead of landing in another request's transaction.
 */
async function pgTransaction<T>(pool: pg.Pool, fn: (tx: Tx) => Promise<T>, lost: () => void): Promise<T> {
  const client = await pool.connect(); // a DatabaseBusyError when none is had in time
  let tx = connectionDbs.get(client);
  if (!tx) {
    tx = drizzlePg(client, { schema }) as unknown as Db;
    connectionDbs.set(client, tx);
  }
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const value = await withDeadline(fn(tx), DB_LIMITS.transactionMs);
    await client.query('commit');
    return value;
  } catch (error) {
    if (error instanceof DatabaseBusyError) broken = error;
    else if (connectionLost(error)) {
      // A failover (or a lost network): nothing of this transaction is committed, unless the
      // commit itself was in flight; the connection is dropped and the player asked to retry.
      broken = error as Error;
      lost();
      throw new DatabaseBusyError(`connection lost: ${(error as Error).message}`, { cause: error });
    } else await client.query('rollback').catch((e: Error) => (broken = e));
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * PGlite's one connection: a transaction that waited longer than `acquireMs` for it gives up
 * before doing anything, and one that runs past `transactionMs` is rolled back (PGlite closes
 * the transaction object, so later statements of `fn` fail).
 */
async function pgliteTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const asked = Date.now();
  return db.transaction(async (tx) => {
    // PGlite runs on this thread and hands its queue from one transaction to the next without
    // going back to the event loop: let sockets and timers (Redis replies, health checks) run
    // between transactions, or a burst of hundreds starves them for seconds.
    await new Promise((resolve) => setImmediate(resolve));
    if (Date.now() - asked > DB_LIMITS.acquireMs) throw new DatabaseBusyError('waited too long to start');
    return withDeadline(fn(tx), DB_LIMITS.transactionMs);
  });
}

/** `work`, or a DatabaseBusyError once `ms` have passed. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseBusyError(`transaction over ${ms} ms`)), ms);
  });
  // The losing side's rejection is handled: `work` failing after the deadline is expected.
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** A list of numbers written as one text by `string_agg(x::text, ',')` (null: none). */
export const aggregatedNumbers = (text: string | null | undefined) =>
  text ? Float64Array.from(text.split(','), Number) : new Float64Array(0);

/** Rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function queryRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
