import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { settleExperimentRetention } from './experiments.service.ts';

/** The retention job's name in the job runner. */
export const EXPERIMENTS_JOB = 'experiments.retention';
/**
 * How often the experiment players' D1 and D7 are settled: hourly is ample, a day is settled a day
 * after it is over and its active player-days are kept 32 days.
 */
export const EXPERIMENTS_JOB_INTERVAL_MS = 3_600_000;

/**
 * The experiments' retention, settled on the job runner (lib/jobs.ts): at most one run at a time
 * across the server processes; each batch commits its own rows, so a run cut short is taken up by
 * the next one.
 */
export function registerExperimentsJob(
  jobs: Jobs,
  deps: Deps,
  log: FastifyBaseLogger,
  everyMs = EXPERIMENTS_JOB_INTERVAL_MS,
) {
  jobs.every({
    name: EXPERIMENTS_JOB,
    everyMs,
    run: async ({ signal }) => {
      const settled = await settleExperimentRetention(deps, { signal });
      if (settled > 0) log.info({ settled }, 'experiments: retention days settled');
    },
  });
}
