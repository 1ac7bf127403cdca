import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { LEAGUE_COUNT } from '@egg-rush/game/leagues';
import { queryRows } from '../src/db/client.ts';
import { createAdminService } from '../src/modules/admin/admin.service.ts';
import { flushScores, redisScores } from '../src/modules/leaderboard/leaderboard.store.ts';
import { leagueSets } from '../src/modules/leaderboard/leagues.store.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// A ban is decided in one place (modules/bans/bans.list.ts over the bans table and its ban_events history)
// and every path goes through it: players and operators alike.

const OPERATOR = 8100;
const SECOND = 8101;
const PLAYER = 8102;

let t: TestApp;

/** A console session, as the console signs in (launch data at POST /admin/session). */
async function consoleSession(app: TestApp, id: number): Promise<string> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    payload: { initData: await app.launch(id) },
  });
  if (res.statusCode !== 200) throw new Error(`console sign-in failed: ${res.body}`);
  return res.json<{ token: string }>().token;
}

beforeAll(async () => {
  // The Redis boards are where a later write used to put a banned player back.
  t = await createTestApp({ env: { ADMIN_IDS: `${OPERATOR}, ${SECOND}` }, redis: true });
  await t.login(OPERATOR);
  await t.login(SECOND);
  await t.login(PLAYER);
});
afterAll(() => t?.close());

describe('a banned operator', () => {
  it('loses the console at once, cannot sign in again, and the ban is in the history', async () => {
    const first = await consoleSession(t, OPERATOR);
    const second = await consoleSession(t, SECOND);
    const ban = await t.call(second, {
      method: 'POST',
      url: `/api/v1/admin/players/${OPERATOR}/ban`,
      payload: { reason: 'sold accounts' },
    });
    expect(ban.statusCode).toBe(200);
    // The session held before the ban is refused on its very next call.
    const me = await t.call(first, { method: 'GET', url: '/api/v1/admin/me' });
    expect({ status: me.statusCode, code: me.json<{ code: string }>().code }).toEqual({
      status: 403,
      code: 'BANNED',
    });
    const unban = await t.call(first, {
      method: 'POST',
      url: `/api/v1/admin/players/${OPERATOR}/unban`,
      payload: { reason: 'not me' },
    });
    expect(unban.statusCode).toBe(403);
    // Signing in again gives no new session.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { initData: await t.launch(OPERATOR) },
    });
    expect({ status: again.statusCode, code: again.json<{ code: string }>().code }).toEqual({
      status: 403,
      code: 'BANNED',
    });
    const history = await queryRows<{ banned: boolean; admin_id: string; reason: string }>(
      t.deps.database.db,
      sql`select banned, admin_id, reason from ban_events where user_id = ${OPERATOR} order by id`,
    );
    expect(history.map((h) => ({ ...h, admin_id: Number(h.admin_id) }))).toEqual([
      { banned: true, admin_id: SECOND, reason: 'sold accounts' },
    ]);
  });
});

const admin = () => createAdminService(t.deps, t.app.bans);
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.deps.database.db, query))[0];

/** Everything a write could change for a player, as one comparable value. */
async function footprint(id: number) {
  const count = async (table: string) => {
    const row = await one<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${id}`,
    );
    assert(row, `no count of ${table}`);
    return Number(row.n);
  };
  return {
    player: await one(sql`select * from users where id = ${id}`),
    ledger: await count('economy_events'),
    squad: await count('squad_members'),
    tasks: await count('task_progress'),
    games: await count('games'),
    claims: await count('reward_claims'),
    proofs: await count('wallet_proofs'),
    invoices: await count('invoices'),
    mining: await count('mining_levels'),
    combo: await count('combo_finds'),
  };
}

describe('a banned player', () => {
  const BANNED = 8110;
  const FRIEND = 8111;

  it('is refused on every route with nothing written, the list of routes taken from the app itself', async () => {
    const token = await t.login(BANNED);
    await admin().ban(SECOND, BANNED, 'farm account', true);
    const before = await footprint(BANNED);
    const routes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/') && !r.public && !r.operator,
    );
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const fill = (url: string) => url.replace(/:(id|userid)\b/g, String(BANNED)).replace(/:\w+/g, '1');
    for (const route of routes) {
      const res = await t.call(token, {
        method: route.method,
        url: fill(route.url),
        payload: route.method === 'GET' ? undefined : { userid: BANNED },
      });
      expect({
        route: `${route.method} ${route.url}`,
        status: res.statusCode,
        code: res.json().code,
      }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
        code: 'BANNED',
      });
    }
    expect(await footprint(BANNED)).toEqual(before);
  });

  it('logging in with a squad invite joins no squad and stores no new name', async () => {
    const owner = await t.login(FRIEND);
    const created = await t.call(owner, {
      method: 'POST',
      url: '/api/v1/squads/create',
      payload: { userid: FRIEND, name: 'Night Owls' },
    });
    expect(created.statusCode).toBe(200);
    const squad = created.json<{ squad: { id: number; startParam: string } }>().squad;
    const initData = await t.launch(BANNED, { first_name: 'Renamed', start_param: squad.startParam });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid: BANNED, initData },
    });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code: 'BANNED' });
    expect(await one(sql`select squad_id from squad_members where user_id = ${BANNED}`)).toBeUndefined();
    expect(await one(sql`select first_name from users where id = ${BANNED}`)).toEqual({
      first_name: `Player ${BANNED}`,
    });
  });

  it('leaves the boards and the league sets for good: a later operator adjustment puts nothing back', async () => {
    const ID = 8112;
    const { redis } = t.deps;
    assert(redis, 'the app runs with Redis');
    await t.login(ID);
    await admin().adjust(OPERATOR, ID, { coins: 50_000, tickets: 0, reason: 'outage refund' });
    await flushScores(redis);
    expect(await redisScores(redis).rank(ID)).toBeDefined();
    await admin().ban(SECOND, ID, 'bot', true);
    await admin().adjust(SECOND, ID, { coins: 1_000, tickets: 0, reason: 'late correction' });
    await flushScores(redis);
    expect(await redisScores(redis).rank(ID)).toBeUndefined();
    const sets = leagueSets(redis);
    for (let league = 0; league < LEAGUE_COUNT; league++)
      expect(await sets.rank(league, ID), `league ${league}`).toBeUndefined();
    // Unbanned, they are back where their total puts them.
    await admin().ban(SECOND, ID, null, false);
    expect(await redisScores(redis).rank(ID)).toBeDefined();
  });

  it('counts for nothing in their squad and is not listed as a member', async () => {
    const OWNER = 8113;
    const MEMBER = 8114;
    const owner = await t.login(OWNER);
    const created = await t.call(owner, {
      method: 'POST',
      url: '/api/v1/squads/create',
      payload: { userid: OWNER, name: 'Early Birds' },
    });
    const squad = created.json<{ squad: { id: number; startParam: string } }>().squad;
    await t.login(MEMBER, { start_param: squad.startParam });
    await admin().adjust(OPERATOR, MEMBER, { coins: 70_000, tickets: 0, reason: 'contest prize' });
    const page = async () =>
      (await t.call(owner, { method: 'GET', url: `/api/v1/squads/${OWNER}/page?squad=${squad.id}` })).json<{
        squad: { score: number; members: number };
        members: { userid: number }[];
      }>();
    expect((await page()).squad).toMatchObject({ score: 70_000, members: 2 });
    await admin().ban(SECOND, MEMBER, 'multi-account', true);
    const after = await page();
    expect(after.squad).toMatchObject({ score: 0, members: 1 });
    expect(after.members.map((m) => m.userid)).toEqual([OWNER]);
  });
});
