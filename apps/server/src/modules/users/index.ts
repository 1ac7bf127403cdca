// The module's public surface: what other modules and the app may import (lint enforces it).
export {
  bannedIds,
  countFriends,
  findUser,
  lockUser,
  playerTotals,
  upsertFromLaunch,
} from './users.repository.ts';
export type { LaunchIdentity, UserRow } from './users.repository.ts';
export { currentBalances, settleIncome } from './users.service.ts';
