import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '@egg-rush/contract/common';
import { healthResponse } from '@egg-rush/contract/meta';

/** The health answer is computed at most this often; calls in between share it. */
export const HEALTH_CACHE_MS = 1000;

interface Health {
  ok: boolean;
  body: { status: 'ok' | 'degraded'; database: { kind: string; up: boolean }; redis: 'up' | 'down' | 'off' };
}

/**
 * Load balancers and orchestrators poll this several times a second. It stays cheap: one
 * `select 1` and one Redis PING at most once a second (concurrent and later calls within the
 * second share that answer), no write anywhere, and calls are limited per client address in the
 * process (no Redis round trip), whatever token they carry.
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { response: replies(healthResponse, { 503: healthResponse }) };
  let last: { at: number; health: Promise<Health> } | undefined;

  const check = async (): Promise<Health> => {
    const { database, redis } = app.deps;
    const db = await database.ping();
    let redisStatus: 'up' | 'down' | 'off' = 'off';
    if (redis)
      redisStatus = await redis.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      );
    const ok = db && redisStatus !== 'down';
    return {
      ok,
      body: { status: ok ? 'ok' : 'degraded', database: { kind: database.kind, up: db }, redis: redisStatus },
    };
  };

  app.get('/health', { schema, config: { public: true, rateLimit: 'address' } }, async (_request, reply) => {
    const now = performance.now();
    if (!last || now - last.at >= HEALTH_CACHE_MS) last = { at: now, health: check() };
    const { ok, body } = await last.health;
    reply.status(ok ? 200 : 503);
    return body;
  });
}
