import { Agent, fetch as undiciFetch } from 'undici';
import { AppError } from './errors.ts';

/**
 * The one client for every call to a service outside the server (the Telegram Bot API today,
 * a TON API or anything later). Every call:
 * - gives up: a connect timeout and a total timeout (headers and body read inside it);
 * - is bounded: at most `maxInFlight` calls to one service at once; one more fails at once;
 * - fails fast while the service is down: `failuresToOpen` failures in a row open a circuit
 *   breaker for `coolDownMs`, during which calls fail without being sent;
 * - honours a 429's `retry_after` by failing fast: the breaker opens for that long and the caller
 *   is refused at once, instead of the request being held while it waits.
 * A refusal is an {@link OutsideBusy}: 503 BUSY with Retry-After to the player.
 */
export interface OutsideOptions {
  /** The service's name, in messages and logs. */
  name: string;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxInFlight?: number;
  failuresToOpen?: number;
  coolDownMs?: number;
  now?: () => number;
}

export const OUTSIDE_DEFAULTS = {
  connectTimeoutMs: 3_000,
  totalTimeoutMs: 10_000,
  maxInFlight: 64,
  failuresToOpen: 5,
  coolDownMs: 15_000,
} as const;

export const OUTSIDE_BUSY_MESSAGE = 'A service the game relies on is busy. Please try again in a moment.';

/** An outside call refused or failed: nothing was done; try again after `retryAfter` seconds. */
export class OutsideBusy extends AppError {
  constructor(
    readonly service: string,
    readonly retryAfter: number,
    readonly reason: string,
  ) {
    super(503, 'BUSY', OUTSIDE_BUSY_MESSAGE);
  }
}

/** The OutsideBusy an error is or wraps (grammY wraps a failed fetch in `error`); else undefined. */
export function outsideBusy(error: unknown): OutsideBusy | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    if (e instanceof OutsideBusy) return e;
    const inner = e as { error?: unknown; cause?: unknown };
    e = inner.error ?? inner.cause;
  }
  return undefined;
}

/** Telegram's `parameters.retry_after` (or a Retry-After header), in whole seconds, at least 1. */
function retryAfterOf(body: string, header: string | null): number {
  let seconds = Number(header);
  try {
    const parsed = JSON.parse(body) as { parameters?: { retry_after?: unknown } };
    if (typeof parsed.parameters?.retry_after === 'number') seconds = parsed.parameters.retry_after;
  } catch {
    // not JSON: the header, if any
  }
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 1;
}

type FetchInit = {
  method?: string;
  headers?: unknown;
  body?: unknown;
  signal?: AbortSignal | null;
};

export interface Outside {
  /** A fetch that goes through the client: the body is read inside the time limit. */
  fetch(url: string | URL, init?: FetchInit): Promise<Response>;
  /** Calls in flight now, and whether the breaker is open. */
  state(): { inFlight: number; open: boolean; failures: number };
  close(): Promise<void>;
}

export function createOutside(options: OutsideOptions): Outside {
  const o = { ...OUTSIDE_DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const agent = new Agent({
    connect: { timeout: o.connectTimeoutMs },
    connections: o.maxInFlight,
    headersTimeout: o.totalTimeoutMs,
    bodyTimeout: o.totalTimeoutMs,
  });
  let inFlight = 0;
  let failures = 0;
  let openUntil = 0;
  /** When the breaker last opened: a clock set back before it (a test's, a corrected host's) closes it. */
  let openedAt = 0;
  const isOpen = (at: number) => at >= openedAt && at < openUntil;
  const open = (until: number) => {
    if (!isOpen(now())) openedAt = now();
    openUntil = Math.max(isOpen(now()) ? openUntil : 0, until);
  };

  const refuse = (retryAfterMs: number, reason: string) =>
    new OutsideBusy(o.name, Math.max(1, Math.ceil(retryAfterMs / 1000)), reason);

  const failed = () => {
    failures += 1;
    if (failures >= o.failuresToOpen) open(now() + o.coolDownMs);
  };

  return {
    async fetch(url, init = {}) {
      const at = now();
      if (isOpen(at)) throw refuse(openUntil - at, `${o.name}: circuit open`);
      if (inFlight >= o.maxInFlight) throw refuse(1000, `${o.name}: ${inFlight} calls in flight`);
      inFlight += 1;
      const signals = [AbortSignal.timeout(o.totalTimeoutMs)];
      if (init.signal) signals.push(init.signal);
      try {
        const body = init.body as string | undefined;
        const res = await undiciFetch(url, {
          method: init.method ?? 'GET',
          headers: init.headers as Record<string, string> | undefined,
          body,
          signal: AbortSignal.any(signals),
          dispatcher: agent,
          ...(body !== undefined && typeof body !== 'string' ? { duplex: 'half' as const } : {}),
        });
        const text = await res.text();
        if (res.status === 429) {
          const seconds = retryAfterOf(text, res.headers.get('retry-after'));
          open(now() + seconds * 1000);
          throw refuse(seconds * 1000, `${o.name}: 429, retry after ${seconds} s`);
        }
        if (res.status >= 500) {
          failed();
          throw refuse(1000, `${o.name}: answered ${res.status}`);
        }
        failures = 0;
        return new Response(text, {
          status: res.status,
          statusText: res.statusText,
          headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' },
        });
      } catch (error) {
        if (error instanceof OutsideBusy) throw error;
        // The caller gave up (its own signal): not the service's fault.
        if (init.signal?.aborted) throw error;
        failed();
        throw refuse(1000, `${o.name}: ${(error as Error).name}: ${(error as Error).message}`);
      } finally {
        inFlight -= 1;
      }
    },
    state: () => ({ inFlight, open: isOpen(now()), failures }),
    close: () => agent.close(),
  };
}

const shared = new WeakMap<object, Map<string, { outside: Outside; users: number }>>();

/**
 * One client per service for everything built on the same `owner` (the app's deps), so the bound
 * on calls in flight and the breaker are the service's, however many modules call it. Each taker
 * gets it with `release`, which closes the client once the last taker has released it.
 */
export function sharedOutside(
  owner: object,
  options: OutsideOptions,
): { outside: Outside; release: () => Promise<void> } {
  let byName = shared.get(owner);
  if (!byName) shared.set(owner, (byName = new Map()));
  let entry = byName.get(options.name);
  if (!entry) byName.set(options.name, (entry = { outside: createOutside(options), users: 0 }));
  entry.users += 1;
  const taken = entry;
  let released = false;
  return {
    outside: taken.outside,
    release: async () => {
      if (released) return;
      released = true;
      taken.users -= 1;
      if (taken.users > 0) return;
      if (byName.get(options.name) === taken) byName.delete(options.name);
      await taken.outside.close();
    },
  };
}
