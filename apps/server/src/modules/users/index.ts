// The module's public surface: what other modules and the app may import (lint enforces it).
export {
  accountFacts,
  countFriends,
  findUser,
  lockUser,
  namesAndPhoto,
  playerExists,
  playerTotals,
  recordRequest,
  REQUEST_IDS_KEPT,
  seenSince,
  upsertFromLaunch,
} from './users.repository.ts';
export type { AccountFacts, LaunchIdentity, UserRow } from './users.repository.ts';
export { currentBalances, provideProfilePart, settleIncome } from './users.service.ts';
export type { ProfileParts } from './users.service.ts';
export { playersMatchingSql, type PlayerConditions } from './users.audience.ts';
