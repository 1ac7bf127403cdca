// Crash safety of the tap writer on PostgreSQL: a hundred players tap at once, so their batches
// are written together (several players per statement, several statements in flight), and the
// server is killed with SIGKILL in the middle, twice. After each restart `npm run reconcile` must
// find every balance equal to its ledger (no statement half-applied: a balance without its ledger
// row, or the reverse), every tap answered before the kill must be in the ledger with its coins,
// and the daily tap task must count exactly the taps in the ledger (capped at its target).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { freshPostgres, startServer } from './lib.mjs';

const CRASHES = 2;
const PLAYERS = 100;
/** The daily task counting taps (packages/game/src/tasks.ts) and its target. */
const TAP_TASK = { name: 'Daily_Taps', target: 300 };
/** The game day (midnight at UTC-6, packages/game/src/time.ts): the daily task's period. */
const gameDay = (ms) => Math.floor((ms - 6 * 3_600_000) / 86_400_000);

let db;
let server;
let sql;
const secret = randomBytes(32).toString('hex');
const start = () => startServer({ ...db.env, JWT_SECRET: secret, REDIS_URL: '' });

before(async () => {
  db = await freshPostgres();
  server = await start();
  sql = new pg.Client({ connectionString: db.env.DATABASE_URL });
  await sql.connect();
});

after(async () => {
  await sql?.end();
  await server?.stop();
  await db?.drop();
});

/** Taps answered with success, per player: calls, taps credited and coins earned. */
const answered = new Map();

async function tapLoop(api, token, userid, until) {
  while (Date.now() < until.at) {
    try {
      const res = await api(token, 'PUT', '/users/tap', { userid, count: 4 });
      if (res.status === 200 && res.body.credited > 0) {
        const seen = answered.get(userid) ?? { calls: 0, credited: 0, earned: 0 };
        seen.calls += 1;
        seen.credited += res.body.credited;
        seen.earned += res.body.earned;
        answered.set(userid, seen);
      }
    } catch {
      return; // the server is gone: this request's outcome is unknown
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

test(`taps written together survive ${CRASHES} kill -9 crashes: none answered is lost, none half-applied`, async () => {
  const ids = Array.from({ length: PLAYERS }, (_, i) => 9300 + i);
  const tokens = new Map();
  for (const id of ids) tokens.set(id, await server.login(id));
  // Energy is not what is tested: every player can tap for the whole run.
  await sql.query('update users set energy = 1000000000, max_energy = 1000000000 where id = any($1)', [ids]);

  for (let crash = 1; crash <= CRASHES; crash++) {
    const until = { at: Date.now() + 20_000 };
    const { api, child } = server;
    const loops = ids.map((id) => tapLoop(api, tokens.get(id), id, until));
    await new Promise((r) => setTimeout(r, 1500 + crash * 400));
    child.kill('SIGKILL');
    await once(child, 'exit');
    until.at = 0;
    await Promise.all(loops);
    await server.stop(); // already dead: only forgets it
    server = await start();

    const out = execFileSync('npm', ['run', '--silent', 'reconcile'], {
      env: { ...process.env, ...db.env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    const summary = JSON.parse(out.trim().split('\n').pop());
    assert.deepEqual(summary, { players: PLAYERS, mismatches: 0 }, out);
    console.log(JSON.stringify({ crash, reconciled: summary }));
  }

  const { rows } = await sql.query(
    `select user_id, count(*)::int as calls, coalesce(sum(ref::int), 0)::int as credited,
            coalesce(sum(delta_onion), 0)::bigint as coins,
            array_agg(extract(epoch from created_at) * 1000) as at
     from economy_events where kind = 'tap' and user_id = any($1) group by user_id`,
    [ids],
  );
  const ledger = new Map(rows.map((r) => [Number(r.user_id), r]));
  const progress = new Map(
    (
      await sql.query(
        'select user_id, period, process_count from task_progress where task_name = $1 and user_id = any($2)',
        [TAP_TASK.name, ids],
      )
    ).rows.map((r) => [`${r.user_id}:${r.period}`, r.process_count]),
  );
  let calls = 0;
  for (const id of ids) {
    const said = answered.get(id) ?? { calls: 0, credited: 0, earned: 0 };
    const row = ledger.get(id) ?? { calls: 0, credited: 0, coins: 0, at: [] };
    calls += said.calls;
    assert.ok(
      row.calls >= said.calls,
      `player ${id}: ${said.calls} taps answered, ${row.calls} in the ledger`,
    );
    assert.ok(
      row.credited >= said.credited,
      `player ${id}: ${said.credited} taps answered > ${row.credited}`,
    );
    assert.ok(Number(row.coins) >= said.earned, `player ${id}: ${said.earned} coins answered > ${row.coins}`);
    // The tap task counts what the ledger holds, written by the same statements.
    if (row.calls > 0) {
      const days = new Set(row.at.map((ms) => gameDay(Number(ms))));
      if (days.size === 1) {
        const [day] = days;
        assert.equal(
          progress.get(`${id}:${day}`),
          Math.min(TAP_TASK.target, row.credited),
          `player ${id}: tap task against ${row.credited} taps in the ledger`,
        );
      }
    }
  }
  assert.ok(calls > PLAYERS * 3, `only ${calls} successful tap calls`);
  console.log(JSON.stringify({ crashesSurvived: CRASHES, answeredTapCalls: calls, mismatches: 0 }));
});
