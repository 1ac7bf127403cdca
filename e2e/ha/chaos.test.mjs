// Chaos on the highly available topology (npm run ha:up): under continuous load from many
// players behind HAProxy, a rolling restart of the server processes, kill -9 of the PostgreSQL
// primary's machine (Patroni and its PostgreSQL), kill -9 of the Redis primary, every Redis down
// for a while, and a stall of the PostgreSQL primary (SIGSTOP) longer than the server's timeouts.
// Prints per scenario the time until the game answered again, the requests that failed and the
// acknowledged writes lost. Through the loss of the PostgreSQL primary a player taps as the app
// does (apps/web/src/lib/outbox.ts) and keeps every tap.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { devLogin, haUp, until } from '../../scripts/lib/net.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** What scripts/ha/up.mjs wrote: its folder, the processes to stop, HAProxy's statistics. */
const STATE = process.env.HA_STATE || join(tmpdir(), 'egg-rush-ha.json');
const state = () => JSON.parse(readFileSync(STATE, 'utf8'));
/** Another process to stop at `ha:down`. */
const track = (pid) => {
  const st = state();
  st.pids.push(pid);
  writeFileSync(STATE, JSON.stringify(st));
};
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const PLAYERS = 24;
let topology;
let tokens;
const ids = Array.from({ length: PLAYERS }, (_, i) => 7700 + i);
/** The player who taps as the app does (`tapLikeTheApp`), and their token. */
const TAPPER = 7800;
let tapperToken;

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
before(async () => {
  topology = haUp({ RATE_LIMIT_MAX: '1000000' });
  [tapperToken, ...tokens] = await Promise.all(
    [TAPPER, ...ids].map((userid) => devLogin(topology.app, userid)),
  );
});
after(() => {
  execFileSync(process.execPath, [join(root, 'scripts/ha/down.mjs')], { stdio: 'inherit' });
});

/** Players tapping behind HAProxy until `stop()`; what was answered and acknowledged. */
function load() {
  const result = {
    ok: 0,
    failed: 0,
    earned: new Map(),
    lastFailure: 0,
    firstFailure: 0,
    errors: new Map(),
    /** Requests answered since the last failure. */
    okSinceFailure: 0,
    /** The longest time any request took to be answered (or to fail), in ms. */
    slowest: 0,
  };
  let running = true;
  const player = async (i) => {
    while (running) {
      let status;
      const sent = Date.now();
      try {
        const res = await fetch(`${topology.app}/api/v1/users/tap`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ userid: ids[i], count: 1 }),
        });
        status = res.status;
        const body = await res.json().catch(() => ({}));
        if (status !== 200 && status !== 409) status = `${status} ${body.code ?? 'proxy'}`;
        if (status === 200) result.earned.set(ids[i], (result.earned.get(ids[i]) ?? 0) + body.earned);
      } catch (error) {
        status = error?.cause?.code ?? 'error';
      }
      result.slowest = Math.max(result.slowest, Date.now() - sent);
      if (status === 200 || status === 409) {
        result.ok++;
        result.okSinceFailure++;
      } else {
        result.failed++;
        result.okSinceFailure = 0;
        result.errors.set(status, (result.errors.get(status) ?? 0) + 1);
        result.lastFailure = Date.now();
        result.firstFailure ||= Date.now();
        await wait(50); // a player's client retries after a moment
      }
    }
  };
  const all = ids.map((_, i) => player(i));
  return {
    result,
    async stop() {
      running = false;
      await Promise.all(all);
      return result;
    },
  };
}

/** The app's waits before sending a write again (apps/web/src/lib/outbox.ts BACKOFF_MS). */
const BACKOFF_MS = [500, 1000, 2000, 4000];

/**
 * A player tapping as the app does, until `stop()`: ten taps a second; about twice a second the
 * taps made since the last batch go out as one batch with a new id, one batch at a time; a batch
 * that fails for a reason that passes (no answer, 502, 503, 504) is sent again, the same batch,
 * after 0.5, 1, 2, 4, 4… s, until it is answered. The player has energy for every tap, and taps
 * below the human pace, so every tap made is to be credited once.
 */
function tapLikeTheApp() {
  const result = { made: 0, batches: 0, attempts: 0, repeated: 0, refused: [], credited: 0 };
  let tapping = true;
  let sent = 0;
  const tapper = globalThis.setInterval(() => (result.made += 1), 100);
  const sendBatch = async (count) => {
    const batch = randomInt(1, 2 ** 48);
    result.batches++;
    for (let attempt = 0; ; attempt++) {
      result.attempts++;
      let status;
      try {
        const res = await fetch(`${topology.app}/api/v1/users/tap`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${tapperToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ userid: TAPPER, count, batch }),
          signal: globalThis.AbortSignal.timeout(15_000),
        });
        status = res.status;
        const body = await res.json().catch(() => ({}));
        if (status === 200) {
          // A repeated batch was credited by an attempt whose answer was lost.
          if (body.repeated) result.repeated++;
          result.credited += body.repeated ? count : body.credited;
          return;
        }
        if (![502, 503, 504].includes(status)) {
          result.refused.push(`${status} ${body.code}`);
          return;
        }
      } catch {
        // no answer: sent again
      }
      await wait(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]);
    }
  };
  const done = (async () => {
    while (tapping || sent < result.made) {
      const count = result.made - sent;
      if (count > 0) {
        sent += count;
        await sendBatch(count);
      }
      if (tapping) await wait(500);
    }
  })();
  return {
    result,
    /** Stops tapping; resolves once every tap made has been answered. */
    async stop() {
      tapping = false;
      globalThis.clearInterval(tapper);
      await done;
      return result;
    },
  };
}

/** The game answers again within this of losing the PostgreSQL primary (scripts/ha/up.mjs). */
const FAILOVER_WITHIN_MS = 10_000;

/**
 * The game answers again after failures: 2 s since the last failure, and in them every player
 * answered several times (not merely 2 s of requests still waiting on a lost database).
 */
const answersAgain = (result) =>
  result.lastFailure && Date.now() - result.lastFailure > 2000 && result.okSinceFailure >= PLAYERS * 5;

/** Every tap answered 200 is in the ledger, and reconcile finds nothing. */
async function ledgerHolds(earnedBefore) {
  let lost = 0;
  for (const [userid, taps] of await tapsInLedger()) {
    const acknowledged = earnedBefore.get(userid) ?? 0;
    if (taps < acknowledged) lost += acknowledged - taps;
  }
  const reconcile = JSON.parse(
    execFileSync(process.execPath, [join(root, 'apps/server/dist/reconcile.js')], {
      env: { ...process.env, DATABASE_URL: topology.databaseUrl, LOG_LEVEL: 'warn' },
    })
      .toString()
      .trim()
      .split('\n')
      .at(-1),
  );
  return { lost, mismatches: reconcile.mismatches };
}

/** All the acknowledged taps so far, across scenarios. */
const acknowledged = new Map();
const add = (earned) => {
  for (const [id, n] of earned) acknowledged.set(id, (acknowledged.get(id) ?? 0) + n);
};

/** HAProxy's counters for the app's processes: connection errors, response errors, retries, redispatches. */
async function appCounters() {
  const [head, ...lines] = (await (await fetch(state().haproxyStats)).text()).split('\n');
  const names = head.replace(/^# /, '').split(',');
  const backend = lines.find((l) => l.startsWith('app,BACKEND,'))?.split(',') ?? [];
  const at = (name) => Number(backend[names.indexOf(name)] || 0);
  return { econ: at('econ'), eresp: at('eresp'), wretr: at('wretr'), wredis: at('wredis') };
}

test('a rolling restart of the server processes behind HAProxy fails no request', async () => {
  const running = load();
  await until('load', async () => running.result.ok > PLAYERS * 5, 30_000);
  const before = await appCounters();
  for (const [i, server] of topology.servers.entries()) {
    const env = Object.fromEntries(
      readFileSync(`/proc/${server.pid}/environ`, 'utf8')
        .split('\0')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    );
    process.kill(server.pid, 'SIGTERM');
    await until('stopped', async () => !alive(server.pid), 30_000);
    const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
      env,
      stdio: 'ignore',
      detached: true,
    });
    child.unref();
    server.pid = child.pid;
    track(child.pid);
    await until(
      'back',
      async () => (await fetch(`http://127.0.0.1:${server.port}/api/v1/ready`)).status === 200,
      60_000,
    );
    // HAProxy sends to it again before the next one stops.
    await until(
      'back in HAProxy',
      async () => {
        const csv = await (await fetch(state().haproxyStats)).text();
        return csv.split('\n').some((line) => line.startsWith(`app,app${i + 1},`) && line.includes(',UP,'));
      },
      30_000,
    );
  }
  const result = await running.stop();
  add(result.earned);
  const after = await appCounters();
  // Not one request relied on HAProxy trying again: no process closed a connection it was sent.
  const retried = Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]));
  const { lost, mismatches } = await ledgerHolds(acknowledged);
  console.log(
    JSON.stringify({
      scenario: 'rolling restart',
      answered: result.ok,
      failed: result.failed,
      errors: [...result.errors],
      haproxy: retried,
      lost,
      mismatches,
    }),
  );
  assert.equal(result.failed, 0);
  assert.deepEqual(retried, { econ: 0, eresp: 0, wretr: 0, wredis: 0 });
  assert.equal(lost, 0);
  assert.equal(mismatches, 0);
});

test('kill -9 of the PostgreSQL primary: the game answers again within 10 s, no acknowledged write is lost, a player tapping through it keeps every tap', async () => {
  // Energy for every tap the player makes (ten a second for the whole scenario).
  const c = new pg.Client({ connectionString: topology.databaseUrl });
  await c.connect();
  await c.query('update accounts set max_energy = 1000000, energy = 1000000 where user_id = $1', [TAPPER]);
  await c.end();
  const tapsBefore = (await tapsInLedger([TAPPER])).get(TAPPER) ?? 0;
  const running = load();
  const tapper = tapLikeTheApp();
  await until('load', async () => running.result.ok > PLAYERS * 5, 30_000);
  const primary = topology.postgres.find((p) => p.role === 'primary');
  const postmaster = Number(
    readFileSync(join(state().dir, primary.name, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const killed = Date.now();
  // The machine is lost: Patroni and its PostgreSQL at once.
  process.kill(primary.pid, 'SIGKILL');
  process.kill(postmaster, 'SIGKILL');
  const okBefore = running.result.ok;
  await until(
    'failures seen',
    async () => running.result.failed > 0 || running.result.ok > okBefore + PLAYERS * 50,
    60_000,
  );
  // Answers again: a stretch of successes after the last failure.
  await until('the game answers again', async () => answersAgain(running.result), 90_000);
  const recovered = running.result.lastFailure - killed;
  const result = await running.stop();
  const tapped = await tapper.stop();
  add(result.earned);
  const { lost, mismatches } = await ledgerHolds(acknowledged);
  const inLedger = ((await tapsInLedger([TAPPER])).get(TAPPER) ?? 0) - tapsBefore;
  console.log(
    JSON.stringify({
      scenario: 'kill -9 PostgreSQL primary',
      recoveredMs: recovered,
      answered: result.ok,
      failed: result.failed,
      errors: [...result.errors],
      lost,
      mismatches,
      tapper: { ...tapped, inLedger },
    }),
  );
  assert.ok(
    recovered < FAILOVER_WITHIN_MS,
    `answered again ${recovered} ms after, not within ${FAILOVER_WITHIN_MS}`,
  );
  assert.equal(lost, 0);
  assert.equal(mismatches, 0);
  // Every tap the player made is in the ledger once (one coin each): none lost, none doubled.
  assert.deepEqual(tapped.refused, []);
  assert.equal(inLedger, tapped.made);
  assert.equal(tapped.credited, tapped.made);
});

test('kill -9 of the Redis primary: the game answers throughout', async () => {
  const running = load();
  await until('load', async () => running.result.ok > PLAYERS * 5, 30_000);
  const primary = topology.redis.find((r) => r.role === 'primary');
  process.kill(primary.pid, 'SIGKILL');
  const okBefore = running.result.ok;
  await until('answers after', async () => running.result.ok > okBefore + PLAYERS * 20, 60_000);
  const result = await running.stop();
  add(result.earned);
  // The promoted replica's board is right again: every total as in PostgreSQL.
  const promoted = topology.redis.find((r) => r !== primary);
  await until(
    'the board is right',
    async () => {
      const { postgres, redis } = await boards(promoted.port);
      return postgres.every((total, i) => redis[i] === total);
    },
    30_000,
  );
  const { lost, mismatches } = await ledgerHolds(acknowledged);
  console.log(
    JSON.stringify({
      scenario: 'kill -9 Redis primary',
      answered: result.ok,
      failed: result.failed,
      errors: [...result.errors],
      lost,
      mismatches,
    }),
  );
  assert.equal(result.failed, 0);
  assert.equal(lost, 0);
  assert.equal(mismatches, 0);
});

/** Taps in the ledger per player (of `players`, the load's by default). */
async function tapsInLedger(players = ids) {
  const c = new pg.Client({ connectionString: topology.databaseUrl });
  await c.connect();
  const { rows } = await c.query(
    `select user_id, sum(delta_coins)::bigint as taps from economy_events where kind = 'tap' and user_id = any($1) group by user_id`,
    [players],
  );
  await c.end();
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.taps)]));
}

/** Every player's total in PostgreSQL, and the same players' scores on the Redis board at `port`. */
async function boards(port) {
  const c = new pg.Client({ connectionString: topology.databaseUrl });
  await c.connect();
  const { rows } = await c.query(
    `select user_id as id, total_score from accounts where user_id = any($1) order by user_id`,
    [ids],
  );
  await c.end();
  // The board's member for a player (leaderboard.store.ts): the complement of the id, zero-padded.
  const member = (id) => String(Number.MAX_SAFE_INTEGER - id).padStart(16, '0');
  const scores = execFileSync('redis-cli', [
    '-p',
    String(port),
    'zmscore',
    'egg-rush:lb:scores',
    ...rows.map((r) => member(Number(r.id))),
  ])
    .toString()
    .trim()
    .split('\n');
  return {
    postgres: rows.map((r) => Number(r.total_score)),
    redis: scores.map((v) => (v ? Number(v) : null)),
  };
}

test('every Redis down for a while: the game answers on PostgreSQL alone, pays nothing twice, and the board catches up', async () => {
  const ledgerBefore = await tapsInLedger();
  const running = load();
  await until('load', async () => running.result.ok > PLAYERS * 5, 30_000);
  const live = topology.redis.filter((r) => alive(r.pid));
  for (const r of live) process.kill(r.pid, 'SIGKILL');
  const okAtDown = running.result.ok;
  await until('answers without Redis', async () => running.result.ok > okAtDown + PLAYERS * 40, 60_000);
  // A reward claimed twice at once while no Redis answers is paid once.
  const claimers = ids.slice(0, 6);
  const claims = await Promise.all(
    claimers.flatMap((userid) =>
      [0, 1].map(() =>
        fetch(`${topology.app}/api/v1/users/claim/daily`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${tokens[ids.indexOf(userid)]}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ userid }),
        }).then((res) => ({ userid, status: res.status })),
      ),
    ),
  );
  // The Leader Board is read from PostgreSQL meanwhile.
  const board = await fetch(`${topology.app}/api/v1/users/ranking/${ids[0]}/total`, {
    headers: { authorization: `Bearer ${tokens[0]}` },
  });
  assert.equal(board.status, 200);
  // Redis comes back empty (its machine restarted); the Sentinels still name it the primary.
  const back = Date.now();
  for (const r of live) {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(r.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        state().dir,
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { stdio: 'ignore', detached: true },
    );
    child.unref();
    r.pid = child.pid;
    track(child.pid);
  }
  const okAtBack = running.result.ok;
  await until('answers with Redis back', async () => running.result.ok > okAtBack + PLAYERS * 20, 60_000);
  const result = await running.stop();
  add(result.earned);
  // Every total written while Redis was away is on its board again.
  const caughtUp = await until(
    'the board catches up',
    async () => {
      const { postgres, redis } = await boards(live[0].port);
      return postgres.every((total, i) => redis[i] === total) && Date.now();
    },
    30_000,
  );
  const ledgerAfter = await tapsInLedger();
  const twice = ids.filter(
    (id) => (ledgerAfter.get(id) ?? 0) - (ledgerBefore.get(id) ?? 0) !== (result.earned.get(id) ?? 0),
  );
  const c = new pg.Client({ connectionString: topology.databaseUrl });
  await c.connect();
  const { rows: daily } = await c.query(
    `select user_id, count(*)::int as n from economy_events where kind = 'daily' and user_id = any($1) group by user_id`,
    [claimers],
  );
  await c.end();
  const { lost, mismatches } = await ledgerHolds(acknowledged);
  console.log(
    JSON.stringify({
      scenario: 'every Redis down',
      answered: result.ok,
      failed: result.failed,
      errors: [...result.errors],
      slowestMs: result.slowest,
      dailyClaims: claims.map((c) => c.status),
      boardCaughtUpMs: caughtUp - back,
      lost,
      mismatches,
    }),
  );
  assert.equal(result.failed, 0);
  assert.deepEqual(twice, [], 'each player’s taps in the ledger are exactly those answered 200');
  for (const userid of claimers) {
    assert.equal(claims.filter((c) => c.userid === userid && c.status === 200).length, 1);
  }
  assert.deepEqual(
    daily.map((r) => r.n),
    claimers.map(() => 1),
  );
  assert.equal(lost, 0);
  assert.equal(mismatches, 0);
});

/** The PostgreSQL node that is the primary now (a failover may have moved it). */
async function currentPrimary() {
  for (const node of topology.postgres) {
    const c = new pg.Client({
      host: '127.0.0.1',
      port: node.port,
      user: 'postgres',
      database: 'postgres',
      connectionTimeoutMillis: 1000,
    });
    c.on('error', () => undefined);
    try {
      await c.connect();
      const { rows } = await c.query('select pg_is_in_recovery() as replica');
      if (!rows[0].replica) return node;
    } catch {
      // lost in an earlier scenario
    } finally {
      await c.end().catch(() => undefined);
    }
  }
  throw new Error('no PostgreSQL primary');
}

/** How long the database stalls: longer than any wait of the server on it (docs/deploy.md). */
const STALL_MS = 10_000;
/**
 * The longest a request may take while the database does not answer (docs/deploy.md): a free
 * connection within DB_LIMITS.acquireMs (4 s), an answer within DB_LIMITS.queryMs (5.5 s).
 */
const ANSWER_WITHIN_MS = 9_500;

test('a stall of the PostgreSQL primary longer than the timeouts: 503 within the limits, then the game recovers by itself', async () => {
  const running = load();
  await until('load', async () => running.result.ok > PLAYERS * 5, 30_000);
  const primary = await currentPrimary();
  const postmaster = Number(
    readFileSync(join(state().dir, primary.name, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  // The postmaster and every backend: the server's connections stay open and nothing answers on
  // them, as when the network to the database stalls.
  const stalled = [
    postmaster,
    ...execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)])
      .toString()
      .trim()
      .split('\n')
      .map(Number),
  ];
  for (const pid of stalled) process.kill(pid, 'SIGSTOP');
  const from = Date.now();
  try {
    await until('failures seen', async () => running.result.failed > 0, 30_000);
    await until('the stall lasted', async () => Date.now() - from >= STALL_MS, STALL_MS + 1000);
  } finally {
    for (const pid of stalled) if (alive(pid)) process.kill(pid, 'SIGCONT');
  }
  const resumed = Date.now();
  const firstFailureMs = running.result.firstFailure - from;
  await until('the game answers again', async () => answersAgain(running.result), 60_000);
  const recovered = Math.max(0, running.result.lastFailure - resumed);
  const result = await running.stop();
  add(result.earned);
  const { lost, mismatches } = await ledgerHolds(acknowledged);
  console.log(
    JSON.stringify({
      scenario: 'PostgreSQL primary stalled',
      stallMs: resumed - from,
      firstFailureMs,
      recoveredAfterResumeMs: recovered,
      answered: result.ok,
      failed: result.failed,
      errors: [...result.errors],
      slowestMs: result.slowest,
      lost,
      mismatches,
    }),
  );
  assert.ok(result.slowest <= ANSWER_WITHIN_MS, `every request answered within ${ANSWER_WITHIN_MS} ms`);
  assert.ok(
    [...result.errors.keys()].every((status) => String(status).startsWith('503')),
    'what failed answered 503',
  );
  assert.equal(lost, 0);
  assert.equal(mismatches, 0);
});
