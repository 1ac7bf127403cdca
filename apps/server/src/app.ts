import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  type HTTPMethods,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { wireModules } from './bootstrap.ts';
import type { Deps } from './lib/deps.ts';
import { httpDuration, httpRequests } from './lib/metrics.ts';
import { createTokens } from './lib/token.ts';
import adminRoutes from './modules/admin/admin.routes.ts';
import airdropRoutes from './modules/airdrop/airdrop.routes.ts';
import analyticsRoutes from './modules/analytics/analytics.routes.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import avatarRoutes from './modules/avatar/avatar.routes.ts';
import campaignsRoutes from './modules/campaigns/campaigns.routes.ts';
import comboRoutes from './modules/combo/combo.routes.ts';
import configRoutes from './modules/config/config.routes.ts';
import cipherRoutes from './modules/cipher/cipher.routes.ts';
import { createBotSide, type BotSide } from './modules/bot/index.ts';
import botRoutes from './modules/bot/bot.routes.ts';
import dailyRoutes from './modules/daily/daily.routes.ts';
import economyRoutes from './modules/economy/economy.routes.ts';
import eventsRoutes from './modules/events/events.routes.ts';
import experimentsRoutes from './modules/experiments/experiments.routes.ts';
import fairnessRoutes from './modules/fairness/fairness.routes.ts';
import farmRoutes from './modules/farm/farm.routes.ts';
import friendsRoutes from './modules/friends/friends.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import leaderboardRoutes from './modules/leaderboard/leaderboard.routes.ts';
import leaguesRoutes from './modules/leagues/leagues.routes.ts';
import metricsRoutes from './modules/metrics/metrics.routes.ts';
import miningRoutes from './modules/mining/mining.routes.ts';
import openapiRoutes from './modules/openapi/openapi.routes.ts';
import paymentsRoutes from './modules/payments/payments.routes.ts';
import playRoutes from './modules/play/play.routes.ts';
import seasonsRoutes from './modules/seasons/seasons.routes.ts';
import squadsRoutes from './modules/squads/squads.routes.ts';
import spinRoutes from './modules/spin/spin.routes.ts';
import tasksRoutes from './modules/tasks/tasks.routes.ts';
import usersRoutes from './modules/users/users.routes.ts';
import walletRoutes, { walletManifestRoutes } from './modules/wallet/wallet.routes.ts';
import { flushScores } from './modules/leaderboard/index.ts';
import { insertAudit } from './modules/audit/index.ts';
import { BANNED_MESSAGE, bansOf } from './modules/bans/index.ts';
import { checkDeclaredRole, registerAuth } from './plugins/auth.ts';
import { registerControlCharacters } from './plugins/control-characters.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';

/**
 * Request bodies above this are refused with 413 (no call carries a large payload: the largest,
 * login's launch data, is about 1 KiB).
 */
export const BODY_LIMIT = 16 * 1024;

/**
 * HTTP timeouts (milliseconds). A slow mobile network (2G, ~20 kbit/s up) sends headers and a
 * full 16 KiB body in about 7 s, a real call (about 1 KiB at most) in under a second. A client
 * that announces a body and stalls holds a connection for at most `request` + `check` (11 s).
 */
export const HTTP_TIMEOUTS = {
  /** Whole request (headers and body) must arrive within this, else 408 and the socket closes. */
  request: 10_000,
  /** Headers must arrive within this (Node requires it to be at most `request`). */
  headers: 10_000,
  /** How often Node looks for requests over those limits (its default is 30 s). */
  check: 1_000,
  /** A socket silent both ways this long is destroyed (a stuck handler, a reply nobody reads). */
  connection: 30_000,
  /**
   * An idle kept-alive connection is closed after this: above the 60 s idle timeout of common
   * load balancers, so that they, not the server, close it (no race ending in a 502).
   */
  keepAlive: 72_000,
} as const;

/** Feature modules, each mounted under /api/v1. */
const modules = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  dailyRoutes,
  economyRoutes,
  farmRoutes,
  leaderboardRoutes,
  leaguesRoutes,
  seasonsRoutes,
  squadsRoutes,
  avatarRoutes,
  miningRoutes,
  comboRoutes,
  cipherRoutes,
  friendsRoutes,
  tasksRoutes,
  spinRoutes,
  walletRoutes,
  playRoutes,
  paymentsRoutes,
  botRoutes,
  airdropRoutes,
  fairnessRoutes,
  eventsRoutes,
  campaignsRoutes,
  configRoutes,
  experimentsRoutes,
  adminRoutes,
  analyticsRoutes,
  openapiRoutes,
];

/** A route as registered: what the contract tests compare with the OpenAPI document. */
export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
  /** Reachable without a bearer token (config.public). */
  public: boolean;
  /** Only for operators (config.operator). */
  operator: boolean;
  /** Relays another system's text as sent, control characters included (config.foreignText). */
  foreignText: boolean;
  /** Body fields that may hold line feeds (config.lineBreaks). */
  lineBreaks: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, collected as it is registered (HEAD twins of GET routes left out). */
    registeredRoutes: readonly RegisteredRoute[];
    /** The Telegram bot, when BOT_TOKEN is set. */
    bot: BotSide | undefined;
  }
}

/** The built web app: apps/web/dist (this file is apps/server/src/app.ts or apps/server/dist/main.js). */
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildOptions {
  logger?: boolean;
  /** Where the log goes (standard output unless given; tests read it). */
  logStream?: NodeJS.WritableStream;
  /** Serve the built web app when it exists (off in API tests). */
  serveWeb?: boolean;
}

export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? { level: deps.env.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) }
      : false,
    // Requests are logged once, when answered, by the hook below: route pattern, status, time and
    // player, never the address's query, a header, a body (tokens, launch data, wallet proofs).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    requestTimeout: HTTP_TIMEOUTS.request,
    connectionTimeout: HTTP_TIMEOUTS.connection,
    keepAliveTimeout: HTTP_TIMEOUTS.keepAlive,
    http: {
      requestTimeout: HTTP_TIMEOUTS.request,
      headersTimeout: HTTP_TIMEOUTS.headers,
      connectionsCheckingInterval: HTTP_TIMEOUTS.check,
    },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off by default).
    trustProxy: deps.env.trustProxy,
    // While closing (SIGTERM), a request already on a kept-alive connection is served, with
    // `Connection: close`, rather than refused with 503: a rolling restart fails no request.
    return503OnClosing: false,
    frameworkErrors: routerRefusal,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  const bot = deps.env.botEnabled
    ? createBotSide(deps, (msg, err) => app.log.error({ err }, msg))
    : undefined;
  app.decorate('bot', bot);
  if (bot) app.addHook('onClose', () => bot.stop());
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    const seconds = reply.elapsedTime / 1000;
    httpRequests.inc({ method: request.method, route, status });
    httpDuration.observe({ method: request.method, route, status }, seconds);
    request.log.info(
      {
        method: request.method,
        route,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(request.userId ? { player: request.userId } : {}),
      },
      'request',
    );
  });
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const {
      public: open = false,
      operator = false,
      foreignText = false,
      lineBreaks = [],
    } = route.config ?? {};
    checkDeclaredRole(route.url, route.config);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        public: open,
        operator,
        foreignText,
        lineBreaks,
      });
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Egg Rush API',
        version: '1.0.0',
        description: 'Every reply is the 200 shape shown or `{ code, message }` (4xx, 5xx).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // The routes' zod schemas as JSON Schema; public routes need no token.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      return input.route.config?.public ? { ...out, schema: { ...out.schema, security: [] } } : out;
    },
  });
  const webDist = deps.env.webDist ?? defaultWebDist;
  const spa = Boolean(options.serveWeb) && existsSync(`${webDist}/index.html`);
  registerErrorHandling(app, { spa });
  await registerSecurity(app);
  registerControlCharacters(app);
  const tokens = createTokens(deps.env.jwtSecret);
  // Counted before the token check, so that refused calls count too.
  registerRateLimit(app, tokens);
  wireModules();
  app.decorate('bans', bansOf(deps.database));
  // The console's audit for modules the admin module itself reads (modules/config): no cycle.
  app.decorate('recordAudit', insertAudit);
  registerAuth(app, tokens, {
    bans: app.bans,
    bannedMessage: BANNED_MESSAGE,
    recordRefusal: (row) => insertAudit(deps.database.db, [row]),
  });

  await app.register(
    async (api) => {
      for (const routes of modules) await api.register(routes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(walletManifestRoutes);
  await app.register(metricsRoutes);

  if (spa) await serveWeb(app, webDist);
  // Leader Board totals still gathered in the process go to Redis before it is closed. (Runs
  // after the routes' own close hooks, such as the tap writer's, which may add totals.)
  app.addHook('onClose', async () => {
    if (deps.redis) await flushScores(deps.redis);
  });
  return app;
}

/** The router's own refusals (a bad escape, an over-long path segment) in the one error shape. */
function routerRefusal(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .status(tooLong ? 414 : 400)
    .send({ code: tooLong ? 'URI_TOO_LONG' : 'BAD_URL', message: 'This address is not valid.' });
}

/** Static files of the web app (client routes fall back to index.html, see plugins/errors.ts). */
async function serveWeb(app: FastifyInstance, root: string) {
  // The build writes .br and .gz beside each text asset; they are sent to clients that accept them.
  await app.register(fastifyStatic, { root, wildcard: false, maxAge: '1h', preCompressed: true });
}
