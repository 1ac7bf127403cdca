import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MiningDataResponse, MiningItemView } from '@egg-rush/contract/mining';
import { profileFixture } from '../../../test/fixtures.ts';
import { type Answer, rawReply, refuse, renderWithProviders, serve } from '../../../test/harness.tsx';
import { MiningScreen } from './mining-screen.tsx';

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

const serveMining = (buy: Answer<'buyMining'>) => {
  const calls = serve({
    miningData: mining,
    profile: profile,
    buyMining: buy,
  });
  renderWithProviders(<MiningScreen />, { path: '/mining' });
  return calls;
};

describe('Mining screen', () => {
  it('shows the five tabs, the balance, profit per hour and item cards', async () => {
    serveMining(rawReply(500, '{}'));
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
    serveMining(rawReply(500, '{}'));
    await screen.findByTestId('mining-coins');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Carousel' })).toHaveAttribute('data-affordable', 'true'),
    );
    const wheel = screen.getByRole('button', { name: 'Ferris Wheel' });
    expect(wheel).toHaveAttribute('data-affordable', 'false');
    expect(wheel.className).toContain('opacity-55');
  });

  it('confirms a purchase with the profit gain and buys through the server', async () => {
    const calls = serveMining({
      success: true,
      onion: 4_900,
      perProfit: 40,
      changeData: item('carousel', 'Carousel', 150, 1),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Carousel' }));
    const sheet = screen.getByRole('dialog', { name: 'Buy Carousel' });
    expect(within(sheet).getByText('+10')).toBeInTheDocument();
    expect(within(sheet).getByText('Level 0 → 1')).toBeInTheDocument();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Buy upgrade' }));
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    // With the purchase's id: sent again after a failover, it is bought once.
    expect(calls.find((c) => c.path === '/users/buyMining')?.body).toEqual({
      userid: 42,
      item: 'Carousel',
      title: 'Rides',
      request: expect.any(Number),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('warns Not Enough Coin! at once when the balance cannot pay, asking nothing of the server', async () => {
    const calls = serveMining(refuse(409, 'NOT_ENOUGH_COIN', 'Not Enough Coin!'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ferris Wheel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy upgrade' }));
    expect(await screen.findByText('Not Enough Coin!')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/buyMining')).toEqual([]);
  });

  it('warns Not Enough Coin! when the server refuses (the balance moved meanwhile)', async () => {
    serveMining(refuse(409, 'NOT_ENOUGH_COIN', 'Not Enough Coin!'));
    fireEvent.click(await screen.findByRole('button', { name: 'Carousel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy upgrade' }));
    expect(await screen.findByText('Not Enough Coin!')).toBeInTheDocument();
  });
});
