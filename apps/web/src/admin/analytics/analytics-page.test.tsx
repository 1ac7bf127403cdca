import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, serve, type Call } from '../../../test/harness.tsx';
import AnalyticsPage from './analytics-page.tsx';

// The charts draw on a canvas (uPlot), which the test's DOM has not: they are named boxes here.
vi.mock('./charts.tsx', () => ({
  PALETTE: ['#fff'],
  DaysChart: ({ label, series }: { label: string; series: { label: string }[] }) => (
    <div role="img" aria-label={label}>
      {series.map((s) => s.label).join(', ')}
    </div>
  ),
}));

const days = (c: Call) => {
  const q = new URLSearchParams(c.search);
  return { from: q.get('from') ?? '', to: q.get('to') ?? '' };
};

describe('the console analytics page', () => {
  it('shows the retention triangle, the funnel with conversions, the charts, and asks for CSV', async () => {
    const calls = serve({
      adminAnalyticsActive: (c) => ({ days: [{ day: days(c).to, players: 12 }] }),
      adminAnalyticsNewPlayers: (c) => ({
        days: [
          { day: days(c).to, players: 5, sources: { invite: 3, campaign: 2 }, languages: {}, platforms: {} },
        ],
      }),
      adminAnalyticsEconomy: (c) => ({
        days: [{ day: days(c).to, sources: { taps: 900 }, sinks: { upgrades: 300 } }],
      }),
      adminAnalyticsRevenue: (c) => ({ days: [{ day: days(c).to, stars: 250, refunded: 0, payments: 2 }] }),
      adminAnalyticsFunnel: {
        steps: [
          { name: 'launch', players: 200 },
          { name: 'tap', players: 150 },
          { name: 'daily', players: 75 },
          { name: 'wallet', players: 0 },
          { name: 'purchase', players: 0 },
        ],
      },
      adminAnalyticsRetention: {
        cohorts: [
          { day: '2026-06-01', size: 200, retained: { d1: 50, d7: 20, d30: null } },
          { day: '2026-06-02', size: 0, retained: { d1: null, d7: null, d30: null } },
        ],
      },
    });
    renderWithProviders(<AnalyticsPage />, { path: '/admin/analytics' });
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    const [, newest, oldest] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    // Newest cohort first; a day not yet come reads "not yet", the others a share and a count.
    expect(within(newest).getAllByText('not yet')).toHaveLength(3);
    expect(oldest.textContent).toContain('25.0% (50)');
    expect(oldest.textContent).toContain('10.0% (20)');
    expect(within(oldest).getAllByText('not yet')).toHaveLength(1);

    expect(screen.getByText('First daily claim')).toBeTruthy();
    expect(screen.getByText(/75\.0% of the step before/)).toBeTruthy();
    expect(screen.getByText(/50\.0% of the step before/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'New players by source' }).textContent).toBe(
      "Friend's invite, Campaign",
    );
    expect(screen.getByRole('img', { name: 'Coins created and spent' }).textContent).toBe(
      '+ taps, − upgrades',
    );

    // The range asked for: the last 30 game days; a quick range asks again.
    const first = calls.find((c) => c.route === 'adminAnalyticsFunnel');
    const { from, to } = days(first as Call);
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
    fireEvent.click(screen.getByRole('button', { name: '365 days' }));
    await vi.waitFor(() => {
      const last = calls.filter((c) => c.route === 'adminAnalyticsFunnel').at(-1) as Call;
      expect((Date.parse(days(last).to) - Date.parse(days(last).from)) / 86_400_000).toBe(364);
    });

    // CSV: the same route with format=csv.
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(screen.getByRole('button', { name: 'Download Funnel as CSV' }));
    await vi.waitFor(() => {
      const csv = calls.filter((c) => c.route === 'adminAnalyticsFunnel').at(-1) as Call;
      expect(new URLSearchParams(csv.search).get('format')).toBe('csv');
    });
  });
});
