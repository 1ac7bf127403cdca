import { bansOf } from '../bans/index.ts';
import type { Deps } from '../../lib/deps.ts';
import type { WriteFollower } from '../ledger/index.ts';
import { lifetimeTotals } from './leaderboard.repository.ts';
import { leagueSets } from './leagues.store.ts';
import { onScoresFlush, recordScores, type Scored } from './leaderboard.store.ts';

onScoresFlush((entries, redis) => leagueSets(redis).record(entries));

/**
 * The one place told, after a commit, "these players' lifetime totals are now …": every Redis
 * copy of a score is kept from here (the global board and the league sets). Called by the write
 * path (modules/ledger/ledger.write.ts) and the tap writer's caller. Totals wait in the process
 * for a moment and go out together, one `ZADD GT` and one league move per flush
 * (leaderboard.store.ts). Without Redis it does nothing: PostgreSQL is read directly. A Redis
 * failure is not the player's: the write stands and the player's next one repairs the copies
 * (both are absolute and never lowered).
 *
 * The weekly season board and squad scores need nothing here: they are derived in PostgreSQL from
 * what the same transaction wrote (the ledger rows, totalScore), banned players left out.
 */
export function scoresCommitted(deps: Deps, entries: readonly Scored[]): void {
  // A banned player's total never goes back on a board (the ban took them off).
  const bans = bansOf(deps.database);
  recordScores(
    deps,
    entries.filter((e) => !bans.heldBanned(e.userid)),
  );
}

/**
 * The Leader Board's part in every write (modules/ledger): in its transaction, the new lifetime
 * totals of the players who earned or were put on the board; after the commit, their copies.
 */
export const boardsFollowWrites: WriteFollower = async (tx, { ledger, boarded }, deps) => {
  if (!deps.redis) return undefined;
  const players = new Set(boarded);
  for (const e of ledger) if ((e.deltaCoins ?? 0) > 0) players.add(e.userId);
  if (players.size === 0) return undefined;
  const scores = await lifetimeTotals(tx, [...players]);
  return () => scoresCommitted(deps, scores);
};
