import { fireEvent, screen } from '@testing-library/react';
import confetti from 'canvas-confetti';
import { gsap } from 'gsap';
import type { ComponentProps } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileFixture } from '../../../test/fixtures.ts';
import { type Answer, type Call, renderWithProviders, serve } from '../../../test/harness.tsx';
import type { MoleHole } from './mole-hole.tsx';
import PlayScreen from './play-screen.tsx';

vi.mock('canvas-confetti', () => ({ default: vi.fn() }));
// Each mole is a plain button worth 10 points while the game runs: the result, not the moles, is
// what these tests are about.
vi.mock('./mole-hole.tsx', () => ({
  MoleHole: ({ index, active, onWhack }: ComponentProps<typeof MoleHole>) => (
    <button
      type="button"
      aria-label={`Mole ${index}`}
      disabled={!active}
      onClick={() => onWhack(10, 'normal')}
    />
  ),
}));

const ROUND = { gameId: '6f1c2a53-3d8e-4b8a-9d7b-1a2b3c4d5e6f', key: 'a1'.repeat(32) };

/**
 * Opens a v1 seal as the contract describes it (the server does the same with node:crypto):
 * `v1.` + base64url(12-byte IV ‖ AES-256-GCM ciphertext ‖ tag), the AES key HKDF-SHA256 of the
 * round's key with an empty salt and the info `egg-rush/mole-result/v1`. Written out here, not
 * taken from the contract, so that the app's seal is checked against the format itself.
 */
async function openSeal(data: string, roundKey: string) {
  const { subtle } = globalThis.crypto;
  const bytes = Uint8Array.from(atob(data.slice(3).replaceAll('-', '+').replaceAll('_', '/')), (c) =>
    c.charCodeAt(0),
  );
  const material = await subtle.importKey('raw', new TextEncoder().encode(roundKey), 'HKDF', false, [
    'deriveKey',
  ]);
  const key = await subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: new TextEncoder().encode('egg-rush/mole-result/v1'),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  );
  const plain = await subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, key, bytes.slice(12));
  return new TextDecoder().decode(plain);
}

/** Plays a round: start, the countdown, three whacks (30 points), End game; the result's call. */
async function playRound(result: Answer<'playResult'>) {
  const calls = serve({
    profile: profileFixture({ ticket: 2, onion: 0 }),
    playStart: { success: true, ticket: 1, ...ROUND },
    playResult: result,
  });
  renderWithProviders(<PlayScreen />, { path: '/play' });
  await vi.waitFor(() => expect(screen.getByTestId('play-tickets')).toHaveTextContent('2'));
  fireEvent.click(screen.getByRole('button', { name: /^Start/ }));
  const end = await screen.findByRole('button', { name: 'End game' }, { timeout: 10_000 });
  for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: `Mole ${i}` }));
  expect(screen.getByTestId('score')).toHaveTextContent('30');
  fireEvent.click(end);
  await screen.findByRole('heading', { name: 'Game Over' });
  await vi.waitFor(() => expect(calls.some((c) => c.path === '/play/result')).toBe(true));
  return calls.find((c) => c.path === '/play/result') as Call;
}

describe("the mole game's result", () => {
  // The 3-2-1 countdown (gsap) runs fifty times faster.
  beforeAll(() => void gsap.globalTimeline.timeScale(50));
  afterAll(() => void gsap.globalTimeline.timeScale(1));
  beforeEach(() => vi.mocked(confetti).mockClear());

  it("is sealed with the round's key from /play/start", async () => {
    const call = await playRound({ success: true, onion: 30, reward: 30 });
    const { data } = call.body as { data: string };
    expect(data).toMatch(/^v1\.[\w-]+$/);
    expect(JSON.parse(await openSeal(data, ROUND.key))).toEqual({ score: 30, gameId: ROUND.gameId });
    // Another key does not open it, nor does a changed text.
    await expect(openSeal(data, 'b2'.repeat(32))).rejects.toThrow();
    const changed = data.slice(0, -2) + (data.at(-2) === 'A' ? 'B' : 'A') + data.at(-1);
    await expect(openSeal(changed, ROUND.key)).rejects.toThrow();
  });

  it('is celebrated once the server pays it: a new high score, confetti and the coins', async () => {
    await playRound({ success: true, onion: 30, reward: 30 });
    expect(await screen.findByText('You got 30 coins.')).toBeInTheDocument();
    expect(screen.getByText('New high score!')).toBeInTheDocument();
    expect(confetti).toHaveBeenCalled();
    expect(screen.getByText('Best 30')).toBeInTheDocument();
  });

  it('is told in words and never celebrated when the server refuses it', async () => {
    await playRound({ success: false, code: 'BAD_RESULT', msg: 'This result could not be read.' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This round could not be scored, so it pays no coins.',
    );
    expect(screen.queryByText('New high score!')).not.toBeInTheDocument();
    expect(confetti).not.toHaveBeenCalled();
    // A refused round is no high score either.
    expect(screen.getByText('Best 0')).toBeInTheDocument();
  });

  it('says a late result was too late', async () => {
    await playRound({ success: false, code: 'GAME_EXPIRED', msg: 'This game has expired.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This round was sent too late to be scored');
    expect(confetti).not.toHaveBeenCalled();
  });
});
