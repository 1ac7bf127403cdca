import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LaunchSession } from '../lib/telegram.ts';
import { StartGate } from './start-gate.tsx';

const session: LaunchSession = {
  initData: 'user=%7B%22id%22%3A42%7D&hash=abc',
  user: { id: 42, firstName: 'Ada' },
  startParam: undefined,
  colorScheme: 'dark',
  debug: false,
  inTelegram: false,
};

/** Images that load only when the test says so. */
class FakeImage {
  static all: FakeImage[] = [];
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  src = '';
  constructor() {
    FakeImage.all.push(this);
  }
}
const loadImage = (i: number) => act(() => FakeImage.all[i]?.onload?.());

/** The network edge: login succeeds; the daily claim answers as the test says. */
function serve(claim: { status: number; body: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/auth/login')) return new Response(JSON.stringify({ token: 't0k' }), { status: 200 });
      if (url.endsWith('/users/claim/daily'))
        return new Response(JSON.stringify(claim.body), { status: claim.status });
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'no' }), { status: 404 });
    }),
  );
  return calls;
}

const success = {
  status: 200,
  body: { status: 'success', onionData: 1500, ticketReward: 2, eggReward: 1000, chestReward: 0, day: 2 },
};

beforeEach(() => {
  FakeImage.all = [];
  vi.stubGlobal('Image', FakeImage);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const gate = () =>
  render(
    <StartGate session={session} images={['/a.svg', '/b.svg']}>
      <p>the app</p>
    </StartGate>,
  );

describe('start gate', () => {
  it('keeps Start disabled while images preload, showing loaded/total, then enables it', async () => {
    serve(success);
    gate();
    const start = screen.getByRole('button', { name: 'Start' });
    expect(start).toBeDisabled();
    expect(screen.getByText('Loading 0/2')).toBeInTheDocument();
    loadImage(0);
    expect(screen.getByText('Loading 1/2')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(start).toBeDisabled();
    loadImage(1);
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled());
  });

  it('stops waiting for images after 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(success);
    gate();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(14_900));
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled());
  });

  it('after a successful claim shows the intro for 2 s, then the rewards screen, then the app', async () => {
    const calls = serve(success);
    gate();
    loadImage(0);
    loadImage(1);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Start' }));

    expect(await screen.findByText('day check-in')).toBeInTheDocument();
    expect(screen.getByTestId('checkin-day')).toHaveTextContent('2');
    expect(calls.filter((u) => u.endsWith('/users/claim/daily'))).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(screen.queryByText('Your daily rewards')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));

    expect(screen.getByRole('heading', { name: 'Your daily rewards' })).toBeInTheDocument();
    expect(screen.getByText('+1,000')).toBeInTheDocument();
    expect(screen.getByText('+2')).toBeInTheDocument();
    expect(
      screen.getByText('Stay tuned for Day 3 of Check-In tomorrow! Reset your check-in by skipping a day.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('the app')).toBeInTheDocument();
  });

  it('goes straight to the app without an intro when the claim is refused', async () => {
    serve({ status: 409, body: { code: 'ALREADY_CLAIMED', message: 'You have already checked in today.' } });
    gate();
    loadImage(0);
    loadImage(1);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('the app')).toBeInTheDocument();
    expect(screen.queryByText('day check-in')).not.toBeInTheDocument();
  });

  it('renders nothing of the app until the player is authenticated', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Invalid launch data.' }), {
            status: 401,
          }),
      ),
    );
    gate();
    loadImage(0);
    loadImage(1);
    expect(await screen.findByText('Invalid launch data.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
  });
});
