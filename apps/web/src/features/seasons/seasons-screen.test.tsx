import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import type { SeasonBoardResponse, SeasonResultsResponse } from '@egg-rush/contract/seasons';
import { profileFixture } from '../../../test/fixtures.ts';
import { type Stubs, type Call, refuse, renderWithProviders, serve } from '../../../test/harness.tsx';
import { SeasonsScreen, weekCountdown } from './seasons-screen.tsx';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const PRIZES = [
  { from: 1, to: 1, prize: { ticket: 100, chests: 5 } },
  { from: 2, to: 10, prize: { ticket: 20, chests: 1 } },
  { from: 11, to: 100, prize: { ticket: 5, chests: 0 } },
];
const entry = (userid: number, firstname: string, coins: number, rank: number) => ({
  userid,
  firstname,
  coins,
  rank,
  prize: PRIZES.find((b) => rank >= b.from && rank <= b.to)?.prize ?? null,
});
const board = (p: Partial<SeasonBoardResponse> = {}): SeasonBoardResponse => ({
  week: 2915,
  startsAt: NOW - 86_400_000,
  // Two days, three hours, four minutes and five seconds left.
  endsAt: NOW + 2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000,
  ranking: [entry(5, 'Bo', 90_000, 1), entry(42, 'Ada', 12_000, 2)],
  totalParticipants: 2,
  me: entry(42, 'Ada', 12_000, 2),
  prizes: PRIZES,
  ...p,
});
const results = (week: number, p: Partial<SeasonResultsResponse> = {}): SeasonResultsResponse => ({
  week,
  // Monday 2026-11-16 06:00 UTC (midnight at the reset's offset) to the next Monday.
  startsAt: Date.UTC(2026, 10, 16, 6) - (2914 - week) * 7 * 86_400_000,
  endsAt: Date.UTC(2026, 10, 23, 6) - (2914 - week) * 7 * 86_400_000,
  settled: true,
  ranking: [entry(7, 'Cy', 50_000, 1)],
  me: null,
  ...p,
});

function open(routes: Stubs): Call[] {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  const calls = serve({ profile: profileFixture(), ...routes });
  renderWithProviders(<SeasonsScreen />, { path: '/seasons' });
  return calls;
}

afterEach(() => vi.useRealTimers());

describe('Season screen', () => {
  it("shows this week's board, the time left, the prize table and the player's row", async () => {
    open({ seasonBoard: board() });
    expect(await screen.findByTestId('season-time-left')).toHaveTextContent('2d 03:04:05');
    expect(screen.getByTestId('season-me')).toHaveTextContent('Ada');
    expect(screen.getByTestId('season-me')).toHaveTextContent('12,000');
    const prizes = within(screen.getByRole('region', { name: 'Prizes' })).getAllByRole('listitem');
    expect(prizes.map((p) => p.textContent)).toEqual(['#11005', '#2–10201', '#11–1005']);
    const rows = within(screen.getByRole('region', { name: "This week's ranking" })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    assert(rows[1]);
    expect(rows[1].querySelector('[data-me]')).not.toBeNull();
    expect(rows[0]).toHaveTextContent('Bo');
  });

  it('shows that a week just started when no one has earned yet', async () => {
    open({ seasonBoard: board({ ranking: [], totalParticipants: 0, me: null }) });
    expect(await screen.findByText('A week just started')).toBeInTheDocument();
    expect(screen.getByText('Earn coins this week to join the board.')).toBeInTheDocument();
  });

  it("shows the last finished week's results and earlier weeks", async () => {
    const calls = open({
      seasonBoard: board(),
      seasonResults: (c: Call) =>
        c.search === '?week=2913'
          ? results(2913, { ranking: [entry(42, 'Ada', 3_000, 1)], me: entry(42, 'Ada', 3_000, 1) })
          : results(2914, { settled: false }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Results' }));
    expect(await screen.findByTestId('results-week')).toHaveTextContent('Nov 16 – Nov 22');
    expect(screen.getByTestId('results-week')).toHaveTextContent('Prizes on their way');
    expect(screen.getByText('Cy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Later week' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Earlier week' }));
    expect(await screen.findByTestId('results-me')).toHaveTextContent('Ada');
    expect(screen.getByTestId('results-week')).toHaveTextContent('Nov 9 – Nov 15');
    expect(screen.getByTestId('results-week')).toHaveTextContent('Prizes paid');
    expect(calls.filter((c) => c.path === '/seasons/42/results').map((c) => c.search)).toEqual([
      '',
      '?week=2913',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Later week' }));
    expect(await screen.findByText('Cy')).toBeInTheDocument();
  });

  it('offers to try again when the board does not load', async () => {
    open({ seasonBoard: refuse(500, 'INTERNAL', 'x') });
    expect(await screen.findByText('The season did not load.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('weekCountdown', () => {
  it('reads days then h:mm:ss, without days in the last one', () => {
    expect(weekCountdown(3 * 86_400_000 + 5_000)).toBe('3d 00:00:05');
    expect(weekCountdown(3_600_000 - 1)).toBe('01:00:00');
    expect(weekCountdown(-5)).toBe('00:00:00');
  });
});
