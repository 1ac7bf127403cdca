import { describe, expect, it } from 'vitest';
import { refuse, rawReply, serve, type Sent } from '../../test/harness.tsx';
import { call } from './api-client.ts';
import { ApiError } from './http.ts';
import { BACKOFF_MS, isReconnecting, requestId, send, transient } from './outbox.ts';

/** A clock that moves only when the outbox waits: the waits asked for, in order. */
function fakeClock() {
  let t = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => t,
    sleep: (ms: number) => {
      waits.push(ms);
      t += ms;
      return Promise.resolve();
    },
  };
}

const down = () => rawReply(503, '<html>503 Service Unavailable</html>');
const busy = () => refuse(503, 'BUSY', 'The database is busy.');

/** Answers from a list, one per call; the last one repeats. */
const answers = (...list: Sent<'tap'>[]) => {
  let i = 0;
  return (): Sent<'tap'> => list[Math.min(i++, list.length - 1)] ?? rawReply(500, 'no answer');
};

const tapReply = (credited: number) => ({
  success: true as const,
  credited,
  earned: credited,
  onion: 9,
  energy: 5,
});

describe('the outbox', () => {
  it('sends a write again after 503s and network errors with backoff, the same request each time', async () => {
    const clock = fakeClock();
    const calls = serve({
      tap: answers(down(), busy(), rawReply(502, '{}'), busy(), busy(), tapReply(3)),
    });
    const batch = requestId();
    const seen: boolean[] = [];
    const answer = await send(
      () => {
        seen.push(isReconnecting());
        return call('tap', { body: { userid: 1, count: 3, batch } });
      },
      {
        ...clock,
      },
    );
    expect(answer.credited).toBe(3);
    expect(clock.waits).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
    expect(calls).toHaveLength(6);
    // Every attempt is the same batch: the server credits its id once.
    for (const c of calls) expect(c.body).toEqual({ userid: 1, count: 3, batch });
    // Reconnecting from the first failure until the answer, and not after.
    expect(seen).toEqual([false, true, true, true, true, true]);
    expect(isReconnecting()).toBe(false);
  });

  it('keeps the order: a write waits until the one before it is answered', async () => {
    const clock = fakeClock();
    const order: string[] = [];
    let failures = 2;
    const first = send(async () => {
      order.push('first');
      if (failures-- > 0) throw new ApiError(0, 'NETWORK', 'offline');
      return 'first';
    }, clock);
    const second = send(() => {
      order.push('second');
      return Promise.resolve('second');
    }, clock);
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(order).toEqual(['first', 'first', 'first', 'second']);
  });

  it('gives up at once on a refusal (4xx), and the next write goes on', async () => {
    const clock = fakeClock();
    const calls = serve({
      tap: answers(refuse(409, 'NO_ENERGY', 'Not enough energy.'), tapReply(1)),
    });
    const refused = send(() => call('tap', { body: { userid: 1, count: 2, batch: 7 } }), clock);
    const next = send(() => call('tap', { body: { userid: 1, count: 1, batch: 8 } }), clock);
    await expect(refused).rejects.toMatchObject({ status: 409, code: 'NO_ENERGY' });
    expect((await next).credited).toBe(1);
    expect(clock.waits).toEqual([]);
    expect(calls.map((c) => (c.body as { batch: number }).batch)).toEqual([7, 8]);
    expect(isReconnecting()).toBe(false);
  });

  it('gives up after giveUpMs of failures, with the last error', async () => {
    const clock = fakeClock();
    serve({ tap: busy() });
    await expect(
      send(() => call('tap', { body: { userid: 1, count: 1, batch: 9 } }), { ...clock, giveUpMs: 10_000 }),
    ).rejects.toMatchObject({ status: 503, code: 'BUSY' });
    // 0.5 + 1 + 2 + 4 s waited; another 4 s would pass 10 s.
    expect(clock.waits).toEqual(BACKOFF_MS.slice());
    expect(isReconnecting()).toBe(false);
  });

  it('tells what passes from what does not', () => {
    expect(transient(new ApiError(0, 'NETWORK', ''))).toBe(true);
    expect(transient(new ApiError(503, 'BUSY', ''))).toBe(true);
    expect(transient(new ApiError(504, 'HTTP', ''))).toBe(true);
    expect(transient(new ApiError(500, 'INTERNAL', ''))).toBe(false);
    expect(transient(new ApiError(409, 'NO_ENERGY', ''))).toBe(false);
    expect(transient(new Error('a bug'))).toBe(false);
    const ids = new Set(Array.from({ length: 1000 }, requestId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
  });
});
