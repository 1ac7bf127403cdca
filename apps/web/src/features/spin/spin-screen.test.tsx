import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import { segmentAt, SPIN_WHEEL } from '@egg-rush/game/spin';
import { profileFixture } from '../../../test/fixtures.ts';
import { renderWithProviders, serve, type Answer } from '../../../test/harness.tsx';
import { setLanguage } from '../../lib/i18n.tsx';
import { prizeText, SpinScreen } from './spin-screen.tsx';

const profile = (ticket: number) => profileFixture({ onion: 1_000, ticket });

/** The network edge: the profile and the spin call. */
function open(ticket: number, spin: Answer<'spin'>) {
  const calls = serve({ profile: profile(ticket), spin: spin });
  renderWithProviders(<SpinScreen />, { path: '/spin' });
  return calls;
}

afterEach(() => vi.useRealTimers());

const won = (segment: number) => {
  const prize = SPIN_WHEEL[segment];
  assert(prize, `no segment ${segment}`);
  return {
    cheatData: { type: prize.type, value: prize.value },
    segment,
    onion: 1_250,
    ticket: 2,
    cheatCount: 0,
  };
};

describe('Spin screen', () => {
  it('shows the wheel, the ticket count, the specified text and Spin*1', async () => {
    open(3, won(0));
    await vi.waitFor(() => expect(screen.getByTestId('spin-tickets')).toHaveTextContent('3'));
    expect(
      screen.getByText(
        'Collect tickets and earn Point! Tickets can be earned through tasks and friend invitations.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Lucky wheel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spin*1' })).toBeEnabled();
  });

  it('spends a ticket at once, turns to the prize, stays disabled 4 s, then toasts the prize', async () => {
    const calls = open(3, won(2));
    await vi.waitFor(() => expect(screen.getByTestId('spin-tickets')).toHaveTextContent('3'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Spin*1' }));
    await vi.waitFor(() => expect(screen.getByTestId('spin-tickets')).toHaveTextContent('2'));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/users/getSpin').map((c) => c.method)).toEqual(['PUT']),
    );
    await vi.waitFor(() =>
      expect(Number(screen.getByTestId('wheel').dataset.rotation)).toBeGreaterThan(1800),
    );
    const rotation = Number(screen.getByTestId('wheel').dataset.rotation);
    expect(segmentAt(rotation)).toBe(2);
    expect(screen.getByRole('button', { name: 'Spin*1' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(3_800));
    expect(screen.queryByText(prizeText(won(2)))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spin*1' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByText('You got coin 250')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spin*1' })).toBeEnabled();
  });

  it("warns 'Not Enough Ticket.' without calling the server at 0 tickets", async () => {
    const calls = open(0, won(0));
    await screen.findByTestId('spin-tickets');
    await vi.waitFor(() => expect(screen.getByTestId('spin-tickets')).toHaveTextContent('0'));
    fireEvent.click(screen.getByRole('button', { name: 'Spin*1' }));
    expect(await screen.findByText('Not Enough Ticket.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/users/getSpin')).toBe(false);
  });

  it('names each prize with its specified text', () => {
    expect(prizeText({ cheatData: { type: 'onion', value: 500 } })).toBe('You got coin 500');
    expect(prizeText({ cheatData: { type: 'ticket', value: 3 } })).toBe('You got ticket 3');
    expect(prizeText({ cheatData: { type: 'treasure', value: 1 } })).toBe('You got 1 treasure.');
  });

  it('words each prize by its count in the player’s language', async () => {
    const text = (type: 'onion' | 'ticket' | 'treasure', value: number) =>
      prizeText({ cheatData: { type, value } });
    try {
      await setLanguage('ru');
      expect(text('onion', 1)).toBe('Вы получили 1 монету');
      expect(text('onion', 2)).toBe('Вы получили 2 монеты');
      expect(text('onion', 5)).toBe('Вы получили 5 монет');
      expect(text('onion', 21)).toBe('Вы получили 21 монету');
      expect(text('ticket', 3)).toBe('Вы получили 3 билета');
      expect(text('treasure', 1)).toBe('Вы получили 1 сундук.');
      await setLanguage('es');
      expect(text('ticket', 1)).toBe('Ganaste 1 boleto');
      expect(text('ticket', 2)).toBe('Ganaste 2 boletos');
      expect(text('onion', 1)).toBe('Ganaste 1 moneda');
      expect(text('onion', 2_500)).toBe('Ganaste 2500 monedas');
    } finally {
      await setLanguage('en');
    }
  });
});
