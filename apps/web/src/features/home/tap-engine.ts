import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import { profileCache } from '../../lib/profile.ts';
import { sendTaps } from './api.ts';
import { takeCadence, useTapStore } from './tap-store.ts';

/** Taps are flushed about once a second, at 50 taps, and when the page hides. */
export const FLUSH_INTERVAL_MS = 1_000;
export const FLUSH_AT_TAPS = 50;

let running: Promise<void> | null = null;

/**
 * Sends the queued taps (one request at a time) and adopts the server's answer. Resolves when
 * every tap queued before the call has been answered.
 */
export function flushTaps(userId: number, client: QueryClient): Promise<void> {
  const next = (running ?? Promise.resolve()).then(() => send(userId, client));
  running = next.finally(() => {
    if (running === next) running = null;
  });
  return next;
}

async function send(userId: number, client: QueryClient) {
  const store = useTapStore.getState();
  const count = store.take();
  if (count === 0) return;
  const cadence = takeCadence();
  try {
    const reply = await sendTaps(userId, count, cadence);
    useTapStore.getState().settle(count, reply, Date.now());
    profileCache(client, userId).patch((p) => ({
      onion: reply.onion,
      energy: reply.energy,
      totalScore: p.totalScore + reply.earned,
    }));
  } catch (error) {
    // Refused (no energy) or lost: forget the batch and take the server's word for the balances.
    useTapStore.getState().settle(count, null, Date.now());
    if (!(error instanceof ApiError) || error.status !== 409) console.warn('tap flush failed', error);
    await profileCache(client, userId).refresh();
  }
}
