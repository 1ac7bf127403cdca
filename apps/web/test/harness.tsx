import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { ToastContainer } from 'react-toastify';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '../src/lib/query-client.ts';
import { SessionContext } from '../src/lib/session.tsx';
import type { LaunchSession } from '../src/lib/telegram.ts';
import type { ErrorBody } from '@egg-rush/contract/common';
import type { consoleApi } from '@egg-rush/contract/console-api';
import type { ErrorCode } from '@egg-rush/contract/errors';
import type { playerApi } from '@egg-rush/contract/player-api';
import {
  consoleRoutes,
  methodAndPath,
  playerRoutes,
  type ConsoleRoute,
  type PlayerRoute,
} from '@egg-rush/contract/routes';
import type { z } from 'zod';

/**
 * The one harness of the web tests: the network stubbed at its edge by MSW (`serve`), and
 * `renderWithProviders` with the app's query cache, a session, a memory router and the toasts.
 */

/** Started and reset by test/setup.ts; a call no test answers is refused 404. */
export const server = setupServer();

const BASE = '/api/v1';

/** The routes the web apps call (the players' app and the console), by name. */
export type WebRoute = PlayerRoute | ConsoleRoute;
type WebApi = typeof playerApi & typeof consoleApi;
/** Route `N`'s reply as the server sends it: what its reply schema takes (z.input). */
export type Body<N extends WebRoute> = z.input<WebApi[N]['reply']>;

/** A call the app made: route `profile`, `GET /users/get/42`, with its JSON body, if any. */
export interface Call {
  /** The contract's route it called, by name. */
  route: WebRoute;
  method: string;
  path: string;
  /** The path's params (`{ id: '42' }` of `/users/get/:id`), as text. */
  params: Record<string, string>;
  /** The query, such as `?x=1`, or ''. */
  search: string;
  body: unknown;
}

/**
 * A reply with a status: `refuse(...)` for a refusal, `reply(status, body)` for another status
 * of the route, `rawReply(status, text)` for what is no reply of the contract (a proxy's page).
 */
export class Reply<B = unknown> {
  constructor(
    readonly status: number,
    readonly body: B,
    /** Sent as it is rather than as JSON (a proxy's HTML page). */
    readonly raw = false,
  ) {}
}
/** Route `N`'s reply with another status than 200 (its shape is still the route's). */
export const reply = <B,>(status: number, body: B) => new Reply<B>(status, body);
/** A body sent as text, not JSON: what the contract does not describe. */
export const rawReply = (status: number, text: string) => new Reply<string>(status, text, true);
/** A refusal as the server sends it: `{ code, message }`, its code one of the contract's. */
export const refuse = (status: number, code: ErrorCode, message: string) =>
  new Reply<ErrorBody>(status, { code, message });

export type Sent<N extends WebRoute> = Body<N> | Reply<Body<N>> | Reply<ErrorBody> | Reply<string>;
/** Route `N`'s answer: its 200 body, a Reply, or a function of the call giving either. */
export type Answer<N extends WebRoute> = Sent<N> | ((call: Call) => Sent<N> | Promise<Sent<N>>);
/** The stubbed routes by name, each with its answer, typed by its reply. */
export type Stubs = { [N in WebRoute]?: Answer<N> };

const webRoutes: Record<WebRoute, string> = { ...playerRoutes, ...consoleRoutes };
/** Each route's method and a pattern of its path (`:param` a segment), the literal paths first. */
const patterns = (Object.entries(webRoutes) as [WebRoute, string][])
  .map(([name, route]) => {
    const { method, path } = methodAndPath(route);
    const keys: string[] = [];
    const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, key: string) => {
      keys.push(key);
      return '([^/]+)';
    });
    return { name, method, regex: new RegExp(`^${source}$`), keys };
  })
  .sort((a, b) => a.keys.length - b.keys.length);

/** The route a call is of, with its params; undefined when no route of the web apps has it. */
function routeOf(
  method: string,
  path: string,
): { route: WebRoute; params: Record<string, string> } | undefined {
  for (const p of patterns) {
    if (p.method !== method) continue;
    const match = p.regex.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(p.keys.map((key, i) => [key, decodeURIComponent(match[i + 1] ?? '')]));
    return { route: p.name, params };
  }
  return undefined;
}

/**
 * Answers the calls to the routes named in `stubs` (`{ tap: … }`, routes.ts); every other call is
 * refused with 404. Returns the list of calls made, in order.
 */
export function serve(stubs: Stubs = {}): Call[] {
  const calls: Call[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      if (!url.pathname.startsWith(`${BASE}/`)) return undefined;
      const text = await request.text();
      const path = url.pathname.slice(BASE.length);
      const found = routeOf(request.method, path);
      if (!found) throw new Error(`No route of the contract is ${request.method} ${path}.`);
      const call: Call = {
        route: found.route,
        params: found.params,
        method: request.method,
        path,
        search: url.search,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      const stub: unknown = stubs[found.route];
      if (stub === undefined) return HttpResponse.json({ code: 'NOT_FOUND', message: 'no' }, { status: 404 });
      const answer: unknown = typeof stub === 'function' ? await (stub as (c: Call) => unknown)(call) : stub;
      if (answer instanceof Reply && answer.raw)
        return new HttpResponse(String(answer.body), { status: answer.status });
      if (answer instanceof Reply) return HttpResponse.json(answer.body as never, { status: answer.status });
      return HttpResponse.json(answer as never);
    }),
  );
  return calls;
}

/** The player of every test. */
export const testSession: LaunchSession = {
  initData: 'user=%7B%22id%22%3A42%7D&hash=abc',
  user: { id: 42, firstName: 'Ada' },
  startParam: undefined,
  colorScheme: 'dark',
  debug: false,
  inTelegram: false,
};

/** The memory router of a rendered test: where it is, and a way to go elsewhere. */
export interface TestRouter {
  /** The path shown now, such as `/tasks`. */
  readonly pathname: string;
  navigate(to: string): void;
}

export interface Rendered extends RenderResult {
  client: QueryClient;
  router: TestRouter;
}

/**
 * Renders `ui` at `path` inside the app's providers: a fresh query cache without retries, the
 * test session, a memory router and the toast container.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', session = testSession }: { path?: string; session?: LaunchSession } = {},
): Rendered {
  const client = createQueryClient({ retry: 0 });
  const location = memoryLocation({ path, record: true });
  const router: TestRouter = {
    get pathname() {
      return (location.history?.at(-1) ?? path).split('?')[0] ?? path;
    },
    navigate: (to) => location.navigate(to),
  };
  const result = render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={session}>
        <Router hook={location.hook}>{ui}</Router>
        <ToastContainer />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}

/**
 * Images that load only when the test says so (stub `Image` with it): each one made is kept in
 * `FakeImage.all`, in order, and loads when the test calls its `onload`.
 */
export class FakeImage {
  static all: FakeImage[] = [];
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  src = '';
  constructor() {
    FakeImage.all.push(this);
  }
}
