// `node bench/http/run.mjs`: HTTP throughput of one server core, measured honestly on a noisy
// machine.
//
// Servers are pinned to core 0 and autocannon (bench/http/load.mjs) to core 1 with taskset;
// PostgreSQL and Redis float. Every scenario is run in ROUNDS alternating rounds, and each round
// measures a bare Fastify hello-world (the ceiling) right before its scenarios, so each ratio
// compares figures taken a few seconds apart; the JSON gives the median and the spread (min, max)
// of each ratio over the rounds.
//
// Scenarios: GET /api/v1/health, PUT /users/tap with count 1 (on PostgreSQL + Redis and on the
// embedded PGlite), PUT /users/growUp and GET /users/ranking/:id/total, spread over 1,000 players.
// For the tap scenarios: SQL commits per call (pg_stat_database.xact_commit of the scenario's own
// database), Redis commands per call (INFO commandstats of a private redis-server started for the
// run), PostgreSQL backend CPU per call (the /proc CPU time of the database's backends) and the
// server process's CPU per call.
//
// BENCH_BASELINE=a783838 (a commit) also runs that release, built in a temporary git worktree
// (`npm ci` and `npm run build`), side by side with this one: the same tap scenarios in the same
// rounds, each server on its own fresh database; the JSON gives new/old ratios.
//
// Everything created is removed at the end: databases, the private Redis, data directories and
// the baseline worktree. Environment: DATABASE_URL (an admin URL of the machine's PostgreSQL),
// BENCH_SECONDS (10), BENCH_ROUNDS (3), BENCH_CONNECTIONS (32), BENCH_SCENARIOS (a comma list).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Redis } from 'ioredis';
import pg from 'pg';
import { cpuSeconds, devLogin, freePort } from '../../scripts/lib/net.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BASE_DB = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PLAYERS = 1000;
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS || 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const BASELINE = process.env.BENCH_BASELINE || '';
/** A prepared baseline checkout to use instead of building one (left in place). */
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR || '';
const only = process.env.BENCH_SCENARIOS?.split(',');
const log = (...a) => console.error('[bench/http]', ...a);

if (!existsSync(`${root}/apps/server/dist/main.js`)) {
  throw new Error('Build first: npm run build (npm run bench does).');
}
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return true;
  } catch {
    return false;
  }
})();
const pinned = (core, args) =>
  hasTaskset ? ['taskset', ['-c', String(core), ...args]] : [args[0], args.slice(1)];

async function waitFor(url, child) {
  for (let i = 0; i < 1200; i++) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

const children = new Set();
function start(cwd, script, env) {
  const [cmd, args] = pinned(0, [process.execPath, script]);
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  return child;
}
async function stop(child) {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exit;
  clearTimeout(timer);
}

function load(scenario) {
  const [cmd, args] = pinned(1, [process.execPath, `${root}/bench/http/load.mjs`]);
  const out = execFileSync(cmd, args, {
    cwd: root,
    input: JSON.stringify(scenario),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString());
}

// ---------------------------------------------------------------------------------------------
// What the run creates, all removed in `cleanup`.
const created = { databases: [], dirs: [], clients: [], worktree: undefined, redis: undefined };
const admin = new pg.Client({ connectionString: BASE_DB });

async function freshDatabase() {
  const name = `egg_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  created.databases.push(name);
  const url = new URL(BASE_DB);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function startRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'egg-bench-redis-'));
  created.dirs.push(dir);
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  children.add(child);
  created.redis = child;
  const client = new Redis({ port, host: '127.0.0.1', retryStrategy: () => 50 });
  client.on('error', () => undefined);
  for (let i = 0; ; i++) {
    try {
      await client.ping();
      break;
    } catch {
      if (i > 50) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  created.redisClient = client;
  return { url: `redis://127.0.0.1:${port}`, client, child };
}

/** Calls of every Redis command so far (INFO and CONFIG, the benchmark's own, left out). */
async function redisCalls(client) {
  const info = await client.info('commandstats');
  let calls = 0;
  for (const m of info.matchAll(/^cmdstat_(\w+):calls=(\d+)/gm))
    if (!['info', 'config'].includes(m[1])) calls += Number(m[2]);
  return calls;
}

/** The baseline release, built in a temporary worktree unless BENCH_BASELINE_DIR names one. */
function prepareBaseline() {
  if (BASELINE_DIR) return BASELINE_DIR;
  const dir = mkdtempSync(join(tmpdir(), `egg-baseline-${BASELINE}-`));
  rmSync(dir, { recursive: true });
  log(`baseline ${BASELINE}: git worktree add, npm ci, npm run build (a few minutes)`);
  execFileSync('git', ['worktree', 'add', '--detach', dir, BASELINE], { cwd: root, stdio: 'ignore' });
  created.worktree = dir;
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'ignore' });
  return dir;
}

let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  created.redisClient?.disconnect();
  for (const c of created.clients) await c.end().catch(() => undefined);
  // The servers first, then the private Redis they use.
  for (const c of [...children].filter((c) => c !== created.redis)) await stop(c).catch(() => undefined);
  if (created.redis) await stop(created.redis).catch(() => undefined);
  for (const name of created.databases)
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  for (const dir of created.dirs) rmSync(dir, { recursive: true, force: true });
  if (created.worktree) {
    try {
      execFileSync('git', ['worktree', 'remove', '--force', created.worktree], {
        cwd: root,
        stdio: 'ignore',
      });
    } catch {
      rmSync(created.worktree, { recursive: true, force: true });
      execFileSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' });
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
/**
 * One server under test: its build (this one or the baseline), its database (a fresh PostgreSQL
 * database, or a fresh PGlite directory), the shared private Redis when on PostgreSQL.
 */
async function startTarget({ label, dir, kind, redisUrl }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const jwt = randomBytes(32).toString('hex');
  const db = kind === 'postgres' ? await freshDatabase() : undefined;
  const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'egg-bench-pglite-')) : undefined;
  if (dataDir) created.dirs.push(dataDir);
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: db?.url ?? '',
    DATA_DIR: dataDir ?? '',
    REDIS_URL: kind === 'postgres' ? redisUrl : '',
    REDIS_KEY_PREFIX: `egg-bench-${label}:`,
    JWT_SECRET: jwt,
    BOT_TOKEN: '',
    LOG_LEVEL: 'warn',
    WORKERS: '1',
    // 1,000 players sign in from this one address; both builds get the same (high) limit.
    RATE_LIMIT_MAX: '100000000',
  };
  let child = start(dir, 'apps/server/dist/main.js', env);
  await waitFor(`${url}/api/v1/health`, child);
  log(`${label}: signing in ${PLAYERS} players`);
  const players = [];
  for (let i = 0; i < PLAYERS; i++) {
    const id = 5_000_000 + i;
    players.push({ id, token: await devLogin(url, id) });
  }
  // Energy is not what is measured: every player can tap for the whole run.
  const fill = (table) => `update ${table} set energy = 1000000000, max_energy = 1000000000`;
  let sql;
  let accounts;
  if (db) {
    sql = new pg.Client({ connectionString: db.url });
    sql.on('error', () => undefined);
    created.clients.push(sql);
    await sql.connect();
    accounts = await accountsTable(sql);
    await sql.query(fill(accounts));
  } else {
    // PGlite is the server's own: stop it, write, start it again (the tokens stay valid).
    await stop(child);
    const lite = new PGlite(`${dataDir}/pglite`);
    await lite.query(fill(await accountsTable(lite)));
    await lite.close();
    child = start(dir, 'apps/server/dist/main.js', env);
    await waitFor(`${url}/api/v1/health`, child);
  }
  return { label, kind, url, players, db, sql, accounts, child: () => child };
}

/**
 * The table a build keeps the players' energy and tap clock in: `accounts` since migration 0031,
 * `users` before (a baseline may be older).
 */
async function accountsTable(client) {
  const { rows } = await client.query(`select to_regclass('accounts') is not null as split`);
  return rows[0].split ? 'accounts' : 'users';
}

/**
 * xact_commit of a database once its backends have reported: a backend that went idle less than a
 * second after its last report holds its counts for 10 s (PostgreSQL's idle statistics interval).
 */
const STATS_WAIT_MS = Number(process.env.BENCH_STATS_WAIT_MS || 10_500);
async function commits(db) {
  await new Promise((r) => setTimeout(r, STATS_WAIT_MS));
  await admin.query('select pg_stat_clear_snapshot()');
  const { rows } = await admin.query(
    'select xact_commit::bigint as n from pg_stat_database where datname = $1',
    [db.name],
  );
  return Number(rows[0].n);
}

/** The backend processes of a database and their CPU seconds. */
async function backendCpu(db) {
  const { rows } = await admin.query(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [db.name],
  );
  return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
}
const cpuDelta = (before, after) => {
  let s = 0;
  for (const [pid, t] of after) s += t - (before.get(pid) ?? 0);
  return s;
};

/** One measured scenario against one target; a short warm-up first. */
async function measure(target, scenario, redis) {
  const spec = { url: target.url, ...scenario, players: target.players, connections: CONNECTIONS };
  load({ ...spec, duration: 2 });
  const pid = target.child().pid;
  const before = {
    commits: target.db ? await commits(target.db) : 0,
    redis: redis && target.kind === 'postgres' ? await redisCalls(redis.client) : 0,
    pgCpu: target.db ? await backendCpu(target.db) : new Map(),
    serverCpu: cpuSeconds(pid),
  };
  const r = load({ ...spec, duration: DURATION });
  const serverCpu = cpuSeconds(pid) - before.serverCpu;
  // Backends that connected during the run count in full (they were not in `before`).
  const pgCpu = target.db ? cpuDelta(before.pgCpu, await backendCpu(target.db)) : 0;
  const calls = r.total;
  const out = {
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    calls,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    statuses: r.statuses,
    ...(r.refusal ? { refusal: r.refusal } : {}),
    serverCpuUsPerCall: (serverCpu * 1e6) / calls,
  };
  if (target.db) {
    out.commitsPerCall = ((await commits(target.db)) - before.commits) / calls;
    out.pgCpuUsPerCall = (pgCpu * 1e6) / calls;
  }
  if (redis && target.kind === 'postgres')
    out.redisCommandsPerCall = ((await redisCalls(redis.client)) - before.redis) / calls;
  return out;
}

// ---------------------------------------------------------------------------------------------
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x, d = 2) =>
  x === undefined || Number.isNaN(x) ? undefined : Math.round(x * 10 ** d) / 10 ** d;
const spread = (xs) => ({
  median: round(median(xs), 3),
  min: round(Math.min(...xs), 3),
  max: round(Math.max(...xs), 3),
});

const TAP1 = { method: 'PUT', path: '/api/v1/users/tap', body: '{"userid"::id,"count":1}' };
const SCENARIOS = [
  { name: 'health', target: 'new-pg', scenario: { method: 'GET', path: '/api/v1/health' } },
  { name: 'tap1', target: 'new-pg', scenario: TAP1, tap: true },
  { name: 'tap1-baseline', target: 'old-pg', scenario: TAP1, tap: true },
  { name: 'tap1-pglite', target: 'new-lite', scenario: TAP1, tap: true },
  { name: 'tap1-pglite-baseline', target: 'old-lite', scenario: TAP1, tap: true },
  {
    name: 'growUp',
    target: 'new-pg',
    scenario: { method: 'PUT', path: '/api/v1/users/growUp', body: '{"userid"::id}' },
  },
  { name: 'ranking', target: 'new-pg', scenario: { method: 'GET', path: '/api/v1/users/ranking/:id/total' } },
].filter((s) => (!only || only.includes(s.name)) && (BASELINE || !s.target.startsWith('old')));

const rounds = [];
let output;
try {
  await admin.connect();
  const redis = await startRedis();
  const baselineDir = BASELINE ? prepareBaseline() : undefined;
  const helloPort = await freePort();
  const helloChild = start(root, 'bench/http/hello.mjs', { PORT: String(helloPort) });
  const hello = { url: `http://127.0.0.1:${helloPort}`, players: [], child: () => helloChild };
  await waitFor(hello.url, helloChild);

  const targets = {};
  const need = new Set(SCENARIOS.map((s) => s.target));
  const defs = {
    'new-pg': { label: 'new-pg', dir: root, kind: 'postgres' },
    'new-lite': { label: 'new-lite', dir: root, kind: 'pglite' },
    'old-pg': { label: 'old-pg', dir: baselineDir, kind: 'postgres' },
    'old-lite': { label: 'old-lite', dir: baselineDir, kind: 'pglite' },
  };
  for (const key of need) targets[key] = await startTarget({ ...defs[key], redisUrl: redis.url });

  for (let i = 0; i < ROUNDS; i++) {
    log(`round ${i + 1}/${ROUNDS}`);
    const results = {};
    // Scenario order alternates between rounds, so neither side always runs first.
    const order = i % 2 ? [...SCENARIOS].reverse() : SCENARIOS;
    for (const s of order) {
      const target = targets[s.target];
      // Each tap scenario starts every player with a fresh tap allowance (the human-pace burst).
      if (s.tap && target.sql)
        await target.sql.query(`update ${target.accounts} set tap_clock = now() - interval '1 hour'`);
      log(`  hello-world, then ${s.name}`);
      const base = await measure(hello, { method: 'GET', path: '/' });
      results[s.name] = { ...(await measure(target, s.scenario, redis)), hello: base };
    }
    rounds.push(results);
  }

  const scenarios = {};
  for (const s of SCENARIOS) {
    const rs = rounds.map((r) => r[s.name]);
    const pick = (k) => (rs[0][k] === undefined ? undefined : round(median(rs.map((r) => r[k])), 3));
    scenarios[s.name] = {
      rps: Math.round(median(rs.map((r) => r.rps))),
      p50Ms: median(rs.map((r) => r.p50)),
      p99Ms: median(rs.map((r) => r.p99)),
      rpsRatioToHello: spread(rs.map((r) => r.rps / r.hello.rps)),
      p99RatioToHello: spread(rs.map((r) => r.p99 / Math.max(r.hello.p99, 1))),
      helloRps: Math.round(median(rs.map((r) => r.hello.rps))),
      non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
      errors: rs.reduce((n, r) => n + r.errors, 0),
      ...(rs.find((r) => r.refusal) ? { firstRefusal: rs.find((r) => r.refusal).refusal } : {}),
      commitsPerCall: pick('commitsPerCall'),
      redisCommandsPerCall: pick('redisCommandsPerCall'),
      pgCpuUsPerCall: round(pick('pgCpuUsPerCall'), 0),
      serverCpuUsPerCall: round(pick('serverCpuUsPerCall'), 0),
    };
  }
  const versus = (a, b) =>
    scenarios[a] && scenarios[b] ? spread(rounds.map((r) => r[a].rps / r[b].rps)) : undefined;
  const sc = scenarios;
  output = {
    benchmark: 'http',
    players: PLAYERS,
    seconds: DURATION,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    baseline: BASELINE || undefined,
    pinned: hasTaskset ? 'servers on core 0, load on core 1 (PostgreSQL and Redis unpinned)' : 'no taskset',
    scenarios,
    ...(BASELINE
      ? {
          newOverBaseline: {
            tap1: versus('tap1', 'tap1-baseline'),
            tap1Pglite: versus('tap1-pglite', 'tap1-pglite-baseline'),
          },
        }
      : {}),
    targets: {
      ...(BASELINE && sc.tap1 && sc['tap1-baseline']
        ? { tapAtLeast3xBaseline: versus('tap1', 'tap1-baseline').median >= 3 }
        : {}),
      ...(BASELINE && sc['tap1-pglite'] && sc['tap1-pglite-baseline']
        ? { pgliteTapAtLeast3xBaseline: versus('tap1-pglite', 'tap1-pglite-baseline').median >= 3 }
        : {}),
      ...(sc.tap1
        ? {
            tapP99AtMost50ms: sc.tap1.p99Ms <= 50,
            commitsPerTapAtMost0_25: sc.tap1.commitsPerCall <= 0.25,
            redisCommandsPerTapAtMost1: sc.tap1.redisCommandsPerCall <= 1,
          }
        : {}),
      ...(sc['tap1-pglite'] ? { pgliteTapP99Under100ms: sc['tap1-pglite'].p99Ms < 100 } : {}),
    },
  };
} finally {
  await cleanup();
}
console.log(JSON.stringify(output, null, 2));
