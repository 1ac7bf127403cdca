import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { purgeSignals, signalRecorder } from './signals.service.ts';
import { walletFactsReader } from './signals.wallets.ts';

/** How often idle players' cadence is written and due wallets' facts are read. */
export const SIGNALS_JOB_INTERVAL_MS = 60_000;
/** How often the signals past their retention are deleted. */
export const SIGNALS_PURGE_EVERY_MS = 3_600_000;

/** The signals' jobs' names in the job runner. */
export const SIGNALS_JOBS = {
  cadence: 'signals.cadence',
  wallets: 'signals.wallets',
  purge: 'signals.purge',
} as const;

/**
 * The signals' periodic work, on the job runner (lib/jobs.ts):
 * - every minute, in every process, the cadence summed in that process's memory for players who
 *   stopped tapping is written (and all of it at stop);
 * - every minute, across processes, a batch of wallets due for a read of their facts is read
 *   (with TON_API_ROOT; the reader is closed at stop);
 * - every hour, and at start, across processes, signals past their retention are deleted
 *   (idempotent: a row is deleted once).
 */
export function registerSignalsJobs(
  jobs: Jobs,
  deps: Deps,
  log: FastifyBaseLogger,
  everyMs = SIGNALS_JOB_INTERVAL_MS,
  purgeEveryMs = SIGNALS_PURGE_EVERY_MS,
) {
  const recorder = signalRecorder(deps);
  jobs.every({
    name: SIGNALS_JOBS.cadence,
    everyMs,
    perProcess: true,
    run: async () => void (await recorder.flush()),
    stop: async () => void (await recorder.flush(true).catch(() => 0)),
  });
  const wallets = walletFactsReader(deps, log);
  if (wallets) {
    jobs.every({
      name: SIGNALS_JOBS.wallets,
      everyMs,
      run: async () => void (await wallets.runBatch()),
      stop: () => wallets.close(),
    });
  }
  jobs.every({
    name: SIGNALS_JOBS.purge,
    everyMs: purgeEveryMs,
    run: async () => {
      const removed = await purgeSignals(deps.database.db, deps.now());
      if (removed > 0) log.info({ removed }, 'signals past their retention deleted');
    },
  });
}
