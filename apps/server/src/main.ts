import cluster from 'node:cluster';
import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { connect } from './bootstrap.ts';
import { closeConnectionsOnDrain, SHUTDOWN_LIMIT_MS, startDraining } from './modules/health/index.ts';
import { flushScores } from './modules/leaderboard/index.ts';
import { createJobs } from './lib/jobs.ts';
import { registerClaimConfirmJob, registerClaimReminderJob } from './modules/airdrop/index.ts';
import { registerCampaignJobs } from './modules/campaigns/index.ts';
import { registerAnalyticsJob } from './modules/analytics/index.ts';
import { registerExperimentsJob } from './modules/experiments/index.ts';
import { registerSignalsJobs } from './modules/fairness/index.ts';
import { registerSeasonJob } from './modules/seasons/index.ts';

/** One server process: connect, listen, and close gracefully on SIGTERM/SIGINT. */
async function serve(env: Env) {
  const deps = await connect(env);
  const app = await buildApp(deps, { logger: true, serveWeb: true });
  if (env.devMode && !cluster.isWorker) {
    app.log.warn(
      'BOT_TOKEN is not set: development mode. Launch data is signed with a development token and /api/v1/dev/launch is open.',
    );
  }
  // One log line per deployment: the single process, or the first worker.
  const first = !cluster.isWorker || cluster.worker?.id === 1;
  if (!app.bot && first) app.log.info('BOT_TOKEN is not set: the Telegram bot is off');
  if (app.bot && env.botMode === 'webhook' && !env.botWebhookSecret && first) {
    app.log.warn('BOT_WEBHOOK_SECRET is not set: the webhook refuses every update (see docs/telegram.md)');
  }
  let closing = false;
  const connections = closeConnectionsOnDrain(app.server);
  // The one job runner (lib/jobs.ts, docs/scaling.md): each job at most once at a time across
  // the processes, stopped (waiting for the runs in flight) before the app closes.
  const jobs = createJobs(deps.database, app.log);
  // Pays finished weeks.
  registerSeasonJob(jobs, deps, app.log);
  // Confirms sent airdrop claims from the chain (with TON_API_ROOT).
  registerClaimConfirmJob(jobs, deps, app.log);
  // Reminds players who have not claimed, 7 days and 1 day before the airdrop closes (with the bot).
  registerClaimReminderJob(jobs, deps, app.log);
  // The fairness signals: idle players' cadence written, wallets' facts read, old signals purged.
  registerSignalsJobs(jobs, deps, app.log);
  // The console's analytics: the ledger folded into the charts' rollups.
  registerAnalyticsJob(jobs, deps, app.log);
  // A/B tests: their players' D1 and D7 settled before the active player-days are deleted.
  registerExperimentsJob(jobs, deps, app.log);
  // The bot's notifications: events queued, due messages sent.
  app.bot?.notifier.register(jobs);
  // Operators' campaigns: their messages sent at Telegram's pace, one sender at a time.
  registerCampaignJobs(jobs, deps, app.bot?.campaignApi, app.log);
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready from now on; past the limit the process goes anyway.
    startDraining(deps);
    connections.drain();
    setTimeout(() => {
      app.log.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'graceful stop over its limit: exiting');
      process.exit(1);
    }, env.drainDelayMs + SHUTDOWN_LIMIT_MS).unref();
    app.log.info({ signal }, 'shutting down: not ready, finishing the requests in flight');
    // A load balancer goes on sending here, over new connections and kept-alive ones, until its
    // health check has seen /ready answer 503. Serve until then: a kept-alive connection closed
    // by this side at the moment the balancer reuses it fails that request (HTTP/1.1 has no
    // safe way for a server to close an idle connection).
    await delay(env.drainDelayMs);
    await jobs.stop();
    // Stops listening, closes idle connections and answers what arrives on busy ones with
    // `Connection: close`; resolves once every request is answered and the tap writer drained.
    await app.close();
    if (deps.redis) await flushScores(deps.redis);
    await deps.redis?.quit().catch(() => undefined);
    await deps.database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));
  await app.listen({ port: env.port, host: env.host });
  // After listening: installing pg-boss's schema (the first start) does not delay serving.
  await jobs.start();
  // Long polling in one process only (Telegram refuses a second poller); the webhook and the
  // notification queue are shared by every process.
  await app.bot?.start({ polling: env.botMode === 'polling' && first });
}

/** WORKERS > 1: a primary migrates once, then forks workers that share the port. */
async function serveCluster(env: Env) {
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  await database.migrate();
  await database.close();
  // Every worker must sign and check tokens with the same key, also when it was generated here.
  const shared = { JWT_SECRET: env.jwtSecret };
  for (let i = 0; i < env.workers; i++) cluster.fork(shared);
  cluster.on('exit', (worker, code, signal) => {
    if (code !== 0 && !signal) {
      console.error(`worker ${worker.process.pid} exited with ${code}; starting another`);
      cluster.fork(shared);
    }
  });
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function main() {
  const env = loadEnv();
  if (env.workers > 1 && cluster.isPrimary) await serveCluster(env);
  else await serve(env);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
