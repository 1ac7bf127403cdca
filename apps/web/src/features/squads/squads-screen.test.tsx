import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import type { SquadBoardResponse, SquadSummary } from '@egg-rush/contract/squads';
import { profileFixture } from '../../../test/fixtures.ts';
import { type Stubs, type Call, refuse, renderWithProviders, serve } from '../../../test/harness.tsx';
import { setLanguage } from '../../lib/i18n.tsx';
import { SquadPage } from './squad-page.tsx';
import { SquadsScreen } from './squads-screen.tsx';

const squad = (id: number, name: string, p: Partial<SquadSummary> = {}): SquadSummary => ({
  id,
  name,
  score: 12_000,
  members: 2,
  rank: 1,
  startParam: `squad_${id}`,
  ...p,
});
const OWLS = squad(7, 'Night Owls');
const board = (mine: SquadSummary | null, ranking = [OWLS]): SquadBoardResponse => ({
  ranking,
  totalSquads: ranking.length,
  mine,
});
const member = (userid: number, firstname: string, contribution: number, owner = false) => ({
  userid,
  firstname,
  contribution,
  joinedAt: 0,
  owner,
});
const routes = (
  <Switch>
    <Route path="/squads">
      <SquadsScreen />
    </Route>
    <Route path="/squads/:squadId">
      <SquadPage />
    </Route>
  </Switch>
);

function open(path: string, answers: Stubs): Call[] {
  const calls = serve({
    profile: profileFixture(),
    appConfig: { miniAppUrl: 'https://t.me/EggRushBot/play' },
    ...answers,
  });
  renderWithProviders(routes, { path });
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('Squads screen', () => {
  it('shows no squad yet, and the squad board', async () => {
    open('/squads', { squadBoard: board(null) });
    expect(await screen.findByText('No squad yet')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Squad ranking' })).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Night Owls');
    expect(rows[0]).toHaveTextContent('2 members');
    assert(rows[0]);
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', '/squads/7');
  });

  it("creates a squad: the server's refusal shows under the name, then the new squad's page opens", async () => {
    let created = false;
    const calls = open('/squads', {
      squadBoard: () => board(created ? OWLS : null, created ? [OWLS] : []),
      squadCreate: (c: Call) => {
        const { name } = c.body as { name: string };
        if (name.includes('$'))
          return refuse(400, 'BAD_SQUAD_NAME', "A squad name uses letters, digits, spaces and . _ ' - only.");
        created = true;
        return { success: true, squad: OWLS };
      },
      squadPage: { squad: OWLS, members: [member(42, 'Ada', 0, true)], member: true },
    });
    expect(await screen.findByText('No squads yet. Be the first to start one.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create a squad' }));
    const sheet = screen.getByRole('dialog', { name: 'New squad' });
    const field = within(sheet).getByRole('textbox', { name: /Squad name/ });
    const create = within(sheet).getByRole('button', { name: 'Create squad' });
    fireEvent.change(field, { target: { value: 'N' } });
    expect(create).toBeDisabled();
    expect(within(sheet).getByTestId('squad-name-count')).toHaveTextContent('1/24');
    fireEvent.change(field, { target: { value: 'Night$Owls' } });
    fireEvent.click(create);
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(
      "A squad name uses letters, digits, spaces and . _ ' - only.",
    );
    fireEvent.change(field, { target: { value: 'Night Owls' } });
    expect(within(sheet).queryByRole('alert')).toBeNull();
    fireEvent.click(create);
    expect(await screen.findByRole('region', { name: 'Members' })).toHaveTextContent('AdaYouFounder');
    expect(calls.filter((c) => c.path === '/squads/create').map((c) => c.body)).toEqual([
      { userid: 42, name: 'Night$Owls' },
      { userid: 42, name: 'Night Owls' },
    ]);
  });

  it('counts a name in graphemes, as the server does: a Hindi vowel sign is part of its letter', async () => {
    open('/squads', { squadBoard: board(null, []) });
    fireEvent.click(await screen.findByRole('button', { name: 'Create a squad' }));
    const sheet = screen.getByRole('dialog', { name: 'New squad' });
    const field = within(sheet).getByRole('textbox', { name: /Squad name/ });
    const count = within(sheet).getByTestId('squad-name-count');
    const create = within(sheet).getByRole('button', { name: 'Create squad' });
    // प्रि या ␠ 3 6 0: six graphemes (Intl.Segmenter, Unicode 15.1), ten code points.
    fireEvent.change(field, { target: { value: 'प्रिया 360' } });
    expect(count).toHaveTextContent('6/24');
    fireEvent.change(field, { target: { value: 'प्रिया' } });
    expect(count).toHaveTextContent('2/24');
    expect(create).toBeEnabled();
    // 24 graphemes of four code points each fit (the field holds them); one more does not.
    fireEvent.change(field, { target: { value: 'प्रि'.repeat(24) } });
    expect(field).toHaveValue('प्रि'.repeat(24));
    expect(count).toHaveTextContent('24/24');
    expect(create).toBeEnabled();
    fireEvent.change(field, { target: { value: 'प्रि'.repeat(25) } });
    expect(count).toHaveTextContent('25/24');
    expect(create).toBeDisabled();
  });

  it("draws a squad's initials as whole graphemes: क्ष and यो, not क and य", async () => {
    open('/squads', { squadBoard: board(null, [squad(9, 'क्षत्रिय योद्धा')]) });
    const [row] = await screen.findAllByRole('listitem');
    expect(row?.querySelector('[aria-hidden="true"]')).toHaveTextContent('क्षयो');
  });

  it("shows the player's squad with its rank and its members", async () => {
    open('/squads', { squadBoard: board(squad(7, 'Night Owls', { rank: 18, members: 5 })) });
    const card = await screen.findByRole('link', { name: 'My squad Night Owls' });
    expect(card).toHaveTextContent('Rank #18 · 5 members');
  });

  it("shows the player's squad's rank in the player's language", async () => {
    await setLanguage('ru');
    try {
      open('/squads', { squadBoard: board(squad(7, 'Night Owls', { rank: 2, members: 3 })) });
      const card = await screen.findByRole('link', { name: 'Мой отряд: Night Owls' });
      expect(card).toHaveTextContent('2-е место · 3 участника');
    } finally {
      await setLanguage('en');
    }
  });

  it("shares the squad's invite link, the mini-app link with its squad start parameter", async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    open('/squads', { squadBoard: board(OWLS) });
    expect(await screen.findByTestId('my-squad-name')).toHaveTextContent('Night Owls');
    const invite = screen.getByRole('button', { name: 'Invite to squad' });
    await waitFor(() => expect(invite).toBeEnabled());
    fireEvent.click(invite);
    const url = new URL(String(opened.mock.calls[0]?.[0]));
    expect(url.origin + url.pathname).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe('https://t.me/EggRushBot/play?startapp=squad_7');
  });

  it("joins a squad from its page and lists its members, the player's row highlighted", async () => {
    let joined = false;
    const calls = open('/squads/7', {
      squadBoard: () => board(joined ? OWLS : null),
      squadPage: () => ({
        squad: OWLS,
        members: [member(5, 'Bo', 12_000, true), ...(joined ? [member(42, 'Ada', 0)] : [])],
        member: joined,
      }),
      squadJoin: () => {
        joined = true;
        return { success: true, squad: OWLS };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join squad' }));
    expect(await screen.findByText('You joined Night Owls!')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Members' })).getAllByRole('listitem')).toHaveLength(
        2,
      ),
    );
    const rows = within(screen.getByRole('region', { name: 'Members' })).getAllByRole('listitem');
    expect(rows[1]).toHaveAttribute('data-me', 'true');
    expect(screen.queryByRole('button', { name: 'Join squad' })).toBeNull();
    expect(calls.find((c) => c.path === '/squads/join')?.body).toEqual({ userid: 42, squad: 7 });
    expect(calls.find((c) => c.path === '/squads/42/page')?.search).toBe('?squad=7');
  });

  it('does not offer to join while in another squad', async () => {
    open('/squads/7', {
      squadBoard: board(squad(9, 'Larks')),
      squadPage: { squad: OWLS, members: [member(5, 'Bo', 12_000, true)], member: false },
    });
    expect(await screen.findByText('Leave your squad before joining another one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join squad' })).toBeDisabled();
  });

  it('leaves the squad after confirming, back to no squad yet', async () => {
    let left = false;
    const calls = open('/squads/7', {
      squadBoard: () => board(left ? null : OWLS),
      squadPage: { squad: OWLS, members: [member(42, 'Ada', 300, true)], member: true },
      squadLeave: () => {
        left = true;
        return { success: true, squad: null };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave squad' }));
    const confirm = screen.getByRole('dialog', { name: 'Leave squad?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('No squad yet')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/squads/leave')).toHaveLength(1);
  });

  it('says the squad will be deleted when the player is its only member, and asks nothing of it after', async () => {
    let left = false;
    const alone = squad(7, 'Night Owls', { members: 1 });
    const calls = open('/squads/7', {
      squadBoard: () => board(left ? null : alone, left ? [] : [alone]),
      // The server deletes a squad its last member leaves: its page is gone.
      squadPage: () =>
        left
          ? refuse(404, 'NOT_FOUND', 'No such squad.')
          : { squad: alone, members: [member(42, 'Ada', 300, true)], member: true },
      squadLeave: () => {
        left = true;
        return { success: true, squad: null };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave squad' }));
    const confirm = screen.getByRole('dialog', { name: 'Leave squad?' });
    expect(confirm).toHaveTextContent(
      'You are the only member of Night Owls: leaving deletes the squad for good.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('No squad yet')).toBeInTheDocument();
    expect(await screen.findByText('You left Night Owls.')).toBeInTheDocument();
    // The page of the squad left is not asked for again: it no longer exists.
    const leftAt = calls.findIndex((c) => c.path === '/squads/leave');
    expect(calls.slice(leftAt).filter((c) => c.path === '/squads/42/page')).toEqual([]);
    expect(screen.queryByText('This squad did not load.')).toBeNull();
  });

  it('keeps the usual confirmation when others stay in the squad', async () => {
    open('/squads/7', {
      squadBoard: board(OWLS),
      squadPage: {
        squad: OWLS,
        members: [member(5, 'Bo', 12_000, true), member(42, 'Ada', 300)],
        member: true,
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave squad' }));
    const confirm = screen.getByRole('dialog', { name: 'Leave squad?' });
    expect(confirm).toHaveTextContent('Your coins since joining stop counting for Night Owls.');
    expect(confirm).not.toHaveTextContent('deletes');
  });
});
