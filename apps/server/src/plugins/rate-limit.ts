import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please slow down and try again in a moment.';

/**
 * Per-player limits on every route, counted per route and player (by IP before login), in Redis
 * when it is configured so that every server process shares them. Sized for humans: the app
 * sends at most a few calls a second per route (taps are batched), far below the limit.
 */
export async function registerRateLimit(app: FastifyInstance) {
  const { env, redis } = app.deps;
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    max: env.rateLimitMax,
    timeWindow: env.rateLimitWindowMs,
    ...(redis ? { redis, nameSpace: 'rl:' } : {}),
    skipOnError: true,
    keyGenerator: (request) => (request.userId ? `u${request.userId}` : `ip${request.ip}`),
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE),
  });
}
