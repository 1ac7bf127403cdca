import type { Deps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { FAIRNESS, refreshClusters } from './fairness.service.ts';

/** The clusters' job's name in the job runner. */
export const CLUSTERS_JOB = 'fairness.clusters';

/**
 * The clusters computed in the background, across processes, twice per `FAIRNESS.staleMs`, so the
 * console's read finds them fresh and does not compute them itself (which at a million players
 * takes about a minute).
 */
export function registerClustersJob(jobs: Jobs, deps: Deps, everyMs = FAIRNESS.staleMs / 2) {
  jobs.every({ name: CLUSTERS_JOB, everyMs, run: () => refreshClusters(deps) });
}
