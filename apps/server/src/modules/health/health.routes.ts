import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '@egg-rush/contract/common';
import { healthResponse } from '@egg-rush/contract/meta';

/** Load balancers and orchestrators poll this many times a second: it is not rate limited. */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { response: replies(healthResponse, { 503: healthResponse }) };
  app.get('/health', { schema, config: { public: true, rateLimit: false } }, async (_request, reply) => {
    const { database, redis } = app.deps;
    const db = await database.ping();
    let redisStatus: 'up' | 'down' | 'off' = 'off';
    if (redis)
      redisStatus = await redis.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      );
    const ok = db && redisStatus !== 'down';
    reply.status(ok ? 200 : 503);
    return {
      status: ok ? ('ok' as const) : ('degraded' as const),
      database: { kind: database.kind, up: db },
      redis: redisStatus,
    };
  });
}
