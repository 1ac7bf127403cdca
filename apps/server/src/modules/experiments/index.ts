// The module's public surface: what other modules and the app may import (lint enforces it).
export {
  assignNewPlayer,
  experimentConfigVersion,
  experimentEventsFrom,
  experimentPlace,
  settleExperimentRetention,
  withheldEvent,
} from './experiments.service.ts';
export { EXPERIMENTS_JOB, registerExperimentsJob } from './experiments.job.ts';
