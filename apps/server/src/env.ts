import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** The development bot token: signs launch data when no BOT_TOKEN is set (DESIGN.md section 4). */
export const DEV_BOT_TOKEN = '1000000000:development-token-egg-rush';
/** The development game passphrase (SPEC.md section 7, /play/result). */
export const DEV_GAME_SECRET = 'egg-rush-development-passphrase';

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
    DATA_DIR: z.string().default('./data'),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// URL')
        .optional(),
    ),
    REDIS_KEY_PREFIX: z.string().default('egg-rush:'),
    BOT_TOKEN: optionalText,
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    GAME_SECRET: optionalText,
    BOT_USERNAME: z.string().default('EggRushBot'),
    APP_SHORT_NAME: z.string().default('play'),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    TON_PROOF_DOMAINS: z.string().default('localhost:3000'),
    WEB_DIST: optionalText,
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(200),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(10_000),
    WORKERS: z.coerce.number().int().min(1).max(256).default(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
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
    if (env.BOT_TOKEN && !env.GAME_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['GAME_SECRET'], message: 'is required when BOT_TOKEN is set' });
    }
  });

export type RawEnv = z.input<typeof schema>;

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  /** Put before every Redis key, so that several deployments can share one Redis. */
  redisKeyPrefix: string;
  /** The bot token that signs launch data; the development token in development mode. */
  botToken: string;
  /** True when no BOT_TOKEN is set: the dev launch route exists. */
  devMode: boolean;
  jwtSecret: string;
  gameSecret: string;
  botUsername: string;
  appShortName: string;
  publicUrl: string;
  tonProofDomains: string[];
  webDist: string | undefined;
  logLevel: string;
  /** Requests per route and player within the window (design choice: far above a human). */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Server processes sharing the port (`npm run serve`); more than one needs PostgreSQL. */
  workers: number;
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
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    botToken: e.BOT_TOKEN ?? DEV_BOT_TOKEN,
    devMode: !e.BOT_TOKEN,
    jwtSecret: e.JWT_SECRET ?? randomBytes(32).toString('hex'),
    gameSecret: e.GAME_SECRET ?? DEV_GAME_SECRET,
    botUsername: e.BOT_USERNAME,
    appShortName: e.APP_SHORT_NAME,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    tonProofDomains: e.TON_PROOF_DOMAINS.split(',')
      .map((d) => d.trim())
      .filter(Boolean),
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitWindowMs: e.RATE_LIMIT_WINDOW_MS,
    workers: e.WORKERS,
  };
}
