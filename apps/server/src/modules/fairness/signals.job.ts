import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { purgeSignals, signalRecorder } from './signals.service.ts';
import { walletFactsReader } from './signals.wallets.ts';

/** How often the job writes idle players' cadence and reads due wallets' facts. */
export const SIGNALS_JOB_INTERVAL_MS = 60_000;
/** How often it deletes the signals past their retention. */
export const SIGNALS_PURGE_EVERY_MS = 3_600_000;

/**
 * The signals' periodic work, in every server process: every minute the cadence summed in memory
 * for players who stopped tapping is written, and a batch of wallets due for a read of their
 * facts is read (with TON_API_ROOT); every hour (and at start) signals past their retention are
 * deleted (idempotent: processes purging at once delete each row once). Returns a function that
 * stops it, writes what is left in memory and closes the wallet reader.
 */
export function startSignalsJob(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = SIGNALS_JOB_INTERVAL_MS,
  purgeEveryMs = SIGNALS_PURGE_EVERY_MS,
) {
  const recorder = signalRecorder(deps);
  const wallets = walletFactsReader(deps, log);
  let lastPurge = -Infinity;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= (async () => {
      await recorder.flush();
      if (wallets) await wallets.runBatch();
      const now = deps.now();
      if (now - lastPurge >= purgeEveryMs || now < lastPurge) {
        lastPurge = now;
        const removed = await purgeSignals(deps.database.db, now);
        if (removed > 0) log.info({ removed }, 'signals past their retention deleted');
      }
    })()
      .catch((error: unknown) => log.warn({ err: error }, 'signals job failed; retrying at the next tick'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    await recorder.flush(true).catch(() => 0);
    await wallets?.close();
  };
}
