// The module's public surface: what other modules and the app may import (lint enforces it).
export {
  accountFacts,
  countFriends,
  countUsers,
  findUser,
  invitedBy,
  lockUser,
  namesAndPhoto,
  newestUsers,
  playerExists,
  playersSql,
  seenSince,
  upsertFromLaunch,
  usersByIds,
  usersMatching,
} from './users.repository.ts';
export type { AccountFacts, LaunchIdentity, UserRow } from './users.repository.ts';
export { provideProfilePart } from './users.service.ts';
export type { ProfileParts } from './users.service.ts';
export { playersMatchingSql, type PlayerConditions } from './users.audience.ts';
