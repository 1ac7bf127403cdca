import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { seededRng } from '@egg-rush/game/rng';
import { buildApp } from '../src/app.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { openRedisFor } from '../src/lib/redis.ts';
import { keepRedisCopies } from '../src/bootstrap.ts';
import { memberOf } from '../src/modules/leaderboard/leaderboard.store.ts';
import { sql } from 'drizzle-orm';
import { freshDatabase } from './helpers.ts';
import { redisServers, until } from './redis-servers.ts';

// Redis is a copy: with a real redis-server killed, the game answers from PostgreSQL alone; when
// Redis comes back (restarted with stale data, or a replica promoted by Sentinel) the boards are
// loaded again from PostgreSQL. Redis processes are started here, on free ports.

const servers = redisServers();
let db: { database: Database; drop: () => Promise<void> };
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(async () => {
  await servers.close();
  await db?.drop();
});

async function startApp(env: Record<string, string>) {
  const prefix = `egg-test:${randomBytes(4).toString('hex')}:`;
  const config = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000',
    REDIS_KEY_PREFIX: prefix,
    ...env,
  });
  const redis = openRedisFor(config);
  assert(redis, 'REDIS_URL is set');
  await keepRedisCopies(redis, db.database.db);
  const app = await buildApp({ env: config, database: db.database, redis, now: Date.now, rng: seededRng(7) });
  await app.ready();
  return { app, redis, prefix };
}

async function player(app: FastifyInstance, userid: number) {
  const launch = await app.inject({ method: 'GET', url: `/api/v1/dev/launch?userid=${userid}` });
  const { initData } = launch.json<{ initData: string }>();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userid, initData },
  });
  const { token } = login.json<{ token: string }>();
  const headers = { authorization: `Bearer ${token}` };
  return {
    tap: () =>
      app.inject({ method: 'PUT', url: '/api/v1/users/tap', headers, payload: { userid, count: 3 } }),
    board: () => app.inject({ method: 'GET', url: `/api/v1/users/ranking/${userid}/total`, headers }),
  };
}

const committedTotal = async (userid: number) => {
  const [row] = await queryRows<{ t: number }>(
    db.database.db,
    sql`select total_score::int as t from accounts where user_id = ${userid}`,
  );
  assert(row, `no account for ${userid}`);
  return row.t;
};

/** The score Redis itself holds for a player (a raw client, no prefix). */
const redisScore = async (port: number, prefix: string, userid: number) => {
  const raw = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0, lazyConnect: true });
  raw.on('error', () => undefined);
  try {
    await raw.connect();
    return Number(await raw.zscore(`${prefix}lb:scores`, memberOf(userid)));
  } finally {
    raw.disconnect();
  }
};

describe('all Redis down', () => {
  it('keeps the game answering from PostgreSQL, and loads the board again when Redis returns', async () => {
    const redis = await servers.server('alone');
    const { app, redis: client, prefix } = await startApp({ REDIS_URL: `redis://127.0.0.1:${redis.port}` });
    const userid = 7301;
    const p = await player(app, userid);
    expect((await p.tap()).statusCode).toBe(200);
    expect((await p.board()).statusCode).toBe(200);
    const before = await committedTotal(userid);
    await until(
      'board in Redis',
      async () => (await redisScore(redis.port, prefix, userid)) === before,
      5000,
    );

    // Redis keeps what it had (SAVE), then dies.
    const raw = new Redis({ port: redis.port, host: '127.0.0.1' });
    raw.on('error', () => undefined);
    await raw.save();
    raw.disconnect();
    await redis.kill('SIGKILL');

    // The game answers, without waiting long for Redis.
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      expect((await p.tap()).statusCode).toBe(200);
      const board = await p.board();
      expect(board.statusCode).toBe(200);
      expect(board.json<{ me: { totalScore: number } }>().me.totalScore).toBe(await committedTotal(userid));
      expect(Date.now() - started).toBeLessThan(3_000);
    }
    // Still ready: a load balancer keeps sending players here.
    const ready = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ready: true, redis: 'down' });
    const after = await committedTotal(userid);
    expect(after).toBeGreaterThan(before);

    // Back with its old data: the board is loaded again from PostgreSQL, no new tap needed.
    await redis.restart();
    await until(
      'board caught up',
      async () => (await redisScore(redis.port, prefix, userid)) === after,
      10_000,
    );
    await app.close();
    client.disconnect();
  }, 60_000);
});

describe('Redis with Sentinel', () => {
  it('follows the promoted replica after kill -9 of the primary, and the board is right afterwards', async () => {
    const primary = await servers.server('primary');
    const replica = await servers.server('replica', primary);
    const sentinel = await servers.sentinel('sentinel', 'egg', primary);
    const ask = new Redis({ port: sentinel.port, host: '127.0.0.1' });
    ask.on('error', () => undefined);
    await until(
      'sentinel sees the replica',
      async () => ((await ask.call('sentinel', 'replicas', 'egg')) as unknown[]).length === 1,
      10_000,
    );
    const {
      app,
      redis: client,
      prefix,
    } = await startApp({
      REDIS_SENTINELS: `127.0.0.1:${sentinel.port}`,
      REDIS_SENTINEL_NAME: 'egg',
    });
    const userid = 7302;
    const p = await player(app, userid);
    expect((await p.tap()).statusCode).toBe(200);
    await until(
      'board on the primary',
      async () => (await redisScore(primary.port, prefix, userid)) > 0,
      5000,
    );

    await primary.kill('SIGKILL');
    const killed = Date.now();
    // Taps go on while Sentinel decides; each is answered (409: out of energy, a game answer).
    const promoted = until(
      'replica promoted',
      async () =>
        ((await ask.call('sentinel', 'get-master-addr-by-name', 'egg')) as string[])[1] ===
        String(replica.port),
      20_000,
    );
    let answered = true;
    void promoted.finally(() => (answered = false));
    while (answered) expect([200, 409]).toContain((await p.tap()).statusCode);
    await promoted;
    const total = await committedTotal(userid);
    await until(
      'board right on the new primary',
      async () => (await redisScore(replica.port, prefix, userid)) === total,
      15_000,
    );
    await until(
      'the server writes to the new primary',
      async () => (await client.set('probe', '1')) === 'OK',
      15_000,
    );
    console.log(`Redis failover: ${Date.now() - killed} ms from kill -9 to the board being right`);
    ask.disconnect();
    await app.close();
    client.disconnect();
  }, 60_000);
});
