import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { SPIN_WHEEL } from '@egg-rush/game/spin';
import { queryRows } from '../src/db/client.ts';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const spin = (token: string, userid: number) =>
  t.call(token, { method: 'PUT', url: '/api/v1/users/getSpin', payload: { userid } });

describe('PUT /users/getSpin', () => {
  it('takes one ticket and pays the prize of the segment it names', async () => {
    const token = await t.login(5101);
    const before = await t.profile(token, 5101);
    const res = await spin(token, 5101);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const segment = SPIN_WHEEL[body.segment];
    assert(segment, `no segment ${body.segment} on the wheel`);
    expect(body.cheatData).toEqual({ type: segment.type, value: segment.value });
    const after = await t.profile(token, 5101);
    expect(after.ticket).toBe(before.ticket - 1 + (segment.type === 'ticket' ? segment.value : 0));
    expect(after.onion).toBe(before.onion + (segment.type === 'onion' ? segment.value : 0));
    expect(after.cheatCount).toBe(before.cheatCount + (segment.type === 'treasure' ? segment.value : 0));
    expect(body).toMatchObject({ onion: after.onion, ticket: after.ticket, cheatCount: after.cheatCount });
  });

  it("refuses with 'Not Enough Ticket.' at 0 tickets and changes nothing", async () => {
    const token = await t.login(5102);
    await t.setTickets(5102, 0);
    const before = await t.profile(token, 5102);
    const res = await spin(token, 5102);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'NOT_ENOUGH_TICKET', message: 'Not Enough Ticket.' });
    const after = await t.profile(token, 5102);
    expect(after).toEqual(before);
  });

  it('pays exactly 10 of 50 concurrent spins with 10 tickets', async () => {
    // A wheel that always lands on the first segment (coins), so every paid spin costs a ticket.
    const fixed = await createTestApp({ rng: () => 0 });
    try {
      const token = await fixed.login(5103);
      const before = (await fixed.call(token, { method: 'GET', url: '/api/v1/users/get/5103' })).json();
      await fixed.setTickets(5103, 10);
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          fixed.call(token, { method: 'PUT', url: '/api/v1/users/getSpin', payload: { userid: 5103 } }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
      const refusals = results.filter((r) => r.statusCode === 409);
      expect(refusals).toHaveLength(40);
      expect(refusals[0]?.json().message).toBe('Not Enough Ticket.');
      const after = (await fixed.call(token, { method: 'GET', url: '/api/v1/users/get/5103' })).json();
      expect(after.ticket).toBe(0);
      const [first] = SPIN_WHEEL;
      assert(first, 'an empty wheel');
      expect(after.onion).toBe(before.onion + 10 * first.value);
      const [spins] = await queryRows<{ n: number }>(
        fixed.deps.database.db,
        sql`select count(*)::int as n from economy_events where user_id = 5103 and kind = 'spin'`,
      );
      expect(Number(spins?.n)).toBe(10);
      expect(await findLedgerMismatches(fixed.deps.database.db)).toEqual([]);
    } finally {
      await fixed.close();
    }
  });

  it('refuses a spin for another player', async () => {
    const token = await t.login(5104);
    await t.login(5105);
    const res = await spin(token, 5105);
    expect(res.statusCode).toBe(403);
  });
});
