import type { FastifyInstance } from 'fastify';

/** Load balancers and orchestrators poll this many times a second: it is not rate limited. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { config: { public: true, rateLimit: false } }, async (_request, reply) => {
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
    return { status: ok ? 'ok' : 'degraded', database: { kind: database.kind, up: db }, redis: redisStatus };
  });
}
