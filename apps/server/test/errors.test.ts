import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { freshDatabase } from './helpers.ts';

/**
 * Constraint violations that escape a service answer a clean refusal in the one error shape,
 * never a 500: real statements on a real database (PGlite, or PostgreSQL with DATABASE_URL).
 */
let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  const { db } = database;
  await db.execute(sql`create table refusal_probe (id int primary key, n int not null check (n >= 0))`);
  await db.execute(
    sql`create table refusal_child (id int primary key, parent int references refusal_probe (id))`,
  );
  await db.execute(sql`insert into refusal_probe values (1, 1)`);
  app = Fastify({ logger: false });
  registerErrorHandling(app, { spa: false });
  const statements = {
    unique: sql`insert into refusal_probe values (1, 1)`,
    foreign: sql`insert into refusal_child values (1, 999)`,
    check: sql`update refusal_probe set n = -1 where id = 1`,
    notNull: sql`insert into refusal_probe values (2, null)`,
  };
  for (const [name, statement] of Object.entries(statements)) {
    app.get(`/${name}`, async () => {
      await db.transaction(async (tx) => {
        await tx.execute(statement);
      });
      return { ok: true };
    });
  }
  app.get('/bug', async () => {
    await db.execute(sql`select 1 / 0`);
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('database refusals', () => {
  it('answers a unique violation (23505) 409 CONFLICT', async () => {
    const res = await app.inject({ method: 'GET', url: '/unique' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'This was changed at the same time. Please try again.',
    });
  });

  it('answers foreign-key and check violations 409 and a missing value 400', async () => {
    expect((await app.inject({ method: 'GET', url: '/foreign' })).json()).toMatchObject({ code: 'CONFLICT' });
    const check = await app.inject({ method: 'GET', url: '/check' });
    expect([check.statusCode, check.json().code]).toEqual([409, 'CONFLICT']);
    const missing = await app.inject({ method: 'GET', url: '/notNull' });
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('still answers any other database failure 500 without details', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong. Please try again!' });
  });
});

describe('unknown routes', () => {
  it('answer 404 before reading the body, so a body that is not JSON does not make it a 400', async () => {
    // (light-my-request, like a browser, reads /a/./b as /a/b: a URL that names no route.)
    for (const url of ['/no/such/route', '/unique/./publish']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"userid":Infinity}',
      });
      expect([res.statusCode, res.json().code], url).toEqual([404, 'NOT_FOUND']);
    }
  });
});
