import type { z } from 'zod';

/**
 * The console's HTTP client: /api/v1/admin with the operator's token. Replies are parsed with the
 * route's schema from packages/contract; a refusal `{ code, message }` becomes an AdminError
 * whose message is shown to the operator as it is.
 */
export class AdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AdminError';
  }
}

const TOKEN_KEY = 'egg-rush:admin-token';
let token: string | null = sessionStorage.getItem(TOKEN_KEY);

export const adminToken = () => token;
export function setAdminToken(value: string | null) {
  token = value;
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** Called when the server no longer accepts the token (expired, or not an operator any more). */
let onSignedOut: () => void = () => undefined;
export const whenSignedOut = (fn: () => void) => (onSignedOut = fn);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function send(method: Method, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new AdminError(0, 'The server cannot be reached. Check the connection and try again.');
  }
  if (res.ok) return res;
  const text = await res.text();
  let message = `The server answered ${res.status}.`;
  try {
    const data = JSON.parse(text) as { message?: unknown };
    if (typeof data.message === 'string') message = data.message;
  } catch {
    /* not JSON: keep the status */
  }
  if ((res.status === 401 || res.status === 403) && path !== '/admin/session') {
    setAdminToken(null);
    onSignedOut();
  }
  throw new AdminError(res.status, message);
}

export async function call<S extends z.ZodType>(
  schema: S,
  method: Method,
  path: string,
  body?: unknown,
): Promise<z.output<S>> {
  const res = await send(method, path, body);
  const parsed = schema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) {
    throw new AdminError(
      res.status,
      `The reply of ${method} ${path.split('?')[0]} does not match the contract.`,
    );
  }
  return parsed.data;
}

/** Downloads a snapshot export (it needs the token, so it cannot be a plain link). */
export async function download(path: string, filename: string) {
  const res = await send('GET', path);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
