import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CipherResponse } from '@egg-rush/contract/cipher';
import { CIPHER_TRIES_PER_DAY } from '@egg-rush/game/cipher';
import { idleFarmFixture, profileFixture } from '../../../test/fixtures.ts';
import {
  type Call,
  refuse,
  renderWithProviders,
  serve,
  type Stubs,
  testSession,
} from '../../../test/harness.tsx';
import { setLanguage } from '../../lib/i18n.tsx';
import { HomeScreen } from './home-screen.tsx';
import { useTapStore } from './tap-store.ts';

// The daily cipher on Home: the egg's presses are dots and dashes (no taps), decoded as entered,
// checked by the server; the code and the word stay left to right in a right-to-left page.

const session = { ...testSession, user: { id: 77, firstName: 'Ada' } };
const today = (over: Partial<CipherResponse> = {}): CipherResponse => ({
  day: '2026-06-15',
  length: 3,
  solved: false,
  reward: { onion: 50_000, ticket: 2 },
  triesLeft: CIPHER_TRIES_PER_DAY,
  endsAt: Date.UTC(2026, 5, 16, 6),
  ...over,
});

let routes: Stubs;
let calls: Call[];
let clock = 0;

beforeEach(() => {
  useTapStore.getState().reset();
  clock = 1000;
  routes = {
    profile: profileFixture({ id: 77, onion: 1200, totalScore: 1200 }),
    farmStatus: idleFarmFixture(),
    cipher: today(),
  };
  calls = serve(routes);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en');
});

/** One press of the egg held for `ms`. */
function press(ms: number) {
  const egg = screen.getByTestId('egg');
  // An event is stamped when it is made (jsdom stamps it from Date.now).
  const now = vi.spyOn(Date, 'now').mockImplementation(() => clock);
  fireEvent.pointerDown(egg, { pointerId: 1, clientX: 10, clientY: 10 });
  clock += ms;
  fireEvent.pointerUp(egg, { pointerId: 1 });
  clock += 100;
  now.mockRestore();
}
/** Enters a letter's code: `.` a tap, `-` a hold. */
function letter(code: string, next = true) {
  for (const signal of code) press(signal === '.' ? 80 : 450);
  if (next) fireEvent.click(screen.getByRole('button', { name: 'Next letter' }));
}

async function openCipher() {
  renderWithProviders(<HomeScreen />, { session });
  await waitFor(() => expect(screen.getByTestId('balance')).not.toHaveTextContent('–'));
  fireEvent.click(screen.getByTestId('cipher-mode'));
  return screen.findByTestId('cipher', {}, { timeout: 10_000 });
}

describe('the daily cipher on Home', () => {
  it('reads taps as dots and holds as dashes, sends no game taps, and pays the right word', async () => {
    routes.cipherSolve = ({ body }: Call) => {
      routes.cipher = today({ solved: true });
      return (body as { word: string }).word === 'EGG'
        ? { success: true, reward: { onion: 50_000, ticket: 2 }, triesLeft: CIPHER_TRIES_PER_DAY }
        : { success: false, reward: null, triesLeft: CIPHER_TRIES_PER_DAY - 1 };
    };
    const panel = await openCipher();
    expect(screen.getByTestId('egg')).toHaveAttribute('data-mode', 'cipher');
    expect(within(panel).getByTestId('cipher-chart')).toHaveTextContent('A•–');
    expect(await within(panel).findByText(`Tries left: ${CIPHER_TRIES_PER_DAY}`)).toBeInTheDocument();

    letter('.');
    letter('--.');
    letter('--', false);
    expect(screen.getByTestId('cipher-code')).toHaveTextContent('––');
    expect(screen.getByTestId('cipher-word')).toHaveTextContent('EG_');
    press(80);
    expect(screen.getByTestId('cipher-code')).toHaveAttribute('data-code', '. --. --.');
    // No tap was counted or sent.
    expect(screen.getByTestId('balance')).toHaveTextContent('1,200');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('cipher-solved')).toHaveTextContent('Solved!');
    const solves = calls.filter((c) => c.path === '/cipher/solve');
    expect(solves.map((c) => c.body)).toEqual([{ userid: 77, word: 'EGG' }]);
    expect(calls.some((c) => c.path === '/users/tap')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Back to tapping' }));
    expect(screen.getByTestId('egg')).toHaveAttribute('data-mode', 'tap');
    expect(screen.queryByTestId('cipher')).toBeNull();
  });

  it('erases a signal or the letter before, says a wrong word and what is not a letter, and the day’s limit', async () => {
    routes.cipherSolve = () => ({ success: false, reward: null, triesLeft: CIPHER_TRIES_PER_DAY - 1 });
    await openCipher();
    letter('-.-.');
    letter('...', false);
    fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
    expect(screen.getByTestId('cipher-code')).toHaveAttribute('data-code', '-.-. ..');
    fireEvent.click(screen.getByRole('button', { name: 'Next letter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
    expect(screen.getByTestId('cipher-code')).toHaveAttribute('data-code', '-.-. ');
    letter('.-');
    letter('......', false);
    expect(screen.getByTestId('cipher-word')).toHaveTextContent('CA_');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByTestId('cipher-message')).toHaveTextContent('One code is no letter');
    expect(calls.some((c) => c.path === '/cipher/solve')).toBe(false);
    for (let k = 0; k < 6; k++) fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
    expect(screen.getByTestId('cipher-code')).toHaveAttribute('data-code', '-.-. .- ');
    press(450);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('cipher-message')).toHaveTextContent('Not the word');
    expect(calls.find((c) => c.path === '/cipher/solve')?.body).toEqual({ userid: 77, word: 'CAT' });

    routes.cipherSolve = refuse(429, 'CIPHER_NO_TRIES', 'No tries left today.');
    letter('-');
    letter('-');
    letter('-');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('cipher-message')).toHaveTextContent(
      'No tries left today. A new cipher comes with the next day.',
    );
  });

  it('keeps the code, the word and the chart left to right in Persian', async () => {
    await setLanguage('fa');
    const panel = await openCipher();
    expect(document.documentElement.dir).toBe('rtl');
    expect(panel).toHaveAccessibleName('رمز روزانه');
    expect(screen.getByTestId('cipher-mode')).toHaveTextContent('بازگشت به ضربه زدن');
    for (const id of ['cipher-chart', 'cipher-word'])
      expect(within(panel).getByTestId(id).closest('[dir]')).toHaveAttribute('dir', 'ltr');
    letter('.-', false);
    expect(screen.getByTestId('cipher-code')).toHaveTextContent('•–');
  });
});
