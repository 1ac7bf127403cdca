// A server process for jobs.test.ts that dies mid-run: it takes the period's run of `test.killed`,
// says so on stdout and hangs until the test kills it (SIGKILL).
import { openDatabase } from '../src/db/client.ts';
import { createJobs } from '../src/lib/jobs.ts';

const database = await openDatabase({
  databaseUrl: process.env.CRASH_DATABASE_URL || undefined,
  dataDir: process.env.CRASH_DATA_DIR ?? '',
});
const jobs = createJobs(database, { info: () => undefined, warn: () => undefined });
jobs.every({
  name: 'test.killed',
  everyMs: 3_600_000,
  timeoutMs: 1000,
  run: async () => {
    process.stdout.write('started\n');
    await new Promise(() => undefined);
  },
});
await jobs.tick('test.killed');
