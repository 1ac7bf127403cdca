// Crash safety of the tap writer on PostgreSQL: a hundred players tap at once, so their batches
// are written together (several players per statement, several statements in flight), and the
// server is killed with SIGKILL in the middle, twice. After each restart `npm run reconcile` must
// find every balance equal to its ledger (no statement half-applied: a balance without its ledger
// row, or the reverse), every tap answered before the kill must be in the ledger with its coins,
// and the daily tap task must count exactly the taps in the ledger (capped at its target).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useCrashServer } from './lib.mjs';

const CRASHES = 2;
const PLAYERS = 100;
/** The daily task counting taps (packages/game/src/tasks.ts) and its target. */
const TAP_TASK = { name: 'Daily_Taps', target: 300 };
/** The game day (midnight at UTC-6, packages/game/src/time.ts): the daily task's period. */
const gameDay = (ms) => Math.floor((ms - 6 * 3_600_000) / 86_400_000);

const app = useCrashServer();

/** Taps answered with success, per player: calls, taps credited and coins earned. */
const answered = new Map();
let answeredCalls = 0;

async function tapLoop(api, token, userid, until) {
  while (Date.now() < until.at) {
    try {
      const res = await api(token, 'PUT', '/users/tap', { userid, count: 4 });
      if (res.status === 200 && res.body.credited > 0) {
        const seen = answered.get(userid) ?? { calls: 0, credited: 0, earned: 0 };
        seen.calls += 1;
        answeredCalls += 1;
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
  for (const id of ids) tokens.set(id, await app.server.login(id));
  // Energy is not what is tested: every player can tap for the whole run.
  await app.sql.query(
    'update accounts set energy = 1000000000, max_energy = 1000000000 where user_id = any($1)',
    [ids],
  );

  for (let crash = 1; crash <= CRASHES; crash++) {
    // Killed after 3, then 4 answered tap calls a player: a different point of the load each time.
    const from = answeredCalls;
    const { out, summary } = await app.kill(
      ({ api }, until) => Promise.all(ids.map((id) => tapLoop(api, tokens.get(id), id, until))),
      () => answeredCalls - from >= PLAYERS * (2 + crash),
    );
    assert.deepEqual(summary, { players: PLAYERS, mismatches: 0 }, out);
    console.log(JSON.stringify({ crash, reconciled: summary }));
  }

  const { rows } = await app.sql.query(
    `select user_id, count(*)::int as calls, coalesce(sum(ref::int), 0)::int as credited,
            coalesce(sum(delta_coins), 0)::bigint as coins,
            array_agg(extract(epoch from created_at) * 1000) as at
     from economy_events where kind = 'tap' and user_id = any($1) group by user_id`,
    [ids],
  );
  const ledger = new Map(rows.map((r) => [Number(r.user_id), r]));
  const progress = new Map(
    (
      await app.sql.query(
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
