import { consoleApi } from '@egg-rush/contract/console-api';
import { replies, type RouteSchemas } from '@egg-rush/contract/common';
import { playerApi } from '@egg-rush/contract/player-api';
import { methodAndPath, routes, type Method, type RouteName } from '@egg-rush/contract/routes';
import { serviceApi } from '@egg-rush/contract/service-api';

const api = { ...playerApi, ...consoleApi, ...serviceApi };
type Api = typeof api;
type Field<S, K extends string> = S extends Record<K, infer T> ? T : undefined;

/**
 * Fastify's method, url and schema of the contract's route `name` (packages/contract routes.ts
 * and its schemas): every route is registered from the table, as
 * `app.route({ ...contractRoute('tap'), handler })`, so the server answers what the clients call.
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
  return { method, url: path, schema } as {
    method: Method;
    url: string;
    schema: {
      params: Field<Api[N], 'params'>;
      querystring: Field<Api[N], 'query'>;
      body: Field<Api[N], 'body'>;
      produces?: string[];
      response: ReturnType<typeof replies>;
    };
  };
}
