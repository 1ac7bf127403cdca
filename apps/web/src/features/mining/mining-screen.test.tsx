import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MiningDataResponse, MiningItemView } from '@egg-rush/contract/mining';
import { profileFixture } from '../../../test/fixtures.ts';
import { SessionContext } from '../../lib/session.tsx';
import type { LaunchSession } from '../../lib/telegram.ts';
import { MiningScreen } from './mining-screen.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));

const session = { user: { id: 42, firstName: 'Ada' } } as LaunchSession;
const item = (id: string, name: string, price: number, level = 0): MiningItemView => ({
  id,
  name,
  imageLink: `/mining/${id}.svg`,
  level,
  price,
  profit: 10,
  maxed: false,
});
const mining: MiningDataResponse = {
  rides: [item('carousel', 'Carousel', 100), item('ferris-wheel', 'Ferris Wheel', 10_000)],
  team: [item('mascot', 'Egg Mascot', 1_200)],
  concessions: [],
  policy: [],
  welfare: [],
};
const profile = profileFixture({ onion: 5_000, earnPerHour: 30, ticket: 3, cheatCount: 1 });

type Reply = { status: number; body: unknown };
function serve(buy: () => Reply) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      let reply: Reply = { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
      if (url.endsWith('/users/miningData/42')) reply = { status: 200, body: mining };
      if (url.endsWith('/users/get/42')) reply = { status: 200, body: profile };
      if (url.endsWith('/users/buyMining')) reply = buy();
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <MiningScreen />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Mining screen', () => {
  it('shows the five tabs, the balance, profit per hour and item cards', async () => {
    serve(() => ({ status: 500, body: {} }));
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Rides', 'Team', 'Concessions', 'Policy', 'Welfare']);
    const card = await screen.findByRole('button', { name: 'Carousel' });
    expect(card).toHaveTextContent('Lv 0');
    expect(card).toHaveTextContent('100');
    expect(await screen.findByTestId('mining-coins')).toHaveTextContent('5,000');
    expect(screen.getByTestId('mining-profit')).toHaveTextContent('+30');
    fireEvent.click(screen.getByRole('tab', { name: 'Team' }));
    expect(await screen.findByRole('button', { name: 'Egg Mascot' })).toBeInTheDocument();
  });

  it('dims the items the player cannot afford', async () => {
    serve(() => ({ status: 500, body: {} }));
    await screen.findByTestId('mining-coins');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Carousel' })).toHaveAttribute('data-affordable', 'true'),
    );
    const wheel = screen.getByRole('button', { name: 'Ferris Wheel' });
    expect(wheel).toHaveAttribute('data-affordable', 'false');
    expect(wheel.className).toContain('opacity-55');
  });

  it('confirms a purchase with the profit gain and buys through the server', async () => {
    const calls = serve(() => ({
      status: 200,
      body: { success: true, onion: 4_900, perProfit: 40, changeData: item('carousel', 'Carousel', 150, 1) },
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Carousel' }));
    const sheet = screen.getByRole('dialog', { name: 'Buy Carousel' });
    expect(within(sheet).getByText('+10')).toBeInTheDocument();
    expect(within(sheet).getByText('Level 0 → 1')).toBeInTheDocument();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Buy upgrade' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Success!'));
    expect(calls.find((c) => c.url.endsWith('/users/buyMining'))?.body).toEqual({
      userid: 42,
      item: 'Carousel',
      title: 'Rides',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('warns Not Enough Coin! when the server refuses', async () => {
    serve(() => ({ status: 409, body: { code: 'NOT_ENOUGH_COIN', message: 'Not Enough Coin!' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ferris Wheel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy upgrade' }));
    await waitFor(() => expect(toastMock.warning).toHaveBeenCalledWith('Not Enough Coin!'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
