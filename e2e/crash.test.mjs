// Crash safety on PostgreSQL: a mixed load (taps, boosts, mining purchases, spins, chests,
// check-ins) runs against the server, the server is killed with SIGKILL mid-load, restarted on
// the same database, and `npm run reconcile` must find every balance equal to its ledger. Every
// request that was answered with success must be in the ledger (requests cut off by the kill may
// or may not have committed; either way the ledger and the balances agree).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test } from 'node:test';
import { useCrashServer } from './lib.mjs';

const CRASHES = 3;
const PLAYERS = 12;
const app = useCrashServer();

/** What the server answered with success, per player and kind (and the coins taps earned). */
const answered = new Map();
let successes = 0;
const note = (userid, kind, earned = 0) => {
  successes += 1;
  const key = `${userid}:${kind}`;
  const seen = answered.get(key) ?? { count: 0, earned: 0 };
  seen.count += 1;
  seen.earned += earned;
  answered.set(key, seen);
};

const ACTIONS = [
  ['tap', 'PUT', '/users/tap', (id) => ({ userid: id, count: 7 }), (b) => b.credited > 0],
  // A spin that wins back its one ticket changes nothing, and the ledger only holds changes.
  [
    'spin',
    'PUT',
    '/users/getSpin',
    (id) => ({ userid: id }),
    (b) => !(b.cheatData.type === 'ticket' && b.cheatData.value === 1),
  ],
  ['chest', 'PUT', '/users/getCheat', (id) => ({ userid: id }), () => true],
  [
    'mining',
    'POST',
    '/users/buyMining',
    (id) => ({ userid: id, item: 'Carousel', title: 'Rides' }),
    () => true,
  ],
  ['boost:fullyEnergy', 'PUT', '/users/fullyEnergy', (id) => ({ userid: id }), () => true],
  ['boost:income', 'PUT', '/users/income', (id) => ({ userid: id }), () => true],
];

async function playerLoop(api, token, userid, until) {
  let i = userid;
  while (Date.now() < until.at) {
    const [kind, method, path, body, paid] = ACTIONS[i++ % ACTIONS.length];
    try {
      const res = await api(token, method, path, body(userid));
      if (res.status === 200 && paid(res.body)) note(userid, kind, kind === 'tap' ? res.body.earned : 0);
    } catch {
      return; // the server is gone: this request's outcome is unknown
    }
  }
}

async function ledgerOf(userid) {
  const { rows } = await app.sql.query(
    `select kind, count(*)::int as n, coalesce(sum(delta_coins), 0)::bigint as coins
     from economy_events where user_id = $1 group by kind`,
    [userid],
  );
  return new Map(rows.map((r) => [r.kind, { count: r.n, coins: Number(r.coins) }]));
}

test(`the ledger reconciles after ${CRASHES} kill -9 crashes under a mixed load, and no answered success is lost`, async () => {
  const ids = Array.from({ length: PLAYERS }, (_, i) => 9100 + i);
  const tokens = new Map();
  for (const id of ids) {
    tokens.set(id, await app.server.login(id));
    const daily = await app.server.api(tokens.get(id), 'POST', '/users/claim/daily', { userid: id });
    assert.equal(daily.status, 200);
    note(id, 'daily');
    // Means to buy with, granted through the ledger like any other change.
    await app.sql.query('begin');
    await app.sql.query(
      'update accounts set coins = coins + 1000000, ticket = ticket + 50, chests = chests + 20 where user_id = $1',
      [id],
    );
    await app.sql.query(
      `insert into economy_events (user_id, kind, delta_coins, delta_ticket) values ($1, 'grant', 1000000, 50)`,
      [id],
    );
    await app.sql.query('commit');
  }

  for (let crash = 1; crash <= CRASHES; crash++) {
    // Killed after 2, 3, then 4 answered successes a player: a different point of the load each time.
    const from = successes;
    const { out, summary } = await app.kill(
      ({ api }, until) => Promise.all(ids.map((id) => playerLoop(api, tokens.get(id), id, until))),
      () => successes - from >= PLAYERS * (1 + crash),
    );
    assert.deepEqual(summary, { players: PLAYERS, mismatches: 0 }, out);
    console.log(JSON.stringify({ crash, reconciled: summary }));
  }

  let requests = 0;
  for (const id of ids) {
    const ledger = await ledgerOf(id);
    for (const [kind] of ACTIONS.concat([['daily']])) {
      const said = answered.get(`${id}:${kind}`);
      if (!said) continue;
      requests += said.count;
      const rows = ledger.get(kind) ?? { count: 0, coins: 0 };
      assert.ok(
        rows.count >= said.count,
        `player ${id}: ${said.count} answered ${kind}, ${rows.count} in the ledger`,
      );
      if (kind === 'tap')
        assert.ok(rows.coins >= said.earned, `player ${id}: tap coins ${said.earned} > ${rows.coins}`);
    }
  }
  assert.ok(requests > PLAYERS * 5, `only ${requests} successful requests`);
  console.log(JSON.stringify({ crashesSurvived: CRASHES, answeredSuccesses: requests, mismatches: 0 }));
});

test('SIGTERM: the server finishes the requests in flight, then exits cleanly', async () => {
  const token = await app.server.login(9300);
  const { api, child } = app.server;
  const inFlight = Array.from({ length: 30 }, (_, i) =>
    api(token, 'PUT', '/users/tap', { userid: 9300, count: 1 + (i % 3) }).then(
      (res) => ({ status: res.status, credited: res.body?.credited ?? 0 }),
      (error) => ({ error: error.cause?.code ?? String(error) }),
    ),
  );
  await new Promise((r) => setTimeout(r, 5));
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  const answers = await Promise.all(inFlight);
  assert.equal(code, 0, 'exit code');
  // A request either reached the server before the signal and was answered, or was turned away
  // untouched, for a load balancer to retry elsewhere: 503 "closing" on a kept-alive connection,
  // the port already closed, or an idle kept-alive connection closed as the request was sent.
  for (const a of answers) {
    assert.ok(
      a.status === 200 || a.status === 503 || /^ECONN(REFUSED|RESET)$/.test(a.error),
      JSON.stringify(a),
    );
  }
  // Untouched indeed: the ledger holds exactly the batches that were answered.
  const { rows } = await app.sql.query(
    `select count(*)::int as n from economy_events where user_id = 9300 and kind = 'tap'`,
  );
  assert.equal(rows[0].n, answers.filter((a) => a.credited > 0).length);
  const answered = answers.filter((a) => a.status === 200).length;
  assert.ok(answered > 0, 'some requests were in flight');
  await app.server.stop(); // already exited: only forgets it
  await app.start();
  assert.equal(app.reconcile().summary.mismatches, 0);
  console.log(JSON.stringify({ sigterm: { answered, turnedAway: answers.length - answered } }));
});
