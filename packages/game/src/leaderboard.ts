/**
 * The Leader Board: the top players by lifetime score (totalScore), highest
 * first. Design choice: the top 100; ties go to the lower Telegram id (ids grow over time, so
 * mostly the older account), an order a Redis sorted set can keep without extra lookups.
 */
export const LEADERBOARD_SIZE = 100;

export interface Ranked {
  userid: number;
  totalScore: number;
}

/** Orders players as the Leader Board does. */
export function compareRank(a: Ranked, b: Ranked): number {
  return b.totalScore - a.totalScore || a.userid - b.userid;
}

/** A player's 1-based rank among `players`. */
export function rankOf(players: readonly Ranked[], me: Ranked): number {
  return 1 + players.filter((p) => p.userid !== me.userid && compareRank(p, me) < 0).length;
}
