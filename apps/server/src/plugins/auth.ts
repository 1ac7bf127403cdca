import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { Tokens } from '../lib/token.ts';

/**
 * Every /api route needs `Authorization: Bearer <token>` unless its config says `public`.
 * Any `userid` in the body or query and any `:id` / `:userid` in the path must be the token's
 * user (DESIGN.md section 4).
 */
export function registerAuth(app: FastifyInstance, tokens: Tokens) {
  app.decorateRequest('userId', 0);

  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request) || request.routeOptions.config.public || request.method === 'OPTIONS') return;
    if (!bearerToken(request)) throw unauthorized();
    const userId = await tokenSubject(request, tokens, app.deps.now());
    if (userId === null) throw unauthorized('Your session has expired. Please reopen the app.');
    request.userId = userId;
  });

  app.addHook('preHandler', async (request) => {
    if (!isApiRoute(request) || request.routeOptions.config.public) return;
    for (const claimed of claimedIds(request)) {
      if (claimed !== request.userId) throw forbidden();
    }
  });
}

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1];
};

const subjects = new WeakMap<FastifyRequest, Promise<number | null>>();

/**
 * The player whose valid bearer token the request carries, or null; verified once per request
 * (the rate limiter asks first, in its own onRequest hook, then the check above).
 */
export function tokenSubject(request: FastifyRequest, tokens: Tokens, now: number): Promise<number | null> {
  let subject = subjects.get(request);
  if (!subject) {
    const token = bearerToken(request);
    subject = token ? tokens.verify(token, now) : Promise.resolve(null);
    subjects.set(request, subject);
  }
  return subject;
}

/** A matched /api route (static files and unknown paths are not). */
const isApiRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/') ?? false;

function claimedIds(request: FastifyRequest): number[] {
  const ids: unknown[] = [];
  const params = request.params as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  if (params && typeof params === 'object') ids.push(params.id, params.userid);
  if (body && typeof body === 'object' && !Array.isArray(body)) ids.push(body.userid);
  if (query && typeof query === 'object') ids.push(query.userid);
  return ids.filter((v) => v !== undefined).map(asId);
}

/**
 * A claimed id as a number; NaN (never the caller) for anything but a number or a string. Bodies of
 * routes without a schema arrive unparsed, and Number() throws on an object like { toString: {} }.
 */
const asId = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN);
