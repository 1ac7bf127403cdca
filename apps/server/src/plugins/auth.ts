import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ID_TEXT } from '@egg-rush/contract/common';
import { AppError, badRequest, forbidden, unauthorized } from '../lib/errors.ts';
import { bearerToken } from '../lib/secret.ts';
import type { Tokens } from '../lib/token.ts';

/**
 * Every /api route needs `Authorization: Bearer <token>` unless its config says `public`.
 * Any `userid` in the body or query and any `:id` / `:userid` in the path must be the token's
 * user.
 *
 * The id check runs in one preValidation hook, on the request as received: the path parameters,
 * the query and the parsed JSON body before any route schema strips, coerces or defaults a field.
 * So a route whose schema names no `userid` (or coerces it) cannot let another player's id through.
 */
/**
 * What the hooks need of the modules, passed in by app.ts (the plugins import no module): the
 * ban list (modules/bans) and the operators' audit (modules/admin).
 */
export interface AuthDeps {
  bans: BanCheck;
  /** The answer to a banned player's call. */
  bannedMessage: string;
  /** Puts an operator's refused action on their own player on record. */
  recordRefusal(row: {
    adminId: number;
    action: string;
    target: string;
    reason: string;
    createdAt: Date;
  }): Promise<void>;
}

/** Whether a player is banned (modules/bans, `bansOf`). */
export interface BanCheck {
  isBanned(userId: number): Promise<boolean>;
}

export function registerAuth(
  app: FastifyInstance,
  tokens: Tokens,
  { bans, bannedMessage, recordRefusal }: AuthDeps,
) {
  app.decorateRequest('userId', 0);
  app.decorate('tokens', tokens);

  app.addHook('onRequest', async (request) => {
    if (!isPrivateApiRoute(request) || request.method === 'OPTIONS') return;
    const admin = isAdminRoute(request);
    if (!bearerToken(request.headers.authorization)) throw admin ? forbidden(OPERATORS_ONLY) : unauthorized();
    const userId = tokenSubject(request, tokens, app.deps.now());
    if (userId === null)
      throw admin
        ? forbidden(OPERATORS_ONLY)
        : unauthorized('Your session has expired. Please reopen the app.');
    // The operators' routes answer 403 to everyone else, signed in or not.
    if (admin && !app.deps.env.adminIds.has(userId)) throw forbidden(OPERATORS_ONLY);
    request.userId = userId;
    // A banned player is refused everywhere, a banned operator on the operators' routes too.
    if (await bans.isBanned(userId)) throw new AppError(403, 'BANNED', bannedMessage);
  });

  app.addHook('preValidation', async (request) => {
    if (!isPrivateApiRoute(request)) return;
    checkClaims(request);
  });

  // No operator changes anything of their own player (balance, ban, streak, airdrop exclusion),
  // on any operators' route that writes: refused with SELF_ACTION and put on record. After
  // validation, so the targets are the ids the route will act on.
  app.addHook('preHandler', async (request) => {
    if (!isPrivateApiRoute(request) || !isAdminRoute(request) || request.method === 'GET') return;
    const found = (await request.routeOptions.config.targets?.(request)) ?? [];
    if (![...targetsOf(request), ...found].includes(request.userId)) return;
    await recordRefusal({
      adminId: request.userId,
      action: 'refused.self',
      target: `player:${request.userId}`,
      reason: `${request.method} ${request.routeOptions.url ?? ''}`,
      createdAt: new Date(app.deps.now()),
    });
    throw new AppError(403, 'SELF_ACTION', 'Operators cannot act on their own player.');
  });
}

/**
 * The players an operators' route acts on: `:playerId`, a body `playerId` or a body `ids` list,
 * and those its config's `targets` finds (a cluster's members, an appeal's player).
 */
const targetsOf = (request: FastifyRequest): unknown[] => {
  const params = asRecord(request.params);
  const body = asRecord(request.body);
  return [params?.playerId, body?.playerId, ...(Array.isArray(body?.ids) ? body.ids : [])];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The players an operators' route acts on that the request names only indirectly (a
     * cluster's members, an appeal's player): an operator among them is refused (SELF_ACTION).
     */
    targets?: (request: FastifyRequest) => Promise<readonly number[]>;
  }
  interface FastifyInstance {
    /** Signs and verifies the players' and operators' tokens (one per app, from JWT_SECRET). */
    tokens: Tokens;
  }
}

const subjects = new WeakMap<FastifyRequest, number | null>();

/**
 * The player whose valid bearer token the request carries, or null; verified once per request
 * (the rate limiter asks first, in its own onRequest hook, then the check above).
 */
export function tokenSubject(request: FastifyRequest, tokens: Tokens, now: number): number | null {
  let subject = subjects.get(request);
  if (subject === undefined) {
    const token = bearerToken(request.headers.authorization);
    // The console's routes take console tokens only, every other route player tokens only.
    subject = token ? tokens.verify(token, now, isAdminRoute(request) ? 'console' : 'player') : null;
    subjects.set(request, subject);
  }
  return subject;
}

/** A matched /api route (static files and unknown paths are not) that needs a token. */
const isPrivateApiRoute = (request: FastifyRequest) =>
  (request.routeOptions.url?.startsWith('/api/') ?? false) && !request.routeOptions.config.public;

/** What the operators' routes answer everyone else. */
export const OPERATORS_ONLY = "Only the game's operators can do this.";

/** The operators' routes (ADMIN_IDS only), as each declares. */
const isAdminRoute = (request: FastifyRequest) => request.routeOptions.config.operator === true;

/** A route's config for the operators' routes. */
export const OPERATOR = { operator: true } as const;

/**
 * The console's routes (under /api/v1/admin/) must each say who may call them, operators or
 * anyone: a route added there without saying so stops the server from starting, instead of
 * being open to every player. So does a route that says both, or an operators' route outside
 * /api/ (where no token is checked): either would be open to anyone.
 */
export function checkDeclaredRole(url: string, config: { public?: boolean; operator?: boolean } | undefined) {
  if (url.startsWith('/api/v1/admin/') && !config?.public && !config?.operator)
    throw new Error(`${url} is under /api/v1/admin/ but declares neither operator nor public`);
  if (config?.operator && (config.public || !url.startsWith('/api/')))
    throw new Error(`${url} is for operators, so it must be under /api/ and not public`);
}

/**
 * Refuses a request that claims to be anyone but the caller. A path id must be an id (400 when
 * it is not, as a malformed address) and the caller's (403). A body or query `userid`, as sent,
 * must be the caller's id, as a number or its decimal text: anything else (another id, an
 * array, an object, text that only coerces to the id) is 403.
 */
export function checkClaims(request: FastifyRequest) {
  const params = asRecord(request.params);
  for (const key of ['id', 'userid']) {
    if (!params || !Object.hasOwn(params, key)) continue;
    const id = asId(params[key]);
    if (id === undefined) throw badRequest(`Invalid params field '${key}': not a player id`);
    if (id !== request.userId) throw forbidden();
  }
  for (const source of [request.query, request.body]) {
    const fields = asRecord(source);
    if (fields && Object.hasOwn(fields, 'userid') && asId(fields.userid) !== request.userId)
      throw forbidden();
  }
}

const asRecord = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** A player id written as a positive safe integer or its plain decimal text; otherwise undefined. */
function asId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string' || !ID_TEXT.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}
