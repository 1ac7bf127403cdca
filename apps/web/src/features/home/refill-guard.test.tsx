import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENERGY_REGEN_MS } from '@egg-rush/game/energy';
import { idleFarmFixture, profileFixture } from '../../../test/fixtures.ts';
import { type Stubs, type Call, renderWithProviders, serve, testSession } from '../../../test/harness.tsx';
import { TAPPING_MS } from '../../lib/deliberate-press.ts';
import { EMPTY_RESUME_TAPS } from './energy-empty.tsx';
import { HomeScreen } from './home-screen.tsx';
import { useTapStore } from './tap-store.ts';

// The tester's finding: tapping fast around the egg's centre, the "Out of energy" card's Refill
// button (lying on the egg) slid the Boost sheet up under the thumb, and the next tap bought Full
// Energy with no confirmation; the card also blinked as each tap's worth of energy came back.

const session = { ...testSession, user: { id: 77, firstName: 'Ada' } };
const profile = profileFixture({ id: 77, onion: 5_000, energy: 5, earnPerHour: 0 });

let routes: Stubs;
let calls: Call[];
let clock: number;
/** Moves the clock (Date only: React and the network keep their own timers). */
const advance = (ms: number) => {
  clock += ms;
  vi.setSystemTime(clock);
  act(() => useTapStore.getState().tick(clock));
};

beforeEach(() => {
  clock = Date.parse('2026-03-01T12:00:00Z');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  useTapStore.getState().reset();
  routes = {
    profile: profile,
    farmStatus: idleFarmFixture(),
    fullyEnergy: { energy: 1_000, onion: 4_500 },
    tap: ({ body }: Call) => {
      const count = Number((body as { count: number }).count);
      return { success: true, credited: count, earned: count, onion: 5_000 + count, energy: 0 };
    },
  };
  calls = serve(routes);
});
afterEach(() => vi.useRealTimers());

/** A tap as a finger makes it: the pointer goes down on the element, then the click. */
const tap = (element: Element) => {
  fireEvent.pointerDown(element, { pointerId: 1, pointerType: 'touch' });
  fireEvent.click(element, { detail: 1 });
};
const refills = () => calls.filter((c) => c.path === '/users/fullyEnergy');

describe('a tapping thumb never buys a refill', () => {
  it('keeps the out-of-energy card off the egg, and its button deaf to the tapping thumb', async () => {
    renderWithProviders(<HomeScreen />, { session });
    const card = await screen.findByTestId('energy-empty');
    const egg = screen.getByTestId('egg');
    // Not over the egg: outside the egg's block (with the side buttons).
    expect(egg.parentElement).not.toContainElement(card);
    // Just come, its button takes no tap yet; then a thumb tapping the egg lands on it: the shop
    // does not open.
    const refill = within(card).getByRole('button', { name: 'Refill energy' });
    expect(refill).toBeDisabled();
    await waitFor(() => expect(refill).toBeEnabled());
    tap(egg);
    tap(refill);
    expect(screen.queryByRole('dialog', { name: 'Boost' })).not.toBeInTheDocument();
    // A deliberate press, once the thumb has left the egg, opens it.
    advance(TAPPING_MS);
    tap(refill);
    expect(await screen.findByRole('dialog', { name: 'Boost' })).toBeInTheDocument();
  });

  it('buys Full Energy only on a deliberate press of its row, never on a tap as the sheet slides up', async () => {
    renderWithProviders(<HomeScreen />, { session });
    await screen.findByTestId('energy-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Boost' }));
    const sheet = await screen.findByRole('dialog', { name: 'Boost' });
    const row = within(sheet).getByRole('button', { name: 'Energy' });
    // The next tap of the thumb lands on the row the sheet brought under it: not armed yet.
    expect(row).toBeDisabled();
    tap(row);
    await waitFor(() => expect(row).toBeEnabled());
    // A press on the row a moment after a tap on the egg.
    fireEvent.pointerDown(screen.getByTestId('egg'), { pointerId: 1, pointerType: 'touch' });
    advance(TAPPING_MS - 100);
    tap(row);
    // A press that went down elsewhere and ended on the row.
    advance(TAPPING_MS);
    fireEvent.pointerDown(sheet, { pointerId: 1, pointerType: 'touch' });
    fireEvent.click(row, { detail: 1 });
    expect(refills()).toEqual([]);
    // The player's deliberate press buys it.
    tap(row);
    await waitFor(() => expect(refills()).toHaveLength(1));
  });

  it('does not blink as one tap of energy comes back and is spent again', async () => {
    renderWithProviders(<HomeScreen />, { session });
    await screen.findByTestId('energy-empty');
    // 5 → 10: one tap's worth is back; the card stays.
    advance(5 * ENERGY_REGEN_MS);
    expect(screen.getByTestId('energy')).toHaveTextContent('10 / 1,000');
    expect(screen.getByTestId('energy-empty')).toBeInTheDocument();
    // Spent again at once: still there, not gone and back.
    fireEvent.pointerDown(screen.getByTestId('egg'), { pointerId: 1, pointerType: 'touch' });
    expect(screen.getByTestId('energy')).toHaveTextContent('0 / 1,000');
    expect(screen.getByTestId('energy-empty')).toBeInTheDocument();
    // Gone once enough for a run of taps is back.
    advance(EMPTY_RESUME_TAPS * 10 * ENERGY_REGEN_MS);
    expect(screen.queryByTestId('energy-empty')).not.toBeInTheDocument();
  });
});
