import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/** Every refusal: `{ code, message }`, its code one of ERROR_CODES. Messages: docs/game-rules.md, Messages. */
export const errorCode = z.enum(ERROR_CODES);
export const errorBody = z.object({ code: errorCode, message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * The replies a route may send: `ok` (200, or the given statuses) and, for every 4xx and 5xx,
 * the one error shape. Routes declare it as their `response` schema, so the server cannot answer
 * anything else.
 */
/**
 * A route's schemas (its method and path: routes.ts, by the same name): what it takes (params,
 * query, body) and what it answers: `reply` with 200, `also` with other statuses that are not
 * refusals.
 */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  reply: z.ZodType;
  also?: Record<number, z.ZodType>;
}

/**
 * 304 Not Modified: the request's `If-None-Match` names the reply's current `ETag`; no body.
 * Declared as an `also` status by the cacheable routes (the airdrop's public answers, the claim).
 */
export const notModified = z
  .null()
  .meta({ description: 'Not Modified: If-None-Match names the current ETag' });

export function replies<const T extends Record<number, z.ZodType>>(ok: z.ZodType, extra?: T) {
  return { 200: ok, ...(extra as T), '4xx': errorBody, '5xx': errorBody } as const;
}

/**
 * A player id as written in a request: a positive integer within JavaScript's exact range, as a
 * number or as its decimal text (no sign, spaces, leading zeros, exponent or fraction).
 */
export const ID_TEXT = /^[1-9][0-9]{0,15}$/;

/** A Telegram user id. Positive, within JavaScript's exact integer range. */
export const userId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The app's id of a write it may send again (a tap batch, a purchase): a random positive integer
 * within JavaScript's exact range, the same on every attempt. The header `Idempotency-Key` of a
 * purchase carries it as decimal text.
 */
export const requestId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Body of the calls that carry only the caller's id. */
export const useridBody = z.object({ userid: userId });
export type UseridBody = z.infer<typeof useridBody>;

/** Path of the calls addressed to one player: `/…/:id`. */
export const idParams = z.object({ id: userId });

export const successBody = z.object({ success: z.boolean() });

/**
 * Body of the calls that need nothing: none (or null), or an object that may carry the caller's id (checked
 * like every claimed id).
 */
export const optionalUseridBody = z.object({ userid: userId.optional() }).nullish();
