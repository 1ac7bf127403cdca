import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import { requestId, send as sendInOrder, type OutboxOptions } from '../../lib/outbox.ts';
import { profileCache } from '../../lib/profile.ts';
import { sendTaps } from './api.ts';
import { takeCadence, useTapStore } from './tap-store.ts';

/** Taps are flushed about once a second, at 50 taps, and when the page hides. */
export const FLUSH_INTERVAL_MS = 1_000;
export const FLUSH_AT_TAPS = 50;

let running: Promise<void> | null = null;

/**
 * Sends the queued taps (one request at a time, in line with the other writes: lib/outbox.ts)
 * and adopts the server's answer. A batch that fails for a reason that passes (a failover) is
 * kept and sent again, with its id, until answered; its taps stay on the display meanwhile.
 * Resolves when every tap queued before the call has been answered (or given up).
 */
export function flushTaps(userId: number, client: QueryClient, options?: OutboxOptions): Promise<void> {
  const next = (running ?? Promise.resolve()).then(() => send(userId, client, options));
  running = next.finally(() => {
    if (running === next) running = null;
  });
  return next;
}

async function send(userId: number, client: QueryClient, options?: OutboxOptions) {
  const store = useTapStore.getState();
  const count = store.take();
  if (count === 0) return;
  const cadence = takeCadence();
  const batch = requestId();
  try {
    const reply = await sendInOrder(() => sendTaps(userId, count, cadence, batch), options);
    useTapStore.getState().settle(count, reply, Date.now());
    profileCache(client, userId).patch((p) => ({
      onion: reply.onion,
      energy: reply.energy,
      totalScore: p.totalScore + reply.earned,
    }));
  } catch (error) {
    // Refused (no energy), or still failing after GIVE_UP_MS: forget the batch and take the
    // server's word for the balances.
    useTapStore.getState().settle(count, null, Date.now());
    if (!(error instanceof ApiError) || error.status !== 409) console.warn('tap flush failed', error);
    await profileCache(client, userId).refresh();
  }
}
