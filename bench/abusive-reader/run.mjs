/* global performance */
// `npm run bench:abusive` (after `npm run build -w @egg-rush/server`): does one player reading at
// the full allowed rate slow everyone else?
//
// A realistic week is seeded into a fresh PostgreSQL database with generate_series: 20,000
// players, ~500,000 ledger rows spread over the running week (most of them from a few busy
// players), their balances and lifetime scores, 1,000 squads of ten. The built server
// (apps/server/dist/main.js) runs on it with the machine's Redis and its default rate limits.
// BENCH_BASELINE_DIR (another checkout, built: e.g. `git worktree add` of an older commit, its
// node_modules linked, `node apps/server/build.mjs`) runs beside it on its own database seeded the
// same way, and every round is run on both, one after the other, so the two are compared under
// the same load of the machine.
//
// Rounds alternate: "quiet", where 50 players each read their profile (GET /users/get/:id)
// about once a second, and "abused", the same while one player also reads every public read
// (season board and results, league status and board, squad board and page, Leader Board,
// profile, friends) at the full allowed rate of each route (RATE_LIMIT_MAX per
// RATE_LIMIT_WINDOW_MS, paced open-loop: a call leaves on time whether or not the last one was
// answered). Printed as JSON: the others' p50, p99 and failed calls in each kind of round (median
// and spread over the rounds), and the abusive player's answers per route. Before the rounds,
// what one call of each route costs, measured in CPU time (of the database's backends and of the
// server) rather than wall time, so that a busy machine does not hide it: BENCH_COST_CALLS (20)
// calls of each, one at a time.
//
// Everything created is removed at the end: the database, the Redis keys, the server.
// Environment: DATABASE_URL (an admin URL; default postgres://postgres@127.0.0.1:5432/test),
// REDIS_URL (redis://127.0.0.1:6379), BENCH_BASELINE_DIR (none), BENCH_ROUNDS (3 of each),
// BENCH_SECONDS (10 per round), BENCH_NODE_ARGS (extra node flags for the servers), BENCH_PLAYERS (20000), BENCH_LEDGER_ROWS (500000).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { cpuSeconds, devLogin, freePort } from '../../scripts/lib/net.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR || '';
const BASE_DB = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const PLAYERS = Number(process.env.BENCH_PLAYERS || 20_000);
const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS || 500_000);
const SQUADS = 1_000;
/** Extra node flags for the servers (BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS || '').split(' ').filter(Boolean);
const OTHERS = 50;
/** Each other player's profile reads per second. */
const OTHER_RATE = 1;
/** The server's default rate limit (apps/server/src/env.ts): calls per window per route and player. */
const RATE_MAX = 200;
const RATE_WINDOW_MS = 10_000;
/** Calls of one route still unanswered beyond which the abusive player skips a beat. */
const MAX_IN_FLIGHT = 200;
const ABUSER = 1;
const log = (...a) => console.error('[bench/abusive-reader]', ...a);
/** Calls of each route, one at a time, whose CPU is measured. */
const COST_CALLS = Number(process.env.BENCH_COST_CALLS || 20);

const TARGETS = [
  { label: 'current', dir: root },
  ...(BASELINE_DIR ? [{ label: 'baseline', dir: BASELINE_DIR }] : []),
];
for (const { dir } of TARGETS)
  if (!existsSync(`${dir}/apps/server/dist/main.js`))
    throw new Error(`Build first: npm run build -w @egg-rush/server (in ${dir})`);

/** Game weeks (packages/game/src/seasons.ts): seven game days from Monday 00:00 UTC-6. */
const WEEK_MS = 7 * 86_400_000;
const weekStartsAt = (now) => Math.floor((now - 367_200_000) / WEEK_MS) * WEEK_MS + 367_200_000;

// ---------------------------------------------------------------------------------------------
// What the run creates, all removed in `cleanup`: per target a database, Redis keys under a
// prefix of its own, a server and a client.
const admin = new pg.Client({ connectionString: BASE_DB });
for (const t of TARGETS) {
  const id = randomBytes(4).toString('hex');
  Object.assign(t, { name: `egg_abusive_${id}`, prefix: `egg-bench-abusive-${id}:` });
}

async function stopServer(server) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exit = once(server, 'exit');
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exit;
  clearTimeout(timer);
}

async function dropKeys(prefix) {
  const redis = new Redis(REDIS_URL);
  redis.on('error', () => undefined);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch {
    /* Redis is gone: nothing to remove */
  }
  redis.disconnect();
}

let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const t of TARGETS) {
    await stopServer(t.server).catch(() => undefined);
    await t.sql?.end().catch(() => undefined);
    if (t.dbCreated)
      await admin.query(`drop database if exists ${t.name} with (force)`).catch(() => undefined);
    await dropKeys(t.prefix);
  }
  await admin.end().catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
/** The week so far: players, ledger rows (spread over the running week), squads. */
async function seed(db, now) {
  const from = Math.max(weekStartsAt(now), now - WEEK_MS) + 1_000;
  const to = now - 1_000;
  log(`seeding ${PLAYERS} players and ${LEDGER_ROWS} ledger rows`);
  await db.query('select setseed(0.25)');
  await db.query(
    `insert into users (id, first_name, created_at, seen_at)
     select i, 'Player ' || i, now() - interval '30 days', now() from generate_series(1, $1::int) i
     on conflict (id) do nothing`,
    [PLAYERS],
  );
  await db.query(
    `insert into accounts (user_id) select i from generate_series(1, $1::int) i on conflict (user_id) do nothing`,
    [PLAYERS],
  );
  // A few players do most of the tapping (the square of a uniform draw favours low ids); taps
  // and income, 1 to 400 coins a row.
  await db.query(
    `insert into economy_events (user_id, kind, delta_coins, ref, created_at)
     select 1 + floor($2::int * random() ^ 2)::int,
            case when i % 8 = 0 then 'income' else 'tap' end,
            1 + floor(random() * 400)::int, null,
            to_timestamp(($3::bigint + random() * ($4::bigint - $3::bigint)) / 1000.0)
     from generate_series(1, $1::int) i`,
    [LEDGER_ROWS, PLAYERS, from, to],
  );
  await db.query(
    `update accounts a set coins = e.coins, total_score = e.coins * 3
     from (select user_id, sum(delta_coins) as coins from economy_events group by user_id) e
     where e.user_id = a.user_id`,
  );
  // The lifetime score beyond the week's earnings, in the ledger too (balances equal the ledger).
  await db.query(
    `insert into economy_events (user_id, kind, delta_coins, created_at)
     select user_id, 'grant', total_score - coins, now() - interval '20 days' from accounts where total_score > coins`,
  );
  await db.query(`update accounts set coins = total_score`);
  await db.query(
    `insert into squads (id, name, name_key, owner_id)
     select i, 'Squad ' || i, 'squad ' || i, i from generate_series(1, $1::int) i`,
    [SQUADS],
  );
  await db.query(`select setval(pg_get_serial_sequence('squads', 'id'), $1::int)`, [SQUADS]);
  await db.query(
    `insert into squad_members (user_id, squad_id, joined_total)
     select a.user_id, 1 + (a.user_id - 1) % $1::int, a.total_score / 2 from accounts a where a.user_id <= $1::int * 10`,
    [SQUADS],
  );
  await db.query('analyze');
  const { rows } = await db.query(
    `select (select count(*)::int from users) as players, (select count(*)::int from economy_events) as ledger`,
  );
  return rows[0];
}

/** One timed call: its status (0 for a network error) and milliseconds. */
async function timed(url, token) {
  const started = performance.now();
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/** Calls `fire` every `intervalMs` (open loop) until `until`, at most `maxInFlight` unanswered. */
async function paced(intervalMs, until, maxInFlight, fire, phase = 0) {
  const pending = new Set();
  let next = performance.now() + phase;
  while (next < until) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    next += intervalMs;
    if (pending.size >= maxInFlight) continue;
    const p = fire().finally(() => pending.delete(p));
    pending.add(p);
  }
  await Promise.all(pending);
}

const quantile = (xs, q) => {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round = (x, d = 1) => (x === undefined ? undefined : Math.round(x * 10 ** d) / 10 ** d);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const spread = (xs) => ({
  median: round(median(xs)),
  min: round(Math.min(...xs)),
  max: round(Math.max(...xs)),
});
const statuses = (calls) => {
  const out = {};
  for (const c of calls) out[c.status] = (out[c.status] ?? 0) + 1;
  return out;
};

/** The abusive player's reads: every public read, at the full allowed rate of each route. */
const abusiveRoutes = (id) => [
  `/api/v1/seasons/${id}`,
  `/api/v1/seasons/${id}/results`,
  `/api/v1/leagues/${id}`,
  `/api/v1/leagues/${id}/board`,
  `/api/v1/squads/${id}/board`,
  `/api/v1/squads/${id}/page`,
  `/api/v1/users/ranking/${id}/total`,
  `/api/v1/users/get/${id}`,
  `/api/v1/users/friends/${id}`,
];

/**
 * What one call of each route costs, whatever the load of the machine: CPU time (not wall time)
 * of the database's backends and of the server, over COST_CALLS calls made one at a time.
 */
async function routeCosts(t) {
  const backends = async () => {
    const { rows } = await admin.query(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [t.name],
    );
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  };
  const out = {};
  for (const path of abusiveRoutes(t.abuser.id)) {
    const [pgBefore, serverBefore] = [await backends(), cpuSeconds(t.server.pid)];
    const started = performance.now();
    for (let i = 0; i < COST_CALLS; i++) await timed(`${t.url}${path}`, t.abuser.token);
    const wallMs = (performance.now() - started) / COST_CALLS;
    const serverCpu = cpuSeconds(t.server.pid) - serverBefore;
    let pgCpu = 0;
    for (const [pid, after] of await backends()) pgCpu += after - (pgBefore.get(pid) ?? 0);
    out[path.replace(`/${t.abuser.id}`, '/:id')] = {
      pgCpuMsPerCall: round((pgCpu * 1000) / COST_CALLS, 2),
      serverCpuMsPerCall: round((serverCpu * 1000) / COST_CALLS, 2),
      wallMsPerCall: round(wallMs),
    };
  }
  return out;
}

async function runRound(url, others, abuser) {
  const until = performance.now() + SECONDS * 1000;
  const calls = [];
  const loops = others.map(({ id, token }, i) =>
    paced(
      1000 / OTHER_RATE,
      until,
      1_000,
      async () => calls.push(await timed(`${url}/api/v1/users/get/${id}`, token)),
      (i * 1000) / OTHER_RATE / others.length,
    ),
  );
  const abusive = {};
  if (abuser) {
    for (const path of abusiveRoutes(abuser.id)) {
      const mine = (abusive[path] = []);
      loops.push(
        paced(RATE_WINDOW_MS / RATE_MAX, until, MAX_IN_FLIGHT, async () =>
          mine.push(await timed(`${url}${path}`, abuser.token)),
        ),
      );
    }
  }
  await Promise.all(loops);
  const ok = calls.filter((c) => c.status === 200).map((c) => c.ms);
  return {
    others: {
      calls: calls.length,
      failed: calls.filter((c) => c.status !== 200).length,
      p50: quantile(ok, 0.5),
      p99: quantile(
        calls.map((c) => c.ms),
        0.99,
      ),
      statuses: statuses(calls),
    },
    abusive: Object.fromEntries(
      Object.entries(abusive).map(([path, cs]) => [
        path.replace(`/${abuser.id}`, '/:id'),
        {
          calls: cs.length,
          p50: round(
            quantile(
              cs.map((c) => c.ms),
              0.5,
            ),
          ),
          p99: round(
            quantile(
              cs.map((c) => c.ms),
              0.99,
            ),
          ),
          statuses: statuses(cs),
        },
      ]),
    ),
  };
}

/** Creates the target's database, starts its server (which migrates), seeds, signs players in. */
async function prepare(t, now) {
  await admin.query(`create database ${t.name}`);
  t.dbCreated = true;
  const dbUrl = new URL(BASE_DB);
  dbUrl.pathname = `/${t.name}`;
  const port = await freePort();
  t.url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL,
    REDIS_KEY_PREFIX: t.prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    BOT_TOKEN: '',
    LOG_LEVEL: 'warn',
    WORKERS: '1',
    RATE_LIMIT_MAX: String(RATE_MAX),
    RATE_LIMIT_WINDOW_MS: String(RATE_WINDOW_MS),
  };
  delete env.DATABASE_REPLICA_URL;
  t.server = spawn(process.execPath, [...NODE_ARGS, 'apps/server/dist/main.js'], {
    cwd: t.dir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (t.server.exitCode !== null) throw new Error(`${t.label}: the server exited (${t.server.exitCode})`);
    try {
      if ((await fetch(`${t.url}/api/v1/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (i > 600) throw new Error(`${t.label}: the server did not answer`);
    await new Promise((r) => setTimeout(r, 100));
  }
  t.sql = new pg.Client({ connectionString: dbUrl.toString() });
  t.sql.on('error', () => undefined);
  await t.sql.connect();
  t.seeded = await seed(t.sql, now);
  log(`${t.label}: seeded ${JSON.stringify(t.seeded)}`);
  // The week was written behind the server's back: its Redis boards (loaded from the empty
  // database at start) are forgotten, so that the server loads them again on the next read.
  await dropKeys(t.prefix);
  t.abuser = { id: ABUSER, token: await devLogin(t.url, ABUSER) };
  t.others = [];
  for (let i = 0; i < OTHERS; i++) {
    const id = 101 + i * 37;
    t.others.push({ id, token: await devLogin(t.url, id) });
  }
  // Warm-up: every route twice (the Redis boards load from PostgreSQL on their first read).
  for (let i = 0; i < 2; i++) {
    for (const path of abusiveRoutes(ABUSER)) await timed(`${t.url}${path}`, t.abuser.token);
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

let output;
try {
  await admin.connect();
  const now = Date.now();
  for (const t of TARGETS) await prepare(t, now);
  await new Promise((r) => setTimeout(r, RATE_WINDOW_MS));

  for (const t of TARGETS) {
    log(`${t.label}: the cost of one call of each route`);
    t.costs = await routeCosts(t);
    await new Promise((r) => setTimeout(r, RATE_WINDOW_MS));
  }

  const rounds = Object.fromEntries(TARGETS.map((t) => [t.label, { quiet: [], abused: [] }]));
  for (let i = 0; i < ROUNDS * 2; i++) {
    // Alternating, the order flipped every other pair, so neither kind always runs first; the
    // targets, one after the other, in turns too.
    const kind = (i % 2 === 0) === (Math.floor(i / 2) % 2 === 0) ? 'quiet' : 'abused';
    for (const t of i % 2 ? [...TARGETS].reverse() : TARGETS) {
      log(`round ${i + 1}/${ROUNDS * 2}: ${t.label}, ${kind}`);
      rounds[t.label][kind].push(await runRound(t.url, t.others, kind === 'abused' ? t.abuser : undefined));
      // A fresh rate-limit window for the next round.
      await new Promise((r) => setTimeout(r, RATE_WINDOW_MS));
    }
  }

  const summary = (rs) => ({
    othersP50Ms: spread(rs.map((r) => r.others.p50)),
    othersP99Ms: spread(rs.map((r) => r.others.p99)),
    othersCalls: spread(rs.map((r) => r.others.calls)),
    othersFailed: spread(rs.map((r) => r.others.failed)),
    othersStatuses: rs.map((r) => r.others.statuses),
  });
  output = {
    seeded: TARGETS[0].seeded,
    rounds: ROUNDS,
    secondsPerRound: SECONDS,
    others: { players: OTHERS, callsPerSecondEach: OTHER_RATE, route: 'GET /api/v1/users/get/:id' },
    abusive: {
      callsPerSecondPerRoute: (RATE_MAX * 1000) / RATE_WINDOW_MS,
      routes: abusiveRoutes(':id').length,
    },
    ...Object.fromEntries(
      TARGETS.map((t) => [
        t.label,
        {
          server: t.dir,
          costPerCall: t.costs,
          quiet: summary(rounds[t.label].quiet),
          abused: summary(rounds[t.label].abused),
          abusiveByRound: rounds[t.label].abused.map((r) => r.abusive),
        },
      ]),
    ),
  };
} finally {
  await cleanup();
}
console.log(JSON.stringify(output, null, 2));
