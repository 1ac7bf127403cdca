// `node bench/leaderboard/run.mjs`: the Leader Board call (GET /users/ranking/:id/total) at 1 000
// and 1 000 000 players, with Redis and with PostgreSQL alone.
//
// Players are seeded in bulk in SQL (generate_series) on a fresh database of the machine's
// PostgreSQL; the server is started on it (with Redis it loads the sorted set from PostgreSQL at
// start). For a top player and a bottom player, the call is made one at a time and timed:
// p50 and p99 in milliseconds. Prints one JSON object; the target is Redis p50 at 1M at most 3x
// its p50 at 1k.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { devLogin, freePort } from '../../scripts/lib/net.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BASE_DB = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SIZES = [1_000, 1_000_000];
const CALLS = {
  redis: Number(process.env.BENCH_CALLS || 400),
  postgres: Number(process.env.BENCH_PG_CALLS || 40),
};
const log = (...a) => console.error('[bench/leaderboard]', ...a);
/** The Redis key prefixes the servers used, whose keys are deleted at the end. */
const prefixes = [];

/** Deletes every key under the prefixes used (SCAN, so a busy Redis is not blocked). */
async function dropRedisKeys() {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

if (!existsSync(`${root}/apps/server/dist/main.js`))
  throw new Error('Build first: npm run build (npm run bench does).');

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BOT_TOKEN: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      /* starting (a Redis load of 1M players takes a few seconds) */
    }
    if (i > 1200) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (x) => Math.round(x * 100) / 100;

async function measure(url, userid, calls, expectRank) {
  const auth = { authorization: `Bearer ${await devLogin(url, userid)}` };
  const times = [];
  let body;
  for (let i = 0; i < calls + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/v1/users/ranking/${userid}/total`, { headers: auth });
    body = await res.json();
    if (i >= 5) times.push(performance.now() - t0); // the first calls warm up
    if (res.status !== 200) throw new Error(`ranking: ${res.status} ${JSON.stringify(body)}`);
  }
  if (body.me.rank !== expectRank)
    throw new Error(`player ${userid}: rank ${body.me.rank}, expected ${expectRank}`);
  times.sort((a, b) => a - b);
  return {
    p50Ms: round(pct(times, 50)),
    p99Ms: round(pct(times, 99)),
    calls,
    rank: body.me.rank,
    participants: body.totalParticipants,
  };
}

const dbName = `egg_lb_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: BASE_DB });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(BASE_DB);
dbUrl.pathname = `/${dbName}`;
const sql = new pg.Client({ connectionString: dbUrl.toString() });
const results = {};
try {
  // Migrate by starting the server once on the empty database.
  await (await startServer({ DATABASE_URL: dbUrl.toString(), REDIS_URL: '' })).stop();
  await sql.connect();
  let seeded = 0;
  for (const size of SIZES) {
    log(`seeding ${size} players`);
    // Distinct scores, so that the expected ranks are known: player 1 is top, player `size` last.
    await sql.query(
      `insert into users (id, first_name)
       select g, 'P' || g from generate_series($2::bigint, $1::bigint) g`,
      [size, seeded + 1],
    );
    await sql.query(
      `insert into accounts (user_id, total_score)
       select g, ($1::bigint - g) * 10 from generate_series($2::bigint, $1::bigint) g`,
      [size, seeded + 1],
    );
    await sql.query(`update accounts set total_score = ($1::bigint - user_id) * 10`, [size]);
    await sql.query('vacuum analyze users');
    await sql.query('vacuum analyze accounts');
    seeded = size;
    const top = 1;
    const bottom = size;
    for (const mode of ['redis', 'postgres']) {
      log(`${size} players, ${mode}`);
      const prefix = `egg-lb-${randomBytes(4).toString('hex')}:`;
      prefixes.push(prefix);
      const server = await startServer({
        DATABASE_URL: dbUrl.toString(),
        REDIS_URL: mode === 'redis' ? REDIS_URL : '',
        REDIS_KEY_PREFIX: prefix,
      });
      try {
        results[`${mode}_${size}`] = {
          top: await measure(server.url, top, CALLS[mode], 1),
          bottom: await measure(server.url, bottom, CALLS[mode], size),
        };
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await dropRedisKeys().catch((error) => log('could not delete the Redis keys:', error.message));
  await sql.end().catch(() => undefined);
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}

const r = results;
const ratio = (a, b) => round(a / b);
console.log(
  JSON.stringify(
    {
      benchmark: 'leaderboard',
      results,
      ratios: {
        redisP50_1M_over_1k_top: ratio(r.redis_1000000.top.p50Ms, r.redis_1000.top.p50Ms),
        redisP50_1M_over_1k_bottom: ratio(r.redis_1000000.bottom.p50Ms, r.redis_1000.bottom.p50Ms),
        postgresP50_1M_over_1k_bottom: ratio(r.postgres_1000000.bottom.p50Ms, r.postgres_1000.bottom.p50Ms),
      },
      targets: {
        redisP50At1MAtMost3xAt1k:
          r.redis_1000000.top.p50Ms <= 3 * r.redis_1000.top.p50Ms &&
          r.redis_1000000.bottom.p50Ms <= 3 * r.redis_1000.bottom.p50Ms,
      },
    },
    null,
    2,
  ),
);
