import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

/** The development bot token: signs launch data when no BOT_TOKEN is set. */
export const DEV_BOT_TOKEN = '1000000000:development-token-egg-rush';
/** The development game passphrase (seals /play/result). */
export const DEV_GAME_SECRET = 'egg-rush-development-passphrase';
/** The development key of the daily combo's choice (anyone can compute a day's combo with it). */
export const DEV_COMBO_SECRET = 'egg-rush-development-combo-key';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    DATABASE_REPLICA_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    DATA_DIR: z.string().default('./data'),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// URL')
        .optional(),
    ),
    REDIS_SENTINELS: optionalText.pipe(
      z
        .string()
        .regex(/^\s*[\w.-]+:\d{1,5}\s*(,\s*[\w.-]+:\d{1,5}\s*)*$/, 'must be comma-separated host:port')
        .optional(),
    ),
    REDIS_SENTINEL_NAME: z.string().trim().min(1).default('mymaster'),
    REDIS_KEY_PREFIX: z.string().default('egg-rush:'),
    BOT_TOKEN: optionalText,
    BOT_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -')
        .optional(),
    ),
    BOT_MODE: z.enum(['webhook', 'polling']).default('webhook'),
    TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
    TELEGRAM_CHANNEL: optionalText,
    TON_API_ROOT: optionalText.pipe(z.url().optional()),
    TON_API_KEY: optionalText,
    OUTSIDE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    GAME_SECRET: optionalText,
    COMBO_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    SIGNALS_SALT: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    BOT_USERNAME: z.string().default('EggRushBot'),
    APP_SHORT_NAME: z.string().default('play'),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    TON_PROOF_DOMAINS: optionalText,
    TRUST_PROXY: optionalText.pipe(
      z
        .string()
        .transform((v, ctx) => {
          if (/^\s*\d+\s*$/.test(v)) {
            // Fastify 5 trusts nothing for a number: a hop count cannot check who is connecting.
            ctx.addIssue({
              code: 'custom',
              message: 'a hop count cannot tell a proxy from a client: list the proxies (addresses or CIDRs)',
            });
            return z.NEVER;
          }
          const parsed = parseTrustProxy(v);
          if (parsed === undefined) {
            ctx.addIssue({
              code: 'custom',
              message:
                'must be true, false or a comma-separated list of addresses, CIDRs or loopback/linklocal/uniquelocal',
            });
            return z.NEVER;
          }
          return parsed;
        })
        .optional(),
    ),
    WEB_DIST: optionalText,
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(200),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(10_000),
    WORKERS: z.coerce.number().int().min(1).max(256).default(1),
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ADMIN_IDS: optionalText.pipe(
      z
        .string()
        .regex(/^\s*[1-9]\d{0,15}\s*(,\s*[1-9]\d{0,15}\s*)*$/, 'must be comma-separated Telegram ids')
        .optional(),
    ),
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.BOT_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOT_TOKEN'],
        message:
          'is required when NODE_ENV is production (without it the development login would let anyone sign in as anyone)',
      });
    }
    if (env.BOT_TOKEN && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when BOT_TOKEN is set' });
    }
    if (env.WORKERS > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: 'more than one worker needs DATABASE_URL (the embedded database is single-process)',
      });
    }
    if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URL'],
        message: 'needs DATABASE_URL (a replica of the embedded database does not exist)',
      });
    }
    if (env.BOT_TOKEN && !env.GAME_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['GAME_SECRET'], message: 'is required when BOT_TOKEN is set' });
    }
    if (env.BOT_TOKEN && !env.COMBO_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['COMBO_SECRET'],
        message:
          'is required when BOT_TOKEN is set (with the development key anyone could compute the daily combo)',
      });
    }
  });

export type RawEnv = z.input<typeof schema>;

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** A streaming replica of DATABASE_URL for reads that tolerate about a second of lag. */
  databaseReplicaUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  /**
   * Redis Sentinels (REDIS_SENTINELS) that name the primary of REDIS_SENTINEL_NAME; when set they
   * are used instead of REDIS_URL's host (its password and database still apply).
   */
  redisSentinels: { host: string; port: number }[] | undefined;
  redisSentinelName: string;
  /** Put before every Redis key, so that several deployments can share one Redis. */
  redisKeyPrefix: string;
  /** The bot token that signs launch data; the development token in development mode. */
  botToken: string;
  /** True when no BOT_TOKEN is set outside production: the dev launch route exists. */
  devMode: boolean;
  /** True when BOT_TOKEN is set: the Telegram bot runs (webhook or polling, notifications, payments). */
  botEnabled: boolean;
  /** The secret Telegram sends with every webhook call (X-Telegram-Bot-Api-Secret-Token). */
  botWebhookSecret: string | undefined;
  /** How updates arrive: Telegram calls the webhook, or the server polls (development). */
  botMode: 'webhook' | 'polling';
  /** The Bot API server (tests point it at a local fake). */
  telegramApiRoot: string;
  /** The channel of the "Follow on Telegram" task (@name or numeric id). */
  telegramChannel: string | undefined;
  /** A toncenter API (v3) that confirms airdrop claims from the chain; unset: no chain reads. */
  tonApiRoot: string | undefined;
  /** Its key (sent as X-API-Key). */
  tonApiKey: string | undefined;
  /** The total time an outside call (Bot API, TON API) may take before it is given up. */
  outsideTimeoutMs: number;
  jwtSecret: string;
  /** Whether JWT_SECRET was given (not drawn for this process). */
  jwtSecretGiven: boolean;
  gameSecret: string;
  /** The key of the daily combo's choice (an HMAC of the game day). */
  comboSecret: string;
  /**
   * What the salt of the fairness signals' hashes (network address, device) is derived from:
   * SIGNALS_SALT, or else GAME_SECRET (required in production), so that hashes stay comparable
   * across restarts and nobody without the secret can test an address against them.
   */
  signalsSalt: string;
  botUsername: string;
  appShortName: string;
  publicUrl: string;
  /** Domains accepted in TON wallet proofs; by default the host (with port) of PUBLIC_URL. */
  tonProofDomains: string[];
  /**
   * Which proxies' `X-Forwarded-For` is believed (Fastify's trustProxy): false (the socket
   * address, the default), true (any), or the proxies' addresses/CIDRs.
   */
  trustProxy: boolean | string[];
  webDist: string | undefined;
  logLevel: string;
  /** Requests per route and player within the window (design choice: far above a human). */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Server processes sharing the port (`npm run serve`); more than one needs PostgreSQL. */
  workers: number;
  /**
   * After SIGTERM, how long the process goes on serving (not ready, every answer closing its
   * connection) before it closes its connections: at least the time a load balancer takes to mark
   * it down (HAProxy: `inter` × `fall`). Closing a kept-alive connection that a load balancer is
   * about to reuse fails that request. 0 (no load balancer): close at once.
   */
  drainDelayMs: number;
  /** Telegram ids of the operators (ADMIN_IDS): only they reach /api/v1/admin/. */
  adminIds: ReadonlySet<number>;
  /** The bearer token /metrics asks for (METRICS_TOKEN); without one /metrics is not served. */
  metricsToken: string | undefined;
}

export class EnvError extends Error {}

/** Reads and checks the configuration. The only place that reads `process.env`. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    redisSentinels: e.REDIS_SENTINELS?.split(',').map((hostPort) => {
      const [host, port] = hostPort.trim().split(':') as [string, string];
      return { host, port: Number(port) };
    }),
    redisSentinelName: e.REDIS_SENTINEL_NAME,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    botToken: e.BOT_TOKEN ?? DEV_BOT_TOKEN,
    devMode: !e.BOT_TOKEN && e.NODE_ENV !== 'production',
    botEnabled: Boolean(e.BOT_TOKEN),
    botWebhookSecret: e.BOT_WEBHOOK_SECRET,
    botMode: e.BOT_MODE,
    telegramApiRoot: e.TELEGRAM_API_ROOT.replace(/\/$/, ''),
    telegramChannel: e.TELEGRAM_CHANNEL,
    tonApiRoot: e.TON_API_ROOT?.replace(/\/$/, ''),
    tonApiKey: e.TON_API_KEY,
    outsideTimeoutMs: e.OUTSIDE_TIMEOUT_MS,
    jwtSecret: e.JWT_SECRET ?? randomBytes(32).toString('hex'),
    jwtSecretGiven: e.JWT_SECRET !== undefined,
    gameSecret: e.GAME_SECRET ?? DEV_GAME_SECRET,
    comboSecret: e.COMBO_SECRET ?? DEV_COMBO_SECRET,
    signalsSalt: e.SIGNALS_SALT ?? e.GAME_SECRET ?? DEV_GAME_SECRET,
    botUsername: e.BOT_USERNAME,
    appShortName: e.APP_SHORT_NAME,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    tonProofDomains: (e.TON_PROOF_DOMAINS ?? new URL(e.PUBLIC_URL).host)
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY ?? false,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitWindowMs: e.RATE_LIMIT_WINDOW_MS,
    workers: e.WORKERS,
    drainDelayMs: e.DRAIN_DELAY_MS,
    adminIds: new Set(
      (e.ADMIN_IDS ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
        .map(Number),
    ),
    metricsToken: e.METRICS_TOKEN,
  };
}

/** Names proxy-addr (behind Fastify's trustProxy) accepts for groups of addresses. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: true/false, or a comma list of addresses, CIDRs
 * (10.0.0.0/8, fd00::/8) and range names; undefined when it is none of these. (Fastify 5 ignores
 * hop counts: they cannot check the connecting peer, so a client could forge the header.)
 */
export function parseTrustProxy(text: string): boolean | string[] | undefined {
  const v = text.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  const entries = v.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    if (PROXY_RANGES.has(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  };
  return entries.length > 0 && entries.every(valid) ? entries : undefined;
}
