import type { SquadScore } from './squads.repository.ts';

/** The standings of every squad, best first, with where each squad is in them. */
export interface Standings {
  list: readonly SquadScore[];
  index: ReadonlyMap<number, number>;
}

export function standingsOf(list: readonly SquadScore[]): Standings {
  return { list, index: new Map(list.map((s, i) => [s.id, i])) };
}

/** Board order: the higher score first, then the older squad (the lower id). */
const ahead = (a: SquadScore, b: SquadScore) => a.score > b.score || (a.score === b.score && a.id < b.id);

export interface RankedSquad extends SquadScore {
  rank: number;
}

/**
 * The board from shared standings (a moment old) with one squad as it is now: `own` read fresh,
 * or undefined when the squad `ownId` no longer exists. Costs O(limit + log squads), whatever the
 * number of squads: the first `limit` squads with their ranks, `ownId`'s row (wherever it is)
 * and the number of squads.
 */
export function board(
  standings: Standings,
  ownId: number | undefined,
  own: SquadScore | undefined,
  limit: number,
): { rows: RankedSquad[]; own: RankedSquad | null; total: number } {
  const { list, index } = standings;
  const stale = ownId === undefined ? undefined : index.get(ownId);
  // Squads ahead of `own` in the standings (binary search), leaving out its own old entry.
  let before = 0;
  if (own) {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const squad = list[mid];
      if (squad && ahead(squad, own)) lo = mid + 1;
      else hi = mid;
    }
    before = lo - (stale !== undefined && stale < lo ? 1 : 0);
  }
  const rows: RankedSquad[] = [];
  let placed = own === undefined;
  let i = 0;
  while (rows.length < limit) {
    if (own && !placed && rows.length === before) {
      rows.push({ ...own, rank: rows.length + 1 });
      placed = true;
    } else if (i < list.length) {
      const squad = list[i];
      if (squad && i !== stale) rows.push({ ...squad, rank: rows.length + 1 });
      i++;
    } else break;
  }
  const total = list.length - (stale === undefined ? 0 : 1) + (own ? 1 : 0);
  return { rows, own: own ? { ...own, rank: before + 1 } : null, total };
}
