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

/**
 * A board's top rows as shared by every reader (a moment old, ranked by position, at least
 * `limit + 1` of them when there are) with the reader's own row as it is now, so that no reader
 * sees themselves twice or at an old score: their old entry is left out, their fresh one placed
 * by score (ties to the lower id) when its fresh rank (`own.rank`, among everyone) is within the
 * top, and the rows ranked again by position. Returns the first `limit` rows and the own row
 * with the rank it is shown at.
 */
export function withOwnRow<T extends { userid: number; rank: number }>(
  shared: readonly T[],
  own: T | null,
  limit: number,
  score: (row: T) => number,
): { rows: T[]; own: T | null } {
  const rows = own ? shared.filter((r) => r.userid !== own.userid) : [...shared];
  if (own && own.rank <= limit) {
    const at = rows.findIndex(
      (r) => score(r) < score(own) || (score(r) === score(own) && r.userid > own.userid),
    );
    rows.splice(at === -1 ? rows.length : at, 0, own);
  }
  const ranked = rows.slice(0, limit).map((r, i) => ({ ...r, rank: i + 1 }));
  const shown = own ? (ranked.find((r) => r.userid === own.userid) ?? own) : null;
  return { rows: ranked, own: shown };
}

/** Every participant of a board, best first (score descending, ties to the lower id). */
export interface Standings {
  readonly ids: ArrayLike<number>;
  readonly scores: ArrayLike<number>;
}

/** Standings from rows already in board order. */
export function standingsOf(rows: readonly { userid: number; score: number }[]): Standings {
  return { ids: rows.map((r) => r.userid), scores: rows.map((r) => r.score) };
}

/** Where a participant is in the standings, or -1. */
function positionOf(standings: Standings, userid: number): number {
  return Array.prototype.indexOf.call(standings.ids, userid);
}

/**
 * The 1-based rank a participant has now among standings a moment old: the participants ahead of
 * their current score (found by binary search, O(log n)), their own old entry left out.
 */
export function rankIn(standings: Standings, own: { userid: number; score: number }): number {
  const { ids, scores } = standings;
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const score = scores[mid];
    const id = ids[mid];
    if (score === undefined || id === undefined)
      throw new Error('standings hold an id and a score at every position the search reads');
    const ahead = score > own.score || (score === own.score && id < own.userid);
    if (ahead) lo = mid + 1;
    else hi = mid;
  }
  const old = positionOf(standings, own.userid);
  return 1 + lo - (old !== -1 && old < lo ? 1 : 0);
}

export interface BoardRow {
  userid: number;
  firstname: string;
  score: number;
  rank: number;
}

/** How many names past the shown rows a board's shared standings keep (for rows hidden since). */
export const BOARD_NAMES_SPARE = 10;

/**
 * A board from standings a moment old (shared by every reader) and the reader's own row as it is
 * now (null when they are not on this board): the first `limit` rows, players `hidden` since the
 * standings were read left out (banned), the own row placed and ranked among the rest by binary
 * search, and how many are on the board.
 */
export function boardOf(
  standings: Standings,
  names: ReadonlyMap<number, string>,
  own: { userid: number; firstname: string; score: number } | null,
  limit: number,
  hidden: (userid: number) => boolean,
): { rows: BoardRow[]; own: BoardRow | null; total: number } {
  const shared: BoardRow[] = [];
  for (let i = 0; i < standings.ids.length && shared.length <= limit; i++) {
    const userid = standings.ids[i];
    if (userid === undefined) throw new Error('the loop reads only within the standings');
    if (hidden(userid)) continue;
    const score = standings.scores[i];
    if (score === undefined) throw new Error('standings hold a score for every id');
    shared.push({
      userid,
      firstname: names.get(userid) ?? '',
      score,
      rank: shared.length + 1,
    });
  }
  const fresh = own && { ...own, rank: rankIn(standings, own) };
  const board = withOwnRow(shared, fresh, limit, (r) => r.score);
  const total = standings.ids.length + (own && positionOf(standings, own.userid) === -1 ? 1 : 0);
  return { ...board, total };
}
