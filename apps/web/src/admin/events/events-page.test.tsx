import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, serve } from '../../../test/harness.tsx';
import { EventsPage } from './events-page.tsx';

const AT = Date.UTC(2026, 5, 15, 12);
const H = 3_600_000;

const listed = {
  events: [
    {
      id: 3,
      kind: 'tap-multiplier' as const,
      multiplier: 2.5,
      startsAt: AT - H,
      endsAt: AT + H,
      titles: { en: 'Tap frenzy' },
      createdBy: 7000,
      createdAt: AT - 2 * H,
      cancelledAt: null,
      status: 'running' as const,
      paid: { coins: 1234, payouts: 56 },
    },
  ],
  bounds: { maxMultiplier: 5, maxDurationMs: 14 * 24 * H, maxTitle: 60 },
};

describe('the console’s events', () => {
  it('shows each event’s coins and payments paid, in the language picked (Persian right to left)', async () => {
    serve({ adminEvents: () => listed });
    renderWithProviders(<EventsPage />);
    // The page shows once its language's texts are loaded.
    const row = await screen.findByTestId('event-row', {}, { timeout: 5000 });
    expect(row).toHaveTextContent('Taps ×2.5');
    expect(row).toHaveTextContent('running');
    expect(row).toHaveTextContent('1,234 coins · 56 payments');
    expect(screen.getByText(/at most 14 days in any 30/)).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('events-language'), { target: { value: 'fa' } });
    const heading = await screen.findByRole('heading', { name: 'رویدادها', level: 1 }, { timeout: 5000 });
    expect(heading.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    const fa = await screen.findByTestId('event-row');
    expect(fa).toHaveTextContent('در جریان');
    expect(fa).toHaveTextContent('سکه');
    expect(fa).toHaveTextContent('۵۶ پرداخت');
    expect(within(fa).queryByText(/coins|payments|running/)).toBeNull();
  });
});
