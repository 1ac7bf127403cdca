/**
 * The one job runner (docs/scaling.md, "Jobs"): every periodic and queued piece of work of the
 * server goes through it. Its state is kept by pg-boss in the database's `pgboss` schema, on
 * PostgreSQL and on the embedded PGlite alike, so that:
 * - a periodic job runs at most once at a time across every server process, and at most once per
 *   period (a process restarted within a period does not run it again);
 * - a run interrupted by a crash is given to a process again once its time limit has passed
 *   (pg-boss's expiry), and a run that threw is retried once at the next tick: the work of
 *   every job is idempotent;
 * - a queued job is durable and retried with an exponential backoff;
 * - `stop()` waits for the runs in flight.
 * Modules register their jobs (`every`, `queue`); the bootstrap (main.ts) starts and stops the
 * runner. Tests call `runNow(name)` and await the run instead of waiting for a timer.
 */
import PgBoss from 'pg-boss';
import type { Deps } from './deps.ts';

/** What a run is given. */
export interface RunContext {
  /** Aborted when the runner stops: a run may end early (its work is taken up again later). */
  signal: AbortSignal;
  /** 0 for a first run, then the number of earlier attempts. */
  attempt: number;
}

export interface PeriodicJob {
  /** Unique among jobs: letters, digits, `.`, `_`, `-`. */
  name: string;
  /** The period: a tick every `everyMs` in every process; one run per period in all. */
  everyMs: number;
  run(ctx: RunContext): Promise<void>;
  /**
   * A run not finished within this long is taken for a crashed one and runs again (default
   * 10 minutes). Above the longest run expected.
   */
  timeoutMs?: number;
  /** Called once at stop, after the run in flight (memory written out, clients closed). */
  stop?(): Promise<void>;
  /**
   * Work on this process's own memory (writing out what it summed): run by every process on its
   * own ticks, one run at a time, with nothing kept in the database.
   */
  perProcess?: boolean;
}

export interface QueueJob<T extends object> {
  name: string;
  run(data: T, ctx: RunContext): Promise<void>;
  /** Retries after a failure, the n-th after `retryDelayMs · 2^n` or so (defaults 5 and 1 s). */
  retryLimit?: number;
  retryDelayMs?: number;
  /** How often a process looks for due jobs (default 1 s). */
  pollMs?: number;
  /** Jobs a process takes at a time (default 10). */
  batch?: number;
  /** A run not finished within this long runs again (default 10 minutes). */
  timeoutMs?: number;
  /** Awaited before each job: a rate limit (an outside service's) holds the runs here. */
  limit?(): Promise<void>;
}

export interface Queue<T extends object> {
  /** Queues one job; `afterMs`: not before then. Returns its id. */
  send(data: T, options?: { afterMs?: number }): Promise<string | null>;
}

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface Jobs {
  every(job: PeriodicJob): void;
  queue<T extends object>(job: QueueJob<T>): Queue<T>;
  /** Installs or updates pg-boss's schema and creates the queues, without starting any timer. */
  install(): Promise<void>;
  /** Installs, then runs every job at once and on its timer. */
  start(): Promise<void>;
  /**
   * Runs a job now in this process and resolves when it is done: a periodic job's run (false when
   * another one holds it), or a queue's due jobs until none is left. For tests and operators.
   */
  runNow(name: string): Promise<boolean>;
  /**
   * What a timer's tick does, now, and awaited: runs past their time limit (a crashed process's)
   * made due again, then this period's run, taken if it is due and free. True if a run was made.
   */
  tick(name: string): Promise<boolean>;
  /** Stops the timers, aborts the runs' signal and waits for the runs in flight. */
  stop(): Promise<void>;
}

/**
 * A module's periodic job, as main.ts (and a test) registers it: `register(jobs, deps, log)` adds
 * the job that `make` builds from the server's dependencies and log.
 */
export function periodicJob(make: (deps: Deps, log: JobLog) => PeriodicJob) {
  return (jobs: Jobs, deps: Deps, log: JobLog) => jobs.every(make(deps, log));
}

/** The statements of the database, as pg-boss asks them (Database.execute). */
export interface JobsDatabase {
  kind: 'pglite' | 'postgres';
  execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const DEFAULT_TIMEOUT_MS = 600_000;
/** pg-boss 10's schema version (node_modules/pg-boss/version.json): a newer one is refused. */
const BOSS_SCHEMA_VERSION = 24;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createJobs(
  database: JobsDatabase,
  log: JobLog,
  options: {
    /**
     * How often pg-boss looks for runs past their time limit (default 60 s); `tick()` looks
     * again no sooner than this either.
     */
    superviseEveryMs?: number;
  } = {},
): Jobs {
  const superviseEveryMs = options.superviseEveryMs ?? 60_000;
  const db: PgBoss.Db = { executeSql: (text, values) => database.execute(text, values) };
  const boss = new PgBoss({
    db,
    // Periods are kept by this runner's own timers (pg-boss's cron counts whole minutes).
    schedule: false,
    // Maintenance (runs past their time limit failed into a retry, finished jobs archived, then
    // dropped) on a timer of its own, once per interval across processes.
    supervise: true,
    maintenanceIntervalSeconds: seconds(superviseEveryMs),
    // A period's run stays (and so keeps its period's place) a day before it is archived.
    archiveCompletedAfterSeconds: 86_400,
    deleteAfterDays: 7,
    migrate: true,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'job runner: pg-boss failed'));

  const periodic = new Map<string, PeriodicJob>();
  const queues = new Map<string, QueueJob<object>>();
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const stopping = new AbortController();
  let installed: Promise<void> | undefined;
  let started: Promise<void> | undefined;
  let supervisedAt = 0;

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };
  const context = (job: PgBoss.JobWithMetadata<unknown>): RunContext => ({
    signal: stopping.signal,
    attempt: job.retryCount ?? 0,
  });

  /** Runs past their time limit (a crashed process's) made due again: at most once an interval. */
  async function supervise() {
    if (Date.now() - supervisedAt < superviseEveryMs) return;
    supervisedAt = Date.now();
    await boss.expire();
  }

  /**
   * pg-boss makes its schema with CREATE SCHEMA IF NOT EXISTS inside its install transaction, after
   * waiting on its lock: a process that waited on another's install finds no schema in what its
   * connection remembers from before the wait, and fails on pg_namespace's unique key. The schema is
   * made first, alone: the loser of this race waits for the winner's commit and finds it made.
   */
  async function makeSchema() {
    try {
      await database.execute('CREATE SCHEMA IF NOT EXISTS pgboss');
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
    }
  }

  /** pg-boss 10 does not run on a newer pg-boss's schema (it would not notice). */
  async function refuseNewerSchema() {
    if (!(await boss.isInstalled())) return;
    const version = Number(await boss.schemaVersion());
    if (version > BOSS_SCHEMA_VERSION) {
      throw new Error(
        `the pgboss schema is at version ${version}, newer than pg-boss 10's ${BOSS_SCHEMA_VERSION}: ` +
          'drop it (DROP SCHEMA pgboss CASCADE) once no job is waiting, and the runner installs it again',
      );
    }
  }

  /** Takes one due run of a periodic job (none while another process runs it) and runs it. */
  async function runPeriodic(job: PeriodicJob): Promise<boolean> {
    const [taken] = await boss.fetch<object>(job.name, { includeMetadata: true });
    if (!taken) return false;
    try {
      await job.run(context(taken));
      await boss.complete(job.name, taken.id);
    } catch (error) {
      log.warn({ err: error, job: job.name }, 'job failed; run again at the next tick');
      await boss.fail(job.name, taken.id, { message: String(error) });
    }
    return true;
  }

  /** One tick: this period's run is queued (once for all processes) and taken if free. */
  async function tick(job: PeriodicJob): Promise<boolean> {
    if (job.perProcess) {
      await job.run({ signal: stopping.signal, attempt: 0 });
      return true;
    }
    await boss.send(job.name, {}, { singletonKey: job.name, singletonSeconds: seconds(job.everyMs) });
    return runPeriodic(job);
  }

  /** Due jobs of a queue taken in batches and run one after another, until none is due. */
  async function drain(job: QueueJob<object>): Promise<boolean> {
    let ran = false;
    while (!stopping.signal.aborted) {
      const batch = await boss.fetch<object>(job.name, {
        batchSize: job.batch ?? 10,
        includeMetadata: true,
      });
      if (batch.length === 0) break;
      ran = true;
      for (const taken of batch) {
        try {
          if (stopping.signal.aborted) throw new Error('the job runner stopped');
          await job.limit?.();
          await job.run(taken.data, context(taken));
          await boss.complete(job.name, taken.id);
        } catch (error) {
          log.warn({ err: error, job: job.name, id: taken.id }, 'queued job failed; retried later');
          await boss.fail(job.name, taken.id, { message: String(error) });
        }
      }
    }
    return ran;
  }

  /** Runs `work` unless the same job already runs in this process; never throws. */
  const guarded = new Map<string, Promise<unknown>>();
  function once(name: string, work: () => Promise<unknown>) {
    if (stopping.signal.aborted || guarded.has(name)) return;
    const run = track(
      work()
        .catch((error: unknown) => log.warn({ err: error, job: name }, 'job runner: tick failed'))
        .finally(() => guarded.delete(name)),
    );
    guarded.set(name, run);
  }

  const register = (name: string) => {
    if (installed) throw new Error(`job ${name} registered after the runner started`);
    if (periodic.has(name) || queues.has(name)) throw new Error(`job ${name} registered twice`);
  };

  const jobs: Jobs = {
    every(job) {
      register(job.name);
      periodic.set(job.name, job);
    },

    queue<T extends object>(job: QueueJob<T>): Queue<T> {
      register(job.name);
      queues.set(job.name, job as unknown as QueueJob<object>);
      return {
        send: async (data, sendOptions) => {
          await jobs.install();
          return boss.send(job.name, data, {
            ...(sendOptions?.afterMs ? { startAfter: seconds(sendOptions.afterMs) } : {}),
          });
        },
      };
    },

    install() {
      // Stopped before it started (a SIGTERM at start-up): nothing is started any more.
      if (stopping.signal.aborted) return installed ?? Promise.resolve();
      installed ??= (async () => {
        await makeSchema();
        await refuseNewerSchema();
        await boss.start();
        // Created once, then brought up to date (pg-boss keeps a queue's first options).
        const ensure = async (name: string, queue: PgBoss.Queue) => {
          if (!(await boss.getQueue(name))) {
            // pg-boss 10's create_queue deadlocks against itself when two processes create the
            // same queue at once (each waits on the other's queue row and table locks): the
            // creations are taken one at a time, in one (implicit) transaction with the lock.
            const created = JSON.stringify({ policy: queue.policy }).replaceAll("'", "''");
            await database.execute(
              `SELECT pg_advisory_xact_lock(hashtext('pgboss.create_queue')); ` +
                `SELECT pgboss.create_queue('${name.replaceAll("'", "''")}', '${created}'::json)`,
            );
          }
          await boss.updateQueue(name, queue);
        };
        for (const job of periodic.values()) {
          if (job.perProcess) continue;
          // `stately`: one run waiting and one running at most, across processes.
          await ensure(job.name, {
            name: job.name,
            policy: 'stately',
            expireInSeconds: seconds(job.timeoutMs ?? DEFAULT_TIMEOUT_MS),
            retryLimit: 1,
            retryDelay: 0,
            retryBackoff: false,
          });
        }
        for (const job of queues.values()) {
          await ensure(job.name, {
            name: job.name,
            policy: 'standard',
            expireInSeconds: seconds(job.timeoutMs ?? DEFAULT_TIMEOUT_MS),
            retryLimit: job.retryLimit ?? 5,
            retryDelay: seconds(job.retryDelayMs ?? 1000),
            retryBackoff: true,
          });
        }
      })();
      return installed;
    },

    start() {
      started ??= (async () => {
        await jobs.install();
        if (stopping.signal.aborted) return;
        for (const job of periodic.values()) {
          const run = () => once(job.name, () => tick(job));
          run();
          timers.push(setInterval(run, job.everyMs));
        }
        for (const job of queues.values()) {
          const run = () => once(job.name, () => drain(job));
          run();
          timers.push(setInterval(run, job.pollMs ?? 1000));
        }
        for (const timer of timers) timer.unref();
      })();
      return started;
    },

    async runNow(name) {
      const job = periodic.get(name);
      const queued = queues.get(name);
      if (!job && !queued) throw new Error(`no job ${name}`);
      if (job?.perProcess) return track(tick(job));
      await jobs.install();
      if (queued) return track(drain(queued));
      if (!job) return false;
      // A run beside the periods' (one waiting at most: `stately`).
      await boss.send(name, {}, { singletonKey: name });
      return track(runPeriodic(job));
    },

    async tick(name) {
      const job = periodic.get(name);
      const queued = queues.get(name);
      if (job?.perProcess) return track(tick(job));
      if (!job && !queued) throw new Error(`no job ${name}`);
      await jobs.install();
      await supervise();
      if (queued) return track(drain(queued));
      return job ? track(tick(job)) : false;
    },

    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      for (const timer of timers) clearInterval(timer);
      await started?.catch(() => undefined);
      await installed?.catch(() => undefined);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      for (const job of periodic.values()) {
        await job
          .stop?.()
          .catch((error: unknown) => log.warn({ err: error, job: job.name }, 'job stop failed'));
      }
      if (installed) await boss.stop({ graceful: true, close: false });
    },
  };
  return jobs;
}
