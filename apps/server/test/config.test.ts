import { describe, expect, it } from 'vitest';
import { DEV_COMBO_SECRET, EnvError, loadEnv } from '../src/env.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  BOT_TOKEN: '123:real',
  JWT_SECRET: 'x'.repeat(32),
  GAME_SECRET: 'g',
  COMBO_SECRET: 'c'.repeat(16),
};

describe('configuration', () => {
  it('refuses to start in production without BOT_TOKEN, naming the variable', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /BOT_TOKEN: is required when NODE_ENV is production/,
    );
    expect(() => loadEnv({ NODE_ENV: 'production', BOT_TOKEN: '  ' })).toThrow(/BOT_TOKEN/);
  });

  it('refuses a real bot without COMBO_SECRET, and a short one', () => {
    const { COMBO_SECRET: _, ...without } = PRODUCTION;
    expect(() => loadEnv(without)).toThrow(/COMBO_SECRET: is required when BOT_TOKEN is set/);
    expect(() => loadEnv({ ...PRODUCTION, COMBO_SECRET: 'short' })).toThrow(/COMBO_SECRET/);
    expect(loadEnv(PRODUCTION).comboSecret).toBe('c'.repeat(16));
    expect(loadEnv({}).comboSecret).toBe(DEV_COMBO_SECRET);
  });

  it('has development mode (the dev login) only without BOT_TOKEN outside production', () => {
    expect(loadEnv({}).devMode).toBe(true);
    expect(loadEnv({ NODE_ENV: 'test' }).devMode).toBe(true);
    expect(loadEnv(PRODUCTION).devMode).toBe(false);
    const { NODE_ENV: _, ...withToken } = PRODUCTION;
    expect(loadEnv(withToken).devMode).toBe(false);
  });

  it('accepts TON proofs for the host of PUBLIC_URL unless TON_PROOF_DOMAINS says otherwise', () => {
    expect(loadEnv({}).tonProofDomains).toEqual(['localhost:3000']);
    expect(loadEnv({ PUBLIC_URL: 'https://egg.example' }).tonProofDomains).toEqual(['egg.example']);
    expect(loadEnv({ PUBLIC_URL: 'https://egg.example:8443/app/' }).tonProofDomains).toEqual([
      'egg.example:8443',
    ]);
    expect(
      loadEnv({ PUBLIC_URL: 'https://egg.example', TON_PROOF_DOMAINS: 'a.example, b.example' })
        .tonProofDomains,
    ).toEqual(['a.example', 'b.example']);
  });

  it('believes X-Forwarded-For only when TRUST_PROXY says so, and refuses values it cannot honour', () => {
    expect(loadEnv({}).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', 'proxy.example', '10.0.0.1,,']) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    // Fastify trusts nothing for a hop count (it cannot check the peer): said at start, not silently.
    expect(() => loadEnv({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count/);
  });
});
