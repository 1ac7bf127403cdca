import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDraining } from '../src/modules/health/drain.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// A graceful stop: the process reports not-ready at once, so that load balancers send nothing
// new, while /health (liveness) is unchanged. The whole stop under load: e2e/drain.test.mjs.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('draining', () => {
  it('turns /ready to 503 at once and leaves /health as it is', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ready' })).statusCode).toBe(200);
    startDraining(t.deps);
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, database: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});
