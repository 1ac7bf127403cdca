import type { RouteSchemas } from '@egg-rush/contract/common';
import type { ErrorCode } from '@egg-rush/contract/errors';
import { methodAndPath } from '@egg-rush/contract/routes';
import type { input, output, ZodType } from 'zod';

/**
 * The one HTTP client of both web apps (the players' and the console): a call names a route of
 * packages/contract (routes.ts) and passes its params, query and body, typed by the route's
 * schemas; its reply is parsed with the route's reply schema, the one the server answers with.
 * A refusal `{ code, message }` is thrown as an ApiError, a reply the contract does not allow as
 * a ContractError. The schemas may load in parallel with the first request (the players' app
 * keeps zod off its first screen).
 */
/**
 * An ApiError's code: a refusal's, one of the contract's ERROR_CODES, or the client's own: NETWORK
 * (no answer reached the app), HTTP (an answer that is no refusal, such as a proxy's page).
 */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'HTTP';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server answered a shape its contract does not allow (a version mismatch, a proxy page). */
export class ContractError extends Error {
  constructor(
    /** The call, such as `PUT /users/tap`. */
    readonly route: string,
    /** What did not match, field by field. */
    readonly issues: string,
  ) {
    super(`${route}: the reply does not match the contract (${issues})`);
    this.name = 'ContractError';
  }
}

type Api = Record<string, RouteSchemas>;
type Field<S, K extends string> = S extends Record<K, infer T extends ZodType> ? input<T> : never;
/** A key the caller must pass, or may leave out when its schema accepts nothing. */
type Part<S, K extends string, As extends string = K> = [Field<S, K>] extends [never]
  ? unknown
  : undefined extends Field<S, K>
    ? { [P in As]?: Field<S, K> }
    : { [P in As]: Field<S, K> };
/** What a call of route `S` passes: its params, query and body, as its schemas take them. */
export type CallArgs<S> = Part<S, 'params'> & Part<S, 'query'> & Part<S, 'body'>;
type Rest<S> = object extends CallArgs<S> ? [args?: CallArgs<S>] : [args: CallArgs<S>];
export type Reply<S> = S extends { reply: infer R extends ZodType } ? output<R> : never;

export interface ClientOptions<A extends Api> {
  /** The routes by name: `'METHOD /path'` (packages/contract routes.ts). */
  routes: { readonly [N in keyof A]: string };
  /** The routes' schemas and the refusal's, loaded when first needed. */
  schemas: () => Promise<{ api: A; errorBody: ZodType<{ code: ErrorCode; message: string }> }>;
  token: () => string | null;
  /** What a call that never reached the server throws. */
  unreachable: string;
  /** Told of every refusal, before it is thrown. */
  onRefusal?: (error: ApiError, route: keyof A) => void;
}

export function createClient<A extends Api>(options: ClientOptions<A>) {
  /** The request of route `name`, sent; its Response, whatever the status. */
  async function send(name: keyof A, args: { params?: object; query?: object; body?: unknown } = {}) {
    const { method, path } = methodAndPath(options.routes[name]);
    const url = `/api/v1${fillPath(path, args.params)}${queryString(args.query)}`;
    const body = args.body ?? (method === 'POST' || method === 'PUT' ? {} : undefined);
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const token = options.token();
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await fetch(url, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new ApiError(0, 'NETWORK', options.unreachable);
    }
  }

  /** Calls route `name` and gives its reply, parsed; a refusal is thrown. */
  async function call<N extends keyof A & string>(name: N, ...[args]: Rest<A[N]>): Promise<Reply<A[N]>> {
    const loading = options.schemas();
    const res = await send(name, args as Parameters<typeof send>[1]);
    const text = await res.text();
    const data: unknown = text ? safeJson(text) : undefined;
    let schemas: Awaited<typeof loading>;
    try {
      schemas = await loading;
    } catch {
      throw new ApiError(0, 'NETWORK', options.unreachable);
    }
    if (!res.ok) throw refused(name, refusal(res.status, data, schemas.errorBody));
    const schema: RouteSchemas | undefined = schemas.api[name];
    if (!schema) throw new ContractError(options.routes[name], 'no schema for this route');
    const parsed = schema.reply.safeParse(data);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || 'reply'}: ${issue.message}`)
        .join('; ');
      throw new ContractError(options.routes[name], issues);
    }
    return parsed.data as Reply<A[N]>;
  }

  /** Calls route `name` and gives its body as it came (a file to save); a refusal is thrown. */
  async function fetchRaw<N extends keyof A & string>(name: N, ...[args]: Rest<A[N]>): Promise<Blob> {
    const loading = options.schemas();
    const res = await send(name, args as Parameters<typeof send>[1]);
    if (res.ok) return res.blob();
    const data = safeJson(await res.text());
    let schemas: Awaited<typeof loading>;
    try {
      schemas = await loading;
    } catch {
      throw new ApiError(0, 'NETWORK', options.unreachable);
    }
    throw refused(name, refusal(res.status, data, schemas.errorBody));
  }

  function refused(name: keyof A, error: ApiError) {
    options.onRefusal?.(error, name);
    return error;
  }

  return { call, fetchRaw };
}

/** The refusal a failed answer carries, `{ code, message }` of the contract, else an HTTP error. */
function refusal(status: number, data: unknown, errorBody: ZodType<{ code: ErrorCode; message: string }>) {
  const err = errorBody.safeParse(data);
  return err.success
    ? new ApiError(status, err.data.code, err.data.message)
    : new ApiError(status, 'HTTP', `Request failed (${status}).`);
}

/** `/users/get/:id` with `{ id: 7 }`: `/users/get/7`. */
function fillPath(path: string, params: object | undefined) {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(values[key])));
}

/** `?a=1&b=x` of the values given, none when there are none. */
function queryString(query: object | undefined) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
