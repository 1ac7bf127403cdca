import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { sign } from '@tma.js/init-data-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { Profile } from '@egg-rush/contract/users';
import { seededRng, type Rng } from '@egg-rush/game/rng';
import { buildApp } from '../src/app.ts';
import { openDatabase, queryRows, type Database, type Db } from '../src/db/client.ts';
import { loadEnv, type Env } from '../src/env.ts';
import type { Deps } from '../src/lib/deps.ts';
import { openRedis } from '../src/lib/redis.ts';
import { appendLedger } from '../src/modules/ledger/ledger.repository.ts';

/** A clock the test moves by hand. */
export function testClock(start = Date.UTC(2026, 5, 15, 12, 0, 0)) {
  let t = start;
  return {
    now: () => t,
    set: (ms: number) => {
      t = ms;
    },
    advance: (ms: number) => {
      t += ms;
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;

/**
 * A fresh database for one test file: PGlite in memory by default; with DATABASE_URL set, a new
 * PostgreSQL database created beside it (a copy of the run's migrated template) and dropped at close.
 */
export async function freshDatabase(
  options: { kind?: 'pglite'; poolMax?: number } = {},
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url || options.kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `egg_test_${randomBytes(6).toString('hex')}`;
  // A copy of the database migrated once for the run (test/global-setup.ts).
  const template = inject('templateDatabase');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: target.toString(),
    dataDir: '',
    ...(options.poolMax ? { poolMax: options.poolMax } : {}),
  });
  await database.migrate();
  return {
    database,
    url: target.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // A closed pool's connections leave the server a moment later; dropping under them makes
      // their clients emit errors, so wait (briefly) until they are gone.
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (!rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Coins and tickets to give (or, negative, take). */
export interface Amounts {
  onion?: number;
  ticket?: number;
}

/** The game's tables (the public schema's base tables), by name. */
export async function tableNames(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((row) => row.name);
}

/**
 * Gives a player coins and tickets as an admin grant would: the balance and its ledger row in one
 * transaction, so balances keep equal to the ledger. The row is dated `at` when given (a snapshot
 * counts the rows up to its instant on the test's clock), else by the database.
 */
export async function grant(
  db: Db,
  userid: number,
  { onion = 0, ticket = 0 }: Amounts,
  at?: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update accounts set coins = coins + ${onion}, ticket = ticket + ${ticket} where user_id = ${userid}`,
    );
    await appendLedger(tx, {
      userId: userid,
      kind: 'grant',
      deltaCoins: onion,
      deltaTicket: ticket,
      ...(at ? { at } : {}),
    });
  });
}

/** Sets a player's tickets to exactly `n` through a grant of the difference. */
export async function setTickets(db: Db, userid: number, n: number): Promise<void> {
  const [row] = await queryRows<{ ticket: number }>(
    db,
    sql`select ticket from accounts where user_id = ${userid}`,
  );
  if (!row) throw new Error(`no player ${userid}`);
  await grant(db, userid, { ticket: n - Number(row.ticket) });
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  env: Env;
  clock: TestClock;
  /** Development launch data for a user, signed with the development token. */
  launch(userid: number, extra?: Record<string, string>): Promise<string>;
  /** Logs a user in (creating them) and returns the bearer token. */
  login(userid: number, extra?: Record<string, string>): Promise<string>;
  /** An operator's console session (POST /admin/session) and its bearer token. */
  console(userid: number): Promise<string>;
  /** An authenticated request. */
  call(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A player's `PUT /users/<path>` (a tap, a boost). */
  put(token: string, path: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** The player's profile as `GET /users/get/:id` answers it. */
  profile(token: string, userid: number): Promise<Profile>;
  /** {@link grant} on this app's database. */
  grant(userid: number, amounts: Amounts, at?: Date): Promise<void>;
  /** {@link setTickets} on this app's database. */
  setTickets(userid: number, n: number): Promise<void>;
  close(): Promise<void>;
}

/** The machine's Redis (REDIS_URL, or the local default). */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * A Redis client whose keys all live under a fresh prefix, so test files running at once never
 * share keys; `drop` deletes them.
 */
export function freshRedis(): { redis: Redis; drop: () => Promise<void> } {
  const prefix = `egg-test:${randomBytes(6).toString('hex')}:`;
  const redis = openRedis(TEST_REDIS_URL, prefix);
  return {
    redis,
    drop: async () => {
      const raw = new Redis(TEST_REDIS_URL);
      const keys = await raw.keys(`${prefix}*`);
      if (keys.length > 0) await raw.del(...keys);
      await raw.quit();
      await redis.quit();
    },
  };
}

/**
 * The environment of an app with a bot (token `botToken`) that talks to a Bot API at `apiRoot`
 * (a fake one), its webhook checked against `webhookSecret`.
 */
export const botEnv = (botToken: string, apiRoot: string, webhookSecret = 'webhook-secret_123') => ({
  BOT_TOKEN: botToken,
  JWT_SECRET: 'j'.repeat(40),
  GAME_SECRET: 'game-secret',
  COMBO_SECRET: 'combo-secret-for-tests',
  BOT_WEBHOOK_SECRET: webhookSecret,
  TELEGRAM_API_ROOT: apiRoot,
  PUBLIC_URL: 'https://egg.example',
});

/**
 * Player `id` signs in with launch data as Telegram signs it for the bot `botToken` (named
 * "Player <id>", in English, at the app clock's time), and is let in: the session's token.
 */
export async function signedLogin(t: TestApp, botToken: string, id: number): Promise<string> {
  const res = await signedLaunch(t, botToken, { id, first_name: `Player ${id}`, language_code: 'en' });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

/**
 * A sign-in with launch data for `user` as Telegram signs it for the bot `botToken` (with
 * `signature`), at the app clock's time: the answer, whatever it is.
 */
export function signedLaunch(
  t: TestApp,
  botToken: string,
  user: { id: number } & Record<string, unknown>,
  signature = 'x',
) {
  const initData = sign(
    { user, chat_instance: '1', chat_type: 'sender', signature } as never,
    botToken,
    new Date(t.clock.now()),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userid: user.id, initData },
  });
}

/**
 * The console takes a snapshot (every player with a coin at least) and drafts an airdrop
 * allocation of `supply` (nano-tokens) from it, with `window` when given: the draft's answer.
 */
export async function draftAllocation(
  t: TestApp,
  op: string,
  supply: bigint,
  window: { startFrom?: number; expiredAt?: number } = {},
) {
  const snap = await t.call(op, { method: 'POST', url: '/api/v1/admin/snapshots', payload: { minCoins: 1 } });
  const snapshotId = snap.json<{ snapshot: { id: number } }>().snapshot.id;
  return t.call(op, {
    method: 'POST',
    url: '/api/v1/admin/airdrop/allocations',
    payload: { snapshotId, supply: String(supply), ...window },
  });
}

/** The console publishes allocation `id` (with `payload`, e.g. the minter's admin): the answer. */
export const publishAllocation = (t: TestApp, op: string, id: number, payload: object = {}) =>
  t.call(op, { method: 'POST', url: `/api/v1/admin/airdrop/allocations/${id}/publish`, payload });

/**
 * `real`, but its first prepared statement's answer is lost after the statement committed (as
 * when the primary dies with the answer on its way): it throws `message` instead.
 */
export function losingFirstAnswer(real: Database, message: string): Database {
  let lose = true;
  return {
    ...real,
    prepared: async <T>(name: string, text: string, params: unknown[]) => {
      const rows = await real.prepared<T>(name, text, params);
      if (lose) {
        lose = false;
        throw new Error(message);
      }
      return rows;
    },
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    rng?: Rng;
    clock?: TestClock;
    /** Use the machine's Redis (leaderboard and rate limits), as a deployment with REDIS_URL does. */
    redis?: boolean;
    /** PGlite whatever DATABASE_URL says (the embedded default's own test). */
    database?: 'pglite';
    /** A smaller PostgreSQL pool. */
    poolMax?: number;
  } = {},
): Promise<TestApp> {
  // Rate limits are tested on their own (rate-limit.test.ts); elsewhere they stay out of the way.
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000', ...options.env });
  const clock = options.clock ?? testClock();
  const { database, drop } = await freshDatabase({
    ...(options.database ? { kind: options.database } : {}),
    ...(options.poolMax ? { poolMax: options.poolMax } : {}),
  });
  const cache = options.redis ? freshRedis() : undefined;
  const deps: Deps = {
    env,
    database,
    redis: cache?.redis,
    now: clock.now,
    rng: options.rng ?? seededRng(42),
  };
  const app = await buildApp(deps);
  await app.ready();

  const launch = async (userid: number, extra: Record<string, string> = {}) => {
    const query = new URLSearchParams({ userid: String(userid), ...extra }).toString();
    const res = await app.inject({ method: 'GET', url: `/api/v1/dev/launch?${query}` });
    if (res.statusCode !== 200) throw new Error(`dev launch failed: ${res.body}`);
    return res.json<{ initData: string }>().initData;
  };
  const login = async (userid: number, extra: Record<string, string> = {}) => {
    const initData = await launch(userid, extra);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid, initData },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return res.json<{ token: string }>().token;
  };
  const consoleSession = async (userid: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { initData: await launch(userid) },
    });
    if (res.statusCode !== 200) throw new Error(`console sign-in failed: ${res.body}`);
    return res.json<{ token: string }>().token;
  };
  const call = (token: string, opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });

  return {
    app,
    deps,
    env,
    clock,
    launch,
    login,
    console: consoleSession,
    call,
    put: (token, path, payload) => call(token, { method: 'PUT', url: `/api/v1/users/${path}`, payload }),
    profile: async (token, userid) =>
      (await call(token, { method: 'GET', url: `/api/v1/users/get/${userid}` })).json<Profile>(),
    grant: (userid, amounts, at) => grant(database.db, userid, amounts, at),
    setTickets: (userid, n) => setTickets(database.db, userid, n),
    close: async () => {
      await app.close();
      await cache?.drop();
      await drop();
    },
  };
}

/**
 * PostgreSQL servers of the machine's own binaries in a new temporary directory (`dir`), each on
 * a port of its own. PostgreSQL refuses to run as root, so they run as the postgres user when the
 * tests run as root. `close` stops every server started (the last first) and removes the directory.
 */
export function tempPostgres(prefix: string) {
  const BIN = '/usr/lib/postgresql/15/bin';
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, {
      stdio: 'pipe',
      timeout: 60_000,
    }).toString();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const started: string[] = [];
  const pgCtl = (args: string[]) => run(`${BIN}/pg_ctl`, args);
  return {
    dir,
    run,
    pgCtl,
    /** A new primary's data directory. */
    init: (data: string) => run(`${BIN}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']),
    /** A streaming standby's data directory, copied from the server on `port`. */
    standbyOf: (port: number, data: string) =>
      run('/usr/bin/pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-D',
        data,
        '-R',
        '-X',
        'stream',
      ]),
    start: (data: string, port: number) => {
      pgCtl([
        '-D',
        data,
        '-l',
        `${data}.log`,
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${port} -k ${dir} -h 127.0.0.1`,
        'start',
      ]);
      started.push(data);
    },
    stop: (data: string) => pgCtl(['-D', data, '-m', 'immediate', '-w', 'stop']),
    close: () => {
      for (const data of started.reverse()) {
        try {
          pgCtl(['-D', data, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // already stopped
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type TempPostgres = ReturnType<typeof tempPostgres>;
