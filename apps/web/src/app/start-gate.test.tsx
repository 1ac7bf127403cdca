import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileFixture } from '../../test/fixtures.ts';
import { type Answer, refuse, renderWithProviders, serve, testSession } from '../../test/harness.tsx';
import indexHtml from '../../index.html?raw';
import { setLanguage, t } from '../lib/i18n.tsx';
import { PRELOAD_IMAGES } from './app.tsx';
import { translateFrame } from './frame.ts';
import { StartGate } from './start-gate.tsx';

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
const serveGate = (claim: Answer) =>
  serve({ 'POST /auth/login': { token: 't0k' }, 'POST /users/claim/daily': claim });

const success = {
  status: 'success',
  onionData: 1500,
  ticketReward: 2,
  eggReward: 1000,
  chestReward: 0,
  day: 2,
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
  renderWithProviders(
    <StartGate session={testSession} images={['/a.svg', '/b.svg']}>
      <p>the app</p>
    </StartGate>,
  );

describe('start gate', () => {
  it('keeps Start disabled while images preload, showing loaded/total, then enables it', async () => {
    serveGate(success);
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
    serveGate(success);
    gate();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(14_900));
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled());
  });

  it('after a successful claim shows the intro for 2 s, then the rewards screen, then the app', async () => {
    const calls = serveGate(success);
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
    expect(calls.filter((c) => c.path === '/users/claim/daily')).toHaveLength(1);
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
    serveGate(refuse(409, 'ALREADY_CLAIMED', 'You have already checked in today.'));
    gate();
    loadImage(0);
    loadImage(1);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('the app')).toBeInTheDocument();
    expect(screen.queryByText('day check-in')).not.toBeInTheDocument();
  });

  it('asks for no check-in the profile says is claimed today (no refusal in the console)', async () => {
    const calls = serve({
      'POST /auth/login': { token: 't0k' },
      'GET /users/get/42': profileFixture({ dailyClaimable: false }),
      'POST /users/claim/daily': success,
    });
    gate();
    loadImage(0);
    loadImage(1);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('the app')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/claim/daily')).toEqual([]);
  });

  it('renders nothing of the app until the player is authenticated', async () => {
    serve({ 'POST /auth/login': refuse(401, 'UNAUTHORIZED', 'Invalid launch data.') });
    gate();
    loadImage(0);
    loadImage(1);
    expect(await screen.findByText('Invalid launch data.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
  });

  it('renders its first frame as index.html paints it before the script runs', () => {
    serveGate(success);
    const { container } = renderWithProviders(
      <StartGate session={testSession} images={PRELOAD_IMAGES}>
        <p>the app</p>
      </StartGate>,
    );
    const boot = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('root');
    expect(boot?.children).toHaveLength(1);
    expect(shape(container.firstElementChild!)).toEqual(shape(boot!.firstElementChild!));
    // The same file as the gate's egg (../assets/egg.svg), which the build inlines in both.
    expect(boot!.querySelector('img')?.getAttribute('src')).toBe('/src/assets/egg.svg');
  });
});

describe('start gate in the player’s language', () => {
  it('paints its first frame as the gate renders it, from the entry script', async () => {
    serveGate(success);
    await setLanguage('ru');
    try {
      const { container } = renderWithProviders(
        <StartGate session={testSession} images={PRELOAD_IMAGES}>
          <p>the app</p>
        </StartGate>,
      );
      const page = new DOMParser().parseFromString(indexHtml, 'text/html');
      translateFrame(page, 'ru');
      const boot = page.getElementById('root')!;
      expect(shape(container.firstElementChild!)).toEqual(shape(boot.firstElementChild!));
      expect(boot.querySelector('button')?.textContent).toBe(t('start.start'));
      expect(t('start.start')).not.toBe('Start');
    } finally {
      await setLanguage('en');
    }
  });
});

/**
 * An element's tags, attributes (classes in any order, styles as the browser reads them) and text.
 */
function shape(el: Element): unknown {
  const attrs: Record<string, string> = {};
  for (const { name, value } of el.attributes) {
    // Image sources aside, and the entry's markers for translating the painted frame.
    if (name === 'src' || name.startsWith('data-')) continue;
    if (name === 'class') attrs[name] = value.split(/\s+/).sort().join(' ');
    else if (name === 'style') attrs[name] = (el as HTMLElement).style.cssText;
    else attrs[name] = value;
  }
  const children = [...el.childNodes]
    .map((node) => (node instanceof Element ? shape(node) : (node.textContent ?? '').trim()))
    .filter((child) => child !== '');
  return { tag: el.tagName.toLowerCase(), attrs, children };
}
