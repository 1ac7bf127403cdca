import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type GameConfig } from '@egg-rush/game/config';
import { DAY_MS } from '@egg-rush/game/time';
import { queryRows } from '../src/db/client.ts';
import { CONFIG_CHECK_MS } from '../src/modules/config/index.ts';
import { createTestApp, testClock, type TestApp } from './helpers.ts';

// The game's configuration live: versions drafted, simulated and published by operators (audited),
// paid by the next call of every rule, an old version published again, history never changed.

const OPERATOR = 9901;
const PLAYER = 9902;
const clock = testClock(Date.UTC(2026, 5, 15, 12, 0, 0));
let t: TestApp;
let op: string;
let player: string;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_IDS: String(OPERATOR) } });
  op = await t.console(OPERATOR);
  player = await t.login(PLAYER);
});
afterAll(() => t.close());

// Today's table (packages/game/src/daily.ts): day 1 pays 500 coins, day 2 1,000; the wheel's
// seventh segment 1,000 coins.
const copy = (): GameConfig => JSON.parse(JSON.stringify(DEFAULT_CONFIG)) as GameConfig;
const admin = (method: 'GET' | 'POST', url: string, payload?: object, token = op) =>
  t.call(token, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
const versionCount = async () =>
  (await queryRows<{ n: number }>(t.deps.database.db, sql`select count(*)::int as n from config_versions`))[0]
    ?.n;

describe('the live game configuration', () => {
  it('starts at version 1, today’s game, for operators and players alike', async () => {
    const res = await admin('GET', '/admin/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: { version: 1, values: DEFAULT_CONFIG } });
    const mine = await t.call(player, { method: 'GET', url: '/api/v1/config' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ version: 1, values: DEFAULT_CONFIG });
    const etag = mine.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.call(player, {
      method: 'GET',
      url: '/api/v1/config',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.profile(player, PLAYER)).configVersion).toBe(1);
  });

  it('refuses a draft that breaks bounds, naming every broken one, and stores nothing', async () => {
    const before = await versionCount();
    const bad = copy();
    bad.spin.wheel[0] = { type: 'onion', value: 100, weight: -30 };
    bad.boosts.cost = 0;
    bad.chest.prizes[1] = { type: 'onion', value: 750, weight: 40 };
    const res = await admin('POST', '/admin/config', { values: bad, reason: 'broken on purpose' });
    expect(res.statusCode).toBe(400);
    const { message } = res.json<{ message: string }>();
    for (const path of ['spin.wheel.0.weight', 'spin.wheel', 'boosts.cost', 'chest.prizes'])
      expect(message).toContain(path);
    expect(await versionCount()).toBe(before);
    const sim = await admin('POST', '/admin/config/simulate', { values: bad });
    expect(sim.statusCode).toBe(400);
  });

  it('keeps players out of the console’s configuration routes', async () => {
    expect((await admin('GET', '/admin/config', undefined, player)).statusCode).toBe(403);
    expect(
      (await admin('POST', '/admin/config', { values: copy(), reason: 'me me me' }, player)).statusCode,
    ).toBe(403);
    expect((await admin('POST', '/admin/config/1/publish', { reason: 'me me me' }, player)).statusCode).toBe(
      403,
    );
  });

  it('pays a published draft on the next call, and the old values again once version 1 is published again', async () => {
    const draft = copy();
    draft.daily.rewards = draft.daily.rewards.map((r) => ({ ...r, onion: r.onion * 3 }));
    draft.spin.wheel = draft.spin.wheel.map((s, i) => ({ ...s, weight: i === 6 ? 100 : 0 }));
    draft.boosts.cost = 700;

    const sim = await admin('POST', '/admin/config/simulate', { values: draft });
    expect(sim.statusCode).toBe(200);
    const { simulation } = sim.json<{
      simulation: {
        active: { coinsPerDay: { daily: number } }[];
        draft: { coinsPerDay: { daily: number } }[];
      };
    }>();
    expect(simulation.draft[0]?.coinsPerDay.daily).toBeGreaterThan(
      (simulation.active[0]?.coinsPerDay.daily ?? Infinity) * 2,
    );

    const created = await admin('POST', '/admin/config', { values: draft, reason: 'Triple check-in week' });
    expect(created.statusCode).toBe(200);
    const version = created.json<{ draft: { version: number } }>().draft.version;
    expect(version).toBe(2);
    // A draft is not live until it is published.
    expect((await admin('GET', '/admin/config')).json()).toMatchObject({ active: { version: 1 } });

    const published = await admin('POST', `/admin/config/${version}/publish`, {
      reason: 'Triple check-in week',
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({ active: { version: 2 } });
    expect((await t.call(player, { method: 'GET', url: '/api/v1/config' })).json()).toMatchObject({
      version: 2,
    });
    expect((await t.profile(player, PLAYER)).configVersion).toBe(2);

    // The next check-in pays the draft's day 1.
    const daily = await t.call(player, {
      method: 'POST',
      url: '/api/v1/users/claim/daily',
      payload: { userid: PLAYER },
    });
    expect(daily.json()).toMatchObject({ eggReward: 3 * 500, day: 1 });
    // The next spin lands on the only segment with odds.
    await t.setTickets(PLAYER, 5);
    const spin = await t.call(player, {
      method: 'PUT',
      url: '/api/v1/users/getSpin',
      payload: { userid: PLAYER },
    });
    expect(spin.json()).toMatchObject({
      cheatData: { type: 'onion', value: 1_000 },
    });
    // A refill costs the draft's price.
    await t.grant(PLAYER, { onion: 10_000 });
    await t.call(player, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid: PLAYER, count: 50 } });
    const before = (await t.profile(player, PLAYER)).onion;
    const refill = await t.call(player, {
      method: 'PUT',
      url: '/api/v1/users/fullyEnergy',
      payload: { userid: PLAYER },
    });
    expect(refill.statusCode).toBe(200);
    expect(refill.json<{ onion: number }>().onion).toBe(before - 700);

    // Version 1 again: the next day's check-in pays today's table again (day 2 of the streak).
    const again = await admin('POST', '/admin/config/1/publish', { reason: 'Back to the launch values' });
    expect(again.json()).toEqual({ active: { version: 1 } });
    clock.advance(DAY_MS);
    // A console session is short: the operator signs in again the next day.
    op = await t.console(OPERATOR);
    player = await t.login(PLAYER);
    const next = await t.call(player, {
      method: 'POST',
      url: '/api/v1/users/claim/daily',
      payload: { userid: PLAYER },
    });
    expect(next.json()).toMatchObject({ day: 2, eggReward: 1_000 });
    const before2 = (await t.profile(player, PLAYER)).onion;
    await t.call(player, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid: PLAYER, count: 50 } });
    const tapped = (await t.profile(player, PLAYER)).onion;
    const refill2 = await t.call(player, {
      method: 'PUT',
      url: '/api/v1/users/fullyEnergy',
      payload: { userid: PLAYER },
    });
    expect(refill2.json<{ onion: number }>().onion).toBe(tapped - DEFAULT_CONFIG.boosts.cost);
    expect(before2).toBeLessThan(tapped);

    const history = await admin('GET', '/admin/config/versions');
    expect(history.statusCode, history.body).toBe(200);
    const versions = history.json<{
      versions: { version: number; active: boolean; publications: unknown[] }[];
    }>().versions;
    expect(versions.map((v) => [v.version, v.active, v.publications.length])).toEqual([
      [2, false, 1],
      [1, true, 2],
    ]);

    const audit = await queryRows<{ action: string; target: string; reason: string }>(
      t.deps.database.db,
      sql`select action, target, reason from admin_audit where action like 'config.%' order by id`,
    );
    expect(audit).toEqual([
      { action: 'config.draft', target: 'config:2', reason: 'Triple check-in week' },
      { action: 'config.publish', target: 'config:2', reason: 'Triple check-in week' },
      { action: 'config.publish', target: 'config:1', reason: 'Back to the launch values' },
    ]);
  });

  it('never changes a stored version nor a publication', async () => {
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message),
      );
    const db = t.deps.database.db;
    expect(
      await refusal(db.execute(sql`update config_versions set values = '{}'::jsonb where version = 1`)),
    ).toMatch(/immutable/);
    expect(await refusal(db.execute(sql`delete from config_publications`))).toMatch(/immutable/);
    expect((await admin('GET', '/admin/config')).json()).toMatchObject({
      active: { version: 1, values: DEFAULT_CONFIG },
    });
    expect((await admin('POST', '/admin/config/99/publish', { reason: 'no such version' })).statusCode).toBe(
      404,
    );
  });

  it('sees another process’s publish within CONFIG_CHECK_MS', async () => {
    const mine = async () =>
      (await t.call(player, { method: 'GET', url: '/api/v1/config' })).json<{ version: number }>().version;
    expect(await mine()).toBe(1);
    // Another process publishes version 2 (a row in the shared database; this process is not told).
    await t.deps.database.db.execute(
      sql`insert into config_publications (version, reason, published_by) values (2, 'from elsewhere', ${OPERATOR})`,
    );
    expect(await mine()).toBe(1);
    clock.advance(CONFIG_CHECK_MS);
    expect(await mine()).toBe(2);
  });
});
