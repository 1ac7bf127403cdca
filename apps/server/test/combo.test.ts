import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { COMBO_REWARD } from '@egg-rush/game/combo';
import { CATEGORY_TITLES, MINING_ITEMS, type MiningItem } from '@egg-rush/game/mining';
import { DAY_MS, gameDay } from '@egg-rush/game/time';
import { queryRows } from '../src/db/client.ts';
import { DEV_COMBO_SECRET } from '../src/env.ts';
import { comboOf } from '../src/modules/combo/combo.service.ts';
import { appendLedger } from '../src/modules/ledger/ledger.repository.ts';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The daily combo: never readable before it is found, found by upgrading that day, paid once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ME = 8501;
let token: string;

async function grant(userid: number, onion: number) {
  await t.deps.database.db.execute(
    sql`update accounts set coins = coins + ${onion}, total_score = total_score + ${onion} where user_id = ${userid}`,
  );
  await appendLedger(t.deps.database.db, { userId: userid, kind: 'grant', deltaCoins: onion });
}

const buy = (item: MiningItem) =>
  t.call(token, {
    method: 'POST',
    url: '/api/v1/users/buyMining',
    payload: { userid: ME, item: item.id, title: CATEGORY_TITLES[item.category] },
  });
const today = async () => {
  const res = await t.call(token, { method: 'GET', url: `/api/v1/combo/${ME}` });
  expect(res.statusCode).toBe(200);
  return {
    body: res.json<{ found: { id: string }[]; hidden: number; complete: boolean; claimed: boolean }>(),
    text: res.body,
  };
};
const claim = () => t.call(token, { method: 'POST', url: '/api/v1/combo/claim', payload: { userid: ME } });

/** Whether a reply names an item anywhere (id or name). */
const mentions = (text: string, item: MiningItem) => text.includes(item.id) || text.includes(item.name);

beforeAll(async () => {
  token = await t.login(ME);
  await grant(ME, 50_000_000);
});

describe('daily combo', () => {
  it('reveals nothing of today’s combo before it is found, by any combo route', async () => {
    const day = gameDay(t.clock.now());
    const combo = comboOf(DEV_COMBO_SECRET, day);
    const { body, text } = await today();
    expect(body).toMatchObject({ found: [], hidden: 3, complete: false, claimed: false });
    for (const item of combo) expect(mentions(text, item), item.id).toBe(false);
    for (const ask of [day, day + 1]) {
      const past = await t.call(token, { method: 'GET', url: `/api/v1/combo/${ME}/past?day=${ask}` });
      expect(past.statusCode).toBe(409);
      expect(past.json()).toMatchObject({ code: 'COMBO_NOT_OVER' });
      for (const item of combo) expect(mentions(past.body, item)).toBe(false);
    }
    expect((await claim()).json()).toMatchObject({ code: 'COMBO_INCOMPLETE' });
  });

  it('a past day is shown in full', async () => {
    const day = gameDay(t.clock.now()) - 1;
    const past = await t.call(token, { method: 'GET', url: `/api/v1/combo/${ME}/past?day=${day}` });
    expect(past.statusCode).toBe(200);
    expect(past.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toEqual(
      comboOf(DEV_COMBO_SECRET, day).map((i) => i.id),
    );
  });

  it('is found item by item by upgrading it today, revealing only what was found, and paid once of 100 claims', async () => {
    const day = gameDay(t.clock.now());
    const combo = comboOf(DEV_COMBO_SECRET, day);
    const other = MINING_ITEMS.find((i) => !combo.includes(i));
    assert(other, 'no item outside the combo');
    expect((await buy(other)).statusCode).toBe(200);
    expect((await today()).body.found).toEqual([]);

    for (const [k, item] of combo.entries()) {
      expect((await buy(item)).statusCode).toBe(200);
      const { body, text } = await today();
      expect(body.found.map((i) => i.id)).toEqual(combo.slice(0, k + 1).map((i) => i.id));
      expect(body.hidden).toBe(2 - k);
      for (const hidden of combo.slice(k + 1)) expect(mentions(text, hidden)).toBe(false);
      if (k < 2) expect((await claim()).json()).toMatchObject({ code: 'COMBO_INCOMPLETE' });
    }
    expect((await today()).body.complete).toBe(true);

    const [before] = await queryRows<{ coins: string; ticket: number }>(
      t.deps.database.db,
      sql`select coins, ticket from accounts where user_id = ${ME}`,
    );
    const replies = await Promise.all(Array.from({ length: 100 }, claim));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200))
      expect(r.json()).toMatchObject({ code: 'ALREADY_CLAIMED' });
    const [after] = await queryRows<{ coins: string; ticket: number; rows: number }>(
      t.deps.database.db,
      sql`select coins, ticket,
                 (select count(*)::int from economy_events where user_id = ${ME} and kind = 'combo') as rows
          from accounts where user_id = ${ME}`,
    );
    assert(before && after, `no account for ${ME}`);
    expect(Number(after.coins) - Number(before.coins)).toBe(COMBO_REWARD.onion);
    expect(after.ticket - before.ticket).toBe(COMBO_REWARD.ticket);
    expect(after.rows).toBe(1);
    expect((await today()).body.claimed).toBe(true);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('starts afresh the next game day: yesterday’s upgrades do not count', async () => {
    t.clock.advance(DAY_MS);
    const { body, text } = await today();
    expect(body).toMatchObject({ found: [], hidden: 3, complete: false, claimed: false });
    for (const item of comboOf(DEV_COMBO_SECRET, gameDay(t.clock.now())))
      expect(mentions(text, item)).toBe(false);
    expect((await claim()).json()).toMatchObject({ code: 'COMBO_INCOMPLETE' });
  });

  it('depends on the server key: another COMBO_SECRET chooses other days', () => {
    const day = gameDay(t.clock.now());
    const ids = (secret: string, d: number) =>
      comboOf(secret, d)
        .map((i) => i.id)
        .join();
    let differ = 0;
    for (let d = day; d < day + 20; d++)
      if (ids(DEV_COMBO_SECRET, d) !== ids('another-secret-of-16', d)) differ++;
    expect(differ).toBeGreaterThan(15);
  });
});
