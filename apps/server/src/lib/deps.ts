import type { Redis } from 'ioredis';
import type { Rng } from '@egg-rush/game/rng';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';

/** What services need from the outside world; tests pass their own clock and rng. */
export interface Deps {
  env: Env;
  database: Database;
  redis: Redis | undefined;
  /** Milliseconds since the epoch. */
  now: () => number;
  rng: Rng;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    /** The authenticated player (from the bearer token). */
    userId: number;
  }
  interface FastifyContextConfig {
    /** Reachable without a bearer token. */
    public?: boolean;
    /**
     * Only for the game's operators (ADMIN_IDS), with a console token: everyone else gets 403.
     * Every route under /api/v1/admin/ says it is public or for operators (app.ts refuses to
     * start otherwise).
     */
    operator?: boolean;
  }
}
