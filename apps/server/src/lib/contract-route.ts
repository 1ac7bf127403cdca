import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { consoleApi } from '@egg-rush/contract/console-api';
import { replies, type RouteSchemas } from '@egg-rush/contract/common';
import { playerApi } from '@egg-rush/contract/player-api';
import { methodAndPath, routes, type Method, type RouteName } from '@egg-rush/contract/routes';
import { serviceApi } from '@egg-rush/contract/service-api';

const api = { ...playerApi, ...consoleApi, ...serviceApi };
type Api = typeof api;
type Field<S, K extends string> = S extends Record<K, infer T> ? T : undefined;

/**
 * The replies of route `N` as its handler sees them: `reply` with 200 and its `also` statuses
 * (a 503 of /health, the avatar's 302). Refusals (4xx, 5xx) are thrown as AppError and answered
 * by the error handler, so a handler never returns one: they are in the schema Fastify serializes
 * with, not in the type a handler returns.
 */
export type ContractReplies<N extends RouteName> = { 200: Api[N]['reply'] } & Also<Api[N]> extends infer R
  ? { [K in keyof R]: R[K] }
  : never;
type Also<S> = S extends { also: infer A } ? A : unknown;

/** What a handler of route `N` returns with 200: the reply schema's input (what the serializer accepts). */
export type ContractReply<N extends RouteName> =
  Api[N]['reply'] extends z.ZodType<unknown, infer I> ? I : never;

/**
 * Fastify's method, url and schema of the contract's route `name` (packages/contract routes.ts
 * and its schemas): every route is registered from the table, as
 * `app.route({ ...contractRoute('tap'), handler })`, so the server answers what the clients call.
 * With the Zod type provider the handler's return type is the route's reply (z.input of its schema:
 * what the serializer accepts), checked by tsc (test/contract-types.test-d.ts). A handler that
 * sends a redirect or its own bytes returns the reply (`return reply.type(…).send(…)`,
 * `return sendRaw(reply, stream)`).
 */
export function contractRoute<N extends RouteName>(name: N, extra?: { produces?: string[] }) {
  const { method, path } = methodAndPath(routes[name]);
  const s: RouteSchemas = api[name];
  const schema = {
    ...(s.params && { params: s.params }),
    ...(s.query && { querystring: s.query }),
    ...(s.body && { body: s.body }),
    ...extra,
    response: replies(s.reply, s.also),
  };
  return { method, url: path, schema } as unknown as {
    method: Method;
    url: string;
    schema: {
      params: Field<Api[N], 'params'>;
      querystring: Field<Api[N], 'query'>;
      body: Field<Api[N], 'body'>;
      produces?: string[];
      response: ContractReplies<N>;
    };
  };
}

/**
 * Sends what the serializer never sees: a file's stream, or text serialized already. The route's
 * reply schema documents it (the OpenAPI document, the tree's BOC); the bytes are the handler's.
 */
export function sendRaw<R extends { send: (...payload: never[]) => unknown }>(
  reply: R,
  payload: string | Uint8Array | Readable,
): R {
  return (reply as unknown as { send(payload: unknown): R }).send(payload);
}
