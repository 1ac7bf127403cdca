// The module's public surface: what other modules and the app may import (lint enforces it).
export {
  firstNames,
  lifetimeTotals,
  namedRows,
  playerScore,
  rankedPlayers,
  rankRow,
} from './leaderboard.repository.ts';
export type { RankRow } from './leaderboard.repository.ts';
export { flushScores, loadAll, memberOf, redisScores, userOf } from './leaderboard.store.ts';
export type { Scored } from './leaderboard.store.ts';
export { leagueSets } from './leagues.store.ts';
export { boardsFollowWrites, scoresCommitted } from './scores.committed.ts';
