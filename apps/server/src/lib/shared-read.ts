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
