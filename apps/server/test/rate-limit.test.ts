import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { RATE_LIMITED_MESSAGE } from '../src/plugins/rate-limit.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '20', RATE_LIMIT_WINDOW_MS: '60000' } });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('lets a player make the limit of calls, then answers 429 with a clear message', async () => {
    const token = await t.login(900);
    const get = () => t.call(token, { method: 'GET', url: '/api/v1/users/get/900' });
    for (let i = 0; i < 20; i++) expect((await get()).statusCode).toBe(200);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
  });

  it('never limits the health check that load balancers poll', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    }
  });

  it('counts each player separately', async () => {
    const other = await t.login(901);
    const res = await t.call(other, { method: 'GET', url: '/api/v1/users/get/901' });
    expect(res.statusCode).toBe(200);
  });
});

describe('rate limits in Redis', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ redis: true, env: { RATE_LIMIT_MAX: '20', RATE_LIMIT_WINDOW_MS: '60000' } });
  });
  afterAll(() => r.close());

  it('are shared by every server instance: 20 calls spread over two pass, the 21st is refused', async () => {
    const second = await buildApp(r.deps);
    await second.ready();
    const token = await r.login(910);
    const call = (app: FastifyInstance) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/users/get/910',
        headers: { authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < 20; i++) expect((await call(i % 2 ? second : r.app)).statusCode).toBe(200);
    const limited = await call(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    expect((await call(r.app)).statusCode).toBe(429);
    await second.close();
  });
});
