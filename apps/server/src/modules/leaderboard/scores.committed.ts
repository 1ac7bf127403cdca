import type { Deps } from '../../lib/deps.ts';
import { leagueSets } from '../leagues/leagues.store.ts';
import { recordScores, type Scored } from './leaderboard.store.ts';

/**
 * The one place told, after a commit, "these players' lifetime totals are now …": every Redis
 * copy of a score is kept here (the global board and the league sets). Called by the write path
 * (modules/ledger/ledger.write.ts) and the tap statement's caller. Without Redis it does nothing:
 * PostgreSQL is read directly. A Redis failure is not the player's: the write stands and the
 * player's next one repairs the copies (both are absolute and never lowered).
 *
 * The weekly season board and squad scores need nothing here: they are derived in PostgreSQL from
 * what the same transaction wrote (the ledger rows, totalScore).
 */
export async function scoresCommitted(deps: Deps, entries: readonly Scored[]): Promise<void> {
  if (!deps.redis || entries.length === 0) return;
  await Promise.all([
    recordScores(deps, entries),
    leagueSets(deps.redis)
      .record(entries)
      .catch(() => undefined),
  ]);
}
