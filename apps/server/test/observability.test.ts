import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// /metrics behind its bearer token, scraped under load; /health and /ready; request logs that
// carry route, status, time and player, and never a token, launch data or a wallet proof.

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t?.close());

describe('/metrics', () => {
  it('answers only with the bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests, taps, coins by kind and ledger rows while players tap at once', async () => {
    const players = [5001, 5002, 5003, 5004, 5005];
    const sessions = await Promise.all(players.map(async (id) => ({ id, token: await t.login(id) })));
    const load = sessions.flatMap(({ id, token }) =>
      Array.from({ length: 20 }, () =>
        t.call(token, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid: id, count: 3 } }),
      ),
    );
    const scrape = t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const [res] = await Promise.all([scrape, ...load]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const after = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const text = after.body;
    console.log(
      text
        .split('\n')
        .filter((l) => /^egg_(taps|coins_issued|ledger|http_requests_total\{method="PUT")/.test(l))
        .join('\n'),
    );
    expect(text).toMatch(
      /egg_http_requests_total\{method="PUT",route="\/api\/v1\/users\/tap",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /egg_http_request_duration_seconds_bucket\{le="0.05",method="PUT",route="\/api\/v1\/users\/tap",status="200"\}/,
    );
    expect(Number(/egg_taps_credited_total (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(300);
    expect(text).toMatch(/egg_coins_issued_total\{kind="tap"\} \d+/);
    expect(text).toMatch(/egg_ledger_rows_total \d+/);
    expect(text).toMatch(/egg_db_pool_connections\{state="waiting"\} 0/);
    expect(text).toMatch(/egg_leaderboard_backend\{backend="postgres"\} 1/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds/);
    expect(text).toMatch(/egg_rate_limit_refusals_total/);
  });
});

describe('/health and /ready', () => {
  it('are public and report the database and migrations', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.json()).toEqual({ ready: true, database: true, redis: 'off', migrations: true });
  });
});

describe('request logs', () => {
  it('carry route, status, time and player, and none of the secrets a request holds', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const env = { ...t.env, logLevel: 'info' };
    const app = await buildApp({ ...t.deps, env }, { logger: true, logStream: stream });
    await app.ready();
    try {
      const launch = await app.inject({ method: 'GET', url: '/api/v1/dev/launch?userid=5100' });
      const initData = launch.json<{ initData: string }>().initData;
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { userid: 5100, initData },
      });
      const token = login.json<{ token: string }>().token;
      const headers = { authorization: `Bearer ${token}` };
      await app.inject({ method: 'GET', url: '/api/v1/users/get/5100', headers });
      const proof = { signature: 'c2lnbmF0dXJlLXNlY3JldC1wcm9vZg==', payload: 'proof-payload-secret-1234' };
      await app.inject({
        method: 'POST',
        url: '/api/v1/wallet/proof/check',
        headers,
        payload: { userid: 5100, address: '0:' + '1'.repeat(64), proof },
      });
      const log = lines.join('\n');
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(entries).toContainEqual(
        expect.objectContaining({
          route: '/api/v1/users/get/:id',
          status: 200,
          player: 5100,
          ms: expect.any(Number),
        }),
      );
      for (const secret of [
        token,
        initData,
        encodeURIComponent(initData),
        'hash=',
        proof.signature,
        proof.payload,
      ])
        expect(log).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
