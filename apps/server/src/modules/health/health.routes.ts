import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HealthResponse } from '@egg-rush/contract/meta';
import { migrationsFolder, queryRows, type Db } from '../../db/client.ts';
import { isDraining } from './drain.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** The health answer is computed at most this often; calls in between share it. */
export const HEALTH_CACHE_MS = 1000;

interface Health {
  ok: boolean;
  body: HealthResponse;
}

/**
 * Load balancers and orchestrators poll this several times a second. It stays cheap: one
 * `select 1` and one Redis PING at most once a second (concurrent and later calls within the
 * second share that answer), no write anywhere, and calls are limited per client address in the
 * process (no Redis round trip), whatever token they carry.
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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

  app.route({
    ...contractRoute('health'),
    config: { public: true, rateLimit: 'address' },
    handler: async (_request, reply) => {
      const now = performance.now();
      if (!last || now - last.at >= HEALTH_CACHE_MS) last = { at: now, health: check() };
      const { ok, body } = await last.health;
      reply.status(ok ? 200 : 503);
      return body;
    },
  });

  /**
   * Readiness: the database answers, every committed migration is applied and the process is not
   * stopping (SIGTERM: it answers 503 at once, see drain.ts). Orchestrators send traffic only
   * once it is 200. Redis is reported but not required: without it the game runs on PostgreSQL
   * alone, and a load balancer must not take every process out when Redis is down.
   */
  app.route({
    ...contractRoute('ready'),
    config: { public: true, rateLimit: 'address' },
    handler: async (_request, reply) => {
      const { database } = app.deps;
      const { body } = await check();
      const migrations = body.database.up ? await migrationsApplied(database.db) : false;
      const ready = body.database.up && migrations && !isDraining(app.deps);
      reply.status(ready ? 200 : 503);
      return { ready, database: body.database.up, redis: body.redis, migrations };
    },
  });
}

/** Whether the database has applied as many migrations as the build ships. */
async function migrationsApplied(db: Db): Promise<boolean> {
  try {
    const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
      entries: unknown[];
    };
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return Number(row?.n ?? 0) >= journal.entries.length;
  } catch {
    return false;
  }
}
