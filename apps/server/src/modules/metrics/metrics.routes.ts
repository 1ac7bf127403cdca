import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { dbPool, leaderboardBackend, redisUp, registry } from '../../lib/metrics.ts';
import { bearerToken, sameSecret } from '../../lib/secret.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/**
 * GET /metrics: Prometheus text, only with `Authorization: Bearer <METRICS_TOKEN>`; without a
 * METRICS_TOKEN configured the route answers 404. Mounted at the root, beside /api.
 */
export default async function metricsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...contractRoute('metrics'),
    config: { rateLimit: 'address' },
    handler: async (request, reply) => {
      const { env, database, redis } = app.deps;
      if (!env.metricsToken) throw notFound();
      if (!sameSecret(bearerToken(request.headers.authorization), env.metricsToken))
        throw new AppError(401, 'UNAUTHORIZED', 'A metrics token is required.');
      const pool = database.poolStats();
      dbPool.set({ state: 'in_use' }, pool.inUse);
      dbPool.set({ state: 'idle' }, pool.idle);
      dbPool.set({ state: 'waiting' }, pool.waiting);
      const redisReady = redis?.status === 'ready';
      if (redis) redisUp.set(redisReady ? 1 : 0);
      leaderboardBackend.set({ backend: 'redis' }, redisReady ? 1 : 0);
      leaderboardBackend.set({ backend: 'postgres' }, redisReady ? 0 : 1);
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  });
}
