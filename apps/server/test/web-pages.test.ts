import { seededRng } from '@egg-rush/game/rng';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/env.ts';
import { freshDatabase } from './helpers.ts';

// The web build's two pages: the players' app (index.html) for its client routes, and the
// operator console (admin.html) for /admin and everything under it.
describe('web pages', () => {
  let app: FastifyInstance;
  let dir: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'egg-web-'));
    writeFileSync(join(dir, 'index.html'), '<title>players</title>');
    writeFileSync(join(dir, 'admin.html'), '<title>console</title>');
    mkdirSync(join(dir, 'admin-assets'));
    writeFileSync(join(dir, 'admin-assets', 'admin-x.js'), 'console.log(1)');
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: dir });
    const db = await freshDatabase();
    drop = db.drop;
    app = await buildApp(
      { env, database: db.database, redis: undefined, now: Date.now, rng: seededRng(1) },
      {
        serveWeb: true,
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string) => (await app.inject({ method: 'GET', url })).body;

  it('answers the console page under /admin', async () => {
    for (const url of ['/admin', '/admin/', '/admin/players/1000001', '/admin/players?q=egg', '/admin?x=1']) {
      expect(await page(url), url).toContain('console');
    }
  });

  it('answers the players’ app elsewhere, and the console’s own files as they are', async () => {
    for (const url of ['/', '/tasks', '/administrator', '/adminx/1']) {
      expect(await page(url), url).toContain('players');
    }
    expect(await page('/admin-assets/admin-x.js')).toBe('console.log(1)');
    const api = await app.inject({ method: 'GET', url: '/api/v1/admin/nothing' });
    expect(api.statusCode).toBeGreaterThanOrEqual(400);
    expect(api.json()).toHaveProperty('code');
  });
});
