import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CIPHER_REWARD } from '@egg-rush/game/cipher';
import { settleIncome } from '@egg-rush/game/income';
import { gameReward } from '@egg-rush/game/mole';
import { LINK_VISIT_MS } from '@egg-rush/game/tasks';
import { gameDay } from '@egg-rush/game/time';
import { DEV_COMBO_SECRET } from '../src/env.ts';
import { drawnWord } from '../src/modules/cipher/index.ts';
import { queryRows } from '../src/db/client.ts';
import { EVENTS_CACHE_MS } from '../src/modules/events/index.ts';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { sealResult } from '../src/modules/play/play.seal.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Scheduled events: bounded and audited scheduling, a multiplier paid only inside the window (on
// the server's clock), the extra as its own ledger row (kind 'event', ref the event's id).

const OPERATOR = 9701;
const H = 3_600_000;
let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: String(OPERATOR) } });
});
afterAll(() => t.close());
// A console session for each test, fresh: the game clock moves hours on.
beforeEach(async () => {
  op = await t.console(OPERATOR);
});

const create = (body: Record<string, unknown>, token = op) =>
  t.call(token, { method: 'POST', url: '/api/v1/admin/events', payload: body });
const cancel = (id: number, token = op) =>
  t.call(token, { method: 'POST', url: `/api/v1/admin/events/${id}/cancel`, payload: {} });
const schedule = async (body: Record<string, unknown>) => {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ event: { id: number } }>().event.id;
};
const count = async (table: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.deps.database.db,
        sql`select count(*) as n from ${sql.identifier(table)}`,
      )
    )[0]?.n,
  );
const tap = async (token: string, userid: number, n: number) => {
  const res = await t.call(token, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid, count: n } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ credited: number; earned: number }>();
};
const eventRows = (userid: number) =>
  queryRows<{ delta_coins: string; ref: string }>(
    t.deps.database.db,
    sql`select delta_coins, ref from economy_events where user_id = ${userid} and kind = 'event' order by id`,
  );
const paidList = async (id: number) =>
  (await t.call(op, { method: 'GET', url: '/api/v1/admin/events' }))
    .json<{ events: { id: number; status: string; paid: { coins: number; payouts: number } }[] }>()
    .events.find((e) => e.id === id);
/** The running total kept for an event (all its shards). */
const paidTotal = async (id: number) => {
  const [row] = await queryRows<{ coins: string | null; payouts: string | null }>(
    t.deps.database.db,
    sql`select sum(coins) as coins, sum(payouts) as payouts from events_paid where event_id = ${id}`,
  );
  return { coins: Number(row?.coins ?? 0), payouts: Number(row?.payouts ?? 0) };
};
/** A multiplier event's body, titled `en` in English. */
const multiplierEvent = (kind: string, multiplier: number, startsAt: number, endsAt: number, en: string) => ({
  kind,
  multiplier,
  startsAt,
  endsAt,
  titles: { en },
});
/** Starts a mole game for `userid`. */
const startGame = async (token: string, userid: number) =>
  (await t.call(token, { method: 'POST', url: '/api/v1/play/start', payload: { userid } })).json<{
    gameId: string;
    key: string;
  }>();
/** Sends a mole game's sealed result (a score of 420): the reward it paid. */
const sendGame = async (token: string, userid: number, game: { gameId: string; key: string }) => {
  const data = sealResult(JSON.stringify({ score: 420, gameId: game.gameId }), game.key);
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/v1/play/result',
    payload: { userid, data },
  });
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json<{ reward: number }>().reward;
};
/** Past the cache and a day further, so energy and the tap pace are whole again. */
const later = (ms: number) => t.clock.advance(ms + EVENTS_CACHE_MS + 1);

describe('scheduling', () => {
  it('refuses out-of-bounds events with a clear 4xx and stores nothing', async () => {
    const now = t.clock.now();
    const good = multiplierEvent('tap-multiplier', 2, now + H, now + 2 * H, 'x');
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ multiplier: 1 }, /multiplier must be above 1/],
      [{ multiplier: 6 }, /at most 5/],
      [{ multiplier: 1.234 }, /2 decimals/],
      [{ multiplier: undefined }, /multiplier/],
      [{ endsAt: now + H }, /end must be after the start/],
      [{ startsAt: now - 5 * 60_000 }, /in the past/],
      [{ endsAt: now + H + 15 * 24 * H }, /at most 14 days/],
      [{ titles: { fa: 'دوبرابر' } }, /English title is required/],
      [{ titles: { en: 'x'.repeat(61) } }, /./],
      [{ kind: 'gold-rain' }, /./],
    ];
    for (const [over, message] of bad) {
      const res = await create({ ...good, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect(await count('events')).toBe(0);
  });

  it('is for operators only', async () => {
    const player = await t.login(9702);
    const now = t.clock.now();
    const body = multiplierEvent('tap-multiplier', 2, now + H, now + 2 * H, 'x');
    expect((await create(body, player)).statusCode).toBe(403);
    expect((await t.call(player, { method: 'GET', url: '/api/v1/admin/events' })).statusCode).toBe(403);
    expect(await count('events')).toBe(0);
  });

  it('audits the creation and the cancellation, and lists the status', async () => {
    const now = t.clock.now();
    const id = await schedule(multiplierEvent('mole-multiplier', 1.5, now + H, now + 2 * H, 'Mole rush'));
    const list = async () =>
      (await t.call(op, { method: 'GET', url: '/api/v1/admin/events' })).json<{
        events: { id: number; status: string; multiplier: number }[];
      }>().events;
    expect((await list()).find((e) => e.id === id)).toMatchObject({ status: 'upcoming', multiplier: 1.5 });
    expect((await cancel(id)).statusCode).toBe(200);
    expect((await list()).find((e) => e.id === id)?.status).toBe('cancelled');
    expect((await cancel(id)).statusCode).toBe(409);
    expect((await cancel(999_999)).statusCode).toBe(404);
    const audit = await queryRows<{ action: string }>(
      t.deps.database.db,
      sql`select action from admin_audit where target = ${`event:${id}`} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['event.create', 'event.cancel']);
  });
});

describe('a tap event', () => {
  it('pays ×1 before, ×m inside and ×1 after its window, the extra as an event ledger row', async () => {
    const ME = 9711;
    const token = await t.login(ME);
    const start = t.clock.now() + 2 * H;
    const id = await schedule(multiplierEvent('tap-multiplier', 2.5, start, start + H, 'Tap frenzy'));
    t.clock.set(start - 1);
    expect(await tap(token, ME, 10)).toMatchObject({ credited: 10, earned: 10 });
    t.clock.set(start);
    expect(await tap(token, ME, 10)).toMatchObject({ credited: 10, earned: 25 });
    t.clock.set(start + H - 1 - EVENTS_CACHE_MS);
    expect(await tap(token, ME, 5)).toMatchObject({ credited: 5, earned: 12 }); // 5 + floor(7.5)
    t.clock.set(start + H);
    expect(await tap(token, ME, 10)).toMatchObject({ credited: 10, earned: 10 });
    expect(await eventRows(ME)).toEqual([
      { delta_coins: expect.anything(), ref: String(id) },
      { delta_coins: expect.anything(), ref: String(id) },
    ]);
    expect((await eventRows(ME)).map((r) => Number(r.delta_coins))).toEqual([15, 7]);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
    // The console shows what it cost: the extra coins and the payments, from the event's running
    // total kept where the extra is paid (not summed from the ledger at each view).
    expect(await paidList(id)).toMatchObject({ status: 'ended', paid: { coins: 22, payouts: 2 } });
    expect(await paidTotal(id)).toEqual({ coins: 22, payouts: 2 });
  });

  it('refuses an event overlapping another of its kind (naming it); the one running pays', async () => {
    const ME = 9712;
    const token = await t.login(ME);
    later(H);
    const now = t.clock.now();
    const low = await schedule(multiplierEvent('tap-multiplier', 2, now, now + H, 'A'));
    const before = await count('events');
    const res = await create(multiplierEvent('tap-multiplier', 3, now + H / 2, now + 2 * H, 'B'));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(new RegExp(`overlaps event #${low} "A"`));
    expect(await count('events')).toBe(before);
    expect(await tap(token, ME, 10)).toMatchObject({ credited: 10, earned: 20 });
    expect((await eventRows(ME)).map((r) => [Number(r.delta_coins), r.ref])).toEqual([[10, String(low)]]);
    // Cancelled, it pays no more, and another may take its place.
    expect((await cancel(low)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect(await tap(token, ME, 10)).toMatchObject({ credited: 10, earned: 10 });
    const high = await schedule(multiplierEvent('tap-multiplier', 3, t.clock.now(), now + H, 'B'));
    t.clock.advance(EVENTS_CACHE_MS + 1);
    expect(await tap(token, ME, 10)).toMatchObject({ credited: 10, earned: 30 });
    expect((await eventRows(ME)).map((r) => r.ref)).toEqual([String(low), String(high)]);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
    later(H);
    expect(await tap(token, ME, 10)).toMatchObject({ credited: 10, earned: 10 });
  });

  it('caps the days of a kind in any 30 days, and two creations at once cannot both pass', async () => {
    later(H);
    const D = 24 * H;
    const start = t.clock.now() + 40 * D;
    const body = (from: number, days: number, en: string) =>
      multiplierEvent('mole-multiplier', 5, from, from + days * D, en);
    const first = await schedule(body(start, 14, 'Fortnight'));
    const next = await create(body(start + 14 * D, 14, 'Again'));
    expect(next.statusCode).toBe(400);
    expect(next.json<{ message: string }>().message).toMatch(/at most 14 days in any 30/);
    // At once, several that overlap: one is scheduled, the others refused naming another event.
    const racing = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => create(body(start + 30 * D + i * H, 3, `Race ${i}`))),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const r of racing.filter((r) => r.statusCode === 400))
      expect(r.json<{ message: string }>().message).toMatch(/overlaps event #\d+/);
    const rows = await queryRows<{ id: number }>(
      t.deps.database.db,
      sql`select id from events where kind = 'mole-multiplier' and starts_at >= ${new Date(start).toISOString()}`,
    );
    expect(rows.length).toBe(2);
    expect((await cancel(first)).statusCode).toBe(200);
  });
});

describe('a mole event', () => {
  it("multiplies the mole game's reward inside its window only", async () => {
    const ME = 9721;
    const token = await t.login(ME);
    await t.setTickets(ME, 5);
    later(H);
    const now = t.clock.now();
    const id = await schedule(multiplierEvent('mole-multiplier', 2, now + 2 * 60_000, now + H, 'Moles ×2'));
    const play = async () => {
      const game = await startGame(token, ME);
      t.clock.advance(45_000);
      return sendGame(token, ME, game);
    };
    expect(await play()).toBe(gameReward(420));
    t.clock.set(now + 2 * 60_000);
    expect(await play()).toBe(2 * gameReward(420));
    expect(await eventRows(ME)).toEqual([{ delta_coins: expect.anything(), ref: String(id) }]);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it("judges the window when the game started (the server's record), not when its result came", async () => {
    const ME = 9722;
    const token = await t.login(ME);
    await t.setTickets(ME, 5);
    later(H);
    const now = t.clock.now();
    const id = await schedule(
      multiplierEvent('mole-multiplier', 3, now + 10_000, now + 10_000 + 60_000, 'Short moles'),
    );
    const start = () => startGame(token, ME);
    const send = (game: { gameId: string; key: string }) => sendGame(token, ME, game);
    // Started before the event, sent inside it: ×1.
    const before = await start();
    t.clock.set(now + 45_000);
    expect(await send(before)).toBe(gameReward(420));
    // Started inside the event, sent after it ended: ×3.
    t.clock.set(now + 60_000);
    const inside = await start();
    t.clock.set(now + 60_000 + 45_000);
    expect(await send(inside)).toBe(3 * gameReward(420));
    expect((await eventRows(ME)).map((r) => [Number(r.delta_coins), r.ref])).toEqual([
      [2 * gameReward(420), String(id)],
    ]);
    expect(await paidList(id)).toMatchObject({ paid: { coins: 2 * gameReward(420), payouts: 1 } });
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });
});

describe('GET /events', () => {
  it('lists running and coming events with the title in the player language, else English', async () => {
    later(H);
    const now = t.clock.now();
    const running = await schedule({
      kind: 'tap-multiplier',
      multiplier: 2,
      startsAt: now,
      endsAt: now + H,
      titles: { en: 'Double taps', fa: 'ضربه دوبرابر' },
    });
    const soon = await schedule(
      multiplierEvent('mole-multiplier', 1.5, now + 2 * 24 * H, now + 3 * 24 * H, 'Mole weekend'),
    );
    const far = await schedule(
      multiplierEvent('tap-multiplier', 2, now + 10 * 24 * H, now + 11 * 24 * H, 'Far away'),
    );
    const list = async (token: string) =>
      (await t.call(token, { method: 'GET', url: '/api/v1/events' })).json<{
        events: { id: number; title: string; multiplier: number; startsAt: number; endsAt: number }[];
      }>().events;
    const fa = await list(await t.login(9731, { language_code: 'fa' }));
    const en = await list(await t.login(9732, { language_code: 'en' }));
    expect(fa.map((e) => [e.id, e.title])).toEqual([
      [running, 'ضربه دوبرابر'],
      [soon, 'Mole weekend'],
    ]);
    expect(en.map((e) => [e.id, e.title])).toEqual([
      [running, 'Double taps'],
      [soon, 'Mole weekend'],
    ]);
    expect(en.some((e) => e.id === far)).toBe(false);
    expect(en[0]).toMatchObject({ multiplier: 2, startsAt: now, endsAt: now + H });
    // Ended: no longer listed (the window is judged at the call's instant, not the cache's).
    t.clock.set(now + H);
    const after = await list(await t.login(9732));
    expect(after.map((e) => e.id)).toEqual([soon]);
  });
});

const setColumns = (userid: number, set: ReturnType<typeof sql>) =>
  t.deps.database.db.execute(sql`update accounts set ${set} where user_id = ${userid}`);
const iso = (ms: number) => new Date(ms).toISOString();
const ledgerOf = async (userid: number, kind: string) =>
  (
    await queryRows<{ delta_coins: string; ref: string | null }>(
      t.deps.database.db,
      sql`select delta_coins, ref from economy_events where user_id = ${userid} and kind = ${kind} order by id`,
    )
  ).map((r) => [Number(r.delta_coins), r.ref]);

/**
 * A player with coins to spend, past the cache, and an income event of ×3 from a minute on, for
 * `hours`, titled `en`.
 */
const incomeEventFor = async (ME: number, hours: number, en: string) => {
  const token = await t.login(ME);
  await t.grant(ME, { onion: 10_000_000 });
  later(H);
  const start = t.clock.now() + 60_000;
  const id = await schedule(multiplierEvent('income-multiplier', 3, start, start + hours * H, en));
  return { token, start, id };
};

describe('an income event', () => {
  it('pays the extra for exactly the income accrued inside its window, settled by taps', async () => {
    const ME = 9741;
    const token = await t.login(ME);
    later(H);
    const start = t.clock.now() + H;
    const id = await schedule(multiplierEvent('income-multiplier', 2, start, start + H, 'Mining weekend'));
    // 3,600 coins an hour (one a second), last settled 30 minutes before the start.
    await setColumns(ME, sql`earn_per_hour = 3600, income_at = ${iso(start - 30 * 60_000)}::timestamptz`);
    // Before the window: income ×1, no extra.
    t.clock.set(start - 20 * 60_000);
    await tap(token, ME, 1);
    expect(await ledgerOf(ME, 'event')).toEqual([]);
    // Straddling the start: 30 minutes of income, 10 of them inside: 600 more.
    t.clock.set(start + 10 * 60_000);
    await tap(token, ME, 1);
    expect(await ledgerOf(ME, 'event')).toEqual([[600, String(id)]]);
    // Straddling the end: 70 minutes, the window's last 50 inside: 3,000 more.
    t.clock.set(start + H + 20 * 60_000);
    await tap(token, ME, 1);
    // After it: nothing more.
    t.clock.set(start + H + 40 * 60_000);
    await tap(token, ME, 1);
    expect(await ledgerOf(ME, 'event')).toEqual([
      [600, String(id)],
      [3_000, String(id)],
    ]);
    // The income rows are the ×1 income of the whole time: 10 + 30 + 70 + 20 minutes.
    const income = (await ledgerOf(ME, 'income')).reduce((sum, [coins]) => sum + Number(coins), 0);
    expect(income).toBe(130 * 60);
    // The extra is exactly the window's hour of income, counted for the console.
    expect(await paidTotal(id)).toEqual({ coins: 3_600, payouts: 2 });
    expect(await paidList(id)).toMatchObject({ status: 'ended', paid: { coins: 3_600, payouts: 2 } });
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('pays it when a purchase settles the income, and for the time it ran once cancelled', async () => {
    const ME = 9742;
    const { token, start, id } = await incomeEventFor(ME, 2, 'Triple mining');
    await setColumns(ME, sql`earn_per_hour = 3600, income_at = ${iso(start - 10 * 60_000)}::timestamptz`);
    // Cancelled 30 minutes in: those 30 minutes pay ×3 when settled later, the rest ×1.
    t.clock.set(start + 30 * 60_000);
    expect((await cancel(id)).statusCode).toBe(200);
    t.clock.set(start + 50 * 60_000);
    const res = await t.call(token, { method: 'PUT', url: '/api/v1/users/income', payload: { userid: ME } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerOf(ME, 'income')).toEqual([[60 * 60, null]]);
    expect(await ledgerOf(ME, 'event')).toEqual([[2 * 30 * 60, String(id)]]);
    expect(await paidTotal(id)).toEqual({ coins: 3_600, payouts: 1 });
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('takes whole multipliers only, ×2 or ×3', async () => {
    const now = t.clock.now();
    const body = { kind: 'income-multiplier', startsAt: now + H, endsAt: now + 2 * H, titles: { en: 'x' } };
    for (const multiplier of [1.5, 4])
      expect((await create({ ...body, multiplier })).statusCode, String(multiplier)).toBe(400);
  });

  it('pays the extra once for each instant when a tap batch and a purchase settle the income together', async () => {
    const ME = 9743;
    const { token, start, id } = await incomeEventFor(ME, 1, 'Triple mining, busy');
    // 3,600 coins an hour, settled up to the window's start: every coin settled below is inside it.
    await setColumns(ME, sql`earn_per_hour = 3600, income_at = ${iso(start)}::timestamptz`);
    const purchase = (round: number) =>
      round % 2 === 0
        ? t.call(token, { method: 'PUT', url: '/api/v1/users/touchIncome', payload: { userid: ME } })
        : t.call(token, {
            method: 'POST',
            url: '/api/v1/users/buyMining',
            payload: { userid: ME, item: 'Carousel', title: 'Rides' },
          });
    const earnPerHour = async () =>
      Number(
        (
          await queryRows<{ eph: string | number }>(
            t.deps.database.db,
            sql`select earn_per_hour as eph from accounts where user_id = ${ME}`,
          )
        )[0]?.eph,
      );
    // Each round, 6 minutes after the last: a tap batch and a purchase (a boost, then a mining
    // card, in turn) at the same instant, both settling the income accrued since the last round.
    const ROUNDS = 6;
    const perRound: number[] = [];
    let incomeAt = start;
    for (let round = 0; round < ROUNDS; round++) {
      const at = start + (round + 1) * 6 * 60_000;
      const rate = await earnPerHour();
      const settled = settleIncome(rate, incomeAt, at);
      perRound.push(settled.coins);
      incomeAt = settled.at;
      t.clock.set(at);
      const [tapped, bought] = await Promise.all([
        t.call(token, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid: ME, count: 1 } }),
        purchase(round),
      ]);
      expect(tapped.statusCode, tapped.body).toBe(200);
      expect(tapped.json<{ credited: number }>().credited).toBe(1);
      expect(bought.statusCode, bought.body).toBe(200);
    }
    expect(await earnPerHour()).toBeGreaterThan(3_600);
    const accrued = perRound.reduce((a, b) => a + b, 0);
    expect(accrued).toBeGreaterThan(0);
    // The income rows: the ×1 income of the window's 36 minutes, paid once.
    const income = (await ledgerOf(ME, 'income')).reduce((sum, [coins]) => sum + Number(coins), 0);
    expect(income).toBe(accrued);
    // The extra: (m − 1) × that income, one row for each instant (whichever request settled it).
    const events = await queryRows<{ at: string | Date; coins: string; rows: string | number }>(
      t.deps.database.db,
      sql`select created_at as at, sum(delta_coins) as coins, count(*) as rows from economy_events
          where user_id = ${ME} and kind = 'event' and ref = ${String(id)} group by created_at order by created_at`,
    );
    expect(events.map((row) => [new Date(row.at).getTime(), Number(row.coins), Number(row.rows)])).toEqual(
      perRound.map((coins, round) => [start + (round + 1) * 6 * 60_000, 2 * coins, 1]),
    );
    expect((await ledgerOf(ME, 'event')).reduce((sum, [coins]) => sum + Number(coins), 0)).toBe(2 * accrued);
    expect(await paidTotal(id)).toEqual({ coins: 2 * accrued, payouts: ROUNDS });
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });
});

describe('a tasks event', () => {
  const newTask = async (taskName: string, reward = 500) => {
    const res = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/tasks',
      payload: {
        taskName,
        title: taskName,
        reward: { amount: reward, type: 'onion' },
        link: 'https://t.me/x',
        // Made for an event: not shown before its event gives it a window.
        startsAt: t.clock.now() + 1000 * H,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const claim = async (token: string, userid: number, taskName: string) => {
    const body = { userid, taskName };
    const visit = await t.call(token, { method: 'POST', url: '/api/v1/users/linkReward', payload: body });
    if (visit.statusCode !== 200) return visit;
    t.clock.advance(LINK_VISIT_MS);
    return t.call(token, { method: 'POST', url: '/api/v1/users/taskReward', payload: body });
  };
  const listed = async (token: string, userid: number) =>
    (await t.call(token, { method: 'GET', url: `/api/v1/users/tasks/${userid}` }))
      .json<{ tasks: { taskName: string }[] }>()
      .tasks.map((x) => x.taskName);

  it('shows and pays its tasks inside its window only, and lists itself for players', async () => {
    const ME = 9751;
    const token = await t.login(ME);
    later(H);
    await newTask('Event_Quest_A', 700);
    await newTask('Event_Quest_B', 300);
    const start = t.clock.now() + H;
    const id = await schedule({
      kind: 'tasks',
      startsAt: start,
      endsAt: start + 2 * H,
      titles: { en: 'Quest weekend' },
      tasks: ['Event_Quest_A', 'Event_Quest_B'],
    });
    const events = (await t.call(token, { method: 'GET', url: '/api/v1/events' })).json<{
      events: { id: number; kind: string }[];
    }>().events;
    expect(events).toContainEqual(expect.objectContaining({ id, kind: 'tasks' }));
    // Before the start: not listed, refused.
    expect(await listed(token, ME)).not.toContain('Event_Quest_A');
    expect((await claim(token, ME, 'Event_Quest_A')).statusCode).toBe(400);
    // Inside: listed and paid once.
    t.clock.set(start);
    expect(await listed(token, ME)).toEqual(expect.arrayContaining(['Event_Quest_A', 'Event_Quest_B']));
    const paid = await claim(token, ME, 'Event_Quest_A');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ledgerOf(ME, 'task')).toEqual([[700, expect.stringMatching(/^Event_Quest_A:/)]]);
    // After the end: gone, refused.
    t.clock.set(start + 2 * H);
    expect(await listed(token, ME)).not.toContain('Event_Quest_B');
    expect((await claim(token, ME, 'Event_Quest_B')).statusCode).toBe(400);
    expect(await ledgerOf(ME, 'task')).toHaveLength(1);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('refuses unknown tasks, a multiplier and a task another event holds; cancelling closes its tasks', async () => {
    later(H);
    await newTask('Event_Quest_C');
    const now = t.clock.now();
    const body = { kind: 'tasks', startsAt: now + H, endsAt: now + 2 * H, titles: { en: 'Quests' } };
    const before = await count('events');
    expect((await create({ ...body, tasks: ['No_Such_Task'] })).statusCode).toBe(400);
    expect((await create({ ...body, tasks: [] })).statusCode).toBe(400);
    expect((await create({ ...body, multiplier: 2, tasks: ['Event_Quest_C'] })).statusCode).toBe(400);
    expect(await count('events')).toBe(before);
    const id = await schedule({ ...body, tasks: ['Event_Quest_C'] });
    // Another event (later, not overlapping) may not take the task from this one.
    const other = await create({ ...body, startsAt: now + 3 * H, endsAt: now + 4 * H });
    expect(other.statusCode).toBe(400);
    const again = await create({
      ...body,
      startsAt: now + 3 * H,
      endsAt: now + 4 * H,
      tasks: ['Event_Quest_C'],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toMatch(/scheduled until/);
    // A task players see now, with no end, is not taken from them: refused, and left as it was.
    const live = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/tasks',
      payload: {
        taskName: 'Live_Quest',
        title: 'Live',
        reward: { amount: 100, type: 'onion' },
        link: 'https://t.me/x',
      },
    });
    expect(live.statusCode, live.body).toBe(200);
    const taken = await create({
      ...body,
      startsAt: now + 5 * H,
      endsAt: now + 6 * H,
      tasks: ['Live_Quest'],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ message: string }>().message).toMatch(/shown to players now/);
    const [liveRow] = await queryRows<{ starts_at: Date | null; ends_at: Date | null }>(
      t.deps.database.db,
      sql`select starts_at, ends_at from task_catalogue where task_name = 'Live_Quest'`,
    );
    expect(liveRow).toEqual({ starts_at: null, ends_at: null });
    t.clock.set(now + H + 60_000);
    const token = await t.login(9752);
    expect(await listed(token, 9752)).toContain('Event_Quest_C');
    expect((await cancel(id)).statusCode).toBe(200);
    expect(await listed(token, 9752)).not.toContain('Event_Quest_C');
    const audit = await queryRows<{ action: string }>(
      t.deps.database.db,
      sql`select action from admin_audit where target = 'task:Event_Quest_C' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['task.create', 'task.edit', 'task.edit']);
  });
});

describe('a cipher event', () => {
  it("multiplies the daily cipher's coins inside its window only, the extra its own ledger row", async () => {
    later(H);
    const solve = (token: string, userid: number) =>
      t.call(token, {
        method: 'POST',
        url: '/api/v1/cipher/solve',
        payload: { userid, word: drawnWord(DEV_COMBO_SECRET, gameDay(t.clock.now()), 'en') },
      });
    const solveAs = async (userid: number) => {
      const res = await solve(await t.login(userid, { language_code: 'en' }), userid);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ success: boolean; reward: { onion: number; ticket: number } }>();
    };
    const start = t.clock.now() + 60_000;
    const id = await schedule(multiplierEvent('cipher', 3, start, start + H, 'Featured cipher'));
    // Before: the usual reward.
    expect((await solveAs(9761)).reward).toEqual(CIPHER_REWARD);
    // Inside: the coins ×3 (the tickets as usual), once.
    t.clock.set(start);
    const token = await t.login(9762, { language_code: 'en' });
    const shown = (await t.call(token, { method: 'GET', url: '/api/v1/cipher' })).json<{
      reward: { onion: number };
    }>();
    expect(shown.reward.onion).toBe(3 * CIPHER_REWARD.onion);
    expect((await solveAs(9762)).reward).toEqual({ ...CIPHER_REWARD, onion: 3 * CIPHER_REWARD.onion });
    const again = await solve(token, 9762);
    expect(again.statusCode).toBe(409);
    expect(await ledgerOf(9762, 'event')).toEqual([[2 * CIPHER_REWARD.onion, String(id)]]);
    expect(await ledgerOf(9762, 'cipher')).toEqual([[CIPHER_REWARD.onion, expect.any(String)]]);
    // After: the usual reward again.
    t.clock.set(start + H);
    expect((await solveAs(9763)).reward).toEqual(CIPHER_REWARD);
    expect(await ledgerOf(9763, 'event')).toEqual([]);
    expect(await paidTotal(id)).toEqual({ coins: 2 * CIPHER_REWARD.onion, payouts: 1 });
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });
});
