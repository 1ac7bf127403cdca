// The module's public surface: what other modules and the app may import (lint enforces it).
export {
  accountsOf,
  applyBoost,
  changeAccount,
  energySql,
  findAccount,
  lifetimeScoreAtLeastSql,
  lifetimeScoresOf,
  lifetimeScoresSql,
  lockAccount,
  openAccount,
  playerTotals,
  recordRequest,
  REQUEST_IDS_KEPT,
} from './accounts.repository.ts';
export type { AccountChange, AccountRow, BoostWrite } from './accounts.repository.ts';
export {
  accountProfile,
  creditPrize,
  currentBalances,
  findLedgerMismatches,
  settleIncome,
} from './accounts.service.ts';
export type { IncomeEvents, LedgerMismatch, Prize } from './accounts.service.ts';
export { applyTapBatches } from './accounts.tap.ts';
export type { TapBatch, TapRow } from './accounts.tap.ts';
