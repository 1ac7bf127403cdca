// A rolling restart fails no request: a server process under load from many players receives
// SIGTERM; it stops taking connections, answers every request it took (2xx, with
// `Connection: close`), writes every tap it answered, and exits. With DRAIN_DELAY_MS (behind a
// load balancer) it first serves on, kept-alive connections included, until the balancer has seen
// it not ready.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { setImmediate as tick } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { freshPostgres, startServer } from './lib.mjs';

const PLAYERS = 16;
let db;
let server;

before(async () => {
  db = await freshPostgres();
  server = await startServer(db.env);
});
after(async () => {
  await server?.stop();
  await db?.drop();
});

/** A request the server never took: the connection was refused or closed before any answer. */
const notTaken = (error) =>
  ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(error?.cause?.code ?? error?.code);

test('SIGTERM under load: every request taken is answered 2xx and every answered tap is in the ledger', async () => {
  const ids = Array.from({ length: PLAYERS }, (_, i) => 9100 + i);
  const tokens = await Promise.all(ids.map((id) => server.login(id)));
  const answered = new Map(); // status -> count
  let earned = 0;
  let refusedAfterStop = 0;
  let signalled = false;
  let sent = 0;

  const player = async (i) => {
    for (;;) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      sent++;
      let res;
      try {
        res = await fetch(`${server.url}/api/v1/users/tap`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ userid: ids[i], count: 1 }),
        });
      } catch (error) {
        // Once the process stops listening, new connections are refused: not a failed request.
        assert.ok(signalled && notTaken(error), `request failed: ${error?.cause?.code ?? error}`);
        refusedAfterStop++;
        return;
      }
      const body = await res.json();
      answered.set(res.status, (answered.get(res.status) ?? 0) + 1);
      if (res.status === 200) earned += body.earned;
    }
  };
  const load = ids.map((_, i) => player(i));

  // Under load for a moment, then the signal.
  const deadline = Date.now() + 20_000;
  while (sent < PLAYERS * 10 && Date.now() < deadline) await tick();
  const ready = await fetch(`${server.url}/api/v1/ready`);
  assert.equal(ready.status, 200);
  signalled = true;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  const [code] = await exited;
  await Promise.all(load);

  // Exit code 1 is the forced exit past SHUTDOWN_LIMIT_MS: a connection kept alive for ever.
  assert.equal(code, 0, 'the process exits cleanly, within its limit');
  assert.deepEqual([...answered.keys()], [200], `every answer is 200: ${JSON.stringify([...answered])}`);
  assert.ok(answered.get(200) > PLAYERS * 10, 'under load');
  assert.ok(refusedAfterStop > 0, 'new connections are refused once draining');

  const c = new pg.Client({ connectionString: db.env.DATABASE_URL });
  await c.connect();
  const { rows } = await c.query(
    `select coalesce(sum(delta_coins), 0)::bigint as taps from economy_events where kind = 'tap' and user_id = any($1)`,
    [ids],
  );
  await c.end();
  assert.equal(Number(rows[0].taps), earned, 'every tap answered 200 is in the ledger, once');
});

/** One request through `agent`: its status, headers and whether it went over a kept-alive socket. */
const get = (agent, url) =>
  new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, reused: req.reusedSocket }),
      );
    });
    req.on('error', reject);
    req.end();
  });

test('DRAIN_DELAY_MS: after SIGTERM a connection kept alive by a load balancer is not closed under it, but served', async () => {
  const delayed = await startServer({ ...db.env, DRAIN_DELAY_MS: '3000' });
  // A balancer's pooled connection: one answer, then idle, kept alive.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const first = await get(agent, `${delayed.url}/api/v1/health`);
  assert.equal(first.status, 200);
  const exited = once(delayed.child, 'exit');
  delayed.child.kill('SIGTERM');
  // The process has taken the signal once /ready says so (or nothing answers any more).
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ready = await fetch(`${delayed.url}/api/v1/ready`).then(
      (res) => res.status,
      () => 'refused',
    );
    if (ready !== 200) break;
    assert.ok(Date.now() < deadline, 'not ready within 10 s of SIGTERM');
  }
  // The balancer reuses its idle connection before its health check has marked the process down.
  const second = await get(agent, `${delayed.url}/api/v1/health`);
  assert.equal(second.reused, true, 'the kept-alive connection was still open');
  assert.equal(second.status, 200);
  assert.equal(second.headers.connection, 'close', 'and is closed after this answer');
  const [code] = await exited;
  assert.equal(code, 0);
  agent.destroy();
  await delayed.stop();
});
