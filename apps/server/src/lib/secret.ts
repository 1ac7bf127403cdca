import { timingSafeEqual } from 'node:crypto';

/**
 * Whether `given` is the expected secret (a signature, a token), compared in constant time; an
 * absent secret matches nothing.
 */
export function sameSecret(given: unknown, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token of an `Authorization: Bearer <token>` header, if it has one. */
export function bearerToken(header: string | undefined): string | undefined {
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1];
}
