import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors.ts';
import { rateLimitRefusals } from '../lib/metrics.ts';
import type { Tokens } from '../lib/token.ts';
import { tokenSubject } from './auth.ts';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please slow down and try again in a moment.';

/** A shared count in Redis that takes longer than this is counted in the process instead. */
export const REDIS_WAIT_MS = 250;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: not limited. 'address': counted per client address in this process alone (no Redis
     * round trip), whatever token the call carries. 'local': counted per caller (as by default)
     * in this process alone: for the hottest route (taps), whose earnings the tap pace rule
     * already bounds whatever the call rate, so a Redis round trip per call buys nothing.
     */
    rateLimit?: false | 'address' | 'local';
    /** A call this says yes to is not counted (the webhook's calls carrying Telegram's secret). */
    rateLimitExempt?: (request: FastifyRequest) => boolean;
  }
}

/**
 * Fixed-window limits on every route: RATE_LIMIT_MAX calls per RATE_LIMIT_WINDOW_MS for each
 * route (method and path pattern) and caller. The caller is the player of a valid bearer token,
 * otherwise the client address (the socket's, or X-Forwarded-For's under TRUST_PROXY).
 *
 * Counted in an onRequest hook, before the body is read, validated or authorised, so refused
 * calls (400, 401, 403, 409, 413) count too. In Redis when it is configured, so that every
 * server process shares the counts; while Redis is down or slow (over REDIS_WAIT_MS) each
 * process counts alone in memory: the limits still hold, per process, never lifted.
 *
 * Sized for humans: the app sends at most a few calls a second per route (taps are batched).
 */
export function registerRateLimit(app: FastifyInstance, tokens: Tokens) {
  const { env, redis } = app.deps;
  const max = env.rateLimitMax;
  const windowMs = env.rateLimitWindowMs;
  const local = new LocalWindows();
  const shared = redis ? redisWindows(redis) : undefined;
  let degraded = false;

  const count = async (key: string, now: number, useRedis: boolean): Promise<Hit> => {
    if (shared && useRedis) {
      const hit = await shared(key, windowMs, now);
      if (hit) {
        if (degraded) app.log.info('Redis answers again: rate limits are shared between processes');
        degraded = false;
        return hit;
      }
      if (!degraded) app.log.warn('Redis does not answer: rate limits are counted per process until it does');
      degraded = true;
    }
    return local.hit(key, windowMs, now);
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const policy = request.routeOptions.config?.rateLimit;
    if (policy === false || request.routeOptions.config?.rateLimitExempt?.(request)) return;
    const now = app.deps.now();
    const route = `${request.method} ${request.routeOptions.url ?? '*'}`;
    const player = policy === 'address' ? null : tokenSubject(request, tokens, now);
    const caller = player === null ? `a${request.ip}` : `u${player}`;
    const hit = await count(`rl:${route}:${caller}`, now, policy !== 'address' && policy !== 'local');
    if (hit.count > max) {
      rateLimitRefusals.inc();
      reply.header('retry-after', String(Math.max(1, Math.ceil((hit.resetAt - now) / 1000))));
      throw new AppError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE);
    }
  });
}

interface Hit {
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/** Counts in this process: one fixed window per key, expired windows swept once a window. */
export class LocalWindows {
  private readonly windows = new Map<string, Hit>();
  private nextSweep = 0;

  /** At most this many keys are held; beyond, the oldest windows are dropped first. */
  constructor(private readonly maxKeys = 200_000) {}

  hit(key: string, windowMs: number, now: number): Hit {
    if (now >= this.nextSweep || this.windows.size >= this.maxKeys) this.sweep(now, windowMs);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    window.count++;
    return { ...window };
  }

  private sweep(now: number, windowMs: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Still full (a flood of distinct callers): drop the oldest tenth, so sweeps stay rare.
    if (this.windows.size >= this.maxKeys) {
      let drop = this.windows.size - Math.floor(this.maxKeys * 0.9);
      for (const key of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(key);
      }
    }
    this.nextSweep = now + windowMs;
  }
}

/** INCR and the window's expiry in one step; answers the count and the milliseconds left. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`;

type RateRedis = Redis & { eggRushRateHit(key: string, windowMs: number): Promise<[number, number]> };

/** Counts in Redis; null when Redis is lost, fails or is slower than REDIS_WAIT_MS. */
function redisWindows(redis: Redis) {
  const client = redis as RateRedis;
  if (typeof client.eggRushRateHit !== 'function') {
    redis.defineCommand('eggRushRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }
  return async (key: string, windowMs: number, now: number): Promise<Hit | null> => {
    // Still opening its first connection (a process just started): the command waits in the
    // client's queue, within REDIS_WAIT_MS. Lost and reconnecting: counted in the process at once.
    if (redis.status !== 'ready' && redis.status !== 'connecting' && redis.status !== 'connect') return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), REDIS_WAIT_MS);
    });
    try {
      const counted = client
        .eggRushRateHit(key, windowMs)
        .then(([count, ttl]) => ({ count: Number(count), resetAt: now + Number(ttl) }));
      return await Promise.race([counted, late]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
