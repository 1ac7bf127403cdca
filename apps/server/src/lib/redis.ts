import { Redis, type RedisOptions } from 'ioredis';

/**
 * Every Redis wait has a limit (docs/security.md, "Timeouts"): a command answers within
 * `commandTimeout` or fails, and the caller falls back (the Leader Board to PostgreSQL, a board
 * write to the player's next one).
 */
export const REDIS_LIMITS = {
  /** One command, queued while reconnecting or sent: Redis answers in well under 1 ms. */
  commandTimeoutMs: 1_000,
  /** Opening the connection. */
  connectTimeoutMs: 2_000,
} as const;

export function openRedis(url: string, keyPrefix: string): Redis {
  const options: RedisOptions = {
    keyPrefix,
    maxRetriesPerRequest: 2,
    commandTimeout: REDIS_LIMITS.commandTimeoutMs,
    connectTimeout: REDIS_LIMITS.connectTimeoutMs,
  };
  const redis = new Redis(url, options);
  // A lost connection is retried in the background; each command reports its own failure.
  redis.on('error', () => undefined);
  return redis;
}
