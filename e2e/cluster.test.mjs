// Stateless servers: two server processes on one PostgreSQL and one Redis serve the same player,
// and every tap batch either process credits is paid exactly once.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { freshPostgres, startServer } from './lib.mjs';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let db;
let a;
let b;

before(async () => {
  db = await freshPostgres();
  const shared = {
    ...db.env,
    REDIS_URL,
    REDIS_KEY_PREFIX: `egg-e2e-${randomBytes(4).toString('hex')}:`,
    // Both processes must accept each other's tokens, as behind a load balancer.
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  a = await startServer(shared);
  b = await startServer(shared);
});

after(async () => {
  await a?.stop();
  await b?.stop();
  await db?.drop();
});

async function ledger(userid) {
  const c = new pg.Client({ connectionString: db.env.DATABASE_URL });
  await c.connect();
  const { rows } = await c.query(
    `select u.coins, u.total_score, coalesce(sum(e.delta_coins), 0)::bigint as ledger,
            coalesce(sum(e.delta_coins) filter (where e.kind = 'tap'), 0)::bigint as taps
     from accounts u left join economy_events e on e.user_id = u.user_id where u.user_id = $1
     group by u.coins, u.total_score`,
    [userid],
  );
  await c.end();
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
}

test('two server processes take alternating tap batches of one player and the totals are exact', async () => {
  const userid = 8801;
  const token = await a.login(userid);
  const before = await ledger(userid);

  // Alternating in sequence, then all at once across both processes.
  let earned = 0;
  let credited = 0;
  for (let i = 0; i < 10; i++) {
    const server = i % 2 ? b : a;
    const res = await server.api(token, 'PUT', '/users/tap', { userid, count: 3 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    earned += res.body.earned;
    credited += res.body.credited;
  }
  const burst = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? b : a).api(token, 'PUT', '/users/tap', { userid, count: 2 }),
    ),
  );
  for (const res of burst) {
    assert.ok(res.status === 200 || res.status === 409, JSON.stringify(res.body));
    if (res.status === 200) {
      earned += res.body.earned;
      credited += res.body.credited;
    }
  }
  assert.ok(credited >= 60, `credited ${credited}`);

  const now = await ledger(userid);
  assert.equal(now.taps - before.taps, earned, 'the tap ledger rows equal what the answers reported');
  assert.equal(now.coins, now.ledger, 'the balance equals the ledger');
  assert.equal(now.coins - before.coins, earned, 'the balance grew by exactly what was credited');

  // Both processes read the same Leader Board from Redis, with the committed score. Each process
  // writes the totals it committed to Redis within its flush interval (50 ms), so a read from one
  // may briefly miss the other's latest taps; it must catch up well within a second.
  for (const server of [a, b]) {
    const deadline = Date.now() + 2000;
    let board;
    do {
      board = await server.api(token, 'GET', `/users/ranking/${userid}/total`);
      assert.equal(board.status, 200);
      if (board.body.me.totalScore === now.total_score) break;
      await new Promise((r) => setTimeout(r, 25));
    } while (Date.now() < deadline);
    assert.equal(board.body.me.totalScore, now.total_score);
  }
});
