import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { LINK_VISIT_MS } from '@egg-rush/game/tasks';
import { TASK_REWARD_LIMITS } from '@egg-rush/game/operator';
import { queryRows } from '../src/db/client.ts';
import { accounts } from '../src/db/schema.ts';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { createAdminService } from '../src/modules/admin/admin.service.ts';
import { bindAddress } from '../src/modules/wallet/wallet.repository.ts';
import { checkDeclaredRole } from '../src/plugins/auth.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The operator API (/api/v1/admin/): 403 for everyone but ADMIN_IDS, audit rows for every
// change, adjustments in the ledger, bans on the next call, live task edits, the suspicion list
// and the airdrop snapshot's hash.

const OPERATOR = 7000;
const PLAYER = 7001;
const OTHER = 7002;

let t: TestApp;
/** The operator's console session (for /admin routes) and their own player's token (for the rest). */
let op: string;
let opPlayer: string;
let player: string;

const audits = async (target: string) =>
  queryRows<{ action: string; admin_id: string; reason: string | null }>(
    t.deps.database.db,
    sql`select action, admin_id, reason from admin_audit where target = ${target} order by id`,
  );

/** Binds a wallet as the wallet check does (with its history event), now. */
const bind = (id: number, address: string) =>
  t.deps.database.transaction((tx) => bindAddress(tx, id, address, new Date(t.clock.now())));

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: `${OPERATOR}, 1` } });
  opPlayer = await t.login(OPERATOR);
  op = await t.console(OPERATOR);
  player = await t.login(PLAYER, { username: 'honest_hen' });
  await t.login(OTHER);
});
afterAll(() => t?.close());

describe('who may call the operator API', () => {
  it('takes the role from each route, and refuses a console route that declares none', () => {
    expect(() => checkDeclaredRole('/api/v1/admin/new-thing', undefined)).toThrow(/declares neither/);
    expect(() => checkDeclaredRole('/api/v1/admin/new-thing', { rateLimit: 'address' } as never)).toThrow();
    expect(() => checkDeclaredRole('/api/v1/admin/new-thing', { operator: true })).not.toThrow();
    expect(() => checkDeclaredRole('/api/v1/admin/session', { public: true })).not.toThrow();
    expect(() => checkDeclaredRole('/api/v1/users/get/:id', undefined)).not.toThrow();
    // Both roles, or an operators' route where no token is checked: open to anyone, so refused.
    expect(() => checkDeclaredRole('/api/v1/admin/x', { operator: true, public: true })).toThrow(
      /not public/,
    );
    expect(() => checkDeclaredRole('/metrics-admin', { operator: true })).toThrow(/under \/api\//);
    expect(() => checkDeclaredRole('/api/v1/airdrop/allocations', { operator: true })).not.toThrow();
  });

  it('answers 403 to anonymous callers, forged tokens and players on every admin route, 200 to an operator', async () => {
    const routes = t.app.registeredRoutes.filter((r) => r.operator);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const fill = (url: string) =>
      url
        .replace(':playerId', String(PLAYER))
        .replace(':taskName', 'Partner_TON')
        .replace(':snapshotId', '1')
        .replace(':format', 'csv');
    for (const route of routes) {
      for (const headers of [
        {},
        { authorization: 'Bearer nonsense' },
        { authorization: `Bearer ${player}` },
      ]) {
        const res = await t.app.inject({ method: route.method, url: fill(route.url), headers, payload: {} });
        expect({ route: route.url, status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual(
          {
            route: route.url,
            status: 403,
            code: 'FORBIDDEN',
          },
        );
      }
    }
    const me = await t.call(op, { method: 'GET', url: '/api/v1/admin/me' });
    expect(me.json()).toEqual({ adminId: OPERATOR });
  });

  it('signs an operator in with launch data or a one-time link, and no one else', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { initData: await t.launch(OPERATOR) },
    });
    expect(ok.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { initData: await t.launch(PLAYER) },
    });
    expect(refused.statusCode).toBe(403);
    const admin = createAdminService(t.deps, t.app.bans);
    const link = await admin.createLink(OPERATOR);
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/admin/session', payload: { link } });
    expect(first.json()).toMatchObject({ adminId: OPERATOR });
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/admin/session', payload: { link } });
    expect(again.statusCode).toBe(403);
    await expect(admin.createLink(PLAYER)).rejects.toThrow(/ADMIN_IDS/);
  });
});

describe('players', () => {
  it('finds a player by id, username and wallet', async () => {
    await bind(PLAYER, '0:' + 'ab'.repeat(32));
    for (const q of [String(PLAYER), 'honest', '@HONEST_hen', '0:abab']) {
      const res = await t.call(op, {
        method: 'GET',
        url: `/api/v1/admin/players?q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ players: { id: number }[] }>().players.map((p) => p.id)).toContain(PLAYER);
    }
    const page = await t.call(op, { method: 'GET', url: `/api/v1/admin/players/${PLAYER}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ player: { id: PLAYER, username: 'honest_hen' } });
  });

  it('finds a player by a prefix of their first name in any case, with LIKE wildcards taken literally', async () => {
    await t.deps.database.db.execute(
      sql`insert into users (id, first_name) values
            (7101, 'Henrietta'), (7102, '100% Hen'), (7103, '1000 Hens'), (7104, 'a_b'), (7105, 'axb')`,
    );
    const found = async (q: string) =>
      (await t.call(op, { method: 'GET', url: `/api/v1/admin/players?q=${encodeURIComponent(q)}` }))
        .json<{ players: { id: number }[] }>()
        .players.map((p) => p.id);
    for (const q of ['Henri', 'hENRI', 'HENRIETTA']) expect(await found(q)).toContain(7101);
    // A prefix, not a substring.
    expect(await found('rietta')).not.toContain(7101);
    expect(await found('100%')).toEqual([7102]);
    expect(await found('100')).toEqual(expect.arrayContaining([7102, 7103]));
    expect(await found('a_')).toEqual([7104]);
  });

  it('adjusts coins and tickets with a reason: its own ledger row, an audit row, the books balanced', async () => {
    const before = (await t.call(op, { method: 'GET', url: `/api/v1/admin/players/${PLAYER}` })).json<{
      player: { coins: number; tickets: number };
    }>().player;
    const res = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/players/${PLAYER}/adjust`,
      payload: { coins: 1234, tickets: -1, reason: 'lost coins after the outage' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ player: { coins: before.coins + 1234, tickets: before.tickets - 1 } });
    const ledger = await t.call(op, { method: 'GET', url: `/api/v1/admin/players/${PLAYER}/ledger?limit=1` });
    expect(ledger.json()).toMatchObject({
      rows: [{ kind: 'admin:adjust', deltaCoins: 1234, deltaTicket: -1 }],
    });
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
    expect(await audits(`player:${PLAYER}`)).toContainEqual(
      expect.objectContaining({ action: 'player.adjust', reason: 'lost coins after the outage' }),
    );
    const noReason = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/players/${PLAYER}/adjust`,
      payload: { coins: 5 },
    });
    expect(noReason.statusCode).toBe(400);
    const negative = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/players/${PLAYER}/adjust`,
      payload: { coins: -1e9, reason: 'too much' },
    });
    expect(negative.statusCode).toBe(400);
  });

  it('bans a player on their next call, hides them from the Leader Board, their league and the weekly board, pays nothing for their invites; unban restores', async () => {
    const board = async () =>
      (await t.call(player, { method: 'GET', url: `/api/v1/users/ranking/${PLAYER}/total` })).json<{
        ranking: { userid: number }[];
      }>();
    // OTHER reads the board (PLAYER is about to be banned).
    const otherToken = await t.login(OTHER);
    const boardOf = async () =>
      (await t.call(otherToken, { method: 'GET', url: `/api/v1/users/ranking/${OTHER}/total` })).json<{
        ranking: { userid: number }[];
      }>();
    // The other boards a banned player leaves: their league's and this week's.
    const leagueOf = async () =>
      (await t.call(otherToken, { method: 'GET', url: `/api/v1/leagues/${OTHER}/board?league=0` })).json<{
        ranking: { userid: number }[];
        totalParticipants: number;
      }>();
    const weekOf = async () =>
      (await t.call(otherToken, { method: 'GET', url: `/api/v1/seasons/${OTHER}` })).json<{
        ranking: { userid: number }[];
      }>();
    // PLAYER earns this week (a tap) so that they are on the weekly board.
    expect(
      (
        await t.call(player, {
          method: 'PUT',
          url: '/api/v1/users/tap',
          payload: { userid: PLAYER, count: 1 },
        })
      ).statusCode,
    ).toBe(200);
    expect((await board()).ranking.map((r) => r.userid)).toContain(PLAYER);
    expect((await leagueOf()).ranking.map((r) => r.userid)).toContain(PLAYER);
    expect((await weekOf()).ranking.map((r) => r.userid)).toContain(PLAYER);
    const ban = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/players/${PLAYER}/ban`,
      payload: { reason: 'farm owner' },
    });
    expect(ban.statusCode).toBe(200);
    const next = await t.call(player, { method: 'GET', url: `/api/v1/users/get/${PLAYER}` });
    expect(next.statusCode).toBe(403);
    expect(next.json()).toEqual({ code: 'BANNED', message: expect.stringMatching(/blocked/) });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userid: PLAYER, initData: await t.launch(PLAYER) },
    });
    expect(login.statusCode).toBe(403);
    expect((await boardOf()).ranking.map((r) => r.userid)).not.toContain(PLAYER);
    expect((await leagueOf()).ranking.map((r) => r.userid)).not.toContain(PLAYER);
    expect((await weekOf()).ranking.map((r) => r.userid)).not.toContain(PLAYER);

    const coinsOf = async (id: number) => {
      const [row] = await queryRows<{ coins: string }>(
        t.deps.database.db,
        sql`select coins from ${accounts} where user_id = ${id}`,
      );
      assert(row, `no account for ${id}`);
      return Number(row.coins);
    };
    const inviterBefore = await coinsOf(PLAYER);
    await t.login(7100, { start_param: String(PLAYER) });
    expect(await coinsOf(PLAYER)).toBe(inviterBefore);
    const invitee = await queryRows<{ kind: string }>(
      t.deps.database.db,
      sql`select kind from economy_events where user_id = 7100`,
    );
    expect(invitee.map((r) => r.kind)).toEqual(['signup']);

    const unban = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/players/${PLAYER}/unban`,
      payload: {},
    });
    expect(unban.statusCode).toBe(200);
    expect((await t.call(player, { method: 'GET', url: `/api/v1/users/get/${PLAYER}` })).statusCode).toBe(
      200,
    );
    expect((await boardOf()).ranking.map((r) => r.userid)).toContain(PLAYER);
    expect((await leagueOf()).ranking.map((r) => r.userid)).toContain(PLAYER);
    expect((await audits(`player:${PLAYER}`)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['player.ban', 'player.unban']),
    );
  });

  it('resets a daily streak with a reason', async () => {
    await t.deps.database.db.execute(
      sql`insert into daily_streaks (user_id, streak, last_day) values (${OTHER}, 5, 100)`,
    );
    const res = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/players/${OTHER}/reset-streak`,
      payload: { reason: 'support ticket 12' },
    });
    expect(res.statusCode).toBe(200);
    const page = await t.call(op, { method: 'GET', url: `/api/v1/admin/players/${OTHER}` });
    expect(page.json()).toMatchObject({ player: { rewardStreak: 0, lastDailyDay: null } });
    expect((await audits(`player:${OTHER}`)).map((a) => a.action)).toContain('player.reset-streak');
  });
});

describe('tasks', () => {
  const tasksOf = async (token: string, id: number) =>
    (await t.call(token, { method: 'GET', url: `/api/v1/users/tasks/${id}` })).json<{
      tasks: { taskName: string; title: string; reward: { amount: number } }[];
    }>().tasks;

  it('lists the launch partner and social tasks from the database', async () => {
    const res = await t.call(op, { method: 'GET', url: '/api/v1/admin/tasks' });
    expect(res.json<{ tasks: { taskName: string }[] }>().tasks.map((x) => x.taskName)).toEqual([
      'Follow_Twitter',
      'Follow_Telegram',
      'Partner_Carnival',
      'Partner_TON',
      'Partner_Ferris',
    ]);
  });

  it('shows an edit to players at once, within the reward limits', async () => {
    const edit = await t.call(op, {
      method: 'PUT',
      url: '/api/v1/admin/tasks/Partner_Carnival',
      payload: { title: 'Carnival Club (new season)', reward: { amount: 4_000, type: 'onion' } },
    });
    expect(edit.statusCode).toBe(200);
    const seen = (await tasksOf(opPlayer, OPERATOR)).find((x) => x.taskName === 'Partner_Carnival');
    expect(seen).toMatchObject({ title: 'Carnival Club (new season)', reward: { amount: 4_000 } });
    const tooMuch = await t.call(op, {
      method: 'PUT',
      url: '/api/v1/admin/tasks/Partner_Carnival',
      payload: { reward: { amount: TASK_REWARD_LIMITS.onion + 1, type: 'onion' } },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect((await audits('task:Partner_Carnival')).map((a) => a.action)).toEqual(['task.edit']);
  });

  it('creates and schedules a task, and a retired task can no longer be claimed', async () => {
    const now = t.clock.now();
    const created = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/tasks',
      payload: {
        taskName: 'Partner_Circus',
        title: 'Circus Friends',
        reward: { amount: 700, type: 'onion' },
        link: 'https://t.me/CircusFriends',
        startsAt: now + 3_600_000,
      },
    });
    expect(created.statusCode).toBe(200);
    expect((await tasksOf(opPlayer, OPERATOR)).map((x) => x.taskName)).not.toContain('Partner_Circus');
    t.clock.advance(3_600_000);
    expect((await tasksOf(opPlayer, OPERATOR)).map((x) => x.taskName)).toContain('Partner_Circus');

    const claimer = await t.login(7200);
    const body = { userid: 7200, taskName: 'Partner_Circus' };
    expect(
      (await t.call(claimer, { method: 'POST', url: '/api/v1/users/linkReward', payload: body })).statusCode,
    ).toBe(200);
    t.clock.advance(LINK_VISIT_MS);
    const retire = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/tasks/Partner_Circus/retire',
      payload: {},
    });
    expect(retire.json()).toMatchObject({ task: { live: false } });
    const claim = await t.call(claimer, { method: 'POST', url: '/api/v1/users/taskReward', payload: body });
    expect(claim.statusCode).toBe(400);
    expect(claim.json()).toMatchObject({ code: 'INVALID_TASK' });
    expect((await tasksOf(claimer, 7200)).map((x) => x.taskName)).not.toContain('Partner_Circus');
  });
});

describe('the suspicion list', () => {
  it('finds a seeded farm of 30 accounts and no honest player', async () => {
    const base = t.clock.now();
    const FARMER = 8000;
    const farmer = await t.login(FARMER);
    expect(farmer).toBeTruthy();
    // The farm: 30 accounts through one inviter, a minute apart, never playing after sign-in.
    for (let i = 0; i < 30; i++) {
      t.clock.set(base + i * 60_000);
      await t.login(8001 + i, { start_param: String(FARMER) });
    }
    // Honest players: an inviter whose 6 friends joined over days and played.
    const HONEST = 8100;
    await t.login(HONEST);
    for (let i = 0; i < 6; i++) {
      t.clock.set(base + i * 86_400_000);
      const friend = await t.login(8101 + i, { start_param: String(HONEST) });
      const res = await t.call(friend, {
        method: 'PUT',
        url: '/api/v1/users/tap',
        payload: { userid: 8101 + i, count: 20 },
      });
      expect(res.statusCode).toBe(200);
    }
    t.clock.set(base + 6 * 86_400_000);
    // Days later: a console session lasts hours, so the operator signs in again.
    op = await t.console(OPERATOR);
    const res = await t.call(op, { method: 'GET', url: '/api/v1/admin/suspicion' });
    expect(res.statusCode).toBe(200);
    const suspects = res.json<{ suspects: { id: number; rules: string[]; evidence: string[] }[] }>().suspects;
    const farm = suspects.filter((s) => s.id > 8000 && s.id <= 8030);
    expect(farm).toHaveLength(30);
    expect(suspects.map((s) => s.id)).toContain(FARMER);
    const honest = [HONEST, ...Array.from({ length: 6 }, (_, i) => 8101 + i), PLAYER, OTHER, OPERATOR];
    expect(suspects.filter((s) => honest.includes(s.id))).toEqual([]);
    expect(farm[0]?.evidence[0]).toMatch(/joined through 8000/);

    const bulk = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/players/ban',
      // An id that is no player's bans no one.
      payload: { ids: [...farm.map((s) => s.id), 999_999_001], reason: 'referral farm' },
    });
    expect(bulk.json()).toEqual({ banned: 30 });
    expect(
      await queryRows(t.deps.database.db, sql`select user_id from bans where user_id = 999999001`),
    ).toEqual([]);
  });
});

describe('the airdrop snapshot', () => {
  it('freezes eligible players and publishes the SHA-256 of its CSV and JSON export', async () => {
    await bind(OTHER, '0:' + 'cd'.repeat(32));
    // A banned player with a wallet is left out.
    await bind(8001, '0:' + 'ef'.repeat(32));
    const grant = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/players/${OTHER}/adjust`,
      payload: { coins: 500, reason: 'contest prize' },
    });
    expect(grant.statusCode).toBe(200);
    t.clock.advance(60_000);
    const res = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/snapshots',
      payload: { minCoins: 1 },
    });
    expect(res.statusCode).toBe(200);
    const { snapshot } = res.json<{
      snapshot: { id: number; players: number; csvSha256: string; jsonSha256: string };
    }>();
    expect(snapshot.players).toBe(2);
    const csv = await t.call(op, { method: 'GET', url: `/api/v1/admin/snapshots/${snapshot.id}/export.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toBe('user_id,wallet_address,lifetime_coins');
    expect(csv.body).toContain(`${PLAYER},0:`);
    expect(csv.body).not.toContain('8001,');
    expect(createHash('sha256').update(csv.rawPayload).digest('hex')).toBe(snapshot.csvSha256);
    const json = await t.call(op, {
      method: 'GET',
      url: `/api/v1/admin/snapshots/${snapshot.id}/export.json`,
    });
    expect(createHash('sha256').update(json.rawPayload).digest('hex')).toBe(snapshot.jsonSha256);
    expect(JSON.parse(json.body).players).toHaveLength(2);
    const published = await t.app.inject({ method: 'GET', url: '/api/v1/airdrop/snapshot' });
    expect(published.json()).toMatchObject({ snapshot: { id: snapshot.id, csvSha256: snapshot.csvSha256 } });
    expect((await audits(`snapshot:${snapshot.id}`)).map((a) => a.action)).toEqual(['snapshot.take']);
  });

  it('answers the dashboard from the ledger', async () => {
    const res = await t.call(op, { method: 'GET', url: '/api/v1/admin/dashboard' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ players: { total: number; banned: number }; byKind: { kind: string }[] }>();
    expect(body.players.banned).toBe(30);
    expect(body.byKind.map((k) => k.kind)).toEqual(expect.arrayContaining(['signup', 'admin:adjust', 'tap']));
  });
});
