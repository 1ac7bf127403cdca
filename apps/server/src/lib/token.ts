import { jwtVerify, SignJWT } from 'jose';

/** Login tokens: HS256 JWTs whose subject is the Telegram user id, valid 7 days. */
export const TOKEN_TTL_SECONDS = 7 * 86_400;

export function createTokens(secret: string) {
  // A CryptoKey imported once: given bytes, jose would import them again on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(userId: number, now: number): Promise<string> {
      const iat = Math.floor(now / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + TOKEN_TTL_SECONDS)
        .sign(await key);
    },
    /** The user id of a valid token, or null. */
    async verify(token: string, now: number): Promise<number | null> {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          currentDate: new Date(now),
        });
        const id = Number(payload.sub);
        return Number.isSafeInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
