import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseBusyError, queryRows } from '../src/db/client.ts';
import { createTapWriter } from '../src/modules/economy/tap.writer.ts';
import { findLedgerMismatches, REQUEST_IDS_KEPT } from '../src/modules/accounts/index.ts';
import { createTestApp, losingFirstAnswer, type TestApp } from './helpers.ts';

// The app sends a tap batch again, with the same id, until it is answered (a failover answers
// 503 meanwhile). A batch whose first attempt was committed but whose answer was lost must not
// be credited twice.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tap = (token: string, payload: Record<string, unknown>) =>
  t.call(token, { method: 'PUT', url: '/api/v1/users/tap', payload });

async function tapsInLedger(userId: number) {
  const rows = await queryRows<{ taps: number; n: number }>(
    t.deps.database.db,
    sql`select coalesce(sum(delta_coins), 0)::int as taps, count(*)::int as n
        from economy_events where kind = 'tap' and user_id = ${userId}`,
  );
  return rows[0];
}

describe('a tap batch sent again with its id', () => {
  it('is credited once: the second answer says it was repeated and gives the balances', async () => {
    const token = await t.login(8801);
    const first = (await tap(token, { userid: 8801, count: 7, batch: 123_456_789 })).json();
    expect(first).toMatchObject({ credited: 7, earned: 7 });
    expect(first.repeated).toBeUndefined();
    const again = await tap(token, { userid: 8801, count: 7, batch: 123_456_789 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      credited: 0,
      earned: 0,
      onion: first.onion,
      energy: first.energy,
      repeated: true,
    });
    expect(await tapsInLedger(8801)).toEqual({ taps: 7, n: 1 });
    // Another batch, and a batch without an id (an older app), are credited.
    t.clock.advance(10_000);
    expect((await tap(token, { userid: 8801, count: 3, batch: 987_654_321 })).json().credited).toBe(3);
    t.clock.advance(10_000);
    expect((await tap(token, { userid: 8801, count: 2 })).json().credited).toBe(2);
    t.clock.advance(10_000);
    expect((await tap(token, { userid: 8801, count: 2 })).json().credited).toBe(2);
    expect(await tapsInLedger(8801)).toEqual({ taps: 14, n: 4 });
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('remembers the player’s latest ids, their other devices’ batches among them', async () => {
    const token = await t.login(8802);
    const ids = Array.from({ length: REQUEST_IDS_KEPT + 1 }, (_, i) => 5_000 + i);
    for (const batch of ids) {
      t.clock.advance(1_000);
      expect((await tap(token, { userid: 8802, count: 1, batch })).json().credited).toBe(1);
    }
    t.clock.advance(1_000);
    // The last REQUEST_IDS_KEPT are known; the oldest has been forgotten.
    expect((await tap(token, { userid: 8802, count: 1, batch: ids[1] })).json().repeated).toBe(true);
    expect((await tap(token, { userid: 8802, count: 1, batch: ids.at(-1) })).json().repeated).toBe(true);
    expect((await tap(token, { userid: 8802, count: 1, batch: ids[0] })).json().credited).toBe(1);
    // Another player's batch with the same id is theirs alone.
    const other = await t.login(8803);
    expect((await tap(other, { userid: 8803, count: 1, batch: ids[1] })).json().credited).toBe(1);
  });

  it('a batch whose commit’s answer was lost with the connection: 503, then sent again, credited once', async () => {
    const ids = [8811, 8812, 8813];
    for (const id of ids) await t.login(id);
    const real = t.deps.database;
    // The statement commits, then the answer is lost with the connection (the primary died).
    const flaky = losingFirstAnswer(real, 'Connection terminated unexpectedly');
    const writer = createTapWriter(flaky, { maxBatches: 256, lingerMs: 5, maxInFlight: 1 });
    const now = t.clock.now() + 60_000;
    const first = await Promise.allSettled(ids.map((id) => writer.submit(id, 5, now, id * 10)));
    for (const answer of first) {
      expect(answer.status).toBe('rejected');
      expect((answer as PromiseRejectedResult).reason).toBeInstanceOf(DatabaseBusyError);
    }
    // The app sends each again: the committed batches are recognised, not credited again.
    const again = await Promise.all(ids.map((id) => writer.submit(id, 5, now + 1_000, id * 10)));
    for (const row of again) expect(row?.repeated).toBe(true);
    for (const id of ids) expect(await tapsInLedger(id)).toEqual({ taps: 5, n: 1 });
    expect(await findLedgerMismatches(real.db)).toEqual([]);
  });
});
