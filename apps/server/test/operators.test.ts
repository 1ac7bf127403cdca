import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import {
  ADJUST_DAY_LIMITS,
  ADJUST_KIND,
  ADJUST_LIMITS,
  ADMIN_SESSION_TTL_SECONDS,
  PLAYER_ADJUST_DAY_LIMITS,
} from '@egg-rush/game/operator';
import { DAY_MS, nextResetAt } from '@egg-rush/game/time';
import { queryRows } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Operators are bounded like players: nothing on their own player, adjustments bounded per
// operator per day in total, and what all operators together credit one player per game day.

const OPERATOR = 8200;
const OTHER_OPERATOR = 8201;
const PLAYER = 8202;
const THIRD_OPERATOR = 8203;

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: `${OPERATOR}, ${OTHER_OPERATOR}, ${THIRD_OPERATOR}` } });
  await t.login(OPERATOR);
  await t.login(OTHER_OPERATOR);
  await t.login(PLAYER);
  op = await t.console(OPERATOR);
});
afterAll(() => t?.close());

const coinsOf = async (id: number) => {
  const [row] = await queryRows<{ coins: number }>(
    t.deps.database.db,
    sql`select coins from accounts where user_id = ${id}`,
  );
  assert(row, `no account for ${id}`);
  return Number(row.coins);
};
const sum = (xs: number[]) => xs.reduce((total, x) => total + x, 0);

describe('an operator and their own player', () => {
  it('cannot credit, ban, unban or reset their own player; each attempt is refused and audited', async () => {
    const before = await coinsOf(OPERATOR);
    const attempts = [
      { url: `/api/v1/admin/players/${OPERATOR}/adjust`, payload: { coins: 10_000, reason: 'for me' } },
      { url: `/api/v1/admin/players/${OPERATOR}/unban`, payload: { reason: 'for me' } },
      { url: `/api/v1/admin/players/${OPERATOR}/ban`, payload: { reason: 'for me' } },
      { url: `/api/v1/admin/players/${OPERATOR}/reset-streak`, payload: { reason: 'for me' } },
      { url: '/api/v1/admin/players/ban', payload: { ids: [PLAYER, OPERATOR], reason: 'sweep' } },
    ];
    for (const attempt of attempts) {
      const res = await t.call(op, { method: 'POST', ...attempt });
      expect({ url: attempt.url, status: res.statusCode, code: res.json().code }).toEqual({
        url: attempt.url,
        status: 403,
        code: 'SELF_ACTION',
      });
    }
    expect(await coinsOf(OPERATOR)).toBe(before);
    const audit = await queryRows<{ action: string }>(
      t.deps.database.db,
      sql`select action from admin_audit where admin_id = ${OPERATOR} and target = ${`player:${OPERATOR}`}`,
    );
    expect(audit.map((a) => a.action)).toEqual(Array(attempts.length).fill('refused.self'));
    // The bulk ban that named the operator banned no one.
    const banned = await queryRows(t.deps.database.db, sql`select user_id from bans`);
    expect(banned).toEqual([]);
  });
  it("every operators' route that writes and names a player refuses the operator's own, as one rule", async () => {
    // Walks the routes as registered, so a route added later is covered without being listed.
    const routes = t.app.registeredRoutes.filter((r) => r.operator && r.method !== 'GET');
    const named = routes.filter((r) => r.url.includes(':playerId'));
    expect(named.length).toBeGreaterThanOrEqual(5);
    const before = await coinsOf(OPERATOR);
    const payload = { reason: 'for me', coins: 1, tickets: 1, ids: [OPERATOR], playerId: OPERATOR };
    const answers = [];
    for (const route of [...named, ...routes.filter((r) => /\/(ban|exclusions)$/.test(r.url))]) {
      const res = await t.call(op, {
        method: route.method as 'POST',
        url: route.url.replace(':playerId', String(OPERATOR)),
        payload,
      });
      answers.push({ route: `${route.method} ${route.url}`, code: res.json<{ code?: string }>().code });
    }
    expect(answers).toEqual(answers.map(({ route }) => ({ route, code: 'SELF_ACTION' })));
    expect(await coinsOf(OPERATOR)).toBe(before);
  });
});

describe('adjustments per operator per day', () => {
  it('five of the largest credits in a row: those past the day limit are refused, the next day allows again', async () => {
    // Five players (one player may receive one largest credit a game day, from all operators together).
    const winners = Array.from({ length: 5 }, (_, i) => 8230 + i);
    for (const id of winners) await t.login(id);
    const before = await Promise.all(winners.map(coinsOf));
    const statuses: number[] = [];
    for (const [i, id] of winners.entries()) {
      const res = await t.call(op, {
        method: 'POST',
        url: `/api/v1/admin/players/${id}/adjust`,
        payload: { coins: ADJUST_LIMITS.coins, reason: `contest prize ${i}` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode !== 200) expect(res.json().code).toBe('ADJUST_DAY_LIMIT');
    }
    const allowed = Math.floor(ADJUST_DAY_LIMITS.coins / ADJUST_LIMITS.coins);
    expect(statuses).toEqual([...Array(allowed).fill(200), ...Array(5 - allowed).fill(409)]);
    const after = await Promise.all(winners.map(coinsOf));
    expect(sum(after) - sum(before)).toBe(ADJUST_DAY_LIMITS.coins);
    // Debits count too: taking coins back is also bounded.
    const debit = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/players/${winners[0]}/adjust`,
      payload: { coins: -1, reason: 'rounding' },
    });
    expect(debit.statusCode).toBe(409);
    // Another operator has their own budget.
    const other = await t.console(OTHER_OPERATOR);
    const theirs = await t.call(other, {
      method: 'POST',
      url: `/api/v1/admin/players/${PLAYER}/adjust`,
      payload: { coins: 5, reason: 'small fix' },
    });
    expect(theirs.statusCode).toBe(200);
    t.clock.advance(86_400_000);
    const tomorrow = await t.call(await t.console(OPERATOR), {
      method: 'POST',
      url: `/api/v1/admin/players/${PLAYER}/adjust`,
      payload: { coins: 5, reason: 'next day' },
    });
    expect(tomorrow.statusCode).toBe(200);
    const audit = await queryRows<{ after: { operatorDay: { coins: number } } }>(
      t.deps.database.db,
      sql`select after from admin_audit where admin_id = ${OPERATOR} and action = 'player.adjust' order by id desc limit 1`,
    );
    expect(audit[0]?.after.operatorDay).toEqual({ coins: 5, tickets: 0 });
  });
});

describe('the day limit under a burst', () => {
  it('twenty of the largest credits at once, to twenty players: the day limit holds in total', async () => {
    t.clock.advance(2 * 86_400_000); // a day of its own, whatever the tests before spent
    const players = Array.from({ length: 20 }, (_, i) => 8210 + i);
    for (const id of players) await t.login(id);
    const before = await Promise.all(players.map(coinsOf));
    const token = await t.console(OTHER_OPERATOR);
    const replies = await Promise.all(
      players.map((id) =>
        t.call(token, {
          method: 'POST',
          url: `/api/v1/admin/players/${id}/adjust`,
          payload: { coins: ADJUST_LIMITS.coins, reason: 'burst of prizes' },
        }),
      ),
    );
    const allowed = Math.floor(ADJUST_DAY_LIMITS.coins / ADJUST_LIMITS.coins);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(allowed);
    for (const r of replies.filter((r) => r.statusCode !== 200))
      expect(r.json().code).toBe('ADJUST_DAY_LIMIT');
    const after = await Promise.all(players.map(coinsOf));
    const credited = sum(after) - sum(before);
    expect(credited).toBe(allowed * ADJUST_LIMITS.coins);
  });
});

describe('adjustments per player per game day, all operators together', () => {
  const adjust = (token: string, id: number, body: { coins?: number; tickets?: number }, reason = 'prize') =>
    t.call(token, {
      method: 'POST',
      url: `/api/v1/admin/players/${id}/adjust`,
      payload: { ...body, reason },
    });
  /** What operators credited a player (credits only) in the game day of the test clock, by the ledger. */
  const received = async (id: number) => {
    const end = nextResetAt(t.clock.now());
    const [row] = await queryRows<{ coins: string; tickets: string }>(
      t.deps.database.db,
      sql`select coalesce(sum(greatest(delta_coins, 0)), 0)::text as coins,
                 coalesce(sum(greatest(delta_ticket, 0)), 0)::text as tickets
          from economy_events where user_id = ${id} and kind = ${ADJUST_KIND}
            and created_at >= ${new Date(end - DAY_MS)} and created_at < ${new Date(end)}`,
    );
    assert(row, `no credits summed for ${id}`);
    return { coins: Number(row.coins), tickets: Number(row.tickets) };
  };
  const sessions = () =>
    Promise.all([t.console(OPERATOR), t.console(OTHER_OPERATOR), t.console(THIRD_OPERATOR)]);

  it('three operators in turn cannot credit one player past the per-player bound; the next game day allows again', async () => {
    t.clock.advance(3 * DAY_MS); // a day of its own for every operator
    const target = 8240;
    await t.login(target);
    const before = await coinsOf(target);
    const [a, b, c] = await sessions();
    // The review's case: each operator well within their own day, the player far past any one of them.
    const replies = [];
    for (const token of [a, b, c]) replies.push(await adjust(token, target, { coins: ADJUST_LIMITS.coins }));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 409, 409]);
    for (const r of replies.slice(1)) expect(r.json().code).toBe('PLAYER_ADJUST_DAY_LIMIT');
    expect(replies[1]?.json().message).toMatch(/1000000 coins and 1000 tickets a game day/);
    // Not one coin more from anyone, the first operator included; a debit still goes through.
    for (const token of [a, b, c]) {
      const one = await adjust(token, target, { coins: 1_020 });
      expect({ status: one.statusCode, code: one.json().code }).toEqual({
        status: 409,
        code: 'PLAYER_ADJUST_DAY_LIMIT',
      });
    }
    expect((await adjust(b, target, { coins: -500 }, 'took back too much')).statusCode).toBe(200);
    // Taking coins back gives no room for more credits.
    expect((await adjust(c, target, { coins: 500 })).statusCode).toBe(409);
    // Tickets are bounded the same way.
    expect((await adjust(b, target, { tickets: PLAYER_ADJUST_DAY_LIMITS.tickets })).statusCode).toBe(200);
    expect((await adjust(c, target, { tickets: 1 })).json().code).toBe('PLAYER_ADJUST_DAY_LIMIT');
    expect(await received(target)).toEqual(PLAYER_ADJUST_DAY_LIMITS);
    expect(await coinsOf(target)).toBe(before + PLAYER_ADJUST_DAY_LIMITS.coins - 500);

    t.clock.set(nextResetAt(t.clock.now()));
    const later = await t.console(THIRD_OPERATOR); // the session of the day before has ended
    expect((await adjust(later, target, { coins: 5 }, 'next game day')).statusCode).toBe(200);
  });

  it('three operators at once, two credits each, to one player: the per-player bound holds in total', async () => {
    t.clock.advance(3 * DAY_MS);
    const target = 8241;
    await t.login(target);
    const before = await coinsOf(target);
    const tokens = await sessions();
    const credit = 300_000;
    const replies = await Promise.all(
      [...tokens, ...tokens].map((token) => adjust(token, target, { coins: credit }, 'burst of prizes')),
    );
    const allowed = Math.floor(PLAYER_ADJUST_DAY_LIMITS.coins / credit);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(allowed);
    for (const r of replies.filter((r) => r.statusCode !== 200))
      expect(r.json().code).toBe('PLAYER_ADJUST_DAY_LIMIT');
    expect(await coinsOf(target)).toBe(before + allowed * credit);
    expect((await received(target)).coins).toBe(allowed * credit);
  });
});

describe('console credentials', () => {
  const claims = (token: string) => {
    const [, payload] = token.split('.');
    assert(payload, 'a token of three parts');
    return JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iat: number; exp: number };
  };

  it('a console session lasts as long as the rules say (8 hours), not a week', async () => {
    const token = await t.console(OTHER_OPERATOR);
    const { iat, exp } = claims(token);
    expect(exp - iat).toBe(ADMIN_SESSION_TTL_SECONDS);
    expect(ADMIN_SESSION_TTL_SECONDS).toBe(8 * 3600);
    const me = () => t.call(token, { method: 'GET', url: '/api/v1/admin/me' });
    expect((await me()).statusCode).toBe(200);
    t.clock.advance(ADMIN_SESSION_TTL_SECONDS * 1000);
    expect((await me()).statusCode).toBe(403);
  });

  it("an operator's mini-app token does not open the console, and a console token works on no player route", async () => {
    const playerToken = await t.login(OPERATOR);
    const console = await t.console(OPERATOR);
    const me = await t.call(playerToken, { method: 'GET', url: '/api/v1/admin/me' });
    expect(me.statusCode).toBe(403);
    const profile = await t.call(console, { method: 'GET', url: `/api/v1/users/get/${OPERATOR}` });
    expect(profile.statusCode).toBe(401);
    const routes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/') && !r.public && !r.operator,
    );
    for (const route of routes) {
      const res = await t.call(console, {
        method: route.method,
        url: route.url.replace(/:(id|userid)\b/g, String(OPERATOR)).replace(/:\w+/g, '1'),
        payload: route.method === 'GET' ? undefined : { userid: OPERATOR },
      });
      expect({ route: route.url, status: res.statusCode }).toEqual({ route: route.url, status: 401 });
    }
  });
});

describe("operators' tasks", () => {
  it("cannot take a built-in task's name, in any case or spelling, nor an existing task's", async () => {
    const body = (taskName: string) => ({
      taskName,
      title: 'Look-alike',
      reward: { amount: 100, type: 'onion' },
      link: 'https://example.com/x',
    });
    const session = await t.console(OTHER_OPERATOR);
    for (const taskName of ['Daily_Taps', 'daily_taps', 'DAILYTAPS', 'Follow_Telegram', 'Invites__Friends']) {
      const res = await t.call(session, {
        method: 'POST',
        url: '/api/v1/admin/tasks',
        payload: body(taskName),
      });
      expect({ taskName, status: res.statusCode, code: res.json().code }).toEqual({
        taskName,
        status: 409,
        code: 'TASK_NAME_RESERVED',
      });
    }
    const made = await t.call(session, {
      method: 'POST',
      url: '/api/v1/admin/tasks',
      payload: body('Partner_Zoo'),
    });
    expect(made.statusCode).toBe(200);
    const twin = await t.call(session, {
      method: 'POST',
      url: '/api/v1/admin/tasks',
      payload: body('partner_ZOO'),
    });
    expect({ status: twin.statusCode, code: twin.json().code }).toEqual({ status: 409, code: 'TASK_EXISTS' });
  });
});
