import { Redis, type RedisOptions } from 'ioredis';
import type { Env } from '../env.ts';

/**
 * Every Redis wait has a limit (docs/security.md, "Timeouts"): a command answers within
 * `commandTimeout` or fails, and the caller falls back (the Leader Board to PostgreSQL, a board
 * write to the player's next one, a rate limit to the process's own count).
 */
export const REDIS_LIMITS = {
  /** One command, queued while reconnecting or sent: Redis answers in well under 1 ms. */
  commandTimeoutMs: 1_000,
  /** Opening the connection. */
  connectTimeoutMs: 2_000,
  /** Asking a Sentinel which node is the primary. */
  sentinelCommandTimeoutMs: 500,
} as const;

/** Where Redis is: a redis:// URL, or Sentinels that name the primary (the URL's password applies). */
export type RedisTarget =
  string | { url?: string | undefined; sentinels: { host: string; port: number }[]; name: string };

/** Redis as the environment configures it (REDIS_SENTINELS or REDIS_URL), or undefined. */
export function openRedisFor(env: Env): Redis | undefined {
  if (env.redisSentinels)
    return openRedis(
      { url: env.redisUrl, sentinels: env.redisSentinels, name: env.redisSentinelName },
      env.redisKeyPrefix,
    );
  return env.redisUrl ? openRedis(env.redisUrl, env.redisKeyPrefix) : undefined;
}

export function openRedis(target: RedisTarget, keyPrefix: string): Redis {
  const options: RedisOptions = {
    keyPrefix,
    maxRetriesPerRequest: 2,
    commandTimeout: REDIS_LIMITS.commandTimeoutMs,
    connectTimeout: REDIS_LIMITS.connectTimeoutMs,
    // A primary that Sentinel turned into a replica refuses writes: find the new primary.
    reconnectOnError: (error) => error.message.startsWith('READONLY'),
  };
  let redis: Redis;
  if (typeof target === 'string') {
    redis = new Redis(target, options);
  } else {
    const sentinel: RedisOptions = {
      ...options,
      sentinels: target.sentinels,
      name: target.name,
      sentinelCommandTimeout: REDIS_LIMITS.sentinelCommandTimeoutMs,
      // Not `failoverDetector`: in ioredis 5.11 its disconnect can race a reconnection and end
      // the client for good. A lost primary closes the connection (the client asks the Sentinels
      // again), and an old primary turned replica answers READONLY (reconnectOnError above).
    };
    redis = target.url ? new Redis(target.url, sentinel) : new Redis(sentinel);
  }
  // A lost connection is retried in the background; each command reports its own failure.
  redis.on('error', () => undefined);
  return redis;
}
