import { DatabaseBusyError, type Database } from '../../db/client.ts';
import { connectionLost } from '../../db/failover.ts';
import { applyTapBatches, type TapBatch, type TapRow } from './economy.repository.ts';

/** How the writer groups batches; per process. */
export interface TapWriterOptions {
  /** At most this many batches in one statement. */
  maxBatches: number;
  /** A batch waits at most this long for others to join it when no statement is running. */
  lingerMs: number;
  /** Statements running at once (PGlite runs one at a time whatever this says). */
  maxInFlight: number;
}

export const TAP_WRITER_DEFAULTS: Record<Database['kind'], TapWriterOptions> = {
  // PGlite has one connection: while one statement runs, the next one fills up.
  pglite: { maxBatches: 256, lingerMs: 1, maxInFlight: 1 },
  // Two statements at once keep the database busy while the other's commit is written to disk.
  postgres: { maxBatches: 256, lingerMs: 2, maxInFlight: 4 },
};

interface Pending extends TapBatch {
  resolve(row: TapRow | null): void;
  reject(error: unknown): void;
}

/**
 * Coalesces the tap batches of all players arriving within a few milliseconds into one statement
 * and one commit (applyTapBatches). A batch waits for at most `lingerMs`, or until a running
 * statement ends when `maxInFlight` are running, or not at all once `maxBatches` are waiting.
 *
 * Each request is answered with its own row only after the statement that carries it has
 * committed. A player's batches apply in arrival order: one statement takes at most one batch of
 * a player, and none of a player whose earlier batch is still being written.
 *
 * A failed statement does not fail its neighbours: each of its batches is retried alone, and only
 * a batch that fails alone answers with its own error. Except when the connection was lost (a
 * failover): the statement may have committed, so its batches are never sent again; each answers
 * 503 BUSY, and is either committed once or not at all (the app sends it again with its id: a
 * batch that was committed is then answered as `repeated`).
 */
export function createTapWriter(
  database: Database,
  options: TapWriterOptions = TAP_WRITER_DEFAULTS[database.kind],
) {
  const queue: Pending[] = [];
  /** Players with a batch in a running statement. */
  const writing = new Set<number>();
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  let idle: (() => void) | undefined;
  let statements = 0;

  /** Up to maxBatches of the oldest waiting batches, at most one per player, none of a player being written. */
  function take(): Pending[] {
    const taken: Pending[] = [];
    const players = new Set<number>();
    for (let i = 0; i < queue.length && taken.length < options.maxBatches;) {
      const p = queue[i];
      if (!p) break;
      if (writing.has(p.userId) || players.has(p.userId)) {
        players.add(p.userId); // a later batch of this player must wait behind this one
        i++;
        continue;
      }
      players.add(p.userId);
      taken.push(p);
      queue.splice(i, 1);
    }
    return taken;
  }

  function schedule() {
    if (queue.length === 0) {
      if (inFlight === 0) idle?.();
      return;
    }
    if (inFlight >= options.maxInFlight) return; // the running statement's end flushes
    if (queue.length >= options.maxBatches || options.lingerMs <= 0) {
      flush();
      return;
    }
    timer ??= setTimeout(flush, options.lingerMs);
  }

  function flush() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (inFlight >= options.maxInFlight) return;
    const batch = take();
    if (batch.length === 0) return; // every waiting batch is behind one being written
    inFlight++;
    for (const p of batch) writing.add(p.userId);
    void run(batch).finally(() => {
      for (const p of batch) writing.delete(p.userId);
      inFlight--;
      schedule();
    });
    // Room for another statement: what is still waiting need not wait for this one.
    if (queue.length > 0 && inFlight < options.maxInFlight) schedule();
  }

  async function run(batch: Pending[]) {
    statements++;
    try {
      const rows = await applyTapBatches(database, batch);
      for (const p of batch) p.resolve(rows.get(p.userId) ?? null);
    } catch (error) {
      if (connectionLost(error)) {
        const busy = new DatabaseBusyError(`connection lost: ${(error as Error).message}`);
        for (const p of batch) p.reject(busy);
        return;
      }
      const [only] = batch;
      if (only && batch.length === 1) {
        only.reject(error);
        return;
      }
      // Nothing of the failed statement was committed: each batch alone, in turn.
      for (const p of batch) {
        statements++;
        try {
          const rows = await applyTapBatches(database, [p]);
          p.resolve(rows.get(p.userId) ?? null);
        } catch (alone) {
          p.reject(connectionLost(alone) ? new DatabaseBusyError('connection lost') : alone);
        }
      }
    }
  }

  return {
    /**
     * Applies one batch, with others; answers after its commit (null: no tap credited; a row
     * with `repeated`: the batch's id had been applied already).
     */
    submit(
      userId: number,
      count: number,
      now: number,
      batch?: number,
      event?: TapBatch['event'],
      regenMs?: number,
      incomeSpans?: TapBatch['incomeSpans'],
    ): Promise<TapRow | null> {
      return new Promise<TapRow | null>((resolve, reject) => {
        queue.push({ userId, count, now, batch, event, regenMs, incomeSpans, resolve, reject });
        schedule();
      });
    },
    /** Statements run so far (retries included). */
    statements: () => statements,
    /** Resolves once every batch submitted so far is answered. */
    async drain(): Promise<void> {
      while (queue.length > 0 || inFlight > 0) {
        await new Promise<void>((resolve) => {
          idle = resolve;
          flush();
        });
        idle = undefined;
      }
    },
  };
}
export type TapWriter = ReturnType<typeof createTapWriter>;
