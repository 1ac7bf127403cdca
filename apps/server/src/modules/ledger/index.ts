// The module's public surface: what other modules and the app may import (lint enforces it).
export { activeDays, ledgerInsertSql, ledgerSumsSql } from './ledger.repository.ts';
export type { LedgerEntry } from './ledger.repository.ts';
export { followWrites, write } from './ledger.write.ts';
export type { Effects, WriteFollower, Written } from './ledger.write.ts';
export * as ledgerReads from './ledger.reads.ts';
