import type { Redis } from 'ioredis';
import { openDatabase, type Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Deps } from './lib/deps.ts';
import { openRedisFor } from './lib/redis.ts';
import { followLogins } from './modules/auth/index.ts';
import { allocationsPort } from './modules/airdrop/index.ts';
import { noteWalletBound } from './modules/analytics/index.ts';
import { noteCampaignOpen } from './modules/campaigns/index.ts';
import { dailyProfile } from './modules/daily/index.ts';
import { playerVersionsFrom } from './modules/config/index.ts';
import { knownEvents } from './modules/events/index.ts';
import {
  allocationsFrom,
  forgetWallet,
  recordWalletBound,
  signalRecorder,
  walletFactsReader,
} from './modules/fairness/index.ts';
import { experimentConfigVersion, experimentEventsFrom } from './modules/experiments/index.ts';
import { boardsFollowWrites, leagueSets, redisScores } from './modules/leaderboard/index.ts';
import { followWrites } from './modules/ledger/index.ts';
import { rekeySquadNames } from './modules/squads/index.ts';
import { tasksFollowWrites } from './modules/tasks/index.ts';
import { provideProfilePart } from './modules/users/index.ts';
import { accountProfile } from './modules/accounts/index.ts';
import { followBinds, walletOf } from './modules/wallet/index.ts';

/**
 * Start-up wiring, in one place: what the modules register with each other (lib/ and plugins/
 * import no module; the ledger imports no feature) and the connections of a real run.
 */

/**
 * The modules that follow every write of the ledger, in the order they run: the tasks count the
 * actions, then the Leader Board reads the new totals. Idempotent (each app built calls it).
 */
export function wireModules(): void {
  followWrites('tasks', tasksFollowWrites);
  followWrites('leaderboard', boardsFollowWrites);
  // A login from a campaign's button counts the campaign as opened.
  followLogins('campaigns', (deps, login) => noteCampaignOpen(deps, login.userId, login.startParam));
  // A session of the fairness signals: hashes of the coarse address and of the device only.
  followLogins('fairness', (deps, login) =>
    signalRecorder(deps).login(login.userId, {
      ip: login.client.ip,
      userAgent: login.client.userAgent,
      platform: login.client.platform,
    }),
  );
  // A/B tests: the configuration a player is paid by (their variant's version), and the events an
  // experiment may name, each read by a module the other one reads.
  playerVersionsFrom(experimentConfigVersion);
  experimentEventsFrom(knownEvents);
  // The player's profile gathers the parts other modules keep.
  provideProfilePart('account', accountProfile);
  provideProfilePart('daily', dailyProfile);
  provideProfilePart('wallet', async (tx, userId) => ({ walletAddress: await walletOf(tx, userId) }));
  // A wallet bound: the fairness signals record it and read the rest of its facts from the chain
  // once the reply is on its way; the console's funnel counts the player's first.
  followBinds('fairness', {
    bound: recordWalletBound,
    unbound: forgetWallet,
    afterBound: (deps, userId) => {
      const facts = walletFactsReader(deps);
      if (facts) setImmediate(() => facts.nudge(userId));
    },
  });
  // The fairness module reads the allocations through the airdrop module's port.
  allocationsFrom(allocationsPort);
  followBinds('analytics', { bound: (tx, bind) => noteWalletBound(tx, bind.userId, bind.at.getTime()) });
}

/**
 * Opens the database (migrated) and Redis for a real run, loading the Leader Board and the league boards into Redis
 * from PostgreSQL when Redis does not hold it yet, and again each time Redis answers after an outage.
 */
export async function connect(env: Env): Promise<Deps> {
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    replicaUrl: env.databaseReplicaUrl,
    dataDir: env.dataDir,
  });
  await database.migrate();
  await rekeySquadNames(database);
  const redis = openRedisFor(env);
  // Redis down at start is not fatal: the Leader Board is read from PostgreSQL and loaded later.
  if (redis) await keepRedisCopies(redis, database.db);
  return { env, database, redis, now: Date.now, rng: Math.random };
}

/**
 * Redis holds copies of what PostgreSQL knows (the Leader Board and league sets). Loads them
 * when missing now, then each time the connection is ready again (Redis restarted, came back
 * after a network loss, or Sentinel promoted a replica): while Redis did not answer, the board
 * writes were dropped (the game went on with PostgreSQL alone), and a replica may miss the last
 * writes of its old primary, so every player is loaded again (ZADD GT: newer totals stay).
 * Resolves after the first attempt; later loads run in the background and never throw.
 */
export async function keepRedisCopies(redis: Redis, db: Db): Promise<void> {
  const copies = [redisScores(redis), leagueSets(redis)];
  let first = true;
  let running: Promise<void> | undefined;
  const load = async (all: boolean) => {
    for (const copy of copies) await (all ? copy.refresh(db) : copy.rebuildIfMissing(db));
  };
  redis.on('ready', () => {
    if (first) return;
    // One load at a time; a connection lost during it is followed by another.
    running = (running ?? Promise.resolve()).then(() => load(true).catch(() => undefined));
  });
  await load(false).catch(() => undefined);
  first = false;
}
