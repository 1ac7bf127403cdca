import { beforeEach, describe, expect, it } from 'vitest';
import { refuse, reply, rawReply, serve, type Call } from '../../../test/harness.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { flushTaps } from './tap-engine.ts';
import { predictedOnion, useTapStore } from './tap-store.ts';

// Taps made through a failover: the batch is kept while the server answers 503 (or nothing),
// sent again with its id until answered, and the taps made meanwhile follow in the next batch.

const rates = { maxEnergy: 1000, earnPerTap: 2, loseEnergyPerTap: 10, earnPerHour: 0 };
const noWait = { sleep: () => Promise.resolve() };

beforeEach(() => {
  useTapStore.getState().reset();
  useTapStore.getState().sync({ onion: 100, energy: 1000 }, rates, 0);
});

const taps = (n: number) => {
  for (let i = 0; i < n; i++) expect(useTapStore.getState().tap(0)).toBe(true);
};
type Body = { userid: number; count: number; batch: number };
const bodies = (calls: Call[]) => calls.filter((c) => c.path === '/users/tap').map((c) => c.body as Body);

describe('tap batches through a failover', () => {
  it('keeps a batch answered 503 and sends it again, the same batch, until it is answered', async () => {
    let n = 0;
    let credited = 0;
    let during: { inFlight: number; onion: number } | undefined;
    const calls = serve({
      tap: (c: Call) => {
        n++;
        if (n === 2) {
          const s = useTapStore.getState();
          during = { inFlight: s.inFlight, onion: predictedOnion(s, 0) };
          // The player taps on while the database's primary is being replaced.
          taps(2);
        }
        if (n <= 3) return n === 1 ? rawReply(503, 'no server available') : refuse(503, 'BUSY', 'busy');
        const { count } = c.body as Body;
        credited += count;
        return reply(200, {
          success: true as const,
          credited: count,
          earned: 2 * count,
          onion: 100 + 2 * credited,
          energy: 0,
        });
      },
    });
    taps(5);
    await flushTaps(1, createQueryClient({ retry: 0 }), noWait);
    // Meanwhile the taps stayed on the display: in flight, counted in the balance.
    expect(during).toEqual({ inFlight: 5, onion: 110 });
    expect(useTapStore.getState()).toMatchObject({ inFlight: 0, queued: 2 });
    await flushTaps(1, createQueryClient({ retry: 0 }), noWait);
    const sent = bodies(calls);
    // Four attempts of the first batch, each the same (its id: credited once), then the next.
    expect(sent.map((b) => b.count)).toEqual([5, 5, 5, 5, 2]);
    expect(new Set(sent.slice(0, 4).map((b) => b.batch)).size).toBe(1);
    expect(sent[4]?.batch).not.toBe(sent[0]?.batch);
    expect(useTapStore.getState()).toMatchObject({ inFlight: 0, queued: 0 });
    expect(predictedOnion(useTapStore.getState(), 0)).toBe(114);
  });

  it('forgets a batch the server refuses (no energy) and sends it no more', async () => {
    const calls = serve({
      tap: refuse(409, 'NO_ENERGY', 'Not enough energy.'),
      profile: refuse(404, 'NOT_FOUND', 'no'),
    });
    taps(3);
    await flushTaps(1, createQueryClient({ retry: 0 }), noWait);
    expect(bodies(calls)).toHaveLength(1);
    expect(useTapStore.getState()).toMatchObject({ inFlight: 0, queued: 0 });
  });
});
