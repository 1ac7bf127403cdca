import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, assert, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTokens } from '../src/lib/token.ts';
import { RATE_LIMITED_MESSAGE } from '../src/plugins/rate-limit.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const LIMITS = { RATE_LIMIT_MAX: '20', RATE_LIMIT_WINDOW_MS: '60000' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: LIMITS });
});
afterAll(() => t.close());

/** `n` calls, answering their status codes. */
async function statuses(n: number, call: (i: number) => Promise<{ statusCode: number }>) {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await call(i)).statusCode);
  return codes;
}

describe('rate limits', () => {
  it('lets a player make the limit of calls, then answers 429 with a clear message', async () => {
    const token = await t.login(900);
    const get = () => t.call(token, { method: 'GET', url: '/api/v1/users/get/900' });
    for (let i = 0; i < 20; i++) expect((await get()).statusCode).toBe(200);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each player separately', async () => {
    const other = await t.login(901);
    const res = await t.call(other, { method: 'GET', url: '/api/v1/users/get/901' });
    expect(res.statusCode).toBe(200);
  });

  it('counts each route separately: a player limited on one route still reaches the others', async () => {
    const token = await t.login(902);
    const get = () => t.call(token, { method: 'GET', url: '/api/v1/users/get/902' });
    expect(await statuses(20, get)).toEqual(Array(20).fill(200));
    expect((await get()).statusCode).toBe(429);
    expect((await t.call(token, { method: 'GET', url: '/api/v1/farm/status' })).statusCode).toBe(200);
  });

  it('counts calls refused by validation (400): they use up the limit too', async () => {
    const token = await t.login(903);
    const tap = (count: unknown) =>
      t.call(token, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid: 903, count } });
    expect(await statuses(20, () => tap('not a number'))).toEqual(Array(20).fill(400));
    const limited = await tap(1);
    expect(limited.statusCode).toBe(429);
  });

  it("counts calls refused as another player's (403) against the caller", async () => {
    const token = await t.login(904);
    const get = (id: number) => t.call(token, { method: 'GET', url: `/api/v1/users/get/${id}` });
    expect(await statuses(20, () => get(1))).toEqual(Array(20).fill(403));
    expect((await get(904)).statusCode).toBe(429);
  });

  it('counts calls with a bad token (401) against the address that sends them', async () => {
    const bad = (remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/farm/status',
        remoteAddress,
        headers: { authorization: 'Bearer forged' },
      });
    expect(await statuses(20, () => bad('10.9.0.1'))).toEqual(Array(20).fill(401));
    expect((await bad('10.9.0.1')).statusCode).toBe(429);
    expect((await bad('10.9.0.2')).statusCode).toBe(401);
  });

  it('does not believe X-Forwarded-For by default: a caller cannot dodge the limit by changing it', async () => {
    const launch = (i: number) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/dev/launch?userid=5',
        remoteAddress: '10.9.1.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    expect(await statuses(20, launch)).toEqual(Array(20).fill(200));
    expect((await launch(99)).statusCode).toBe(429);
  });

  it('limits the health check per address, whatever token comes with it', async () => {
    const token = await t.login(905);
    const health = (remoteAddress: string, authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        remoteAddress,
        ...(authorization ? { headers: { authorization } } : {}),
      });
    expect(await statuses(20, () => health('10.9.2.1'))).toEqual(Array(20).fill(200));
    expect((await health('10.9.2.1', `Bearer ${token}`)).statusCode).toBe(429);
    expect((await health('10.9.2.2')).statusCode).toBe(200);
  });

  it('keeps the health check cheap: one database check a second however often it is called', async () => {
    const ping = vi.spyOn(t.deps.database, 'ping');
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const calls = Array.from({ length: 10 }, (_, i) =>
        t.app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: `10.9.3.${i}` }),
      );
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(200);
      expect(ping).toHaveBeenCalledTimes(1);
    } finally {
      ping.mockRestore();
    }
  });
});

describe('rate limits behind a trusted proxy', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '10.8.0.0/16' } });
  });
  afterAll(() => p.close());

  const launch = (remoteAddress: string, forwarded: string) =>
    p.app.inject({
      method: 'GET',
      url: '/api/v1/dev/launch?userid=5',
      remoteAddress,
      headers: { 'x-forwarded-for': forwarded },
    });

  it('counts per forwarded client when the call comes from a trusted proxy', async () => {
    expect(await statuses(20, () => launch('10.8.0.1', '198.51.100.1'))).toEqual(Array(20).fill(200));
    expect((await launch('10.8.0.1', '198.51.100.1')).statusCode).toBe(429);
    expect((await launch('10.8.0.1', '198.51.100.2')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from anyone else', async () => {
    expect(await statuses(20, (i) => launch('192.0.2.7', `198.51.100.${100 + i}`))).toEqual(
      Array(20).fill(200),
    );
    expect((await launch('192.0.2.7', '198.51.100.250')).statusCode).toBe(429);
  });
});

describe('rate limits in Redis', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ redis: true, env: LIMITS });
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

  it('count taps in the process, with no Redis round trip: the 21st tap call is refused all the same', async () => {
    const token = await r.login(912);
    const tap = () =>
      r.app.inject({
        method: 'PUT',
        url: '/api/v1/users/tap',
        headers: { authorization: `Bearer ${token}` },
        payload: { userid: 912, count: 1 },
      });
    const codes = await statuses(21, tap);
    expect(codes.slice(0, 20)).not.toContain(429);
    expect(codes[20]).toBe(429);
    // Other routes of the same player are counted in Redis; the tap route is not.
    await r.app.inject({
      method: 'GET',
      url: '/api/v1/users/get/912',
      headers: { authorization: `Bearer ${token}` },
    });
    const { redis } = r.deps;
    assert(redis, 'the app runs with Redis');
    const keys = await redis.keys('*rl:*912');
    expect(keys.some((k) => k.includes('/users/get/'))).toBe(true);
    expect(keys.filter((k) => k.includes('/users/tap'))).toEqual([]);
  });

  it('still hold, counted in the process, when Redis does not answer', async () => {
    // A client of a Redis that is not there: every command fails at once.
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const app = await buildApp({ ...r.deps, redis: down });
    await app.ready();
    try {
      const token = await createTokens(r.env.jwtSecret).sign(911, r.clock.now());
      const call = (opts: InjectOptions) =>
        app.inject({ ...opts, headers: { authorization: `Bearer ${token}` } });
      const status = () => call({ method: 'GET', url: '/api/v1/farm/status' });
      const codes = await statuses(21, status);
      expect(codes.slice(0, 20)).not.toContain(429);
      expect(codes[20]).toBe(429);
      const launch = () => app.inject({ method: 'GET', url: '/api/v1/dev/launch?userid=5' });
      expect(await statuses(20, launch)).toEqual(Array(20).fill(200));
      expect((await launch()).statusCode).toBe(429);
    } finally {
      await app.close();
      down.disconnect();
    }
  });
});
