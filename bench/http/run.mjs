// `node bench/http/run.mjs`: HTTP throughput of one server core on PostgreSQL and Redis.
//
// The server is pinned to core 0 and autocannon (bench/http/load.mjs) to core 1 with taskset;
// PostgreSQL and Redis are the machine's own and float. Scenarios, measured in one run, side by
// side: a bare Fastify hello-world (the ceiling), GET /api/v1/health, PUT /users/tap with count
// 1 and 50, PUT /users/growUp and GET /users/ranking/:id/total, each spread over 1 000 players.
// Prints one JSON object: req/s, p50, p99 (ms) and the ratios to the hello-world, credited taps
// per second, the HOT-update share of the users table under the tap load, and the targets.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BASE_DB = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PLAYERS = 1000;
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
/** BENCH_SCENARIOS=tap1,growUp runs only those (the targets need all of them). */
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

async function freePort() {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address();
  s.close();
  await once(s, 'close');
  return port;
}

async function waitFor(url) {
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

function start(script, env) {
  const [cmd, args] = pinned(0, [process.execPath, script]);
  return spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
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

// A fresh database on the machine's PostgreSQL, and a fresh key prefix on its Redis.
const dbName = `egg_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: BASE_DB });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(BASE_DB);
dbUrl.pathname = `/${dbName}`;
const sql = new pg.Client({ connectionString: dbUrl.toString() });

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const children = [];
const results = {};
try {
  // 1. The ceiling.
  const hello = start('bench/http/hello.mjs', { PORT: String(port) });
  children.push(hello);
  await waitFor(url);
  log('hello-world');
  load({ url, method: 'GET', path: '/', players: [], duration: 2, connections: CONNECTIONS });
  results.helloWorld = load({
    url,
    method: 'GET',
    path: '/',
    players: [],
    duration: DURATION,
    connections: CONNECTIONS,
  });
  await stop(hello);

  // 2. The server, as deployed: PostgreSQL, Redis, rate limits on.
  const server = start('apps/server/dist/main.js', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL,
    REDIS_KEY_PREFIX: `egg-bench-${randomBytes(4).toString('hex')}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    BOT_TOKEN: '',
    LOG_LEVEL: 'warn',
    WORKERS: '1',
    // The players below sign in with X-Forwarded-For addresses, as a load balancer on this host would.
    TRUST_PROXY: 'loopback',
  });
  children.push(server);
  await waitFor(`${url}/api/v1/health`);
  await sql.connect();

  log(`signing in ${PLAYERS} players`);
  const players = [];
  for (let i = 0; i < PLAYERS; i++) {
    const id = 5_000_000 + i;
    // Each player signs in from their own address, as through a load balancer.
    const ip = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
    const { initData } = await (await fetch(`${url}/api/v1/dev/launch?userid=${id}`, { headers: ip })).json();
    const res = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ip },
      body: JSON.stringify({ userid: id, initData }),
    });
    if (res.status !== 200) throw new Error(`login ${id}: ${res.status} ${await res.text()}`);
    players.push({ id, token: (await res.json()).token });
  }
  // Energy is not what is measured: every player can tap for the whole run.
  await sql.query('update users set energy = 1000000000, max_energy = 1000000000');

  const tableWrites = async () => {
    await new Promise((r) => setTimeout(r, 1500)); // backends report their statistics within a second
    await sql.query('select pg_stat_clear_snapshot()');
    const { rows } = await sql.query(
      `select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint as writes,
              coalesce(sum(n_tup_upd) filter (where relname = 'users'), 0)::bigint as upd,
              coalesce(sum(n_tup_hot_upd) filter (where relname = 'users'), 0)::bigint as hot
       from pg_stat_user_tables`,
    );
    return { writes: Number(rows[0].writes), upd: Number(rows[0].upd), hot: Number(rows[0].hot) };
  };
  const creditedTaps = async () => {
    const { rows } = await sql.query(
      `select coalesce(sum(ref::bigint), 0)::bigint as n from economy_events where kind = 'tap'`,
    );
    return Number(rows[0].n);
  };
  // Each tap scenario starts every player with a fresh tap allowance (the human-pace burst).
  const resetPace = () => sql.query(`update users set tap_clock = now() - interval '1 hour'`);

  const run = async (name, scenario) => {
    if (only && !only.includes(name)) return;
    log(name);
    load({ url, ...scenario, players, duration: 2, connections: CONNECTIONS });
    const writes0 = await tableWrites();
    const taps0 = await creditedTaps();
    const r = load({ url, ...scenario, players, duration: DURATION, connections: CONNECTIONS });
    const writes1 = await tableWrites();
    r.rowsWritten = writes1.writes - writes0.writes;
    r.usersUpdates = writes1.upd - writes0.upd;
    r.usersHotUpdates = writes1.hot - writes0.hot;
    r.creditedTapsPerSec = Math.round(((await creditedTaps()) - taps0) / DURATION);
    results[name] = r;
  };

  await run('health', { method: 'GET', path: '/api/v1/health' });
  await resetPace();
  await run('tap1', { method: 'PUT', path: '/api/v1/users/tap', body: '{"userid"::id,"count":1}' });
  await resetPace();
  await run('tap50', { method: 'PUT', path: '/api/v1/users/tap', body: '{"userid"::id,"count":50}' });
  await run('growUp', { method: 'PUT', path: '/api/v1/users/growUp', body: '{"userid"::id}' });
  await run('ranking', { method: 'GET', path: '/api/v1/users/ranking/:id/total' });
  await stop(server);
} finally {
  for (const c of children) await stop(c).catch(() => undefined);
  await sql.end().catch(() => undefined);
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}

const base = results.helloWorld;
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const scenarios = {};
for (const [name, r] of Object.entries(results)) {
  scenarios[name] = {
    rps: Math.round(r.rps),
    p50Ms: r.p50,
    p99Ms: r.p99,
    rpsRatio: round(r.rps / base.rps),
    p99Ratio: round(r.p99 / Math.max(base.p99, 1)),
    non2xx: r.non2xx,
    statuses: r.statuses,
    ...(r.refusal ? { firstRefusal: r.refusal } : {}),
    errors: r.errors + r.timeouts,
    ...(r.creditedTapsPerSec ? { creditedTapsPerSec: r.creditedTapsPerSec } : {}),
    ...(r.usersUpdates ? { hotUpdateShare: round(r.usersHotUpdates / r.usersUpdates, 3) } : {}),
    ...(r.rowsWritten !== undefined ? { rowsWritten: r.rowsWritten } : {}),
  };
}
const s = scenarios;
console.log(
  JSON.stringify(
    {
      benchmark: 'http',
      players: PLAYERS,
      seconds: DURATION,
      connections: CONNECTIONS,
      pinned: hasTaskset ? 'server on core 0, load on core 1 (PostgreSQL and Redis unpinned)' : 'no taskset',
      scenarios,
      targets: only
        ? undefined
        : {
            tapAtLeast0_30OfHelloWorld: s.tap1.rpsRatio >= 0.3,
            tapP99AtMost4x: s.tap1.p99Ratio <= 4,
            tap50CreditsAtLeast20xTap1: s.tap50.creditedTapsPerSec >= 20 * s.tap1.creditedTapsPerSec,
            growUpAtLeast0_5: s.growUp.rpsRatio >= 0.5,
            growUpWritesNothing: s.growUp.rowsWritten === 0,
            tapHotShareNear1: s.tap1.hotUpdateShare >= 0.9 && s.tap50.hotUpdateShare >= 0.9,
          },
    },
    null,
    2,
  ),
);
