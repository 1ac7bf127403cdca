import type { output } from 'zod';
import type * as RepliesModule from './replies.ts';

/** The reply schemas, a chunk loaded beside the first call (lib/replies.ts). */
type Replies = typeof RepliesModule;
/** The name of a reply schema in lib/replies.ts. */
export type ReplyName = Exclude<keyof Replies, 'errorBody'>;
let replies: Promise<Replies> | undefined;
const loadReplies = () => (replies ??= import('./replies.ts'));
// Fetched as the app starts, beside the first screen, so the first reply does not wait for it.
loadReplies().catch(() => (replies = undefined));

/**
 * The one HTTP client: base /api/v1, JSON, Bearer token. Every reply is parsed with the route's
 * schema from packages/contract (the one the server answers with), named by `reply`: a refusal
 * `{ code, message }` is thrown as an ApiError, a reply the contract does not allow as a
 * ContractError. The schemas load in parallel with the first request.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
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

const BASE = '/api/v1';
let token: string | null = null;

export function setToken(value: string | null) {
  token = value;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function api<K extends ReplyName>(
  method: Method,
  path: string,
  reply: K,
  body?: unknown,
): Promise<output<Replies[K]>> {
  const schemas = loadReplies();
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${BASE}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Something went wrong.');
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  let contract: Replies;
  try {
    contract = await schemas;
  } catch {
    replies = undefined;
    throw new ApiError(0, 'NETWORK', 'Something went wrong.');
  }
  if (!res.ok) {
    const err = contract.errorBody.safeParse(data);
    if (err.success) throw new ApiError(res.status, err.data.code, err.data.message);
    throw new ApiError(res.status, 'HTTP', `Request failed (${res.status}).`);
  }
  const parsed = (contract[reply] as Replies[K]).safeParse(data);
  if (!parsed.success) {
    const route = `${method} ${path.split('?')[0]}`;
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || 'reply'}: ${issue.message}`)
      .join('; ');
    throw new ContractError(route, issues);
  }
  return parsed.data as output<Replies[K]>;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const get = <K extends ReplyName>(path: string, reply: K) => api('GET', path, reply);
export const post = <K extends ReplyName>(path: string, reply: K, body?: unknown) =>
  api('POST', path, reply, body ?? {});
export const put = <K extends ReplyName>(path: string, reply: K, body?: unknown) =>
  api('PUT', path, reply, body ?? {});
export const del = <K extends ReplyName>(path: string, reply: K) => api('DELETE', path, reply);
