import { z } from 'zod';

/** GET /health (public): 200 when the database (and Redis, when configured) answer, else 503. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), up: z.boolean() }),
  redis: z.enum(['up', 'down', 'off']),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /ready (public): 200 once the database answers with every migration applied (and Redis, when configured). */
export const readyResponse = z.object({
  ready: z.boolean(),
  database: z.boolean(),
  redis: z.enum(['up', 'down', 'off']),
  migrations: z.boolean(),
});

/** GET /openapi.json (public): this contract as an OpenAPI 3 document. */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
