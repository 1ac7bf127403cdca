// Throughput of taps behind HAProxy on the highly available topology (npm run ha:up), with
// Patroni's synchronous replication and then without it (patronictl edit-config), in one run.
// Prints one JSON object: taps answered per second in each mode. `npm run build` first.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devLogin, haUp } from '../../scripts/lib/net.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PLAYERS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ids = Array.from({ length: PLAYERS }, (_, i) => 8800 + i);

const topology = haUp({ RATE_LIMIT_MAX: '100000000' });
const { dir } = JSON.parse(readFileSync(join(tmpdir(), 'egg-rush-ha.json'), 'utf8'));

try {
  const tokens = await Promise.all(ids.map((userid) => devLogin(topology.app, userid)));

  const measure = async () => {
    let answered = 0;
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      ids.map(async (userid, i) => {
        while (Date.now() < end) {
          const res = await fetch(`${topology.app}/api/v1/users/tap`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ userid, count: 1 }),
          });
          await res.arrayBuffer();
          if (res.status === 200 || res.status === 409) answered++;
        }
      }),
    );
    return Math.round(answered / SECONDS);
  };

  const patronictl = (...args) =>
    execFileSync('runuser', ['-u', 'postgres', '--', 'patronictl', '-c', join(dir, 'pg1.yml'), ...args], {
      stdio: 'pipe',
    });
  const synchronous = await measure();
  patronictl('edit-config', '--force', '--set', 'synchronous_mode=false');
  // Patroni applies it within a loop (2 s): wait until the primary no longer names a sync standby.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const list = patronictl('list', '--format', 'json').toString();
    if (!list.includes('Sync Standby')) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const asynchronous = await measure();
  console.log(
    JSON.stringify({
      bench: 'ha',
      players: PLAYERS,
      seconds: SECONDS,
      tapsPerSecond: { synchronous, asynchronous },
      costOfSynchronous: `${Math.round((1 - synchronous / asynchronous) * 100)}%`,
    }),
  );
} finally {
  execFileSync(process.execPath, [join(root, 'scripts/ha/down.mjs')], { stdio: 'inherit' });
}
