import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, assert, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileFixture } from '../../test/fixtures.ts';
import {
  type Answer,
  type Body,
  FakeImage,
  rawReply,
  refuse,
  renderWithProviders,
  serve,
  testSession,
} from '../../test/harness.tsx';
import indexHtml from '../../index.html?raw';
import { compactNumber } from '../lib/format.ts';
import { setLanguage, t } from '../lib/i18n.tsx';
import { PRELOAD_IMAGES } from './app.tsx';
import { translateFrame } from './frame.ts';
import { StartGate } from './start-gate.tsx';

const loadImage = (i: number) => act(() => FakeImage.all[i]?.onload?.());

/** The network edge: login succeeds; the daily claim answers as the test says. */
const serveGate = (claim: Answer<'daily'>) => serve({ login: { token: 't0k' }, daily: claim });

const success: Body<'daily'> = {
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

  it('says Ready only with its bar full: after 15 seconds with images missing, the bar fills', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveGate(success);
    gate();
    loadImage(0);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await act(() => vi.advanceTimersByTimeAsync(15_100));
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('after a successful claim shows the day, its rewards and the week’s table, then the app', async () => {
    const calls = serveGate(success);
    gate();
    loadImage(0);
    loadImage(1);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));

    // At once, no intro to wait through.
    expect(await screen.findByRole('heading', { name: 'Your daily rewards' })).toBeInTheDocument();
    expect(screen.getByText('day check-in')).toBeInTheDocument();
    expect(screen.getByTestId('checkin-day')).toHaveTextContent('2');
    expect(calls.filter((c) => c.path === '/users/claim/daily')).toHaveLength(1);
    expect(screen.getByText('+1,000')).toBeInTheDocument();
    expect(screen.getByText('+2')).toBeInTheDocument();
    // The week: day 1 claimed, day 2 today, days 3 to 7 to come, each with its rewards.
    const days = within(screen.getByTestId('week-table')).getAllByRole('listitem');
    const state = (d: HTMLElement) =>
      d.getAttribute('aria-current') === 'date' ? 'today' : d.dataset.claimed ? 'claimed' : 'next';
    expect(days.map(state)).toEqual(['claimed', 'today', 'next', 'next', 'next', 'next', 'next']);
    expect(days[1]).toHaveTextContent('Day 2');
    expect(days[1]).toHaveTextContent('1,000');
    expect(days[6]).toHaveTextContent('Day 7');
    expect(days[6]).toHaveTextContent(compactNumber(10_000));
    expect(
      screen.getByText('Stay tuned for Day 3 of Check-In tomorrow! Reset your check-in by skipping a day.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('the app')).toBeInTheDocument();
  });

  it('lets a returning player in without Start when the day’s check-in is done', async () => {
    const calls = serve({
      login: { token: 't0k' },
      profile: profileFixture({ dailyClaimable: false }),
      daily: success,
    });
    gate();
    loadImage(0);
    loadImage(1);
    expect(await screen.findByText('the app')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/claim/daily')).toEqual([]);
  });

  it('shows a returning player the new day’s check-in without Start', async () => {
    serve({
      login: { token: 't0k' },
      profile: profileFixture({ dailyClaimable: true }),
      daily: success,
    });
    gate();
    loadImage(0);
    loadImage(1);
    expect(await screen.findByRole('heading', { name: 'Your daily rewards' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });

  it('stops a new player (the guide not seen yet) at Start', async () => {
    serve({
      login: { token: 't0k' },
      profile: profileFixture({
        dailyClaimable: true,
        settings: { language: null, sound: false, haptics: true, reducedMotion: 'system', guideSeen: false },
      }),
      daily: success,
    });
    gate();
    loadImage(0);
    loadImage(1);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled());
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
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

  it('renders nothing of the app until the player is authenticated', async () => {
    serve({ login: refuse(401, 'UNAUTHORIZED', 'Invalid launch data.') });
    gate();
    loadImage(0);
    loadImage(1);
    // The refusal in the catalogue's words, by its code.
    expect(await screen.findByText('Your session has ended. Reopen the app.')).toBeInTheDocument();
    expect(screen.queryByText('Invalid launch data.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
  });

  it('says something went wrong when login fails without a refusal (a proxy’s error page)', async () => {
    serve({ login: rawReply(502, '<html>Bad gateway</html>') });
    gate();
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('renders its first frame as index.html paints it before the script runs', () => {
    serveGate(success);
    const { container } = renderWithProviders(
      <StartGate session={testSession} images={PRELOAD_IMAGES}>
        <p>the app</p>
      </StartGate>,
    );
    const boot = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('root');
    assert(boot, 'no #root in index.html');
    expect(boot.children).toHaveLength(1);
    const [drawn, painted] = [container.firstElementChild, boot.firstElementChild];
    assert(drawn && painted, 'no first frame');
    expect(shape(drawn)).toEqual(shape(painted));
    // The same file as the gate's egg (../assets/egg.svg), which the build inlines in both.
    expect(boot.querySelector('img')?.getAttribute('src')).toBe('/src/assets/egg.svg');
  });
});

describe('start gate in the player’s language', () => {
  it('shows a refusal at login (a ban) in the player’s language, not the server’s English', async () => {
    serve({
      login: refuse(403, 'BANNED', 'This account has been blocked for breaking the game rules.'),
    });
    await setLanguage('ru');
    try {
      gate();
      expect(await screen.findByText('Этот аккаунт заблокирован.')).toBeInTheDocument();
      expect(
        screen.queryByText('This account has been blocked for breaking the game rules.'),
      ).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

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
      const boot = page.getElementById('root');
      assert(boot, 'no #root in index.html');
      const [drawn, painted] = [container.firstElementChild, boot.firstElementChild];
      assert(drawn && painted, 'no first frame');
      expect(shape(drawn)).toEqual(shape(painted));
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
