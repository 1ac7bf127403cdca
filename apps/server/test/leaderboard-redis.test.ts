import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_SIZE } from '@egg-rush/game/leaderboard';
import { seededRng } from '@egg-rush/game/rng';
import { queryRows } from '../src/db/client.ts';
import type { Deps } from '../src/lib/deps.ts';
import {
  countParticipants,
  playerRank,
  topPlayers,
} from '../src/modules/leaderboard/leaderboard.repository.ts';
import { createLeaderboardService } from '../src/modules/leaderboard/leaderboard.service.ts';
import {
  BOARD_FLUSH_MS,
  flushScores,
  memberOf,
  redisScores,
  userOf,
} from '../src/modules/leaderboard/leaderboard.store.ts';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ redis: true });
});
afterAll(() => t.close());

const scores = () => {
  const { redis } = t.deps;
  assert(redis, 'the app runs with Redis');
  return redisScores(redis);
};
const ids = async () =>
  (await queryRows<{ id: string }>(t.deps.database.db, sql`select id from users order by id`)).map((r) =>
    Number(r.id),
  );

/** Every player's board as Redis answers it and as PostgreSQL answers it. */
async function bothBoards() {
  const viaRedis = createLeaderboardService(t.deps);
  const pgDeps: Deps = { ...t.deps, redis: undefined };
  const viaPg = createLeaderboardService(pgDeps);
  const out = [];
  for (const id of await ids()) out.push({ id, redis: await viaRedis.total(id), pg: await viaPg.total(id) });
  return out;
}

describe('Leader Board in Redis', () => {
  it('keeps ties in the rule’s order: a lower id is a higher member', () => {
    expect(memberOf(1) > memberOf(2)).toBe(true);
    expect(memberOf(99) > memberOf(7_000_000_000)).toBe(true);
    expect(userOf(memberOf(7_123_456_789))).toBe(7_123_456_789);
  });

  it('agrees with PostgreSQL on the top 100, every rank and the participant count for the same data', async () => {
    // 300 players with many ties (scores on a coarse grid), loaded in bulk, then rebuilt.
    const rng = seededRng(7);
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: 10_000 + Math.floor(rng() * 1_000_000) * 1000 + i,
      score: Math.floor(rng() * 40) * 25,
    }));
    for (const r of rows) {
      await t.deps.database.db.execute(
        sql`insert into users (id, first_name) values (${r.id}, ${`P${r.id}`})`,
      );
      await t.deps.database.db.execute(
        sql`insert into accounts (user_id, total_score) values (${r.id}, ${r.score})`,
      );
    }
    const built = await scores().rebuildIfMissing(t.deps.database.db, 97);
    expect(built).toEqual({ rebuilt: true, players: 300 });

    const boards = await bothBoards();
    expect(boards).toHaveLength(300);
    for (const b of boards) expect(b.redis).toEqual(b.pg);
    const [first] = boards;
    assert(first, 'no boards');
    expect(first.redis.ranking).toHaveLength(LEADERBOARD_SIZE);
    expect(first.redis.totalParticipants).toBe(300);
    // Ties exist, and they are ordered by id in both.
    const ranking = first.redis.ranking;
    const tied = ranking.filter((r) => r.totalScore === ranking[10]?.totalScore);
    expect(tied.length).toBeGreaterThan(1);
    expect(tied.map((r) => r.userid)).toEqual([...tied.map((r) => r.userid)].sort((a, b) => a - b));
  });

  it('follows every earning as it commits: sign-up, referral, check-in, taps, spins, chests', async () => {
    const a = await t.login(501, { first_name: 'Ana' });
    const b = await t.login(502, { first_name: 'Ben', start_param: '501' });
    for (const [token, id] of [
      [a, 501],
      [b, 502],
    ] as const) {
      expect(
        (await t.call(token, { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: id } }))
          .statusCode,
      ).toBe(200);
      for (let i = 0; i < 5; i++) {
        t.clock.advance(1000);
        const tap = await t.call(token, {
          method: 'PUT',
          url: '/api/v1/users/tap',
          payload: { userid: id, count: 20 },
        });
        expect(tap.statusCode).toBe(200);
      }
      expect(
        (await t.call(token, { method: 'PUT', url: '/api/v1/users/getSpin', payload: { userid: id } }))
          .statusCode,
      ).toBe(200);
    }
    // Passive income settled by a purchase raises the stored score too.
    await t.deps.database.db.execute(sql`update accounts set earn_per_hour = 3600 where user_id = 501`);
    t.clock.advance(60_000);
    expect(
      (await t.call(a, { method: 'PUT', url: '/api/v1/users/double', payload: { userid: 501 } })).statusCode,
    ).toBe(200);

    for (const id of [501, 502]) {
      const [row] = await queryRows<{ total_score: string }>(
        t.deps.database.db,
        sql`select total_score from accounts where user_id = ${id}`,
      );
      assert(row, `no account for ${id}`);
      expect(await scores().rank(id)).toMatchObject({ totalScore: Number(row.total_score) });
    }
    for (const board of await bothBoards()) expect(board.redis).toEqual(board.pg);
  });

  it('is rebuilt from PostgreSQL when Redis has lost it, and not rebuilt when it is there', async () => {
    expect((await scores().rebuildIfMissing(t.deps.database.db)).rebuilt).toBe(false);
    await scores().clear();
    const again = await scores().rebuildIfMissing(t.deps.database.db);
    expect(again).toEqual({ rebuilt: true, players: 302 });
    for (const board of await bothBoards()) expect(board.redis).toEqual(board.pg);
  });

  it('answers from PostgreSQL and reloads itself when Redis loses the board while running', async () => {
    await scores().clear();
    await scores().record([{ userid: 501, totalScore: 1 }]); // a write arriving after the loss
    const service = createLeaderboardService(t.deps);
    const board = await service.total(502);
    expect(board.totalParticipants).toBe(302);
    for (let i = 0; i < 50 && !(await scores().built()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await scores().count()).toBe(302);
    for (const b of await bothBoards()) expect(b.redis).toEqual(b.pg);
  });

  it('never lowers a score, whatever order two writes finish in', async () => {
    await scores().record([{ userid: 501, totalScore: 10_000_000 }]);
    await scores().record([{ userid: 501, totalScore: 5 }]);
    expect((await scores().rank(501))?.totalScore).toBe(10_000_000);
  });

  it('falls back to PostgreSQL when Redis cannot be reached', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const service = createLeaderboardService({ ...t.deps, redis: dead });
    const board = await service.total(502);
    expect(board.me).toEqual(await playerRank(t.deps.database.db, 502));
    expect(board.ranking).toEqual(await topPlayers(t.deps.database.db, LEADERBOARD_SIZE));
    expect(board.totalParticipants).toBe(await countParticipants(t.deps.database.db));
    dead.disconnect();
  });
});

describe('Leader Board writes', () => {
  it('gathers the totals of many tap calls into one ZADD GT per moment, the latest total of each player', async () => {
    const own = await createTestApp({ redis: true });
    const { redis } = own.deps;
    assert(redis, 'the app runs with Redis');
    const prefix = (redis.options.keyPrefix ?? '') + 'lb:scores';
    const monitor = await new Redis(TEST_REDIS_URL).monitor();
    // MONITOR shows every client's commands, other test files' too: a line ioredis cannot match
    // with its queue is told as an 'error' event, which without a listener ends the whole run.
    monitor.on('error', () => undefined);
    const zadds: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toLowerCase() === 'zadd' && args[1] === prefix) zadds.push(args);
    });
    try {
      const players = Array.from({ length: 10 }, (_, i) => 60_000 + i);
      const logins = await Promise.all(players.map(async (id) => ({ id, token: await own.login(id) })));
      await flushScores(redis); // sign-up totals out of the way
      zadds.length = 0;
      // 40 tap calls (4 per player) at once.
      const calls = logins.flatMap(({ id, token }) =>
        Array.from({ length: 4 }, () =>
          own.call(token, {
            method: 'PUT',
            url: '/api/v1/users/tap',
            payload: { userid: id, count: 3 },
          }),
        ),
      );
      const started = performance.now();
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(200);
      const elapsed = performance.now() - started;
      await new Promise((r) => setTimeout(r, BOARD_FLUSH_MS * 4));
      // One command per BOARD_FLUSH_MS while the calls ran (a busy machine stretches them).
      expect(zadds.length).toBeGreaterThanOrEqual(1);
      expect(zadds.length).toBeLessThanOrEqual(Math.ceil(elapsed / BOARD_FLUSH_MS) + 1);
      expect(zadds.length).toBeLessThan(calls.length / 4);
      for (const z of zadds) expect(z[2]?.toUpperCase()).toBe('GT');
      const rows = await queryRows<{ id: string; total_score: string }>(
        own.deps.database.db,
        sql`select user_id as id, total_score from accounts where user_id in ${players} order by user_id`,
      );
      const raw = await redis.zmscore('lb:scores', ...rows.map((r) => memberOf(Number(r.id))));
      expect(raw.map(Number)).toEqual(rows.map((r) => Number(r.total_score)));
      expect(rows.every((r) => Number(r.total_score) >= 12)).toBe(true);
    } finally {
      monitor.disconnect();
      await own.close();
    }
  });

  it('writes what is still gathered when the app closes', async () => {
    const own = await createTestApp({ redis: true });
    const { redis } = own.deps;
    assert(redis, 'the app runs with Redis');
    const observer = new Redis(TEST_REDIS_URL, { keyPrefix: redis.options.keyPrefix });
    try {
      const token = await own.login(61_000);
      await flushScores(redis);
      const tap = await own.call(token, {
        method: 'PUT',
        url: '/api/v1/users/tap',
        payload: { userid: 61_000, count: 7 },
      });
      const total = tap.json<{ onion: number }>().onion;
      await own.app.close(); // well within BOARD_FLUSH_MS of the tap
      expect(Number(await observer.zscore('lb:scores', memberOf(61_000)))).toBe(total);
    } finally {
      observer.disconnect();
      await own.close();
    }
  });
});
