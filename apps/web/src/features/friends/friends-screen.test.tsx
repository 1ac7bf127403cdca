import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FriendsResponse } from '@egg-rush/contract/friends';
import { SessionContext } from '../../lib/session.tsx';
import type { LaunchSession } from '../../lib/telegram.ts';
import { FriendsScreen } from './friends-screen.tsx';

const share = vi.hoisted(() => vi.fn());
vi.mock('../../lib/telegram.ts', () => ({ shareLink: share }));

const session = { user: { id: 42, firstName: 'Ada' } } as LaunchSession;
const LINK = 'https://t.me/EggRushBot/play?startapp=42';

function friends(count: number): FriendsResponse {
  return {
    friends: Array.from({ length: count }, (_, i) => ({
      id: 100 + i,
      firstname: `Friend ${i + 1}`,
      avatar: `/api/v1/users/avatar/${100 + i}`,
      totalScore: 12_000,
      reward: 5_000,
      isPremium: false,
    })),
    count,
    milestones: [1, 5, 10, 25, 50].map((c, i) => ({ count: c, ticket: i + 1, reached: count >= c })),
    inviteLink: LINK,
    shareText: 'Join our telegram mini app.',
    rewards: { regular: { inviter: 5_000, invitee: 5_000 }, premium: { inviter: 25_000, invitee: 25_000 } },
  };
}

function open(body: FriendsResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/users/friends/42')
        ? new Response(JSON.stringify(body))
        : new Response('{"code":"NOT_FOUND","message":"no"}', { status: 404 }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <FriendsScreen />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('Friends screen', () => {
  it('shows the SPEC texts and an empty list', async () => {
    open(friends(0));
    expect(await screen.findByText('Unlimited land coins')).toBeInTheDocument();
    expect(screen.getByText('Invites friends and earn together!')).toBeInTheDocument();
    expect(screen.getByText('Large amount of lucky tickets')).toBeInTheDocument();
    expect(screen.getByText('No friends yet')).toBeInTheDocument();
    expect(screen.getByTestId('milestone-1')).toHaveAttribute('data-reached', 'false');
  });

  it('lists friends and fills the reached milestone dots', async () => {
    open(friends(6));
    expect(await screen.findByText('Friend 6')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((li) => li.textContent?.includes('Friend'))).toHaveLength(
      6,
    );
    expect(screen.getByTestId('milestone-1')).toHaveAttribute('data-reached', 'true');
    expect(screen.getByTestId('milestone-5')).toHaveAttribute('data-reached', 'true');
    expect(screen.getByTestId('milestone-10')).toHaveAttribute('data-reached', 'false');
  });

  it('shares the invite link with the SPEC text', async () => {
    open(friends(0));
    fireEvent.click(await screen.findByRole('button', { name: 'Invites Friends' }));
    expect(share).toHaveBeenCalledWith(LINK, 'Join our telegram mini app.');
  });

  it('copies the invite link and shows Copied for 2 seconds', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    open(friends(0));
    const button = await screen.findByRole('button', { name: 'Copy invite link' });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(screen.getByRole('button', { name: 'Copied' })).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(1_900));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy invite link' })).toHaveTextContent('Copy');
  });
});
