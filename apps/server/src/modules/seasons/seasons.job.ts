import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { createSeasonsService } from './seasons.service.ts';

/** How often the payout job looks for finished weeks to pay. */
export const SEASON_JOB_INTERVAL_MS = 60_000;

/**
 * The scheduled payout of finished weeks: runs at start and then every minute in every server
 * process. Its state is in the database (season_weeks, season_results), so a restart simply
 * picks up any week not yet settled, and processes running it at once pay a week once.
 * Returns a function that stops it.
 */
export function startSeasonJob(deps: Deps, log: FastifyBaseLogger, intervalMs = SEASON_JOB_INTERVAL_MS) {
  const seasons = createSeasonsService(deps);
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= seasons
      .settleDue()
      .then((settled) => {
        for (const s of settled) log.info(s, 'season week settled');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'season payout failed; retrying at the next tick'))
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
  };
}
