import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { TICKET_PACKS } from '@egg-rush/game/payments';
import { profileFixture } from '../../../test/fixtures.ts';
import { SessionContext } from '../../lib/session.tsx';
import type { LaunchSession } from '../../lib/telegram.ts';
import { TimeoutError } from '@tma.js/sdk-react';
import { INVOICE_ANSWER_MS } from './packs.ts';
import { SpinScreen } from './spin-screen.tsx';

// Telegram's payment sheet (the SDK's invoice API) is the edge: it answers what the player did.
const openUrl = vi.hoisted(() =>
  Object.assign(
    vi.fn(async (_link: string, _options?: { timeout?: number }) => 'paid'),
    { isAvailable: () => true },
  ),
);
vi.mock('@tma.js/sdk-react', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  invoice: { openUrl },
}));

const LINK = 'https://t.me/$invoice-1';

function open(inTelegram: boolean) {
  const calls: string[] = [];
  let ticket = 3;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}${init?.body ? ` ${String(init.body)}` : ''}`);
      if (url.endsWith('/users/get/42')) return new Response(JSON.stringify(profileFixture({ ticket })));
      if (url.endsWith('/payments/packs'))
        return new Response(JSON.stringify({ packs: TICKET_PACKS.map((p) => ({ ...p })) }));
      if (url.endsWith('/payments/invoice')) {
        ticket += 10;
        return new Response(JSON.stringify({ link: LINK }));
      }
      return new Response('{"code":"NOT_FOUND","message":"no"}', { status: 404 });
    }),
  );
  const session = { user: { id: 42, firstName: 'Ada' }, inTelegram } as LaunchSession;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <Router hook={memoryLocation().hook}>
          <SpinScreen />
        </Router>
        <ToastContainer />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  openUrl.mockClear();
});

describe('ticket packs on the Spin screen', () => {
  it('opens from the ticket pill and lists the three packs with their Stars price', async () => {
    open(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Tickets' }));
    for (const pack of TICKET_PACKS) {
      const row = await screen.findByTestId(`pack-${pack.id}`);
      expect(row).toHaveTextContent(`${pack.tickets} tickets`);
      // The Star is our own picture, not a character a phone without an emoji font shows as a box.
      const price = within(row).getByRole('button', { name: `${pack.stars} Stars` });
      expect(price.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(price.querySelector('img[src]')).not.toBeNull();
    }
  });

  it('in Telegram: opens the invoice link and refreshes the balance when Telegram reports paid', async () => {
    const calls = open(true);
    fireEvent.click(await screen.findByRole('button', { name: /Get more tickets/ }));
    fireEvent.click(await screen.findByRole('button', { name: '50 Stars' }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith(LINK, { timeout: INVOICE_ANSWER_MS }));
    const [pack] = TICKET_PACKS;
    assert(pack);
    expect(calls).toContain(`POST /api/v1/payments/invoice {"pack":"${pack.id}"}`);
    expect(await screen.findByText(/Your tickets are in your balance/)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.endsWith('/users/get/42'))).toHaveLength(2));
    expect(await screen.findByTestId('spin-tickets')).toHaveTextContent('13');
  });

  it('in Telegram: when Telegram never answers about the invoice, says so and gives the buttons back', async () => {
    // The SDK rejects with its TimeoutError once the timeout it is given has passed.
    openUrl.mockImplementationOnce(async (_link: string, options?: { timeout?: number }) => {
      expect(options?.timeout).toBe(INVOICE_ANSWER_MS);
      throw new TimeoutError(INVOICE_ANSWER_MS);
    });
    open(true);
    fireEvent.click(await screen.findByRole('button', { name: /Get more tickets/ }));
    fireEvent.click(await screen.findByRole('button', { name: '50 Stars' }));
    expect(await screen.findByText(/Telegram did not answer about the payment/)).toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: / Stars?$/ })) expect(button).toBeEnabled();
  });

  it('outside Telegram: the packs show, buying says it works only in Telegram', async () => {
    const calls = open(false);
    fireEvent.click(await screen.findByRole('button', { name: /Get more tickets/ }));
    fireEvent.click(await screen.findByRole('button', { name: '50 Stars' }));
    expect(await screen.findByText('Buying tickets works only in Telegram.')).toBeInTheDocument();
    expect(calls.some((c) => c.includes('/payments/invoice'))).toBe(false);
    expect(openUrl).not.toHaveBeenCalled();
  });
});
