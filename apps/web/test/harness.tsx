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

/**
 * The one harness of the web tests: the network stubbed at its edge by MSW (`serve`), and
 * `renderWithProviders` with the app's query cache, a session, a memory router and the toasts.
 */

/** Started and reset by test/setup.ts; a call no test answers is refused 404. */
export const server = setupServer();

const BASE = '/api/v1';

/** A call the app made: `GET /users/get/42` with its JSON body, if any. */
export interface Call {
  method: string;
  path: string;
  /** The query, such as `?x=1`, or ''. */
  search: string;
  body: unknown;
}

/** A reply with a status: `refuse(...)` for a refusal, `reply(status, body)` for anything else. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** Sent as it is rather than as JSON (a proxy's HTML page). */
    readonly raw = false,
  ) {}
}
export const reply = (status: number, body: unknown) => new Reply(status, body);
/** A body sent as text, not JSON. */
export const rawReply = (status: number, text: string) => new Reply(status, text, true);
/** A refusal as the server sends it: `{ code, message }`. */
export const refuse = (status: number, code: string, message: string) => reply(status, { code, message });

/** A route's answer: a 200 body, a Reply, or a function of the call giving either. */
export type Answer = unknown;

/**
 * Answers the calls named in `routes` (`'PUT /users/tap'`, the path after /api/v1); every other
 * call is refused with 404. Returns the list of calls made, in order.
 */
export function serve(routes: Record<string, Answer> = {}): Call[] {
  const calls: Call[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      if (!url.pathname.startsWith(`${BASE}/`)) return undefined;
      const text = await request.text();
      const call: Call = {
        method: request.method,
        path: url.pathname.slice(BASE.length),
        search: url.search,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      if (route === undefined)
        return HttpResponse.json({ code: 'NOT_FOUND', message: 'no' }, { status: 404 });
      const answer: unknown =
        typeof route === 'function' ? await (route as (c: Call) => unknown)(call) : route;
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
