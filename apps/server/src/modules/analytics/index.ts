// The module's public surface: what other modules and the app may import (lint enforces it).
export { foldLedger, noteLaunch, noteStars, noteWalletBound } from './analytics.service.ts';
export { ANALYTICS_JOB, registerAnalyticsJob } from './analytics.job.ts';
export { activeOnSql, foldedBeforeDay } from './analytics.repository.ts';
