import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { BOOST_COST } from '@egg-rush/game/boosts';
import { FARM_DURATION_MS, FARM_REWARD } from '@egg-rush/game/farm';
import { gameReward } from '@egg-rush/game/mole';
import { MILESTONES, REFERRAL_REWARD } from '@egg-rush/game/referrals';
import { LINK_VISIT_MS, TASKS } from '@egg-rush/game/tasks';
import { queryRows } from '../src/db/client.ts';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { sealResult } from '../src/modules/play/play.seal.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// 100 parallel requests of each claim kind for one player: exactly one pays, every other one is a
// clean refusal, the balance, the tickets and the ledger move exactly once, and balances still
// equal the ledger. On PostgreSQL (DATABASE_URL) the requests really run at once; PGlite runs
// them one after another.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const N = 100;

interface Reply {
  statusCode: number;
  json: () => unknown;
}
type Body = Record<string, unknown>;

/** Everything a claim may move for one player: balances, chests and the ledger. */
async function snapshot(userid: number) {
  const [row] = await queryRows<Record<string, string | number>>(
    t.deps.database.db,
    sql`select a.coins, a.ticket, a.chests,
               (select count(*) from economy_events e where e.user_id = a.user_id)::int as rows,
               (select coalesce(sum(delta_coins), 0) from economy_events e where e.user_id = a.user_id) as ledger_coins,
               (select coalesce(sum(delta_ticket), 0) from economy_events e where e.user_id = a.user_id) as ledger_ticket
        from accounts a where a.user_id = ${userid}`,
  );
  assert(row, `no account for ${userid}`);
  return {
    coins: Number(row.coins),
    ticket: Number(row.ticket),
    chests: Number(row.chests),
    rows: Number(row.rows),
    ledgerCoins: Number(row.ledger_coins),
    ledgerTicket: Number(row.ledger_ticket),
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

async function ledgerRows(userid: number, kind: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.deps.database.db,
    sql`select count(*)::int as n from economy_events where user_id = ${userid} and kind = ${kind}`,
  );
  return Number(row?.n);
}

/** The player moved by exactly this much, in the balance and in the ledger alike. */
function expectMovedOnce(
  before: Snapshot,
  after: Snapshot,
  moved: { coins?: number; ticket?: number; chests?: number; rows?: number },
) {
  const { coins = 0, ticket = 0, chests = 0, rows = 1 } = moved;
  expect({
    coins: after.coins - before.coins,
    ticket: after.ticket - before.ticket,
    chests: after.chests - before.chests,
    rows: after.rows - before.rows,
    ledgerCoins: after.ledgerCoins - before.ledgerCoins,
    ledgerTicket: after.ledgerTicket - before.ledgerTicket,
  }).toEqual({ coins, ticket, chests, rows, ledgerCoins: coins, ledgerTicket: ticket });
}

/**
 * Fires N copies of one request at once. Exactly one pays; every other answer is a refusal: a 4xx
 * `{ code, message }` with the given code or, where the contract answers refusals with
 * `200 { success: false, msg }` (the game result), that.
 */
async function burst(
  send: () => Promise<Reply>,
  refusal: { code: string } | { msg: string },
  paid = (body: Body) => body.success !== false,
): Promise<Body> {
  const replies = await Promise.all(Array.from({ length: N }, send));
  const wins: Body[] = [];
  for (const r of replies) {
    const body = r.json() as Body;
    expect(r.statusCode, JSON.stringify(body)).toBeLessThan(500);
    if (r.statusCode === 200 && paid(body)) {
      wins.push(body);
    } else if ('code' in refusal) {
      expect(r.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(body).toEqual({ code: refusal.code, message: expect.any(String) });
    } else {
      expect(r.statusCode).toBe(200);
      expect(body).toEqual({ success: false, code: expect.any(String), msg: refusal.msg });
    }
  }
  expect(wins).toHaveLength(1);
  const [win] = wins;
  assert(win, 'no claim paid');
  return win;
}

describe(`${N} parallel claims pay exactly once`, () => {
  it('daily check-in', async () => {
    const token = await t.login(7001);
    const before = await snapshot(7001);
    const win = await burst(
      () => t.call(token, { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: 7001 } }),
      { code: 'ALREADY_CLAIMED' },
    );
    expectMovedOnce(before, await snapshot(7001), {
      coins: win.eggReward as number,
      ticket: win.ticketReward as number,
      chests: win.chestReward as number,
    });
    expect(win.eggReward).toBeGreaterThan(0);
    expect(await ledgerRows(7001, 'daily')).toBe(1);
  });

  it('task reward', async () => {
    const token = await t.login(7002);
    const task = { taskName: 'Follow_Twitter', taskType: 'earn_coin', dailyType: 'twitter' };
    const reward = TASKS.find((d) => d.taskName === task.taskName)?.reward;
    assert(reward, `no task ${task.taskName}`);
    expect(reward.type).toBe('onion');
    const visit = await t.call(token, {
      method: 'POST',
      url: '/api/v1/users/linkReward',
      payload: { userid: 7002, ...task },
    });
    expect(visit.statusCode).toBe(200);
    t.clock.advance(LINK_VISIT_MS);
    const before = await snapshot(7002);
    await burst(
      () =>
        t.call(token, {
          method: 'POST',
          url: '/api/v1/users/taskReward',
          payload: { userid: 7002, ...task },
        }),
      { code: 'ALREADY_CLAIMED' },
    );
    expectMovedOnce(before, await snapshot(7002), { coins: reward.amount });
    expect(await ledgerRows(7002, 'task')).toBe(1);
  });

  it('farm harvest', async () => {
    const token = await t.login(7003);
    const start = await t.call(token, {
      method: 'POST',
      url: '/api/v1/farm/start',
      payload: { userid: 7003 },
    });
    expect(start.statusCode).toBe(200);
    t.clock.advance(FARM_DURATION_MS + 1000);
    const before = await snapshot(7003);
    const win = await burst(
      () => t.call(token, { method: 'POST', url: '/api/v1/farm/claim', payload: { userid: 7003 } }),
      { code: 'FARM_NOT_STARTED' },
    );
    expect(win).toMatchObject({ success: true, reward: FARM_REWARD });
    expectMovedOnce(before, await snapshot(7003), { coins: FARM_REWARD });
    expect(await ledgerRows(7003, 'farm')).toBe(1);
  });

  it('farm start', async () => {
    const token = await t.login(7007);
    const before = await snapshot(7007);
    await burst(
      () => t.call(token, { method: 'POST', url: '/api/v1/farm/start', payload: { userid: 7007 } }),
      { code: 'ALREADY_FARMING' },
    );
    expectMovedOnce(before, await snapshot(7007), { rows: 0 });
  });

  it('mole game result, the same sealed result sent 100 times', async () => {
    const token = await t.login(7004);
    await t.grant(7004, { ticket: 1 });
    const start = await t.call(token, {
      method: 'POST',
      url: '/api/v1/play/start',
      payload: { userid: 7004 },
    });
    const { gameId, key } = start.json<{ gameId: string; key: string }>();
    t.clock.advance(30_000);
    const data = sealResult(JSON.stringify({ score: 100, gameId }), key);
    const before = await snapshot(7004);
    const win = await burst(
      () => t.call(token, { method: 'POST', url: '/api/v1/play/result', payload: { userid: 7004, data } }),
      { msg: 'This game has already been scored.' },
    );
    expect(win.reward).toBe(gameReward(100));
    expectMovedOnce(before, await snapshot(7004), { coins: gameReward(100) });
    expect(await ledgerRows(7004, 'game')).toBe(1);
  });

  it('treasure chest, with one chest', async () => {
    const token = await t.login(7005);
    await t.deps.database.db.execute(sql`update accounts set chests = 1 where user_id = 7005`);
    const before = await snapshot(7005);
    const win = await burst(
      () => t.call(token, { method: 'PUT', url: '/api/v1/users/getCheat', payload: { userid: 7005 } }),
      { code: 'NO_CHEST' },
    );
    const prize = win.cheatData as { type: string; value: number };
    expectMovedOnce(before, await snapshot(7005), {
      coins: prize.type === 'onion' ? prize.value : 0,
      ticket: prize.type === 'ticket' ? prize.value : 0,
      chests: -1,
    });
    expect(await ledgerRows(7005, 'chest')).toBe(1);
  });

  it('once-only boosts (Double, Income)', async () => {
    const token = await t.login(7006);
    await t.grant(7006, { onion: 10_000_000 });
    // 2 * Income needs some income to double (the clock stands still: none accrues).
    await t.deps.database.db.execute(sql`update accounts set earn_per_hour = 10 where user_id = 7006`);
    for (const boost of ['double', 'income']) {
      const before = await snapshot(7006);
      await burst(
        () => t.call(token, { method: 'PUT', url: `/api/v1/users/${boost}`, payload: { userid: 7006 } }),
        { code: 'ALREADY_USED' },
      );
      expectMovedOnce(before, await snapshot(7006), { coins: -BOOST_COST });
      expect(await ledgerRows(7006, `boost:${boost}`)).toBe(1);
    }
  });

  it('referral reward and friend milestone: the same invitee signing in 100 times', async () => {
    await t.login(7010);
    const before = await snapshot(7010);
    const initData = await t.launch(7011, { start_param: '7010' });
    const replies = await Promise.all(
      Array.from({ length: N }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { userid: 7011, initData } }),
      ),
    );
    // Every sign-in succeeds (it is the same player), but the invite pays once.
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const [milestone] = MILESTONES;
    assert(milestone, 'no referral milestone');
    expectMovedOnce(before, await snapshot(7010), {
      coins: REFERRAL_REWARD.regular.inviter,
      ticket: milestone.ticket,
      rows: 2,
    });
    expect(await ledgerRows(7010, 'referral')).toBe(1);
    expect(await ledgerRows(7010, 'milestone')).toBe(1);
    expect(await ledgerRows(7011, 'referral')).toBe(1);
    expect(await ledgerRows(7011, 'signup')).toBe(1);
  });

  it('friend milestones: 100 different invitees signing up at once pay each milestone once', async () => {
    await t.login(7100);
    const before = await snapshot(7100);
    const invitees = Array.from({ length: N }, (_, i) => 7101 + i);
    const launches = await Promise.all(invitees.map((id) => t.launch(id, { start_param: '7100' })));
    const replies = await Promise.all(
      invitees.map((userid, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { userid, initData: launches[i] },
        }),
      ),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const reached = MILESTONES.filter((m) => m.count <= N);
    expectMovedOnce(before, await snapshot(7100), {
      coins: N * REFERRAL_REWARD.regular.inviter,
      ticket: reached.reduce((sum, m) => sum + m.ticket, 0),
      rows: N + reached.length,
    });
    expect(await ledgerRows(7100, 'milestone')).toBe(reached.length);
  });

  it('leaves every balance equal to its ledger', async () => {
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });
});
