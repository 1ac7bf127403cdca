import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileFixture, taskFixture } from '../../../test/fixtures.ts';
import { renderWithProviders, serve } from '../../../test/harness.tsx';
import { AirdropScreen } from './airdrop-screen.tsx';

// The wallet panel is TON Connect's own widget, exercised in the browser test; here only its slot.
vi.mock('./wallet-panel.tsx', () => ({ default: () => <div data-testid="wallet-card">wallet</div> }));

function open(routes: Record<string, unknown> = {}) {
  serve({
    ...routes,
    profile: profileFixture({ ticket: 1, onion: 10, totalScore: 12_345, friendCount: 3 }),
    tasks: {
      tasks: [true, false, true].map((isClaimed) => taskFixture({ isClaimed })),
      resetAt: 0,
      serverTime: 0,
    },
  });
  return renderWithProviders(<AirdropScreen />, { path: '/airdrop' }).router;
}

describe('Airdrop screen', () => {
  it('links to Invite Friends, Complete Tasks and Tap on Egg Rush with the player’s progress', async () => {
    const router = open();
    expect(await screen.findByText('3 invited')).toBeInTheDocument();
    expect(await screen.findByText('2/3 claimed')).toBeInTheDocument();
    expect(screen.getByText('12.3K coins earned')).toBeInTheDocument();
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/friends', '/tasks', '/home']);
    // The status bar's ticket pill leads to the Lucky Spin, where tickets are spent.
    expect(screen.getByTestId('status-tickets')).toHaveAttribute('href', '/spin');
    fireEvent.click(screen.getByText('Complete Tasks'));
    await vi.waitFor(() => expect(router.pathname).toBe('/tasks'));
  });

  it('shows the review of the player’s account above the ways to qualify, and the published rule below', async () => {
    open({
      airdropReview: { status: 'review', evidence: [], reason: null, appeal: null, canAppeal: true },
      airdropCriteria: {
        rule: {
          coinsExponent: 0.5,
          weights: { coins: 4, activeDays: 2, tasks: 1, friendsStayed: 1, accountAge: 1, premium: 1 },
          reviewDiscount: 0.5,
        },
        publishedAt: Date.UTC(2026, 6, 1),
      },
    });
    const review = await screen.findByTestId('airdrop-review');
    const criteria = await screen.findByTestId('airdrop-criteria');
    const ways = screen.getByText('Invite Friends');
    expect(review.compareDocumentPosition(ways) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(ways.compareDocumentPosition(criteria) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows 'Comming Soon' and the wallet connection on the Wallet tab", async () => {
    open();
    fireEvent.click(screen.getByRole('tab', { name: 'Wallet' }));
    expect(screen.getByText('Comming Soon')).toBeInTheDocument();
    expect(await screen.findByTestId('wallet-card')).toBeInTheDocument();
    expect(screen.queryByText('Invite Friends')).not.toBeInTheDocument();
  });
});
