// The module's public surface: what other modules and the app may import (lint enforces it).
export { registerSeasonJob, SEASON_JOB } from './seasons.job.ts';
