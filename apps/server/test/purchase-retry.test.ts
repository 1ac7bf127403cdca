import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOST_COST, boostPrice } from '@egg-rush/game/boosts';
import { findItem, nextPrice } from '@egg-rush/game/mining';
import { queryRows } from '../src/db/client.ts';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The app sends a purchase again, with the same id, until it is answered (a failover answers 503
// meanwhile). A purchase whose first attempt was committed but whose answer was lost is not
// bought twice: the second attempt is answered with the player's state as it is.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const buyMining = (token: string, payload: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url: '/api/v1/users/buyMining', payload });

async function spent(userId: number) {
  const rows = await queryRows<{ kind: string; n: number; sum: number }>(
    t.deps.database.db,
    sql`select kind, count(*)::int as n, sum(delta_coins)::int as sum from economy_events
        where user_id = ${userId} and delta_coins < 0 group by kind order by kind`,
  );
  return rows;
}

describe('a purchase sent again with its id', () => {
  it('buys a levelled boost once: the second answer is the state after the first', async () => {
    const token = await t.login(8901);
    await t.grant(8901, { onion: 10 * BOOST_COST });
    const first = await t.put(token, 'energyCapacity', { userid: 8901, request: 4242 });
    expect(first.statusCode).toBe(200);
    const again = await t.put(token, 'energyCapacity', { userid: 8901, request: 4242 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await spent(8901)).toEqual([
      { kind: 'boost:energyCapacity', n: 1, sum: -boostPrice('energyCapacity', 0) },
    ]);
    // Another purchase (another id), and one without an id (an older app), are bought.
    expect((await t.put(token, 'energyCapacity', { userid: 8901, request: 4343 })).statusCode).toBe(200);
    expect((await t.put(token, 'energyCapacity', { userid: 8901 })).statusCode).toBe(200);
    expect((await spent(8901))[0]?.n).toBe(3);
    // A refused purchase records nothing: the same id is bought once the player can pay.
    const token2 = await t.login(8902);
    const short = await t.put(token2, 'touchIncome', { userid: 8902, request: 77 });
    expect(short.json().code).toBe('NOT_ENOUGH_BALANCE');
    await t.grant(8902, { onion: 2 * BOOST_COST });
    expect((await t.put(token2, 'touchIncome', { userid: 8902, request: 77 })).statusCode).toBe(200);
    expect(await spent(8902)).toEqual([{ kind: 'boost:touchIncome', n: 1, sum: -BOOST_COST }]);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('buys a mining level once', async () => {
    const token = await t.login(8903);
    await t.grant(8903, { onion: 10_000 });
    const body = { userid: 8903, item: 'Carousel', title: 'Rides', request: 99 };
    const first = await buyMining(token, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().changeData.level).toBe(1);
    const again = await buyMining(token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const carousel = findItem('rides', 'Carousel');
    if (!carousel) throw new Error('no Carousel');
    expect(await spent(8903)).toEqual([{ kind: 'mining', n: 1, sum: -nextPrice(carousel, 0) }]);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });
});
