import { sql } from 'drizzle-orm';
import { assert, describe, expect, it } from 'vitest';
import { FARM_DURATION_MS } from '@egg-rush/game/farm';
import { gameReward, maxScoreFor } from '@egg-rush/game/mole';
import { queryRows } from '../../src/db/client.ts';
import { attackApp, dumpTables, ledgerStillBalances, seal, t } from './harness.ts';

await attackApp();

// Attacks on the economy: amounts, prices, scores and times sent by the client, and regeneration
// calls that must write nothing.

describe('client-sent amounts, prices, scores and times', () => {
  it('ignores amounts, prices and balances the client adds to a request', async () => {
    const token = await t.login(8170);
    await t.call(token, { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: 8170 } });
    const before = await t.profile(token, 8170);
    const tap = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      payload: { userid: 8170, count: 5, earned: 1_000_000, onion: 1_000_000, earnPerTap: 1000 },
    });
    expect(tap.statusCode).toBe(200);
    expect(tap.json()).toMatchObject({ credited: 5, earned: 5 });
    const spin = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/getSpin',
      payload: { userid: 8170, segment: 7, prize: { type: 'onion', value: 1_000_000 } },
    });
    expect(spin.statusCode).toBe(200);
    const task = await t.call(token, {
      method: 'POST',
      url: '/api/v1/users/taskReward',
      payload: {
        userid: 8170,
        taskName: 'Follow_Twitter',
        taskType: 'earn_coin',
        amount: 1_000_000,
        type: 'onion',
      },
    });
    expect(task.json()).toMatchObject({ code: 'NOT_COMPLETED' });
    const after = await t.profile(token, 8170);
    expect(after.onion).toBeLessThan(before.onion + 100_000);
  });

  it('ignores backdated and future timestamps: the farm and energy run on the server clock', async () => {
    const token = await t.login(8171);
    const start = await t.call(token, {
      method: 'POST',
      url: '/api/v1/farm/start',
      payload: { userid: 8171, startedAt: 0, timestamp: Date.now() - 7 * 86_400_000 },
    });
    expect(start.statusCode).toBe(200);
    const early = await t.call(token, {
      method: 'POST',
      url: '/api/v1/farm/claim',
      payload: { userid: 8171, now: Date.now() + FARM_DURATION_MS * 10 },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'FARM_NOT_FINISHED' });
    const tap = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      payload: { userid: 8171, count: 500, at: 0, energyAt: 0 },
    });
    // 1,000 energy at 10 a tap: the pace allows 120 at once, energy 100; never more.
    expect(tap.json().credited).toBeLessThanOrEqual(100);
  });

  it('ignores times inside a sealed game result and in a check-in: the server measures them', async () => {
    const token = await t.login(8172);
    await t.grant(8172, { ticket: 1 });
    const daily = await t.call(token, {
      method: 'POST',
      url: '/api/v1/users/claim/daily',
      payload: { userid: 8172, day: 7, streak: 6, lastDailyDay: 0, date: '2020-01-01' },
    });
    expect(daily.json()).toMatchObject({ status: 'success', day: 1 });
    const game = await t.call(token, {
      method: 'POST',
      url: '/api/v1/play/start',
      payload: { userid: 8172 },
    });
    const { gameId, key } = game.json<{ gameId: string; key: string }>();
    const now = t.clock.now();
    // A full game's best score, claimed a moment after the start with times saying a minute passed.
    const claimed = {
      score: maxScoreFor(60_000),
      gameId,
      elapsed: 60_000,
      startedAt: now - 60_000,
      finishedAt: now,
    };
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/v1/play/result',
      payload: { userid: 8172, data: seal(JSON.stringify(claimed), key), startedAt: now - 60_000 },
    });
    expect(res.json()).toEqual({
      success: false,
      code: 'BAD_RESULT',
      msg: 'This score is not possible in the time played.',
    });
  });

  it('refuses hostile scores and game ids inside a sealed result, and the game can still be scored honestly', async () => {
    const token = await t.login(8173);
    const other = await t.login(8174);
    await t.grant(8173, { ticket: 1 });
    await t.grant(8174, { ticket: 1 });
    const start = (tk: string, userid: number) =>
      t.call(tk, { method: 'POST', url: '/api/v1/play/start', payload: { userid } });
    const { gameId, key } = (await start(token, 8173)).json<{ gameId: string; key: string }>();
    const { gameId: othersGame } = (await start(other, 8174)).json<{ gameId: string }>();
    t.clock.advance(30_000);
    const before = await dumpTables();
    const g = JSON.stringify(gameId);
    const plaintexts = [
      `{"score":-1,"gameId":${g}}`,
      `{"score":1.5,"gameId":${g}}`,
      `{"score":1e999,"gameId":${g}}`,
      `{"score":-1e999,"gameId":${g}}`,
      `{"score":NaN,"gameId":${g}}`,
      `{"score":"100","gameId":${g}}`,
      `{"score":null,"gameId":${g}}`,
      `{"score":[100],"gameId":${g}}`,
      `{"score":10000001,"gameId":${g}}`,
      `{"score":9007199254740993,"gameId":${g}}`,
      `{"gameId":${g}}`,
      `{"score":100}`,
      `{"score":100,"gameId":[${g}]}`,
      `{"score":100,"gameId":"00000000-0000-4000-8000-000000000000"}`,
      `{"score":100,"gameId":${JSON.stringify(othersGame)}}`,
      `{"score":100,"gameId":${JSON.stringify(`${gameId}' or 1=1 --`)}}`,
      `[100,${g}]`,
      'null',
      '"score"',
      '',
      `{"score":100,"gameId":${g}`,
    ];
    for (const plaintext of plaintexts) {
      const res = await t.call(token, {
        method: 'POST',
        url: '/api/v1/play/result',
        payload: { userid: 8173, data: seal(plaintext, key) },
      });
      expect(res.statusCode, plaintext).toBe(200);
      expect(res.json(), plaintext).toMatchObject({ success: false });
    }
    expect(await dumpTables()).toEqual(before);
    const honest = await t.call(token, {
      method: 'POST',
      url: '/api/v1/play/result',
      payload: { userid: 8173, data: seal(JSON.stringify({ score: 100, gameId }), key) },
    });
    expect(honest.json()).toMatchObject({ success: true, reward: gameReward(100) });
  });
});

describe('regeneration calls', () => {
  it('growUp and growOnion write nothing, however often they are called', async () => {
    const token = await t.login(8190);
    await t.deps.database.db.execute(sql`update accounts set earn_per_hour = 3600 where user_id = 8190`);
    await t.call(token, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid: 8190, count: 50 } });
    const version = async () => {
      const [row] = await queryRows<{ v: string }>(
        t.deps.database.db,
        sql`select u.xmin::text || '/' || a.xmin::text as v
            from users u join accounts a on a.user_id = u.id where u.id = 8190`,
      );
      assert(row, 'no row for 8190');
      return row.v;
    };
    const before = await dumpTables();
    const xmin = await version();
    const seen: number[] = [];
    for (let i = 0; i < 50; i++) {
      t.clock.advance(1000);
      const [up, onion] = await Promise.all([
        t.call(token, { method: 'PUT', url: '/api/v1/users/growUp', payload: { userid: 8190 } }),
        t.call(token, { method: 'PUT', url: '/api/v1/users/growOnion', payload: { userid: 8190 } }),
      ]);
      expect(up.statusCode).toBe(200);
      expect(onion.statusCode).toBe(200);
      seen.push(up.json().energy);
    }
    // The answers follow the clock, but no row was written, not even rewritten with equal values.
    const [first] = seen;
    assert(first !== undefined, 'no energy seen');
    expect(seen.at(-1)).toBeGreaterThan(first);
    expect(await version()).toBe(xmin);
    expect(await dumpTables()).toEqual(before);
  });
});

ledgerStillBalances();
