/**
 * How long a board's shared part (its top rows, its count: the same for every reader) is kept
 * per process before it is computed again. A reader's own row is read fresh.
 */
export const BOARD_SHARED_MS = 2_000;

/**
 * A read over data that grows (every squad, every player), computed at most once per `ttlMs` per
 * process however many callers ask: callers arriving while it is computed wait for that one
 * computation, and callers within `ttlMs` of it get its result. A failed computation is not kept.
 * The time is the process's own (not the game clock): this bounds the cost, not the rules.
 */
export function sharedRead<T>(load: () => Promise<T>, ttlMs: number) {
  let kept: { at: number; value: T } | undefined;
  let loading: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      if (kept && performance.now() - kept.at < ttlMs) return Promise.resolve(kept.value);
      loading ??= load()
        .then((value) => {
          kept = { at: performance.now(), value };
          return value;
        })
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },
  };
}

/**
 * `sharedRead` per key (a week, a league), for a small, bounded set of keys: each key's read is
 * computed at most once per `ttlMs` per process, however many callers ask for it.
 */
export function sharedReads<K, T>(load: (key: K) => Promise<T>, ttlMs: number) {
  const reads = new Map<K, ReturnType<typeof sharedRead<T>>>();
  return {
    get(key: K): Promise<T> {
      let read = reads.get(key);
      if (!read) {
        // Keys come from the game's own calendar and tables, never from a caller's free text;
        // still, an unexpected number of them starts the map over rather than growing it.
        if (reads.size >= SHARED_KEYS_KEPT) reads.clear();
        read = sharedRead(() => load(key), ttlMs);
        reads.set(key, read);
      }
      return read.get();
    },
  };
}

const SHARED_KEYS_KEPT = 64;
