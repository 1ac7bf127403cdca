// Stops what `npm run ha:up` started (by process id, the Patroni nodes' PostgreSQL included) and
// removes its temporary folder.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STATE = process.env.HA_STATE || join(tmpdir(), 'egg-rush-ha.json');
if (!existsSync(STATE)) {
  console.log('nothing to stop');
  process.exit(0);
}
const { dir, pids } = JSON.parse(readFileSync(STATE, 'utf8'));
// Each was started in a process group of its own: the group takes its children (runuser's
// Patroni, Patroni's PostgreSQL) with it.
for (const pid of pids) {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}
// PostgreSQL's processes left without their Patroni (after a kill -9 in a test) are in the groups
// above too; its postmaster.pid files name any other.
for (const node of ['pg1', 'pg2']) {
  const file = join(dir, node, 'postmaster.pid');
  if (!existsSync(file)) continue;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}
rmSync(dir, { recursive: true, force: true });
rmSync(STATE, { force: true });
console.log(`stopped ${pids.length} processes and removed ${dir}`);
