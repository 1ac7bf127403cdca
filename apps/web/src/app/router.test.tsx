import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../lib/session.tsx';
import type { LaunchSession } from '../lib/telegram.ts';
import { routes } from './router.tsx';

const session: LaunchSession = {
  initData: 'x',
  user: { id: 42, firstName: 'Ada' },
  startParam: undefined,
  colorScheme: 'dark',
  debug: false,
  inTelegram: false,
};

afterEach(() => vi.unstubAllGlobals());

function open(path: string) {
  // The screens' data calls are answered with an error: this test is about routing only.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'no' }), { status: 404 })),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

describe('routes', () => {
  it('redirects an unknown path to /', async () => {
    const router = open('/no/such/place');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each(['/', '/home', '/mining', '/friends', '/tasks', '/airdrop', '/spin', '/play'])(
    'keeps %s and shows the footer tabs',
    async (path) => {
      const router = open(path);
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect(router.state.location.pathname).toBe(path);
      for (const label of ['Land', 'Minting', 'Friends', 'Tasks', 'Airdrop']) {
        expect(nav).toHaveTextContent(label);
      }
    },
  );

  it('highlights the active tab', async () => {
    open('/tasks');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const active = nav.querySelector('[aria-current="page"]');
    expect(active).toHaveTextContent('Tasks');
  });
});
