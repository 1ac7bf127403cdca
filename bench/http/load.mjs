// The load generator, run in its own process (pinned to its own core by run.mjs): autocannon
// against one scenario read as JSON from stdin, rotating through the players' tokens (`:id` in the path and body
// template becomes the player's id). Prints autocannon's result as JSON.
import { Buffer } from 'node:buffer';
import autocannon from 'autocannon';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { url, method, path, body, players, duration, connections } = JSON.parse(
  Buffer.concat(chunks).toString(),
);
let next = 0;
const setupRequest = (req) => {
  const player = players.length ? players[next++ % players.length] : undefined;
  const fill = (s) => (player ? s.replaceAll(':id', String(player.id)) : s);
  return {
    ...req,
    method,
    path: fill(path),
    headers: {
      ...(player ? { authorization: `Bearer ${player.token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: fill(body) } : {}),
  };
};
const statuses = {};
let refusal;
const onResponse = (status, body) => {
  statuses[status] = (statuses[status] ?? 0) + 1;
  if (status >= 300 && !refusal) refusal = body;
};
const result = await autocannon({ url, connections, duration, requests: [{ setupRequest, onResponse }] });
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    ...(refusal ? { refusal: String(refusal).slice(0, 200) } : {}),
  }),
);
