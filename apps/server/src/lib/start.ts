import { openDatabase } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Deps } from './deps.ts';
import { openRedis } from './redis.ts';
import { redisScores } from '../modules/leaderboard/leaderboard.store.ts';
import { leagueSets } from '../modules/leagues/leagues.store.ts';
import { rekeySquadNames } from '../modules/squads/squads.service.ts';

/**
 * Opens the database (migrated) and Redis for a real run, loading the Leader Board and the league boards into Redis
 * from PostgreSQL when Redis does not hold it yet.
 */
export async function connect(env: Env): Promise<Deps> {
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    replicaUrl: env.databaseReplicaUrl,
    dataDir: env.dataDir,
  });
  await database.migrate();
  await rekeySquadNames(database);
  const redis = env.redisUrl ? openRedis(env.redisUrl, env.redisKeyPrefix) : undefined;
  // Redis down at start is not fatal: the Leader Board is read from PostgreSQL and reloaded later.
  if (redis) {
    await redisScores(redis)
      .rebuildIfMissing(database.db)
      .catch(() => undefined);
    await leagueSets(redis)
      .rebuildIfMissing(database.db)
      .catch(() => undefined);
  }
  return { env, database, redis, now: Date.now, rng: Math.random };
}
