import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokens, TOKEN_TTL_SECONDS } from '../src/lib/token.ts';

// The synchronous HS256 check accepts exactly what the login signs and refuses what jose's
// jwtVerify (HS256 only) refused: other algorithms, other keys, altered parts, expired tokens.

const SECRET = 'a'.repeat(40);
const now = Date.UTC(2026, 5, 15, 12);
const tokens = createTokens(SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signed = (header: unknown, claims: unknown, secret = SECRET) => {
  const body = `${b64(header)}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};
const exp = now / 1000 + 3600;

describe('login tokens', () => {
  it('accepts its own tokens until they expire', async () => {
    const token = await tokens.sign(42, now);
    expect(tokens.verify(token, now)).toBe(42);
    expect(tokens.verify(token, now + TOKEN_TTL_SECONDS * 1000 - 1000)).toBe(42);
    expect(tokens.verify(token, now + TOKEN_TTL_SECONDS * 1000)).toBeNull();
  });

  it('accepts a token signed by jose with the same key', async () => {
    const token = await new SignJWT({ sub: '7' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(SECRET));
    expect(tokens.verify(token, now)).toBe(7);
  });

  it('refuses other algorithms, other keys, altered parts and missing or bad claims', async () => {
    const good = await tokens.sign(42, now);
    const [h, p, s] = good.split('.') as [string, string, string];
    const flipped = s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
    for (const bad of [
      `${b64({ alg: 'none' })}.${b64({ sub: '42', exp })}.`,
      signed({ alg: 'HS512' }, { sub: '42', exp }),
      signed({ alg: 'HS256' }, { sub: '42', exp }, 'b'.repeat(40)),
      signed({ alg: 'HS256', crit: ['x'], x: 1 }, { sub: '42', exp }),
      signed({ alg: 'HS256' }, { sub: '42' }),
      signed({ alg: 'HS256' }, { sub: '42', exp: String(exp) }),
      signed({ alg: 'HS256' }, { sub: '42', exp, nbf: exp }),
      signed({ alg: 'HS256' }, { sub: '0', exp }),
      signed({ alg: 'HS256' }, { sub: '0x2a', exp }),
      signed({ alg: 'HS256' }, { sub: 42, exp }),
      signed({ alg: 'HS256' }, ['sub', exp]),
      `${h}.${b64({ sub: '43', exp })}.${s}`,
      `${h}.${p}.${flipped}`,
      `${h}.${p}.${s}=`,
      `${h}.${p}.${s}A`,
      `${h}.${p}`,
      `${h}.${p}.${s}.x`,
      '',
    ]) {
      expect(tokens.verify(bad, now), bad).toBeNull();
    }
    expect(tokens.verify(signed({ alg: 'HS256' }, { sub: '42', exp }), now)).toBe(42);
  });
});
