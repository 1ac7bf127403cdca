import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileFixture } from '../../../test/fixtures.ts';
import { type Answer, renderWithProviders, serve } from '../../../test/harness.tsx';
import PlayScreen, { formatClock } from './play-screen.tsx';

vi.mock('canvas-confetti', () => ({ default: vi.fn() }));

function open(start: Answer<'playStart'>) {
  const calls = serve({
    profile: profileFixture({ ticket: 2, golden: 1, wooden: 4, onion: 0 }),
    playStart: start,
  });
  renderWithProviders(<PlayScreen />, { path: '/play' });
  return calls;
}

describe('Mole game screen', () => {
  it('shows 9 moles, the ticket count, what the game is about, and 00:00 when idle', async () => {
    open({ success: false, code: 'NOT_ENOUGH_TICKET', msg: 'x' });
    await vi.waitFor(() => expect(screen.getByTestId('play-tickets')).toHaveTextContent('2'));
    expect(screen.getAllByRole('button', { name: /mole$/i })).toHaveLength(9);
    // The golden and wooden counters, which nothing ever raised, gave way to the game's rule.
    expect(screen.queryByText(/Golden 1/)).not.toBeInTheDocument();
    expect(screen.getByText(/Whack moles for points/)).toBeInTheDocument();
    expect(screen.getByTestId('timer')).toHaveTextContent('00:00');
    expect(screen.getByTestId('timer-fill').style.transform).toBe('scaleX(0)');
    expect(screen.getByRole('button', { name: /^Start/ })).toBeEnabled();
  });

  it('words a refused start by its code, and stays idle', async () => {
    // Worded by its code, not by the server's English (a Russian screen reads Russian).
    const calls = open({ success: false, code: 'NOT_ENOUGH_TICKET', msg: 'The server words it otherwise.' });
    await vi.waitFor(() => expect(screen.getByTestId('play-tickets')).toHaveTextContent('2'));
    fireEvent.click(screen.getByRole('button', { name: /^Start/ }));
    expect(await screen.findByText('Not Enough Ticket.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/play/start')).toHaveLength(1);
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
  });

  it('goes to the 3-2-1 countdown after a successful start', async () => {
    open({ success: true, ticket: 1, gameId: '6f1c2a53-3d8e-4b8a-9d7b-1a2b3c4d5e6f', key: 'k'.repeat(64) });
    await vi.waitFor(() => expect(screen.getByTestId('play-tickets')).toHaveTextContent('2'));
    fireEvent.click(screen.getByRole('button', { name: /^Start/ }));
    expect(await screen.findByTestId('countdown')).toHaveTextContent('3');
    await vi.waitFor(() => expect(screen.getByTestId('play-tickets')).toHaveTextContent('1'));
  });

  it('formats the timer as 00:SS', () => {
    expect(formatClock(60_000)).toBe('01:00');
    expect(formatClock(59_001)).toBe('01:00');
    expect(formatClock(42_000)).toBe('00:42');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-5)).toBe('00:00');
  });
});
