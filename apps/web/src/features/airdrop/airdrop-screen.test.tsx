import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileFixture, taskFixture } from '../../../test/fixtures.ts';
import { SessionContext } from '../../lib/session.tsx';
import type { LaunchSession } from '../../lib/telegram.ts';
import { AirdropScreen } from './airdrop-screen.tsx';

// The wallet panel is TON Connect's own widget, exercised in the browser test; here only its slot.
vi.mock('./wallet-panel.tsx', () => ({ default: () => <div data-testid="wallet-card">wallet</div> }));

const session = { user: { id: 42, firstName: 'Ada' }, colorScheme: 'dark' } as LaunchSession;

function open() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/users/get/42'))
        return new Response(
          JSON.stringify(profileFixture({ ticket: 1, onion: 10, totalScore: 12_345, friendCount: 3 })),
        );
      if (url.endsWith('/users/tasks/42'))
        return new Response(
          JSON.stringify({
            tasks: [true, false, true].map((isClaimed) => taskFixture({ isClaimed })),
            resetAt: 0,
            serverTime: 0,
          }),
        );
      return new Response('{"code":"NOT_FOUND","message":"no"}', { status: 404 });
    }),
  );
  const router = createMemoryRouter([{ path: '*', element: <AirdropScreen /> }], {
    initialEntries: ['/airdrop'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('Airdrop screen', () => {
  it('links to Invite Friends, Complete Tasks and Tap on Egg Rush with the player’s progress', async () => {
    const router = open();
    expect(await screen.findByText('3 invited')).toBeInTheDocument();
    expect(await screen.findByText('2/3 claimed')).toBeInTheDocument();
    expect(screen.getByText('12.3K coins earned')).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/friends', '/tasks', '/home']);
    fireEvent.click(screen.getByText('Complete Tasks'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
  });

  it("shows 'Comming Soon' and the wallet connection on the Wallet tab", async () => {
    open();
    fireEvent.click(screen.getByRole('tab', { name: 'Wallet' }));
    expect(screen.getByText('Comming Soon')).toBeInTheDocument();
    expect(await screen.findByTestId('wallet-card')).toBeInTheDocument();
    expect(screen.queryByText('Invite Friends')).not.toBeInTheDocument();
  });
});
