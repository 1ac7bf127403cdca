import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { ADMIN_SESSION_TTL_SECONDS } from '@egg-rush/game/operator';
import { sameSecret } from './secret.ts';

/** Login tokens: HS256 JWTs whose subject is the Telegram user id, valid 7 days. */
export const TOKEN_TTL_SECONDS = 7 * 86_400;

/**
 * Who a token is for (its `aud`): the mini-app's player routes, or the operator console. Each is
 * refused where the other is expected; a token without `aud` (issued before audiences) is a
 * player's.
 */
export type Audience = 'player' | 'console';
const TTL_SECONDS: Record<Audience, number> = {
  player: TOKEN_TTL_SECONDS,
  console: ADMIN_SESSION_TTL_SECONDS,
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A base64url JSON object, or undefined. */
function jsonPart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function createTokens(secret: string) {
  const secretBytes = new TextEncoder().encode(secret);
  // A CryptoKey imported once for signing: given bytes, jose would import them again on every call.
  const key = crypto.subtle.importKey('raw', secretBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return {
    async sign(userId: number, now: number, audience: Audience = 'player'): Promise<string> {
      const iat = Math.floor(now / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setAudience(audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + TTL_SECONDS[audience])
        .sign(await key);
    },
    /**
     * The user id of a valid token, or null. Checked on the calling thread (node:crypto's HMAC
     * takes microseconds; WebCrypto would hand each one to the thread pool): the signature in its
     * one canonical encoding, compared in constant time; the header says HS256 and nothing it
     * would need understood (`crit`); `exp` is a number still in the future, `nbf` (if any) is
     * not, `iat` (if any) is a number; the audience is the one expected (none counts as a
     * player's); the subject is a player id.
     */
    verify(token: string, now: number, audience: Audience = 'player'): number | null {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [header, payload, signature] = parts as [string, string, string];
      if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature)) return null;
      const expected = createHmac('sha256', secretBytes).update(`${header}.${payload}`).digest('base64url');
      if (!sameSecret(signature, expected)) return null;
      const h = jsonPart(header);
      if (!h || h.alg !== 'HS256' || h.crit !== undefined || h.b64 !== undefined) return null;
      const claims = jsonPart(payload);
      if (!claims) return null;
      const seconds = Math.floor(now / 1000);
      if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp) || claims.exp <= seconds)
        return null;
      if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > seconds)) return null;
      if (claims.iat !== undefined && typeof claims.iat !== 'number') return null;
      if ((claims.aud ?? 'player') !== audience) return null;
      if (typeof claims.sub !== 'string' || !/^[1-9]\d{0,15}$/.test(claims.sub)) return null;
      const id = Number(claims.sub);
      return Number.isSafeInteger(id) ? id : null;
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
