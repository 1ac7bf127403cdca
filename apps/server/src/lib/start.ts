import { Redis } from 'ioredis';
import { openDatabase } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Deps } from './deps.ts';

/** Opens the database (migrated) and Redis for a real run. */
export async function connect(env: Env): Promise<Deps> {
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  await database.migrate();
  const redis = env.redisUrl
    ? new Redis(env.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  return { env, database, redis, now: Date.now, rng: Math.random };
}
