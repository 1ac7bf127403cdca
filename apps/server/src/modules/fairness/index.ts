// The module's public surface: what other modules and the app may import (lint enforces it).
export { recordWalletBound, forgetWallet } from './signals.repository.ts';
export { registerSignalsJobs, SIGNALS_JOBS } from './signals.job.ts';
export { purgeSignals, signalRecorder, signalsOf, SIGNALS } from './signals.service.ts';
export type { Seen } from './signals.service.ts';
export { closeWalletFactsReader, walletFactsReader } from './signals.wallets.ts';
// Clusters, decisions and appeals: what the snapshot and the allocation read of them.
export { allocationInput, allocationsFrom, refreshClusters, snapshotHooks } from './fairness.service.ts';
export type { AllocationsPort } from './fairness.service.ts';
