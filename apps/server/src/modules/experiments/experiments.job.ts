import { periodicJob } from '../../lib/jobs.ts';
import { settleExperimentRetention } from './experiments.service.ts';

/** The retention job's name in the job runner. */
export const EXPERIMENTS_JOB = 'experiments.retention';

/**
 * The experiments' retention, settled on the job runner (lib/jobs.ts): at most one run at a time
 * across the server processes; each batch commits its own rows, so a run cut short is taken up by
 * the next one.
 */
export const registerExperimentsJob = periodicJob((deps, log) => ({
  name: EXPERIMENTS_JOB,
  // Hourly is ample: a day is settled a day after it is over, and its active player-days are kept
  // 32 days.
  everyMs: 3_600_000,
  run: async ({ signal }) => {
    const settled = await settleExperimentRetention(deps, { signal });
    if (settled > 0) log.info({ settled }, 'experiments: retention days settled');
  },
}));
