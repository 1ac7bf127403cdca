// Starts the highly available topology on this machine, without containers, from Debian's
// packages (patroni, etcd-server, haproxy, redis-sentinel): etcd, two PostgreSQL 15 nodes under
// Patroni (synchronous replication), HAProxy in front of them (health-checking Patroni's REST API)
// and of two server processes (apps/server/dist/main.js, `npm run build` first), a Redis primary,
// a replica and three Sentinels. Everything listens on 127.0.0.1 on free ports; data in a temporary
// folder. The caller's environment goes to the server processes. The last line of output is one
// JSON object: { app, databaseUrl, postgres, redis, servers } (docs/deploy.md). `npm run ha:down`
// stops it all.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, until } from '../lib/net.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Where `ha:down` finds what to stop (HA_STATE: another file, for a second topology). */
export const STATE = process.env.HA_STATE || join(tmpdir(), 'egg-rush-ha.json');
const PG_BIN = '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

const dir = mkdtempSync(join(tmpdir(), 'egg-ha-'));
const pids = [];
writeFileSync(STATE, JSON.stringify({ dir, pids }));

/** A detached process writing to `<dir>/<name>.log`; as the postgres user when `postgres`. */
function start(name, cmd, args, { env = process.env, postgres = false } = {}) {
  const log = openSync(join(dir, `${name}.log`), 'a');
  const [file, argv] = postgres && asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const child = spawn(file, argv, { detached: true, stdio: ['ignore', log, log], env });
  child.unref();
  pids.push(child.pid);
  writeFileSync(STATE, JSON.stringify({ dir, pids }));
  return child;
}

/** The real process behind `runuser` (the one to kill). */
const realPid = (child) => {
  if (!asRoot) return child.pid;
  const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)])
    .toString()
    .trim();
  return Number(out.split('\n')[0]) || child.pid;
};

const http = async (url) => (await fetch(url, { signal: globalThis.AbortSignal.timeout(1000) })).status;

try {
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'])),
      Number(execFileSync('id', ['-g', 'postgres'])),
    );
  for (const bin of ['etcd', 'patroni', 'haproxy', 'redis-server']) {
    try {
      execFileSync('sh', ['-c', `command -v ${bin}`]);
    } catch {
      throw new Error(`${bin} is missing: apt-get install -y patroni etcd-server haproxy redis-sentinel`);
    }
  }
  if (!existsSync(join(root, 'apps/server/dist/main.js'))) throw new Error('run `npm run build` first');

  // etcd
  const etcdPort = await freePort();
  const peerPort = await freePort();
  start(
    'etcd',
    'etcd',
    [
      '--name=e1',
      `--data-dir=${dir}/etcd`,
      `--listen-client-urls=http://127.0.0.1:${etcdPort}`,
      `--advertise-client-urls=http://127.0.0.1:${etcdPort}`,
      `--listen-peer-urls=http://127.0.0.1:${peerPort}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${peerPort}`,
      `--initial-cluster=e1=http://127.0.0.1:${peerPort}`,
    ],
    { postgres: true },
  );
  await until('etcd', async () => (await http(`http://127.0.0.1:${etcdPort}/health`)) === 200, 30_000);

  // Two PostgreSQL nodes under Patroni. A primary lost with its machine holds the leader lock
  // until its lease runs out, ttl after its last renewal (every loop_wait): the replica is
  // promoted between ttl − loop_wait and ttl after the loss, and the game answers again about a
  // second later (HAProxy sees the new primary, the servers connect to it). ttl 7 and
  // loop_wait 1 keep that within 8 s (e2e/ha asserts 10 s; ttl 20 took 20 s). Patroni's rule
  // loop_wait + 2 × retry_timeout ≤ ttl leaves retry_timeout 3 (its least): etcd or PostgreSQL
  // not answering the primary's Patroni for 3 s demotes it rather than risk two primaries.
  // Synchronous mode: only the synchronous standby, which has every acknowledged commit, may be
  // promoted, so a failover loses no acknowledged write.
  const nodes = [];
  for (const name of ['pg1', 'pg2']) {
    const node = { name, port: await freePort(), rest: await freePort() };
    const conf = `scope: egg
name: ${name}
restapi: {listen: '127.0.0.1:${node.rest}', connect_address: '127.0.0.1:${node.rest}'}
etcd3: {hosts: '127.0.0.1:${etcdPort}'}
bootstrap:
  dcs:
    ttl: 7
    loop_wait: 1
    retry_timeout: 3
    synchronous_mode: true
    postgresql:
      use_pg_rewind: false
      parameters: {max_connections: 200, hot_standby: 'on', wal_level: replica, max_wal_senders: 10, max_replication_slots: 10}
  initdb: [{encoding: UTF8}, {auth: trust}]
  pg_hba: [host all all 127.0.0.1/32 trust, host replication all 127.0.0.1/32 trust, local all all trust]
postgresql:
  listen: '127.0.0.1:${node.port}'
  connect_address: '127.0.0.1:${node.port}'
  data_dir: ${dir}/${name}
  bin_dir: ${PG_BIN}
  pgpass: ${dir}/${name}.pgpass
  authentication:
    superuser: {username: postgres}
    replication: {username: postgres}
  parameters: {unix_socket_directories: '${dir}', fsync: 'on'}
`;
    writeFileSync(join(dir, `${name}.yml`), conf);
    if (asRoot) chownSync(join(dir, `${name}.yml`), Number(execFileSync('id', ['-u', 'postgres'])), 0);
    node.child = start(name, 'patroni', [join(dir, `${name}.yml`)], { postgres: true });
    nodes.push(node);
    // The first node bootstraps the cluster before the second clones it.
    await until(
      `${name} running`,
      async () => (await http(`http://127.0.0.1:${node.rest}/health`)) === 200,
      90_000,
    );
  }
  await until(
    'a synchronous replica',
    async () => {
      const res = await fetch(`http://127.0.0.1:${nodes[0].rest}/cluster`);
      const { members } = await res.json();
      return members.some((m) => m.role === 'sync_standby' && ['running', 'streaming'].includes(m.state));
    },
    90_000,
  );

  // Redis: a primary, a replica and three Sentinels
  const redisNodes = [];
  for (const name of ['redis1', 'redis2']) {
    const port = await freePort();
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--dbfilename',
      `${name}.rdb`,
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    if (redisNodes.length) args.push('--replicaof', '127.0.0.1', String(redisNodes[0].port));
    redisNodes.push({ port, child: start(name, 'redis-server', args) });
  }
  const sentinels = [];
  for (const name of ['sentinel1', 'sentinel2', 'sentinel3']) {
    const port = await freePort();
    const conf = join(dir, `${name}.conf`);
    writeFileSync(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor egg 127.0.0.1 ${redisNodes[0].port} 2`,
        'sentinel down-after-milliseconds egg 1000',
        'sentinel failover-timeout egg 10000',
      ].join('\n') + '\n',
    );
    start(name, 'redis-server', [conf, '--sentinel']);
    sentinels.push(port);
  }

  // HAProxy: PostgreSQL writes to Patroni's primary; the app to the two servers.
  const pgPort = await freePort();
  const pgReplicaPort = await freePort();
  const appPort = await freePort();
  const statsPort = await freePort();
  const servers = [{ port: await freePort() }, { port: await freePort() }];
  const haproxyConf = join(dir, 'haproxy.cfg');
  /** A PostgreSQL port sent to the node whose Patroni answers `check` with 200 (its role). */
  const postgresProxy = (name, port, check) => `listen ${name}
  bind 127.0.0.1:${port}
  mode tcp
  option httpchk GET ${check}
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check port ${n.rest}`).join('\n')}`;
  writeFileSync(
    haproxyConf,
    `global
  maxconn 4000
  log stdout format raw local0 info
defaults
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout check 3s
  retries 3
  option redispatch
${postgresProxy('postgres', pgPort, '/primary')}
${postgresProxy('postgres_replica', pgReplicaPort, '/replica')}
listen stats
  bind 127.0.0.1:${statsPort}
  mode http
  stats enable
  stats uri /stats
listen app
  bind 127.0.0.1:${appPort}
  mode http
  log global
  option httplog
  option dontlog-normal
  option httpchk GET /api/v1/ready
  http-check expect status 200
  # A stopping process answers /ready 503 and serves on for DRAIN_DELAY_MS (above inter × fall)
  # before it closes a connection: marked down first, it is sent nothing more. Back as soon as
  # one check passes (the database is back after a failover).
  default-server inter 500ms fall 2 rise 1
  # A process lost without draining (kill -9): a refused connection, or one closed before any
  # answer, is tried again on the other process.
  option redispatch 1
  retry-on conn-failure empty-response
${servers.map((s, i) => `  server app${i + 1} 127.0.0.1:${s.port} check`).join('\n')}
`,
  );
  start('haproxy', 'haproxy', ['-db', '-f', haproxyConf]);

  const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATABASE_REPLICA_URL: `postgres://postgres@127.0.0.1:${pgReplicaPort}/postgres`,
    REDIS_URL: '',
    REDIS_SENTINELS: sentinels.map((p) => `127.0.0.1:${p}`).join(','),
    REDIS_SENTINEL_NAME: 'egg',
    HOST: '127.0.0.1',
    // HAProxy marks a stopping process down within inter × fall (1 s): serve until then.
    DRAIN_DELAY_MS: process.env.DRAIN_DELAY_MS || '3000',
  };
  // Both processes must accept each other's tokens.
  env.JWT_SECRET ||= execFileSync('openssl', ['rand', '-hex', '32']).toString().trim();
  for (const [i, server] of servers.entries()) {
    server.child = start(`server${i + 1}`, process.execPath, [join(root, 'apps/server/dist/main.js')], {
      env: { ...env, PORT: String(server.port) },
    });
    // The first migrates the database alone.
    await until(
      `server ${i + 1}`,
      async () => (await http(`http://127.0.0.1:${server.port}/api/v1/ready`)) === 200,
      60_000,
    );
  }
  await until(
    'the app behind HAProxy',
    async () => (await http(`http://127.0.0.1:${appPort}/api/v1/ready`)) === 200,
    30_000,
  );

  const roles = await Promise.all(
    nodes.map(async (n) =>
      (await http(`http://127.0.0.1:${n.rest}/primary`)) === 200 ? 'primary' : 'replica',
    ),
  );
  const topology = {
    app: `http://127.0.0.1:${appPort}`,
    databaseUrl,
    postgres: nodes.map((n, i) => ({ name: n.name, pid: realPid(n.child), port: n.port, role: roles[i] })),
    redis: redisNodes.map((r, i) => ({
      pid: r.child.pid,
      port: r.port,
      role: i === 0 ? 'primary' : 'replica',
    })),
    servers: servers.map((s) => ({ pid: s.child.pid, port: s.port })),
  };
  writeFileSync(
    STATE,
    JSON.stringify({ dir, pids, topology, haproxyStats: `http://127.0.0.1:${statsPort}/stats;csv` }),
  );
  console.log(JSON.stringify(topology));
} catch (error) {
  console.error(`ha:up failed: ${error.message} (logs in ${dir}); run npm run ha:down`);
  process.exit(1);
}
