import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { createSeasonsService } from './seasons.service.ts';

/** The payout job's name in the job runner. */
export const SEASON_JOB = 'seasons.payout';
/** How often the payout job looks for finished weeks to pay. */
export const SEASON_JOB_INTERVAL_MS = 60_000;

/**
 * The scheduled payout of finished weeks, on the job runner (lib/jobs.ts): once a minute across
 * all server processes, and at start. Its state is in the database (season_weeks,
 * season_results), so a run cut short is simply taken up by the next one, and a week is paid once
 * whoever runs it.
 */
export function registerSeasonJob(
  jobs: Jobs,
  deps: Deps,
  log: FastifyBaseLogger,
  everyMs = SEASON_JOB_INTERVAL_MS,
) {
  const seasons = createSeasonsService(deps);
  jobs.every({
    name: SEASON_JOB,
    everyMs,
    run: async () => {
      for (const settled of await seasons.settleDue()) log.info(settled, 'season week settled');
    },
  });
}
