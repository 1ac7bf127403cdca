import { create } from 'zustand';
import { ApiError } from './http.ts';

/**
 * The writes that pay (tap batches, purchases) go out one at a time, in the order the player made
 * them, and are kept through a failover: a call that fails for a reason that passes (no network,
 * 502, 503, 504: the database's primary is being replaced, a process restarts) is sent again, the
 * same request with the same id, after 0.5, 1, 2, 4, 4… s, until it is answered or `giveUpMs`
 * has passed. The server applies a request id once (users.request_ids), so a request whose answer
 * was lost is not applied twice. A refusal (4xx) is not sent again: it is the caller's to show.
 * While a write waits to be sent again, `useReconnecting` is true: the app shows a quiet
 * indicator rather than an error.
 */

/** The waits before each new attempt, in ms; the last one repeats. */
export const BACKOFF_MS = [500, 1_000, 2_000, 4_000] as const;
/** A write still failing after this long fails for good (the caller shows its error). */
export const GIVE_UP_MS = 120_000;

/** A failure that passes: the request may be sent again as it is. */
export function transient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

/** A new request id: a random integer in [1, 2^53), as the contract's `requestId`. */
export function requestId(): number {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2)) as unknown as [number, number];
  return (hi & 0x1f_ffff) * 2 ** 32 + lo || 1;
}

interface OutboxState {
  /** Writes waiting to be sent again after a failure that passes. */
  retrying: number;
}
const useOutboxStore = create<OutboxState>(() => ({ retrying: 0 }));

/** True while a write waits to be sent again (the "reconnecting" indicator). */
export const useReconnecting = () => useOutboxStore((s) => s.retrying > 0);
export const isReconnecting = () => useOutboxStore.getState().retrying > 0;

export interface OutboxOptions {
  /** Waits `ms` (tests pass a fake clock). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  giveUpMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The last write in line: the next one starts when it is settled. */
let tail: Promise<unknown> = Promise.resolve();

/**
 * Sends `attempt` after every write sent before it is settled, and again after a failure that
 * passes (with backoff), until it is answered, refused, or `giveUpMs` has passed. `attempt` must
 * send the same request each time (the same request id).
 */
export function send<T>(attempt: () => Promise<T>, options: OutboxOptions = {}): Promise<T> {
  const run = tail.then(() => untilAnswered(attempt, options));
  tail = run.catch(() => undefined);
  return run;
}

async function untilAnswered<T>(attempt: () => Promise<T>, options: OutboxOptions): Promise<T> {
  const { sleep = wait, now = Date.now, giveUpMs = GIVE_UP_MS } = options;
  const started = now();
  let waiting = false;
  try {
    for (let tries = 0; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        const delay = BACKOFF_MS[Math.min(tries, BACKOFF_MS.length - 1)] ?? GIVE_UP_MS;
        if (!transient(error) || now() - started + delay > giveUpMs) throw error;
        if (!waiting) {
          waiting = true;
          useOutboxStore.setState((s) => ({ retrying: s.retrying + 1 }));
        }
        await sleep(delay);
      }
    }
  } finally {
    if (waiting) useOutboxStore.setState((s) => ({ retrying: s.retrying - 1 }));
  }
}
