/** A TCP port on 127.0.0.1 that nothing listens on now (the OS's choice). */
export function freePort(): Promise<number>;

/** CPU seconds (user + system) of a process (Linux's /proc), or 0 when it is gone. */
export function cpuSeconds(pid: number): number;

/** Logs a development player in to the server at `url` as the app does; returns the bearer token. */
export function devLogin(url: string, userid: number): Promise<string>;

/** Starts the highly available topology (scripts/ha/up.mjs); returns the JSON object it printed last. */
export function haUp(env?: Record<string, string>): Record<string, unknown>;

/**
 * `check()` again every `everyMs` (50) until it gives a value other than undefined, null or false
 * (a throw counts as not yet), which it returns; throws `${what}: not within ${limitMs} ms` after.
 */
export function until<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  limitMs: number,
  everyMs?: number,
): Promise<T>;
