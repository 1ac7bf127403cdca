import type { TaskAction } from '@egg-rush/game/tasks';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { countLedger } from '../../lib/metrics.ts';
import { appendLedger, type LedgerEntry } from './ledger.repository.ts';

/** What a write records besides its own statements; applied in the same transaction. */
export interface Effects {
  /** Ledger rows (every change of coins or tickets has one; rows that move nothing are skipped). */
  ledger(entries: LedgerEntry | LedgerEntry[]): void;
  /** A real action counted towards the player's daily tasks. */
  progress(userId: number, action: TaskAction, amount?: number): void;
  /** Puts a player on the Leader Board even without earnings (a new player). */
  board(userId: number): void;
}

/** What a write recorded, announced to the modules that follow writes. */
export interface Written {
  now: number;
  /** The ledger rows appended (rows that move nothing included). */
  ledger: readonly LedgerEntry[];
  /** The actions counted towards daily tasks. */
  progress: readonly { userId: number; action: TaskAction; amount: number }[];
  /** The players put on the Leader Board without earnings. */
  boarded: ReadonlySet<number>;
}

/**
 * A module's part in every write, run in the write's transaction after its ledger rows; what it
 * returns runs after the commit (and never throws into the caller). The ledger imports no
 * feature: the modules that follow writes (tasks, the Leader Board) register here at start-up
 * (bootstrap.ts), in the order they run.
 */
export type WriteFollower = (tx: Tx, written: Written, deps: Deps) => Promise<(() => void) | undefined>;

const followers = new Map<string, WriteFollower>();

/** Registers (or replaces, by name) a module's part in every write. */
export function followWrites(name: string, follower: WriteFollower): void {
  followers.set(name, follower);
}

/**
 * The one write path for everything that pays: opens a transaction, runs `apply` (which changes
 * balances through repositories and throws an AppError to refuse, rolling everything back),
 * appends the ledger rows it recorded, announces what was written to the modules that follow
 * writes (the task progress, the new lifetime totals of the players who earned), commits, and
 * only then runs what they left for after the commit (the copies to the Redis Leader Board).
 *
 * Nothing inside the transaction waits for anything but this transaction's own connection: no
 * second pool connection, no Redis, no network. The whole transaction has a deadline (DB_LIMITS in
 * db/client.ts), after which it is rolled back and the request answers
 * 503, so a stuck piece never holds a row lock or a connection for long.
 */
export async function write<T>(deps: Deps, apply: (tx: Tx, effects: Effects) => Promise<T>): Promise<T> {
  const now = deps.now();
  let committed: LedgerEntry[] = [];
  let afterCommit: (() => void)[] = [];
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
    const after: (() => void)[] = [];
    for (const follow of followers.values()) {
      const done = await follow(tx, { now, ledger, progress, boarded }, deps);
      if (done) after.push(done);
    }
    committed = ledger;
    afterCommit = after;
    return value;
  });
  countLedger(committed);
  for (const done of afterCommit) done();
  return result;
}
