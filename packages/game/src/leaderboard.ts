/**
 * The Leader Board (SPEC.md section 2): the top players by lifetime score (totalScore), highest
 * first. Design choice: the top 100; ties go to the player who joined first.
 */
export const LEADERBOARD_SIZE = 100;

export interface Ranked {
  userid: number;
  totalScore: number;
  /** Sign-up instant, the tie-break. */
  joinedAt: number;
}

/** Orders players as the Leader Board does. */
export function compareRank(a: Ranked, b: Ranked): number {
  return b.totalScore - a.totalScore || a.joinedAt - b.joinedAt || a.userid - b.userid;
}

/** A player's 1-based rank among `players`. */
export function rankOf(players: readonly Ranked[], me: Ranked): number {
  return 1 + players.filter((p) => p.userid !== me.userid && compareRank(p, me) < 0).length;
}
