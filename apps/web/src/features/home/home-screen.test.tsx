import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, assert, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeagueStatusResponse } from '@egg-rush/contract/leagues';
import type { Profile } from '@egg-rush/contract/users';
import { LEAGUES } from '@egg-rush/game/leagues';
import { idleFarmFixture, profileFixture } from '../../../test/fixtures.ts';
import {
  type Stubs,
  type Call,
  refuse,
  renderWithProviders,
  serve,
  testSession,
} from '../../../test/harness.tsx';
import { setLanguage } from '../../lib/i18n.tsx';
import { HomeScreen } from './home-screen.tsx';
import { useTapStore } from './tap-store.ts';

const session = { ...testSession, user: { id: 77, firstName: 'Ada' } };

const baseProfile: Profile = profileFixture({
  id: 77,
  onion: 1200,
  ticket: 3,
  totalScore: 1200,
  earnPerHour: 360,
  cheatCount: 2,
  earnPerTap: 2,
  rewardStreak: 1,
});

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
    profile: baseProfile,
    farmStatus: idleFarmFixture(),
  };
  calls = serve(routes);
});
afterEach(() => vi.useRealTimers());

const renderHome = () => renderWithProviders(<HomeScreen />, { session });

describe('Home', () => {
  it('shows the balance, energy, welcome, profit per hour and the farm button', async () => {
    renderHome();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('1,200'));
    expect(screen.getByTestId('energy')).toHaveTextContent('1,000 / 1,000');
    expect(screen.getByTestId('welcome-name')).toHaveTextContent('Ada');
    expect(screen.getByLabelText('Profit Per Hour')).toHaveTextContent('+360');
    expect(screen.getByTestId('status-chests')).toHaveTextContent('2');
    expect(await screen.findByRole('button', { name: /Start Farming/ })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Play' })).toHaveAttribute('href', '/play');
  });

  it('counts taps at once, floats +earnPerTap, and flushes them in one batch', async () => {
    routes.tap = ({ body }: Call) => {
      const count = Number((body as { count: number }).count);
      return { success: true, credited: count, earned: count * 2, onion: 1206, energy: 970 };
    };
    renderHome();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('1,200'));
    const egg = screen.getByTestId('egg');
    fireEvent.pointerDown(egg, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerDown(egg, { clientX: 20, clientY: 20, pointerId: 2 });
    fireEvent.pointerDown(egg, { clientX: 30, clientY: 30, pointerId: 1 });
    expect(screen.getByTestId('balance')).toHaveTextContent('1,206');
    expect(screen.getByTestId('energy')).toHaveTextContent('970 / 1,000');
    expect(within(egg).getAllByText('+2')).toHaveLength(3);
    await waitFor(() => expect(calls.some((c) => c.path === '/users/tap')).toBe(true), {
      timeout: 2500,
    });
    const taps = calls.filter((c) => c.path === '/users/tap');
    expect(taps).toHaveLength(1);
    // With the cadence of the batch: the two intervals between its three taps.
    expect(taps[0]?.body).toMatchObject({ userid: 77, count: 3, cadence: { n: 2 } });
    await waitFor(() => expect(useTapStore.getState().inFlight).toBe(0));
    expect(screen.getByTestId('balance')).toHaveTextContent('1,206');
  });

  it('ignores taps without the energy for one', async () => {
    routes.profile = { ...baseProfile, energy: 9 };
    renderHome();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('1,200'));
    fireEvent.pointerDown(screen.getByTestId('egg'));
    expect(screen.getByTestId('balance')).toHaveTextContent('1,200');
    expect(useTapStore.getState().queued).toBe(0);
  });

  it('shows farming with a countdown, then Claim', async () => {
    routes.farmStatus = {
      reward: 2000,
      duration: 21_600_000,
      started: true,
      remainTime: 3_600_000,
      startedAt: 0,
      serverTime: 0,
    };
    const first = renderHome();
    const farming = await screen.findByTestId('farm-button');
    await waitFor(() => expect(farming).toHaveTextContent('Farming 2,000 coins'));
    expect(farming).toHaveTextContent(/1:00:00|0:59:59/);
    expect(farming).toBeDisabled();
    first.unmount();

    routes.farmStatus = {
      reward: 2000,
      duration: 21_600_000,
      started: true,
      remainTime: 0,
      startedAt: 0,
      serverTime: 0,
    };
    routes.farmClaim = { success: true, reward: 2000, onion: 3200, msg: 'You claimed 2000 onions' };
    renderHome();
    const claim = await screen.findByRole('button', { name: /Claim/ });
    fireEvent.click(claim);
    // The reward in the language's digit grouping.
    expect(await screen.findByText('You claimed 2,000 onions')).toBeInTheDocument();
  });

  it('refuses a boost with the server message and buys one with Success!', async () => {
    routes.double = refuse(409, 'ALREADY_USED', 'It has already been used.');
    routes.touchIncome = { changePerTap: 3, onion: 700 };
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    const sheet = await screen.findByRole('dialog', { name: 'Boost' });
    for (const name of ['Energy', '2 * Income', 'Double Tap', 'Touch Income', 'Energy Capacity']) {
      expect(within(sheet).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(sheet).getByTestId('energy')).toHaveTextContent('1,000 / 1,000');
    // Prices come from the rules: first levels cost 500, refills show what is left today.
    expect(within(sheet).getByTestId('boost-price-touchIncome')).toHaveTextContent('500');
    expect(within(sheet).getByTestId('boost-note-touchIncome')).toHaveTextContent('Level 0 / 10');
    expect(within(sheet).getByTestId('boost-note-fullyEnergy')).toHaveTextContent('6 / 6 left today');
    // A purchase is armed a moment after the sheet opens (lib/deliberate-press.ts).
    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Double Tap' })).toBeEnabled());
    fireEvent.click(within(sheet).getByRole('button', { name: 'Double Tap' }));
    expect(await screen.findByText('It has already been used.')).toBeInTheDocument();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Touch Income' }));
    expect(await screen.findByText('Success!')).toBeInTheDocument();
  });

  it('shows the next level price and marks what the player cannot afford', async () => {
    routes.profile = {
      ...baseProfile,
      onion: 3000,
      touchIncomeLevel: 3,
      energyCapacityLevel: 10,
      refillsLeft: 0,
    };
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    const sheet = await screen.findByRole('dialog', { name: 'Boost' });
    await waitFor(() =>
      expect(within(sheet).getByTestId('boost-price-touchIncome')).toHaveTextContent('4,000'),
    );
    expect(within(sheet).getByRole('button', { name: 'Touch Income' })).toHaveAttribute(
      'data-affordable',
      'false',
    );
    expect(within(sheet).getByRole('button', { name: 'Double Tap' })).toHaveAttribute(
      'data-affordable',
      'true',
    );
    expect(within(sheet).getByRole('button', { name: 'Energy Capacity' })).toHaveTextContent('Max');
    expect(within(sheet).getByRole('button', { name: 'Energy' })).toHaveTextContent('Tomorrow');
  });

  it('says what each boost changes, and sends no purchase that changes nothing or cannot be paid', async () => {
    routes.profile = { ...baseProfile, onion: 300, earnPerHour: 0 };
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    const sheet = screen.getByRole('dialog', { name: 'Boost' });
    // 2 * Income at 0 per hour doubles nothing: locked, with where to earn an income.
    await waitFor(() => expect(within(sheet).getByTestId('boost-no-income')).toBeInTheDocument());
    const income = within(sheet).getByRole('button', { name: '2 * Income' });
    expect(income).toHaveTextContent('Locked');
    expect(income).toBeDisabled();
    expect(within(sheet).getByRole('link', { name: 'Open Minting' })).toHaveAttribute('href', '/mining');
    // 500 with 300 in hand: marked, and how much is missing.
    const touch = within(sheet).getByRole('button', { name: 'Touch Income' });
    expect(touch).toBeDisabled();
    expect(within(sheet).getByTestId('boost-short-touchIncome')).toHaveTextContent('200 more coins needed');
    fireEvent.click(income);
    fireEvent.click(touch);
    expect(calls.filter((c) => c.method === 'PUT' && c.path !== '/users/tap')).toEqual([]);
  });

  it('shows before and after of each boost the player can buy', async () => {
    routes.profile = { ...baseProfile, energy: 400 };
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    const sheet = screen.getByRole('dialog', { name: 'Boost' });
    await waitFor(() =>
      expect(within(sheet).getByTestId('boost-change-income')).toHaveTextContent('Profit per hour 360 → 720'),
    );
    expect(within(sheet).getByTestId('boost-change-double')).toHaveTextContent(
      'Per tap 2 → 4 coins, 10 → 20 energy',
    );
    expect(within(sheet).getByTestId('boost-change-touchIncome')).toHaveTextContent('Per tap 2 → 3');
    expect(within(sheet).getByTestId('boost-change-energyCapacity')).toHaveTextContent(
      'Max energy 1,000 → 1,500',
    );
    expect(within(sheet).getByTestId('boost-change-fullyEnergy')).toHaveTextContent(/Energy \d+ → 1,000/);
  });

  it('explains an empty energy bar: when it is full again, and the refill', async () => {
    routes.profile = { ...baseProfile, energy: 5 };
    renderHome();
    const empty = await screen.findByTestId('energy-empty');
    // 995 energy at one per 300 ms.
    expect(empty).toHaveTextContent('Out of energy');
    expect(empty).toHaveTextContent(/full in 0:04:5\d/);
    const refill = within(empty).getByRole('button', { name: 'Refill energy' });
    await waitFor(() => expect(refill).toBeEnabled());
    fireEvent.click(refill);
    expect(await screen.findByRole('dialog', { name: 'Boost' })).toBeInTheDocument();
  });

  it('shows the first-run guide to a new player once, and keeps it seen', async () => {
    routes.profile = { ...baseProfile, settings: { ...baseProfile.settings, guideSeen: false } };
    routes.settings = (c: Call) => ({
      settings: { ...baseProfile.settings, ...(c.body as object), guideSeen: true },
    });
    renderHome();
    const guide = await screen.findByTestId('guide');
    expect(within(guide).getByRole('heading')).toHaveTextContent('Tap the egg');
    fireEvent.click(within(guide).getByRole('button', { name: 'Next' }));
    expect(within(guide).getByRole('heading')).toHaveTextContent('Farm and grow');
    fireEvent.click(within(guide).getByRole('button', { name: 'Skip' }));
    expect(screen.queryByTestId('guide')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/users/settings')?.body).toEqual({ userid: 77, guideSeen: true }),
    );
  });

  it('changes sound and language in the settings, in step with the welcome card', async () => {
    const saved: unknown[] = [];
    routes.settings = (c: Call) => {
      saved.push(c.body);
      const { userid: _, ...changes } = c.body as Record<string, unknown>;
      return { settings: { ...baseProfile.settings, ...changes } };
    };
    renderHome();
    await screen.findByRole('button', { name: 'Sound off' });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const sheet = await screen.findByRole('dialog', { name: 'Settings' });
    fireEvent.click(within(sheet).getByRole('switch', { name: 'Sound' }));
    expect(within(sheet).getByRole('switch', { name: 'Sound' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Sound on' })).toBeInTheDocument();
    expect(within(sheet).getByTestId('app-version')).toHaveTextContent(/^Version /);
    try {
      fireEvent.click(within(sheet).getByRole('radio', { name: 'Русский' }));
      expect(await screen.findByRole('dialog', { name: 'Настройки' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Бусты' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
    await waitFor(() =>
      expect(saved).toEqual([
        { userid: 77, sound: true },
        { userid: 77, language: 'ru' },
      ]),
    );
  });

  it("turns the bot's reminders off in the settings, as the bot's /settings does", async () => {
    const saved: unknown[] = [];
    routes.notifications = { on: true };
    routes.setNotifications = (c: Call) => {
      saved.push(c.body);
      return { on: (c.body as { on: boolean }).on };
    };
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const sheet = await screen.findByRole('dialog', { name: 'Settings' });
    const reminders = within(sheet).getByRole('switch', { name: 'Reminders from the bot' });
    await waitFor(() => expect(reminders).toBeEnabled());
    expect(reminders).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(reminders);
    await waitFor(() => expect(reminders).toHaveAttribute('aria-checked', 'false'));
    await waitFor(() => expect(saved).toEqual([{ userid: 77, on: false }]));
  });

  it('opens a chest and shows the prize', async () => {
    routes.chest = {
      cheatData: { type: 'onion', value: 750 },
      onion: 1950,
      ticket: 3,
      cheatCount: 1,
    };
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Treasure' }));
    const sheet = await screen.findByRole('dialog', { name: 'Treasure' });
    await waitFor(() => expect(within(sheet).getByTestId('chest-count')).toHaveTextContent('2 chests left'));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Open chest' }));
    expect(await screen.findByText('You got coin 750')).toBeInTheDocument();
    expect(within(sheet).getByTestId('chest-prize')).toHaveTextContent('+750 coins');
    expect(within(sheet).getByRole('img', { name: 'Open chest' })).toBeInTheDocument();
  });

  it('words a chest’s prize and the boosts by their count in the player’s language', async () => {
    routes.profile = { ...baseProfile, energy: 400 };
    routes.chest = {
      cheatData: { type: 'onion', value: 1 },
      onion: 1201,
      ticket: 3,
      cheatCount: 1,
    };
    await act(() => setLanguage('ru'));
    try {
      renderHome();
      fireEvent.click(await screen.findByRole('button', { name: 'Бусты' }));
      const boosts = await screen.findByRole('dialog', { name: 'Бусты' });
      // 2 → 4 coins a tap: «монеты», not «монет».
      await waitFor(() =>
        expect(within(boosts).getByTestId('boost-change-double')).toHaveTextContent(
          'За тап 2 → 4 монеты, 10 → 20 энергии',
        ),
      );
      expect(within(boosts).getByRole('button', { name: 'Доход за тап' })).toHaveTextContent(
        '+1 монета за каждый тап',
      );
      fireEvent.click(within(boosts).getByRole('button', { name: 'Закрыть: Бусты' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Сокровища' }));
      const sheet = await screen.findByRole('dialog', { name: 'Сокровища' });
      await waitFor(() => expect(within(sheet).getByTestId('chest-count')).toHaveTextContent('Осталось 2'));
      const [openChest] = within(sheet).getAllByRole('button', { name: 'Открыть сундук' });
      assert(openChest);
      fireEvent.click(openChest);
      expect(await screen.findByText('Вы получили 1 монету')).toBeInTheDocument();
      expect(within(sheet).getByTestId('chest-prize')).toHaveTextContent('+1 монета');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('lists the leader board with the player highlighted, and reports a failure', async () => {
    routes.leaderboard = {
      ranking: [
        { userid: 5, firstname: 'Bo', totalScore: 9000, rank: 1 },
        { userid: 77, firstname: 'Ada', totalScore: 1200, rank: 2 },
        { userid: 9, firstname: 'Cy', totalScore: 300, rank: 3 },
      ],
      totalParticipants: 3,
      me: { userid: 77, firstname: 'Ada', totalScore: 1200, rank: 2 },
    };
    const view = renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Ranking' }));
    const sheet = await screen.findByRole('dialog', { name: 'Leader Board' });
    expect(await within(sheet).findByText('Total Participants: 3')).toBeInTheDocument();
    const rows = within(within(sheet).getByRole('list', { name: 'Ranking' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1Bo9,000', '2AdaYou1,200', '3Cy300']);
    assert(rows[0] && rows[1]);
    expect(rows[1].querySelector('[data-me]')).not.toBeNull();
    expect(rows[0].querySelector('[data-me]')).toBeNull();
    view.unmount();

    routes.leaderboard = refuse(500, 'INTERNAL', 'x');
    renderHome();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Ranking' }));
    });
    expect(await screen.findAllByText('Failed to load leaderboard.')).not.toHaveLength(0);
  });
});

// The league on the welcome card, its celebration and its board.
describe('League on Home', () => {
  beforeEach(() => {
    routes.profile = profileFixture({ id: 77, totalScore: 15_000, onion: 15_000 });
    routes.leagueStatus = status();
  });

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
    assert(rows[1]);
    expect(rows[1].querySelector('[data-me]')).not.toBeNull();
    expect(calls.find((c) => c.path === '/leagues/77/board')?.search).toBe('');

    // Another league's board, picked by its badge.
    fireEvent.click(within(sheet).getByRole('button', { name: 'Silver' }));
    expect(await within(sheet).findByText('Di')).toBeInTheDocument();
    expect(within(sheet).queryByTestId('league-rank')).toBeNull();
    expect(calls.some((c) => c.path === '/leagues/77/board' && c.search === '?league=2')).toBe(true);
  });
});
