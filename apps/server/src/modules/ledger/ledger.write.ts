import type { TaskAction } from '@egg-rush/game/tasks';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { countLedger } from '../../lib/metrics.ts';
import { lifetimeTotals, scoresCommitted } from '../leaderboard/index.ts';
import type { Scored } from '../leaderboard/index.ts';
import { recordTaskProgress } from '../tasks/index.ts';
import { appendLedger, type LedgerEntry } from './ledger.repository.ts';

/** What a write records besides its own statements; applied in the same transaction. */
export interface Effects {
  /** Ledger rows (every change of onion or tickets has one; rows that move nothing are skipped). */
  ledger(entries: LedgerEntry | LedgerEntry[]): void;
  /** A real action counted towards the player's daily tasks. */
  progress(userId: number, action: TaskAction, amount?: number): void;
  /** Puts a player on the Leader Board even without earnings (a new player). */
  board(userId: number): void;
}

/**
 * The one write path for everything that pays: opens a transaction, runs `apply` (which changes
 * balances through repositories and throws an AppError to refuse, rolling everything back),
 * appends the ledger rows and the task progress it recorded, reads the new lifetime totals of
 * the players who earned, commits, and only then copies those totals to the Redis Leader Board.
 *
 * Nothing inside the transaction waits for anything but this transaction's own connection: no
 * second pool connection, no Redis, no network. The whole transaction has a deadline (DB_LIMITS in
 * db/client.ts), after which it is rolled back and the request answers
 * 503, so a stuck piece never holds a row lock or a connection for long.
 */
export async function write<T>(deps: Deps, apply: (tx: Tx, effects: Effects) => Promise<T>): Promise<T> {
  const now = deps.now();
  let scores: Scored[] = [];
  let committed: LedgerEntry[] = [];
  const result = await deps.database.transaction(async (tx) => {
    const ledger: LedgerEntry[] = [];
    const progress: { userId: number; action: TaskAction; amount: number }[] = [];
    const boarded = new Set<number>();
    const value = await apply(tx, {
      ledger: (entries) => void ledger.push(...(Array.isArray(entries) ? entries : [entries])),
      progress: (userId, action, amount = 1) => void progress.push({ userId, action, amount }),
      board: (userId) => void boarded.add(userId),
    });
    await appendLedger(tx, ledger);
    committed = ledger;
    for (const p of progress) await recordTaskProgress(tx, p.userId, p.action, p.amount, now);
    for (const e of ledger) if ((e.deltaOnion ?? 0) > 0) boarded.add(e.userId);
    if (deps.redis && boarded.size > 0) scores = await lifetimeTotals(tx, [...boarded]);
    return value;
  });
  countLedger(committed);
  scoresCommitted(deps, scores);
  return result;
}
