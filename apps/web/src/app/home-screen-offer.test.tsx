import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileFixture } from '../../test/fixtures.ts';
import { FakeImage, renderWithProviders, serve, testSession } from '../../test/harness.tsx';
import type * as Native from '../lib/native-behaviour.ts';

type NativeBehaviour = typeof Native;

// The home-screen shortcut as Telegram offers it: recorded, not asked of any host.
const offerHomeScreen = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../lib/native-behaviour.ts', async (original) => ({
  ...(await original<NativeBehaviour>()),
  offerHomeScreen,
}));
const { StartGate } = await import('./start-gate.tsx');

beforeEach(() => {
  FakeImage.all = [];
  vi.stubGlobal('Image', FakeImage);
  offerHomeScreen.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const claim = (day: number) => ({
  status: 'success' as const,
  onionData: 1500,
  ticketReward: 2,
  eggReward: 1000,
  chestReward: 0,
  day,
});
const settings = (guideSeen: boolean) => ({
  language: null,
  sound: false,
  haptics: true,
  reducedMotion: 'system' as const,
  guideSeen,
});

/** The gate with its images in, through the day's rewards to the app. */
async function throughTheGate() {
  renderWithProviders(
    <StartGate session={testSession} images={['/a.svg']}>
      <p>the app</p>
    </StartGate>,
  );
  act(() => FakeImage.all[0]?.onload?.());
  // A new player presses Start; a returning one goes straight to the day's check-in.
  await vi.waitFor(
    () => {
      const start = screen.queryByRole('button', { name: 'Start' });
      const rewards = screen.queryByRole('heading', { name: 'Your daily rewards' });
      expect(rewards ?? (start && !start.hasAttribute('disabled') ? start : null)).not.toBeNull();
    },
    { timeout: 5_000 },
  );
  const start = screen.queryByRole('button', { name: 'Start' });
  if (start) await userEvent.click(start);
  await screen.findByRole('heading', { name: 'Your daily rewards' }, { timeout: 5_000 });
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByText('the app');
}

describe('the home-screen shortcut', () => {
  it('is not offered in a new player’s first session, before the guide', async () => {
    serve({
      login: { token: 't0k' },
      profile: profileFixture({ dailyClaimable: true, settings: settings(false) }),
      daily: claim(1),
    });
    await throughTheGate();
    await new Promise((r) => setTimeout(r, 50));
    expect(offerHomeScreen).not.toHaveBeenCalled();
  });

  it('is offered to a player who has come back on another day, after its check-in', async () => {
    serve({
      login: { token: 't0k' },
      profile: profileFixture({ dailyClaimable: true, settings: settings(true) }),
      daily: claim(2),
    });
    await throughTheGate();
    expect(offerHomeScreen).toHaveBeenCalledTimes(1);
  });
});
