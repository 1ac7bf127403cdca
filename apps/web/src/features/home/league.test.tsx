import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LeagueStatusResponse } from '@egg-rush/contract/leagues';
import { LEAGUES } from '@egg-rush/game/leagues';
import { profileFixture } from '../../../test/fixtures.ts';
import {
  type Stubs,
  type Call,
  refuse,
  renderWithProviders,
  serve,
  testSession,
} from '../../../test/harness.tsx';
import { HomeScreen } from './home-screen.tsx';
import { useTapStore } from './tap-store.ts';

const session = { ...testSession, user: { id: 77, firstName: 'Ada' } };

// The game's first three leagues: Wooden, Bronze (5K, +1,000 coins and +2 tickets) and Silver (25K).
const status = (p: Partial<LeagueStatusResponse> = {}): LeagueStatusResponse => ({
  leagues: LEAGUES.slice(0, 3),
  totalScore: 15_000,
  league: 1,
  next: 2,
  progress: 0.5,
  claimable: [],
  ...p,
});

let routes: Stubs;
let calls: Call[];

beforeEach(() => {
  useTapStore.getState().reset();
  routes = {
    profile: profileFixture({ id: 77, totalScore: 15_000, onion: 15_000 }),
    leagueStatus: status(),
  };
  calls = serve(routes);
});

const renderHome = () => renderWithProviders(<HomeScreen />, { session });

describe('League on Home', () => {
  it('shows the league and the way to the next one on the welcome card', async () => {
    renderHome();
    const row = await screen.findByRole('button', { name: 'Bronze league' });
    expect(row).toHaveTextContent('Bronze');
    const bar = within(row).getByRole('progressbar', { name: 'Progress to Silver' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '15K / 25K');
    expect(screen.queryByRole('dialog', { name: 'New league' })).toBeNull();
  });

  it('celebrates a reached league and claims its reward once through the server', async () => {
    let claimed = false;
    routes.leagueStatus = () => status({ claimable: claimed ? [] : [1] });
    routes.leagueClaim = () => {
      claimed = true;
      return { success: true, league: 1, onion: 16_000, ticket: 5, totalScore: 15_000 };
    };
    renderHome();
    const dialog = await screen.findByRole('dialog', { name: 'New league' });
    expect(within(dialog).getByRole('heading', { name: 'Bronze' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('+1,000');
    expect(dialog).toHaveTextContent('+2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Claim reward' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New league' })).toBeNull());
    expect(calls.filter((c) => c.path === '/leagues/claim').map((c) => c.body)).toEqual([
      { userid: 77, league: 1 },
    ]);
    expect(await screen.findByText('+1,000 coins, +2 tickets')).toBeInTheDocument();
  });

  it('keeps the celebration when the claim is refused, and puts it off with Later', async () => {
    routes.leagueStatus = status({ claimable: [1] });
    routes.leagueClaim = refuse(409, 'LEAGUE_NOT_REACHED', 'You have not reached this league yet.');
    renderHome();
    const dialog = await screen.findByRole('dialog', { name: 'New league' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Claim reward' }));
    expect(await screen.findByText('You have not reached this league yet.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New league' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog', { name: 'New league' })).toBeNull();
  });

  it('opens the My league board from the welcome card, the player highlighted with their rank', async () => {
    routes.leagueBoard = (call: Call) =>
      call.search === '?league=2'
        ? {
            league: 2,
            ranking: [{ userid: 8, firstname: 'Di', totalScore: 40_000, rank: 1 }],
            totalParticipants: 1,
            me: null,
          }
        : {
            league: 1,
            ranking: [
              { userid: 5, firstname: 'Bo', totalScore: 20_000, rank: 1 },
              { userid: 77, firstname: 'Ada', totalScore: 15_000, rank: 2 },
            ],
            totalParticipants: 2,
            me: { userid: 77, firstname: 'Ada', totalScore: 15_000, rank: 2 },
          };
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Bronze league' }));
    const sheet = await screen.findByRole('dialog', { name: 'Leader Board' });
    expect(within(sheet).getByRole('tab', { name: 'My league' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(sheet).findByTestId('league-rank')).toHaveTextContent('You: #2');
    const rows = within(within(sheet).getByRole('list', { name: 'League ranking' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1Bo20,000', '2AdaYou15,000']);
    expect(rows[1]!.querySelector('[data-me]')).not.toBeNull();
    expect(calls.find((c) => c.path === '/leagues/77/board')?.search).toBe('');

    // Another league's board, picked by its badge.
    fireEvent.click(within(sheet).getByRole('button', { name: 'Silver' }));
    expect(await within(sheet).findByText('Di')).toBeInTheDocument();
    expect(within(sheet).queryByTestId('league-rank')).toBeNull();
    expect(calls.some((c) => c.path === '/leagues/77/board' && c.search === '?league=2')).toBe(true);
  });
});
