import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FriendsResponse } from '@egg-rush/contract/friends';
import { renderWithProviders, serve } from '../../../test/harness.tsx';
import { FriendsScreen } from './friends-screen.tsx';
import { SHARE_TEXT } from '@egg-rush/game/referrals';
import { setLanguage, t } from '../../lib/i18n.tsx';
import { CATALOGUES } from '@egg-rush/contract/locales';

const { en } = CATALOGUES;

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
  serve({ friends: body });
  renderWithProviders(<FriendsScreen />, { path: '/friends' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Friends screen', () => {
  it('shows the specified texts and an empty list', async () => {
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

  it('shares the invite link with the specified text', async () => {
    // Outside Telegram the share sheet is Telegram's share page, opened in a new window.
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    open(friends(0));
    fireEvent.click(await screen.findByRole('button', { name: 'Invites Friends' }));
    const url = new URL(String(opened.mock.calls[0]?.[0]));
    expect(url.origin + url.pathname).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe(LINK);
    expect(url.searchParams.get('text')).toBe('Join our telegram mini app.');
  });

  it.each(['ru', 'fa', 'hi', 'es'] as const)(
    'shares the invite in the player’s language (%s), the specification’s sentence in English',
    async (lng) => {
      expect(en.friends.shareText).toBe(SHARE_TEXT);
      await setLanguage(lng);
      try {
        const opened = vi.spyOn(window, 'open').mockReturnValue(null);
        open(friends(0));
        fireEvent.click(await screen.findByRole('button', { name: t('friends.invite') }));
        const text = new URL(String(opened.mock.calls[0]?.[0])).searchParams.get('text');
        expect(text).toBe(t('friends.shareText'));
        expect(text).not.toBe(SHARE_TEXT);
      } finally {
        await setLanguage('en');
      }
    },
  );

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
    act(() => {
      vi.advanceTimersByTime(1_900);
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('button', { name: 'Copy invite link' })).toHaveTextContent('Copy');
  });
});
