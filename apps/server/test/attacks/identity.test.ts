import { sql } from 'drizzle-orm';
import { assert, describe, expect, it } from 'vitest';
import { FARM_DURATION_MS } from '@egg-rush/game/farm';
import { REFERRAL_REWARD } from '@egg-rush/game/referrals';
import { queryRows } from '../../src/db/client.ts';
import { createTokens } from '../../src/lib/token.ts';
import { bansOf } from '../../src/modules/bans/index.ts';
import { createTestApp } from '../helpers.ts';
import { attackApp, dumpTables, ledgerStillBalances, seal, t } from './harness.ts';

await attackApp();

// Attacks on identity: forged or replayed launch data and tokens, acting as another player,
// referral loops, and rate limits that follow the token.

describe('launch data and tokens', () => {
  it('refuses launch data dated more than 5 minutes in the future', async () => {
    t.clock.advance(10 * 60_000);
    const initData = await t.launch(8600);
    t.clock.advance(-10 * 60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid: 8600, initData },
    });
    expect(res.statusCode).toBe(401);
    const [row] = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from users where id = 8600`,
    );
    expect(row).toEqual({ n: 0 });
  });

  it('replayed launch data logs in only the player it names, pays nothing again, and expires after 24 hours', async () => {
    const initData = await t.launch(8601);
    const login = (userid: number) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { userid, initData } });
    expect((await login(8601)).statusCode).toBe(200);
    const before = await dumpTables();
    for (let i = 0; i < 5; i++) {
      const again = await login(8601);
      expect(again.statusCode).toBe(200);
      expect(await t.profile(again.json().token, 8601)).toMatchObject({ id: 8601 });
    }
    expect((await login(8602)).statusCode).toBe(403);
    const after = await dumpTables();
    // Only the replaying player's last-seen time moved.
    expect({ ...after, users: '' }).toEqual({ ...before, users: '' });
    const start = t.clock.now();
    t.clock.advance(24 * 3_600_000 + 1000);
    expect((await login(8601)).statusCode).toBe(401);
    t.clock.set(start);
  });

  it('refuses a token altered to name another player, unsigned, signed with another key, or expired', async () => {
    const attacker = await t.login(8603);
    await t.login(8604);
    const before = await dumpTables();
    const [header, , signature] = attacker.split('.');
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(t.clock.now() / 1000);
    const claims = { sub: '8604', iat: now, exp: now + 3600 };
    const forged = [
      `${header}.${b64(claims)}.${signature}`,
      `${b64({ alg: 'none' })}.${b64(claims)}.`,
      `${b64({ alg: 'HS256' })}.${b64(claims)}.`,
      await createTokens('another-server-key-'.padEnd(40, 'x')).sign(8604, t.clock.now()),
      await createTokens(t.env.jwtSecret).sign(8604, t.clock.now() - 8 * 86_400_000),
    ];
    for (const token of forged) {
      for (const call of [
        { method: 'GET', url: '/api/v1/users/get/8604' },
        { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: 8604 } },
      ] as const) {
        const res = await t.call(token, call);
        expect(res.statusCode, token).toBe(401);
      }
    }
    expect(await dumpTables()).toEqual(before);
  });
});

describe('acting as another player', () => {
  it("every route refuses another player's id in the path, body or query with 403 and changes nothing", async () => {
    const attacker = await t.login(8610);
    const victim = await t.login(8611);
    // The victim has something worth taking: coins, tickets, a chest, a visited task, a game, a farm.
    await t.grant(8611, { onion: 1_000_000, ticket: 5 });
    await t.deps.database.db.execute(sql`update accounts set chests = 1 where user_id = 8611`);
    const task = { taskName: 'Follow_Twitter', taskType: 'earn_coin', dailyType: 'twitter' };
    await t.call(victim, {
      method: 'POST',
      url: '/api/v1/users/linkReward',
      payload: { userid: 8611, ...task },
    });
    await t.call(victim, { method: 'POST', url: '/api/v1/farm/start', payload: { userid: 8611 } });
    const game = await t.call(victim, {
      method: 'POST',
      url: '/api/v1/play/start',
      payload: { userid: 8611 },
    });
    const { gameId, key } = game.json<{ gameId: string; key: string }>();
    t.clock.advance(FARM_DURATION_MS + 1000);
    const data = seal(JSON.stringify({ score: 0, gameId }), key);
    const before = await dumpTables();
    const V = 8611;
    const calls = [
      ...[
        'growUp',
        'growOnion',
        'fullyEnergy',
        'income',
        'double',
        'touchIncome',
        'energyCapacity',
        'getCheat',
      ].map((name) => ({ method: 'PUT', url: `/api/v1/users/${name}`, payload: { userid: V } })),
      { method: 'PUT', url: '/api/v1/users/tap', payload: { userid: V, count: 10 } },
      { method: 'PUT', url: '/api/v1/users/getSpin', payload: { userid: V } },
      { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: V } },
      { method: 'POST', url: '/api/v1/farm/start', payload: { userid: V } },
      { method: 'POST', url: '/api/v1/farm/claim', payload: { userid: V } },
      {
        method: 'POST',
        url: '/api/v1/users/buyMining',
        payload: { userid: V, item: 'Carousel', title: 'Rides' },
      },
      { method: 'POST', url: '/api/v1/play/start', payload: { userid: V } },
      { method: 'POST', url: '/api/v1/play/result', payload: { userid: V, data } },
      { method: 'POST', url: '/api/v1/users/linkReward', payload: { userid: V, ...task } },
      { method: 'POST', url: '/api/v1/users/taskReward', payload: { userid: V, ...task } },
      { method: 'POST', url: '/api/v1/wallet/proof/payload', payload: { userid: V } },
      { method: 'DELETE', url: '/api/v1/wallet', payload: { userid: V } },
      { method: 'GET', url: `/api/v1/users/get/${V}` },
      { method: 'GET', url: `/api/v1/users/ranking/${V}/total` },
      { method: 'GET', url: `/api/v1/users/friends/${V}` },
      { method: 'GET', url: `/api/v1/users/miningData/${V}` },
      { method: 'GET', url: `/api/v1/users/tasks/${V}` },
      { method: 'GET', url: `/api/v1/farm/status?userid=${V}` },
      // The caller's own id in the body, the victim's in the query.
      { method: 'PUT', url: `/api/v1/users/tap?userid=${V}`, payload: { userid: 8610, count: 10 } },
      { method: 'POST', url: `/api/v1/users/claim/daily?userid=${V}`, payload: { userid: 8610 } },
    ] as const;
    for (const call of calls) {
      const res = await t.call(attacker, call);
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: expect.any(String) });
    }
    expect(await dumpTables()).toEqual(before);
  });
});

describe('referrals', () => {
  it("a banned player's invite link pays nothing (the link is still recorded)", async () => {
    const INVITER = 8190;
    const JOINER = 8191;
    await t.login(INVITER);
    await t.deps.database.db.execute(
      sql`insert into bans (user_id, banned_at, reason) values (${INVITER}, now(), 'farm')`,
    );
    bansOf(t.deps.database).changed(INVITER, true);
    await t.login(JOINER, { start_param: String(INVITER) });
    const rows = await queryRows<{ user_id: string | number; kind: string }>(
      t.deps.database.db,
      sql`select user_id, kind from economy_events where user_id in (${INVITER}, ${JOINER}) and kind = 'referral'`,
    );
    expect(rows).toEqual([]);
    const [joiner] = await queryRows<{ referrer_id: string | number | null }>(
      t.deps.database.db,
      sql`select referrer_id from users where id = ${JOINER}`,
    );
    expect(Number(joiner?.referrer_id)).toBe(INVITER);
  });

  it("referral loops and re-invites pay nothing: A invites B, then B's link used by A, and C's link used by B", async () => {
    const A = 8180;
    const B = 8181;
    const C = 8182;
    const D = 8183;
    await t.login(A);
    await t.login(B, { start_param: String(A) });
    await t.login(C);
    const state = async () =>
      queryRows<Record<string, string | number | null>>(
        t.deps.database.db,
        sql`select u.id, u.referrer_id, a.coins, a.ticket,
                   (select count(*) from economy_events e where e.user_id = u.id)::int as events
            from users u join accounts a on a.user_id = u.id
            where u.id in (${A}, ${B}, ${C}) order by u.id`,
      );
    const before = await state();
    expect(before.map((r) => (r.referrer_id === null ? null : Number(r.referrer_id)))).toEqual([
      null,
      A,
      null,
    ]);
    // A loop (A comes back through B's link), a re-invite (B through C's), a self-invite, and an
    // invite through a player's own invitee's link: none changes a referrer or pays anything.
    await t.login(A, { start_param: String(B) });
    await t.login(B, { start_param: String(C) });
    await t.login(C, { start_param: String(C) });
    await t.login(C, { start_param: String(A) });
    await Promise.all([t.login(A, { start_param: String(B) }), t.login(B, { start_param: String(A) })]);
    expect(await state()).toEqual(before);
    // A new player through B's link is B's friend, once; B's old inviter gets nothing from it.
    await t.login(D, { start_param: String(B) });
    const after = await state();
    assert(after[1] && before[1], 'no row for B');
    expect(Number(after[1].coins) - Number(before[1].coins)).toBe(REFERRAL_REWARD.regular.inviter);
    expect(after[0]).toEqual(before[0]);
    await t.login(B, { start_param: String(D) });
    expect(await state()).toEqual(after);
  });
});

describe('rate limits', () => {
  it("a player's limit follows the token, not the address: rotating X-Forwarded-For does not reset it", async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '10', RATE_LIMIT_WINDOW_MS: '60000' } });
    try {
      const token = await limited.login(8195);
      const codes: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await limited.call(token, {
          method: 'GET',
          url: '/api/v1/users/get/8195',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        codes.push(res.statusCode);
      }
      // Limits are counted per route: ten reads, then refusals, whatever address each one claims.
      expect(codes).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    } finally {
      await limited.close();
    }
  });
});

ledgerStillBalances();
