import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A year: what a reply that never changes may be kept for (`immutable`). */
export const FOREVER_S = 365 * 86_400;

/** A strong ETag of some text (a body, a root and an address): a quoted SHA-256, base64url. */
export function etagOf(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return `"${hash.digest('base64url')}"`;
}

/** Whether the request's `If-None-Match` names `etag` (or is `*`); a weak `W/` form matches too. */
export function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Sets `Cache-Control` and `ETag` on the reply, and whether the request already holds it: then the
 * handler answers 304 with no body (`return reply.code(304).send()`).
 */
export function cacheable(request: FastifyRequest, reply: FastifyReply, etag: string, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('etag', etag);
  return matches(request, etag);
}
