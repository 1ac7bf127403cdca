// `node --import tsx bench/http/airdrop-launch.mjs`: the airdrop's launch day. The app (this
// checkout's source, on an in-memory PGlite) listens on a local port with a published allocation
// of BENCH_WALLETS wallets (2,000), and autocannon hammers, for BENCH_SECONDS (5) each:
//   - GET /api/v1/airdrop/wallet/:address for random allocated addresses (TEP-177, public),
//   - the same with If-None-Match (the ETag a wallet or a CDN holds: 304),
//   - GET /api/v1/airdrop/claim with the players' tokens (private),
//   - the same with If-None-Match (a reload of the Airdrop tab: 304).
// Prints requests/s and p50/p99 latency of each, and what "the whole player base opens the
// Airdrop tab within an hour" means in requests/s for 1M, 10M and 100M players.
// Environment: BENCH_WALLETS, BENCH_SECONDS, BENCH_CONNECTIONS (32).
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { connect } from '../../apps/server/src/bootstrap.ts';
import { loadEnv } from '../../apps/server/src/env.ts';
import { appendLedger } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import { bindAddress } from '../../apps/server/src/modules/wallet/wallet.repository.ts';

const WALLETS = Number(process.env.BENCH_WALLETS || 2000);
const DURATION = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const OPERATOR = 1;
const log = (...a) => console.error('[bench/airdrop-launch]', ...a);

const env = loadEnv({
  ...process.env,
  DATABASE_URL: '',
  REDIS_URL: '',
  BOT_TOKEN: '',
  DATA_DIR: 'memory://',
  ADMIN_IDS: String(OPERATOR),
  PUBLIC_URL: 'https://egg.example',
  JWT_SECRET: randomBytes(24).toString('hex'),
  LOG_LEVEL: 'error',
  // One machine's load generator stands for the whole player base: no per-address limit.
  RATE_LIMIT_MAX: '100000000',
});
const deps = await connect(env);
// The snapshot is taken some seconds back: the clock is moved on rather than waited for.
let shift = 0;
deps.now = () => Date.now() + shift;
const app = await buildApp(deps, {});

async function launch(userid) {
  const res = await app.inject({ method: 'GET', url: `/api/v1/dev/launch?userid=${userid}` });
  return res.json().initData;
}
async function login(userid) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userid, initData: await launch(userid) },
  });
  if (res.statusCode !== 200) throw new Error(`login ${userid}: ${res.body}`);
  return res.json().token;
}

log(`${WALLETS} players: logging in, binding wallets, crediting coins`);
const players = [];
for (let i = 0; i < WALLETS; i++) {
  const id = 100_000 + i;
  const token = await login(id);
  const address = `0:${randomBytes(32).toString('hex')}`;
  const at = new Date(deps.now());
  await deps.database.transaction((tx) => bindAddress(tx, id, address, at));
  await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`update accounts set coins = coins + ${1000 + i} where user_id = ${id}`);
    await appendLedger(tx, { userId: id, kind: 'grant', deltaCoins: 1000 + i, at });
  });
  players.push({ id, token, address });
}
shift += 120_000;
const session = await app.inject({
  method: 'POST',
  url: '/api/v1/admin/session',
  payload: { initData: await launch(OPERATOR) },
});
const op = session.json().token;
const admin = (method, url, payload) =>
  app.inject({ method, url, payload, headers: { authorization: `Bearer ${op}` } });
const snapshotId = (await admin('POST', '/api/v1/admin/snapshots', { minCoins: 1 })).json().snapshot.id;
const startFrom = Math.floor(deps.now() / 1000) - 60;
const created = await admin('POST', '/api/v1/admin/airdrop/allocations', {
  snapshotId,
  supply: String(1_000_000n * 10n ** 9n),
  startFrom,
  expiredAt: startFrom + 30 * 86_400,
});
if (created.statusCode !== 200) throw new Error(`allocation: ${created.body}`);
const allocationId = created.json().allocation.id;
const published = await admin('POST', `/api/v1/admin/airdrop/allocations/${allocationId}/publish`, {});
if (published.statusCode !== 200) throw new Error(`publish: ${published.body}`);
log(`allocation ${allocationId} published`);

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
const url = `http://127.0.0.1:${port}`;

// The ETags a wallet (or a CDN) and the app hold after a first look.
const walletTags = new Map();
const claimTags = new Map();
for (const p of players.slice(0, 500)) {
  const w = await fetch(`${url}/api/v1/airdrop/wallet/${p.address}`);
  walletTags.set(p.address, w.headers.get('etag'));
  await w.arrayBuffer();
  const c = await fetch(`${url}/api/v1/airdrop/claim`, { headers: { authorization: `Bearer ${p.token}` } });
  claimTags.set(p.id, c.headers.get('etag'));
  await c.arrayBuffer();
}
const held = players.slice(0, 500);

async function hammer(name, pick) {
  const statuses = {};
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (req) => ({ ...req, ...pick() }),
        onResponse: (status) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      },
    ],
  });
  const row = {
    scenario: name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors,
  };
  log(JSON.stringify(row));
  return row;
}
const any = (list) => list[Math.floor(Math.random() * list.length)];
const rows = [
  await hammer('wallet (TEP-177)', () => ({
    method: 'GET',
    path: `/api/v1/airdrop/wallet/${any(players).address}`,
  })),
  await hammer('wallet, If-None-Match (304)', () => {
    const p = any(held);
    return {
      method: 'GET',
      path: `/api/v1/airdrop/wallet/${p.address}`,
      headers: { 'if-none-match': walletTags.get(p.address) },
    };
  }),
  await hammer('claim (player)', () => {
    const p = any(players);
    return { method: 'GET', path: '/api/v1/airdrop/claim', headers: { authorization: `Bearer ${p.token}` } };
  }),
  await hammer('claim, If-None-Match (304)', () => {
    const p = any(held);
    return {
      method: 'GET',
      path: '/api/v1/airdrop/claim',
      headers: { authorization: `Bearer ${p.token}`, 'if-none-match': claimTags.get(p.id) },
    };
  }),
];
await app.close();
await deps.database.close();

// One look at the Airdrop tab: the claim, and the wallet's TEP-177 call when the player claims.
const launchDay = [1e6, 1e7, 1e8].map((players) => ({
  players,
  perSecond: Math.round(players / 3600),
}));
console.log(
  JSON.stringify({ wallets: WALLETS, seconds: DURATION, connections: CONNECTIONS, rows, launchDay }, null, 2),
);
