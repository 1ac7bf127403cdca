import { periodicJob } from '../../lib/jobs.ts';
import { createSeasonsService } from './seasons.service.ts';

/** The payout job's name in the job runner. */
export const SEASON_JOB = 'seasons.payout';

/**
 * The scheduled payout of finished weeks, on the job runner (lib/jobs.ts): once a minute across
 * all server processes, and at start. Its state is in the database (season_weeks,
 * season_results), so a run cut short is simply taken up by the next one, and a week is paid once
 * whoever runs it.
 */
export const registerSeasonJob = periodicJob((deps, log) => {
  const seasons = createSeasonsService(deps);
  return {
    name: SEASON_JOB,
    // How often the job looks for finished weeks to pay.
    everyMs: 60_000,
    run: async () => {
      for (const settled of await seasons.settleDue()) log.info(settled, 'season week settled');
    },
  };
});
