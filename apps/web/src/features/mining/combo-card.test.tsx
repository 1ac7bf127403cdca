import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComboItem, ComboResponse } from '@egg-rush/contract/combo';
import type { MiningDataResponse } from '@egg-rush/contract/mining';
import { profileFixture } from '../../../test/fixtures.ts';
import { type Stubs, type Call, refuse, renderWithProviders, serve } from '../../../test/harness.tsx';
import { MiningScreen } from './mining-screen.tsx';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const card = (id: string, name: string): ComboItem => ({
  id,
  name,
  category: 'Rides',
  imageLink: `/mining/${id}.svg`,
});
const combo = (p: Partial<ComboResponse> = {}): ComboResponse => ({
  day: 20_415,
  // 1 h 2 min 3 s before the reset.
  endsAt: NOW + 3_723_000,
  size: 3,
  found: [card('carousel', 'Carousel')],
  hidden: 2,
  complete: false,
  claimed: false,
  reward: { onion: 100_000, ticket: 5 },
  ...p,
});
const mining: MiningDataResponse = { rides: [], team: [], concessions: [], policy: [], welfare: [] };
const all = [card('carousel', 'Carousel'), card('mascot', 'Egg Mascot'), card('night-hours', 'Night Hours')];

function open(routes: Stubs): Call[] {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  const calls = serve({
    miningData: mining,
    profile: profileFixture(),
    ...routes,
  });
  renderWithProviders(<MiningScreen />, { path: '/mining' });
  return calls;
}

afterEach(() => vi.useRealTimers());

describe('Daily combo', () => {
  it('shows the found cards face up, the others as ?, and the time to the reset', async () => {
    open({ combo: combo() });
    const region = await screen.findByRole('region', { name: 'Daily combo' });
    const slots = within(within(region).getByRole('list', { name: 'Combo cards' })).getAllByRole('listitem');
    expect(slots.map((s) => s.getAttribute('data-found'))).toEqual(['true', 'false', 'false']);
    expect(slots[0]).toHaveTextContent('Carousel');
    expect(slots[1]).toHaveTextContent('?');
    expect(within(region).getByTestId('combo-found')).toHaveTextContent('1/3 found');
    expect(within(region).getByTestId('combo-time-left')).toHaveTextContent('1:02:03');
    expect(within(region).queryByRole('button', { name: 'Claim combo' })).toBeNull();
  });

  it('claims the reward once all three are found, then shows it claimed', async () => {
    let claimed = false;
    const calls = open({
      combo: () => combo({ found: all, hidden: 0, complete: true, claimed }),
      comboClaim: () => {
        claimed = true;
        return { success: true, onion: 100_500, ticket: 8, totalScore: 100_500 };
      },
    });
    const region = await screen.findByRole('region', { name: 'Daily combo' });
    fireEvent.click(await within(region).findByRole('button', { name: 'Claim combo' }));
    expect(await within(region).findByTestId('combo-claimed')).toHaveTextContent('Claimed');
    expect(within(region).queryByRole('button', { name: 'Claim combo' })).toBeNull();
    expect(await screen.findByText('Combo! +100,000 coins, +5 tickets')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/combo/claim').map((c) => c.body)).toEqual([{ userid: 42 }]);
  });

  it('shows a refused claim in the shared words and a load failure with a retry', async () => {
    open({
      combo: combo({ found: all, hidden: 0, complete: true }),
      comboClaim: refuse(409, 'ALREADY_CLAIMED', 'You have already claimed today’s combo.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim combo' }));
    expect(await screen.findByText('Already you received!')).toBeInTheDocument();
  });

  it('offers to try again when the combo does not load', async () => {
    let fail = true;
    open({ combo: () => (fail ? refuse(500, 'INTERNAL', 'x') : combo()) });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('The daily combo did not load.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Daily combo' })).toBeInTheDocument());
  });

  it('asks again for the combo when an upgrade is bought', async () => {
    const calls = open({
      combo: combo(),
      miningData: {
        ...mining,
        rides: [
          { id: 'carousel', name: 'Carousel', imageLink: '', level: 0, price: 100, profit: 10, maxed: false },
        ],
      },
      profile: profileFixture({ onion: 5_000 }),
      buyMining: {
        success: true,
        onion: 4_900,
        perProfit: 10,
        changeData: {
          id: 'carousel',
          name: 'Carousel',
          imageLink: '',
          level: 1,
          price: 150,
          profit: 10,
          maxed: false,
        },
      },
    });
    await screen.findByRole('region', { name: 'Daily combo' });
    fireEvent.click(await screen.findByRole('button', { name: 'Carousel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Buy upgrade' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/combo/42')).toHaveLength(2));
  });
});
