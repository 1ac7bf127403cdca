import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileFixture } from '../../../test/fixtures.ts';
import { SessionContext } from '../../lib/session.tsx';
import type { LaunchSession } from '../../lib/telegram.ts';
import PlayScreen, { formatClock } from './play-screen.tsx';

vi.mock('canvas-confetti', () => ({ default: vi.fn() }));

const session = { user: { id: 42, firstName: 'Ada' } } as LaunchSession;

function open(start: { status: number; body: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/users/get/42'))
        return new Response(JSON.stringify(profileFixture({ ticket: 2, golden: 1, wooden: 4, onion: 0 })));
      if (url.endsWith('/play/start'))
        return new Response(JSON.stringify(start.body), { status: start.status });
      return new Response('{"code":"NOT_FOUND","message":"no"}', { status: 404 });
    }),
  );
  const router = createMemoryRouter([{ path: '*', element: <PlayScreen /> }], { initialEntries: ['/play'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
        <ToastContainer />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('Mole game screen', () => {
  it('shows 9 moles, the ticket count, golden and wooden counts, and 00:00 when idle', async () => {
    open({ status: 200, body: { success: false, msg: 'x' } });
    await vi.waitFor(() => expect(screen.getByTestId('play-tickets')).toHaveTextContent('2'));
    expect(screen.getAllByRole('button', { name: /mole$/ })).toHaveLength(9);
    expect(screen.getByText('Golden 1 · Wooden 4')).toBeInTheDocument();
    expect(screen.getByTestId('timer')).toHaveTextContent('00:00');
    expect(screen.getByTestId('timer-fill').style.transform).toBe('scaleX(0)');
    expect(screen.getByRole('button', { name: /^Start/ })).toBeEnabled();
  });

  it("shows the server's message when the start is refused, and stays idle", async () => {
    const calls = open({ status: 200, body: { success: false, msg: 'Not Enough Ticket.' } });
    await vi.waitFor(() => expect(screen.getByTestId('play-tickets')).toHaveTextContent('2'));
    fireEvent.click(screen.getByRole('button', { name: /^Start/ }));
    expect(await screen.findByText('Not Enough Ticket.')).toBeInTheDocument();
    expect(calls.filter((u) => u.endsWith('/play/start'))).toHaveLength(1);
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
  });

  it('goes to the 3-2-1 countdown after a successful start', async () => {
    open({ status: 200, body: { success: true, ticket: 1, gameId: '6f1c2a53-3d8e-4b8a-9d7b-1a2b3c4d5e6f' } });
    await vi.waitFor(() => expect(screen.getByTestId('play-tickets')).toHaveTextContent('2'));
    fireEvent.click(screen.getByRole('button', { name: /^Start/ }));
    expect(await screen.findByTestId('countdown')).toHaveTextContent('3');
    await vi.waitFor(() => expect(screen.getByTestId('play-tickets')).toHaveTextContent('1'));
  });

  it('formats the timer as 00:SS', () => {
    expect(formatClock(60_000)).toBe('01:00');
    expect(formatClock(59_001)).toBe('01:00');
    expect(formatClock(42_000)).toBe('00:42');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-5)).toBe('00:00');
  });
});
