import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { createJobs, type JobLog, type Jobs, type PeriodicJob } from '../src/lib/jobs.ts';
import { until } from '../../../scripts/lib/net.mjs';
import { freshDatabase } from './helpers.ts';

// The job runner (src/lib/jobs.ts) on the database of the run: PGlite, or PostgreSQL with
// DATABASE_URL. Two runners on one database stand for two server processes.

let database: Database;
let drop: () => Promise<void>;
let url: string | undefined;
beforeAll(async () => {
  ({ database, drop, url } = await freshDatabase());
});
afterAll(() => drop());

const logs: { obj: object; msg: string }[] = [];
const log: JobLog = {
  info: (obj, msg) => logs.push({ obj, msg }),
  warn: (obj, msg) => logs.push({ obj, msg }),
};

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const HOUR = 3_600_000;

/** Two runners ("processes") with the same job, whose runs are counted. */
function twoProcesses(name: string, run: (process: number, attempt: number) => Promise<void>, more = {}) {
  const runners: Jobs[] = [];
  for (const process of [0, 1]) {
    const jobs = createJobs(database, log, { superviseEveryMs: 1000 });
    const job: PeriodicJob = { name, everyMs: HOUR, run: (ctx) => run(process, ctx.attempt), ...more };
    jobs.every(job);
    runners.push(jobs);
  }
  return runners as [Jobs, Jobs];
}

describe('a periodic job', () => {
  it('runs once at a time across two processes, and once per period', async () => {
    let running = 0;
    let most = 0;
    const runs: number[] = [];
    const hold = gate();
    const [a, b] = twoProcesses('test.once', async (process) => {
      running += 1;
      most = Math.max(most, running);
      runs.push(process);
      await hold.opened;
      running -= 1;
    });
    // Both start: each ticks at once, the period's run is made by one of them.
    await Promise.all([a.start(), b.start()]);
    await until('the first run', () => runs.length === 1, 5_000, 10);
    // Asked now on both while it runs: neither runs it beside the one in flight.
    expect(await Promise.all([a.tick('test.once'), b.tick('test.once')])).toEqual([false, false]);
    hold.open();
    await Promise.all([a.stop(), b.stop()]);
    expect(runs).toHaveLength(1);
    expect(most).toBe(1);
  });

  it('runs on demand (runNow) on one process at a time, waiting for the run', async () => {
    const runs: number[] = [];
    const [a, b] = twoProcesses('test.now', async (process) => {
      runs.push(process);
      await new Promise((r) => setTimeout(r, 50));
    });
    const ran = await Promise.all([a.runNow('test.now'), b.runNow('test.now')]);
    // One of the two ran it; the other found it taken (or found the one it queued already run).
    expect(ran.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBe(ran.filter(Boolean).length);
    expect(await a.runNow('test.now')).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('stop waits for the run in flight, then calls the job’s stop', async () => {
    const order: string[] = [];
    const hold = gate();
    const jobs = createJobs(database, log);
    jobs.every({
      name: 'test.stop',
      everyMs: HOUR,
      run: async (ctx) => {
        order.push('run');
        await hold.opened;
        order.push(ctx.signal.aborted ? 'run done, told to stop' : 'run done');
      },
      stop: async () => {
        order.push('stop hook');
      },
    });
    await jobs.start();
    await until('the run', () => order.length === 1, 5_000, 10);
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(stopped).toBe(false);
    hold.open();
    await stopping;
    expect(order).toEqual(['run', 'run done, told to stop', 'stop hook']);
    // Stopped: no more runs.
    expect(await jobs.tick('test.stop').catch(() => false)).toBe(false);
  });

  it('a run cut by a crash runs again once, on another process, after its time limit', async () => {
    const done: { process: number; attempt: number }[] = [];
    const crashed = gate();
    let started = false;
    const [a, b] = twoProcesses(
      'test.crash',
      async (process, attempt) => {
        if (process === 0) {
          started = true;
          // Process 0 dies here: its run never ends (and never reports).
          await crashed.opened;
          throw new Error('process gone');
        }
        done.push({ process, attempt });
      },
      { timeoutMs: 1000 },
    );
    void a.tick('test.crash');
    await until('the run started', () => started, 5_000, 10);
    // While the dead run's time limit has not passed, nobody runs it.
    expect(await b.tick('test.crash')).toBe(false);
    await new Promise((r) => setTimeout(r, 1200));
    // Restarted (here: the other process): the cut run runs again, once.
    expect(await b.tick('test.crash')).toBe(true);
    expect(await b.tick('test.crash')).toBe(false);
    expect(done).toEqual([{ process: 1, attempt: 1 }]);
    crashed.open();
    await Promise.all([a.stop(), b.stop()]);
    expect(done).toHaveLength(1);
  });

  it('a run cut by a process killed mid-run runs again once after the restart', async () => {
    // PostgreSQL: the test's database. PGlite: a data directory the killed process had open.
    const dir = url ? undefined : mkdtempSync(join(tmpdir(), 'jobs-crash-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./jobs-crash.child.ts', import.meta.url))],
      {
        env: { ...process.env, CRASH_DATABASE_URL: url ?? '', CRASH_DATA_DIR: dir ?? '' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await until('the child started', () => out.includes('started'), 60_000, 10);
    child.kill('SIGKILL');
    await exited;
    const restarted = url ? database : await openDatabase({ dataDir: dir ?? '' });
    try {
      const attempts: number[] = [];
      const jobs = createJobs(restarted, log, { superviseEveryMs: 1000 });
      jobs.every({
        name: 'test.killed',
        everyMs: HOUR,
        timeoutMs: 1000,
        run: async (ctx) => void attempts.push(ctx.attempt),
      });
      // Within the killed run's time limit nobody runs it; past it, it runs once.
      await new Promise((r) => setTimeout(r, 1200));
      expect(await jobs.tick('test.killed')).toBe(true);
      expect(await jobs.tick('test.killed')).toBe(false);
      expect(attempts).toEqual([1]);
      await jobs.stop();
    } finally {
      if (dir) {
        await restarted.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 90_000);

  it('a run that threw runs again at the next tick, once', async () => {
    const attempts: number[] = [];
    const jobs = createJobs(database, log);
    jobs.every({
      name: 'test.throw',
      everyMs: HOUR,
      run: async (ctx) => {
        attempts.push(ctx.attempt);
        if (ctx.attempt === 0) throw new Error('first run fails');
      },
    });
    expect(await jobs.tick('test.throw')).toBe(true);
    expect(await jobs.tick('test.throw')).toBe(true);
    expect(await jobs.tick('test.throw')).toBe(false);
    expect(attempts).toEqual([0, 1]);
    expect(logs.some((l) => (l.obj as { job?: string }).job === 'test.throw')).toBe(true);
    await jobs.stop();
  });

  it('is not run again by a process restarted within the period', async () => {
    let runs = 0;
    const first = createJobs(database, log);
    const job = { name: 'test.restart', everyMs: HOUR, run: async () => void (runs += 1) };
    first.every(job);
    expect(await first.tick('test.restart')).toBe(true);
    await first.stop();
    const again = createJobs(database, log);
    again.every(job);
    expect(await again.tick('test.restart')).toBe(false);
    await again.stop();
    expect(runs).toBe(1);
  });
});

describe('installing', () => {
  // PostgreSQL only: PGlite is one connection, so no one else makes the schema meanwhile.
  it.runIf(process.env.DATABASE_URL)('starts while another process is making its schema', async () => {
    const fresh = await freshDatabase();
    const url = fresh.url ?? '';
    // Another process is creating pg-boss's schema and has not committed yet.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('begin');
    await other.query('create schema pgboss');
    const own = await openDatabase({ databaseUrl: url, dataDir: '', poolMax: 1 });
    const jobs = createJobs(own, log);
    jobs.every({ name: 'test.install', everyMs: HOUR, run: async () => undefined });
    const installing = jobs.install();
    // Once this process waits on the other's schema, the other commits (seen from outside both:
    // a transaction sees the activity of its start).
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    const waiting = async () =>
      (
        await watcher.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        )
      ).rows[0]?.n;
    for (let i = 0; i < 500 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await waiting()).toBe(1);
    await other.query('commit');
    await other.end();
    await watcher.end();
    const outcome = await installing.then(
      () => 'started',
      (error: unknown) => String(error),
    );
    await jobs.stop();
    await own.close();
    await fresh.drop();
    expect(outcome).toBe('started');
  });
});

describe('a queue', () => {
  it('keeps its jobs across a restart and retries a failed one with a backoff', async () => {
    const seen: { n: number; attempt: number }[] = [];
    const limited: number[] = [];
    const make = () => {
      const jobs = createJobs(database, log);
      const queue = jobs.queue<{ n: number }>({
        name: 'test.queue',
        retryDelayMs: 1000,
        limit: async () => void limited.push(1),
        run: async ({ n }, ctx) => {
          seen.push({ n, attempt: ctx.attempt });
          if (n === 2 && ctx.attempt === 0) throw new Error('Telegram said no');
        },
      });
      return { jobs, queue };
    };
    // Queued by one process, which stops before working on them.
    const first = make();
    await first.queue.send({ n: 1 });
    await first.queue.send({ n: 2 });
    await first.jobs.stop();
    // Another takes them: 1 done, 2 failed and not due again before its backoff.
    const second = make();
    expect(await second.jobs.runNow('test.queue')).toBe(true);
    expect(seen.map((s) => s.n).sort()).toEqual([1, 2]);
    expect(limited).toHaveLength(2);
    expect(await second.jobs.runNow('test.queue')).toBe(false);
    await new Promise((r) => setTimeout(r, 2200));
    expect(await second.jobs.runNow('test.queue')).toBe(true);
    expect(seen.filter((s) => s.n === 2)).toEqual([
      { n: 2, attempt: 0 },
      { n: 2, attempt: 1 },
    ]);
    expect(await second.jobs.runNow('test.queue')).toBe(false);
    await second.jobs.stop();
  });
});
