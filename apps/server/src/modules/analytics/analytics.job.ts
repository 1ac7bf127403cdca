import { periodicJob } from '../../lib/jobs.ts';
import { foldLedger } from './analytics.service.ts';

/** The rollup job's name in the job runner. */
export const ANALYTICS_JOB = 'analytics.fold';

/**
 * The analytics' rollups, on the job runner (lib/jobs.ts): at most one run at a time across the
 * server processes; the watermark is committed with each batch, so a run cut short (a crash, a
 * stop) is taken up by the next one without counting anything twice.
 */
export const registerAnalyticsJob = periodicJob((deps, log) => ({
  name: ANALYTICS_JOB,
  // How often the ledger is folded in: a row is in the charts within two periods (it is folded
  // once it has settled, SETTLE_MS, at the run after the one that saw it), under 60 seconds.
  everyMs: 20_000,
  // A first catch-up over a large ledger takes minutes (docs/scaling.md, "Analytics").
  timeoutMs: 3_600_000,
  run: async ({ signal }) => {
    const { folded, doneId, pruned } = await foldLedger(deps, { signal });
    if (folded > 0 || pruned > 0) log.info({ folded, doneId, pruned }, 'analytics: ledger folded in');
  },
}));
