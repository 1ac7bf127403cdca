import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_LIMITS } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// A pool with every connection taken answers reads as it answers writes: 503 BUSY with
// Retry-After, never 500. (PGlite has one connection and no pool: reads queue for it.)
describe.runIf(process.env.DATABASE_URL)('an exhausted pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ poolMax: 1 });
  });
  afterAll(() => t.close());

  it(
    'answers a read outside any transaction 503 BUSY with Retry-After',
    async () => {
      const token = await t.login(61_000);
      // The one connection is held past the wait for a connection (cut by statement_timeout).
      const hold = t.deps.database.db
        .execute(sql`select pg_sleep(${(DB_LIMITS.acquireMs + 2_000) / 1000})`)
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await t.call(token, { method: 'GET', url: '/api/v1/users/get/61000' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({ code: 'BUSY' });
      await hold;
      // The pool serves again.
      expect((await t.call(token, { method: 'GET', url: '/api/v1/users/get/61000' })).statusCode).toBe(200);
    },
    DB_LIMITS.statementMs + 15_000,
  );
});
