import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_HANDLER_HASH } from '../src/plugins/security.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://egg.example' } });
});
afterAll(() => t.close());

describe('security headers and CORS', () => {
  it('sends helmet headers with a CSP that lets only Telegram frame the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-ancestors');
    expect(csp).toContain('https://web.telegram.org');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it("lets inline handlers run only when empty (TON Connect's ontouchstart), and no eval", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    const attr = csp
      .split(';')
      .find((d) => d.trim().startsWith('script-src-attr'))
      ?.trim();
    expect(attr).toBe(`script-src-attr 'unsafe-hashes' '${EMPTY_HANDLER_HASH}'`);
    // The hash is the empty handler's: sha256 of "".
    const { createHash } = await import('node:crypto');
    expect(EMPTY_HANDLER_HASH).toBe(`sha256-${createHash('sha256').update('').digest('base64')}`);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src [^;]*unsafe-inline/);
  });

  it('allows cross-origin calls only from PUBLIC_URL', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://egg.example', 'access-control-request-method': 'POST' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('https://egg.example');
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
