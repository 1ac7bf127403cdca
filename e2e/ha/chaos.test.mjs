// Chaos on the highly available topology (npm run ha:up): under continuous load from many
// players behind HAProxy, a rolling restart of the server processes, kill -9 of the PostgreSQL
// primary's machine (Patroni and its PostgreSQL) and kill -9 of the Redis primary. Prints the time
// until the game answered again, the requests that failed and the acknowledged writes lost.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PLAYERS = 24;
let topology;
let tokens;
const ids = Array.from({ length: PLAYERS }, (_, i) => 7700 + i);

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what, check, limitMs) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await wait(50);
  }
}

before(async () => {
  const out = execFileSync(process.execPath, [join(root, 'scripts/ha/up.mjs')], {
    env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', BOT_TOKEN: '' },
    timeout: 240_000,
  })
    .toString()
    .trim()
    .split('\n');
  topology = JSON.parse(out.at(-1));
  tokens = await Promise.all(
    ids.map(async (userid) => {
      const { initData } = await (await fetch(`${topology.app}/api/v1/dev/launch?userid=${userid}`)).json();
      const res = await fetch(`${topology.app}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userid, initData }),
      });
      return (await res.json()).token;
    }),
  );
});
after(() => {
  execFileSync(process.execPath, [join(root, 'scripts/ha/down.mjs')], { stdio: 'inherit' });
});

/** Players tapping behind HAProxy until `stop()`; what was answered and acknowledged. */
function load() {
  const result = { ok: 0, failed: 0, earned: new Map(), lastFailure: 0, firstFailure: 0, errors: new Map() };
  let running = true;
  const player = async (i) => {
    while (running) {
      let status;
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
      if (status === 200 || status === 409) result.ok++;
      else {
        result.failed++;
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

/** Every tap answered 200 is in the ledger, and reconcile finds nothing. */
async function ledgerHolds(earnedBefore) {
  const c = new pg.Client({ connectionString: topology.databaseUrl });
  await c.connect();
  const { rows } = await c.query(
    `select user_id, sum(delta_onion)::bigint as taps from economy_events where kind = 'tap' and user_id = any($1) group by user_id`,
    [ids],
  );
  await c.end();
  let lost = 0;
  for (const row of rows) {
    const acknowledged = earnedBefore.get(Number(row.user_id)) ?? 0;
    if (Number(row.taps) < acknowledged) lost += acknowledged - Number(row.taps);
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

test('a rolling restart of the server processes behind HAProxy fails no request', async () => {
  const running = load();
  await until('load', async () => running.result.ok > PLAYERS * 5, 30_000);
  for (const server of topology.servers) {
    const env = Object.fromEntries(
      readFileSync(`/proc/${server.pid}/environ`, 'utf8')
        .split('\0')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    );
    process.kill(server.pid, 'SIGTERM');
    await until(
      'stopped',
      async () => {
        try {
          process.kill(server.pid, 0);
          return false;
        } catch {
          return true;
        }
      },
      20_000,
    );
    const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
      env,
      stdio: 'ignore',
      detached: true,
    });
    child.unref();
    server.pid = child.pid;
    const state = JSON.parse(readFileSync(join(tmpdir(), 'egg-rush-ha.json'), 'utf8'));
    state.pids.push(child.pid);
    writeFileSync(join(tmpdir(), 'egg-rush-ha.json'), JSON.stringify(state));
    await until(
      'back',
      async () => (await fetch(`http://127.0.0.1:${server.port}/api/v1/ready`)).status === 200,
      60_000,
    );
    // HAProxy sends to it again before the next one stops.
    await until(
      'back in HAProxy',
      async () => {
        const csv = await (await fetch(state.haproxyStats)).text();
        return csv
          .split('\n')
          .some(
            (line) =>
              line.startsWith(`app,app${topology.servers.indexOf(server) + 1},`) && line.includes(',UP,'),
          );
      },
      30_000,
    );
  }
  const result = await running.stop();
  add(result.earned);
  const { lost, mismatches } = await ledgerHolds(acknowledged);
  console.log(
    JSON.stringify({
      scenario: 'rolling restart',
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

test('kill -9 of the PostgreSQL primary: Patroni promotes the replica, no acknowledged write is lost', async () => {
  const running = load();
  await until('load', async () => running.result.ok > PLAYERS * 5, 30_000);
  const primary = topology.postgres.find((p) => p.role === 'primary');
  const state = JSON.parse(readFileSync(join(tmpdir(), 'egg-rush-ha.json'), 'utf8'));
  const postmaster = Number(
    readFileSync(join(state.dir, primary.name, 'postmaster.pid'), 'utf8').split('\n')[0],
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
  await until(
    'the game answers again',
    async () => running.result.lastFailure && Date.now() - running.result.lastFailure > 2000,
    90_000,
  );
  const recovered = running.result.lastFailure - killed;
  const result = await running.stop();
  add(result.earned);
  const { lost, mismatches } = await ledgerHolds(acknowledged);
  console.log(
    JSON.stringify({
      scenario: 'kill -9 PostgreSQL primary',
      recoveredMs: recovered,
      answered: result.ok,
      failed: result.failed,
      errors: [...result.errors],
      lost,
      mismatches,
    }),
  );
  assert.equal(lost, 0);
  assert.equal(mismatches, 0);
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
