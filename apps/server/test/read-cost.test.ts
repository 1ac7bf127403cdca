import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { seededRng } from '@egg-rush/game/rng';
import { SEASON_PRIZED, weekEndsAt, weekOf, weekStartsAt } from '@egg-rush/game/seasons';
import { queryRows, type Database, type Db } from '../src/db/client.ts';
import { searchPlayers } from '../src/modules/admin/admin.repository.ts';
import { createLeaderboardService } from '../src/modules/leaderboard/leaderboard.service.ts';
import { redisScores } from '../src/modules/leaderboard/leaderboard.store.ts';
import { createLeaguesService } from '../src/modules/leagues/leagues.service.ts';
import { weekBoard } from '../src/modules/seasons/seasons.repository.ts';
import { createSeasonsService } from '../src/modules/seasons/seasons.service.ts';
import { board, standingsOf } from '../src/modules/squads/squads.board.ts';
import { allSquadScores, type SquadScore } from '../src/modules/squads/squads.repository.ts';
import { createSquadsService } from '../src/modules/squads/squads.service.ts';
import { createTestApp, freshRedis, type TestApp } from './helpers.ts';

// Reads over data that grows (the ledger, the players) cost a bound per request: the weekly board
// is read from per-week totals kept with every ledger statement, never from the week's ledger.

const dialect = new PgDialect();

/** The database, with every statement run through `execute` written down. */
function recording(database: Database): { database: Database; statements: string[] } {
  const statements: string[] = [];
  const db = new Proxy(database.db, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return (query: SQL) => {
          statements.push(dialect.sqlToQuery(query).sql);
          return target.execute(query);
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  }) as Db;
  return { database: { ...database, db, replica: db }, statements };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tap = (token: string, userid: number, count: number) =>
  t.call(token, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid, count } });

describe('the weekly board', () => {
  it('is read without the ledger, and equals the board the ledger gives', async () => {
    const week = weekOf(t.clock.now());
    const ids = [62_001, 62_002, 62_003, 62_004, 62_005];
    const logins = await Promise.all(ids.map(async (id) => ({ id, token: await t.login(id) })));
    // Earnings by taps (the tap writer's one statement), grants (the write path), last week's
    // credits and spending (not counted), and a banned player (not shown).
    for (const [i, { id, token }] of logins.entries()) {
      expect((await tap(token, id, 5 + i)).statusCode).toBe(200);
      await t.grant(id, { onion: 1_000 * ((i * 7) % 5) });
    }
    await t.grant(62_003, { onion: -500 });
    await t.deps.database.db.execute(
      sql`insert into economy_events (user_id, kind, delta_coins, created_at)
          values (62001, 'grant', 99999, ${new Date(weekStartsAt(week) - 1).toISOString()}::timestamptz)`,
    );
    await t.deps.database.db.execute(sql`insert into bans (user_id, banned_at) values (62005, now())`);

    const { database, statements } = recording(t.deps.database);
    const seasons = createSeasonsService({ ...t.deps, database });
    const expected = await weekBoard(
      t.deps.database.db,
      new Date(weekStartsAt(week)),
      new Date(weekEndsAt(week)),
      SEASON_PRIZED,
      62_002,
    );
    const board = await seasons.current(62_002);
    expect(board.ranking.map((r) => [r.userid, r.coins, r.rank])).toEqual(
      expected.rows.map((r) => [r.userid, r.coins, r.rank]),
    );
    expect(board.ranking).toHaveLength(4);
    assert(expected.me, 'no row for 62002 on the board the ledger gives');
    expect(board.me).toMatchObject({
      userid: expected.me.userid,
      coins: expected.me.coins,
      rank: expected.me.rank,
    });
    expect(board.totalParticipants).toBe(expected.participants);
    expect((await seasons.current(62_005)).me).toBeNull();

    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(statement).not.toMatch(/economy_events/);
  });
  it('computes the week’s top once for 50 readers at once, each reader’s own row as it is now', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => 69_000 + i);
    await t.deps.database.db.execute(
      sql`insert into users (id, first_name) select 69000 + i, 'W' || i from generate_series(0, 49) i`,
    );
    await t.deps.database.db.execute(
      sql`insert into accounts (user_id, total_score) select 69000 + i, 0 from generate_series(0, 49) i`,
    );
    // Credits of this game week (the test clock's), as the write path records them.
    const credit = (id: number, coins: number) =>
      t.deps.database.db.execute(
        sql`insert into economy_events (user_id, kind, delta_coins, created_at)
            values (${id}, 'grant', ${coins}, ${new Date(t.clock.now()).toISOString()}::timestamptz)`,
      );
    for (const [i, id] of ids.entries()) await credit(id, 100 + i);
    const { database, statements } = recording(t.deps.database);
    const seasons = createSeasonsService({ ...t.deps, database });
    const boards = await Promise.all(ids.map((id) => seasons.current(id)));
    const topRuns = () => statements.filter((s) => /string_agg\(s.user_id::text/.test(s)).length;
    expect(topRuns()).toBe(1);
    for (const [i, board] of boards.entries()) expect(board.me?.userid).toBe(ids[i]);

    // The last of them earns past everyone: their own board shows it at once, first, and only once.
    const [last] = ids;
    assert(last !== undefined, 'no readers');
    await credit(last, 10_000_000);
    const after = await seasons.current(last);
    expect(after.me).toMatchObject({ userid: last, rank: 1 });
    expect(after.ranking[0]).toMatchObject({ userid: last, rank: 1 });
    expect(after.ranking.filter((r) => r.userid === last)).toHaveLength(1);
    expect(after.ranking.map((r) => r.rank)).toEqual(after.ranking.map((_, i) => i + 1));
  });
});

describe('the squad board', () => {
  it('computes every squad’s standings once for 50 readers at once, the caller’s squad as it is now', async () => {
    // 30 squads of 1 to 5 members (players 63_000…) with earnings since joining.
    await t.deps.database.db.execute(
      sql`insert into users (id, first_name) select 63000 + i, 'S' || i from generate_series(0, 149) i`,
    );
    await t.deps.database.db.execute(
      sql`insert into accounts (user_id, total_score)
          select 63000 + i, (i * 7919) % 1000 from generate_series(0, 149) i`,
    );
    await t.deps.database.db.execute(
      sql`insert into squads (name, name_key, owner_id)
          select 'Squad ' || i, 'squad ' || i, 63000 + i * 5 from generate_series(0, 29) i`,
    );
    await t.deps.database.db.execute(
      sql`insert into squad_members (user_id, squad_id, joined_total)
          select 63000 + i, (select id from squads where name = 'Squad ' || (i / 5)), (i * 31) % 200
          from generate_series(0, 149) i where i % 5 <= (i / 5) % 5`,
    );
    const { database, statements } = recording(t.deps.database);
    const squads = createSquadsService({ ...t.deps, database });
    const readers = Array.from({ length: 50 }, (_, i) => 63_000 + ((i * 5) % 150));
    const boards = await Promise.all(readers.map((id) => squads.board(id)));
    const standingsRuns = () => statements.filter((s) => /group by m\.squad_id/.test(s)).length;
    expect(standingsRuns()).toBe(1);

    const expected = await allSquadScores(t.deps.database.db);
    const ranked = expected.map((s, i) => ({ ...s, rank: i + 1 }));
    for (const [i, b] of boards.entries()) {
      expect(b.ranking.map(({ id, score, members, rank }) => ({ id, score, members, rank }))).toEqual(
        ranked.slice(0, 100).map(({ id, score, members, rank }) => ({ id, score, members, rank })),
      );
      expect(b.totalSquads).toBe(expected.length);
      const mine = b.mine;
      const reader = readers[i];
      assert(mine && reader !== undefined, `no squad on board ${i}`);
      expect(ranked.find((r) => r.id === mine.id)).toMatchObject({ score: mine.score, rank: mine.rank });
      expect(mine.name).toBe(`Squad ${Math.floor(((reader - 63_000) % 150) / 5)}`);
    }

    // The last squad's member earns: their own board shows it at once, ranked among the others.
    const [top] = ranked;
    const last = ranked.at(-1);
    assert(top && last, 'no squads ranked');
    const [member] = await queryRows<{ user_id: string }>(
      t.deps.database.db,
      sql`select user_id from squad_members where squad_id = ${last.id} limit 1`,
    );
    assert(member, `no member of squad ${last.id}`);
    await t.deps.database.db.execute(
      sql`update accounts set total_score = total_score + ${top.score + 1} where user_id = ${member.user_id}`,
    );
    const after = await squads.board(Number(member.user_id));
    expect(after.mine).toMatchObject({ id: last.id, rank: 1, score: last.score + top.score + 1 });
    expect(after.ranking[0]).toMatchObject({ id: last.id, rank: 1 });
    expect(after.ranking.map((r) => r.rank)).toEqual(ranked.map((r) => r.rank));
    expect(new Set(after.ranking.map((r) => r.id)).size).toBe(ranked.length);
    expect(standingsRuns()).toBe(1);
  });

  it('places a squad read now among standings a moment old as a full sort would', () => {
    const rng = seededRng(7);
    for (let run = 0; run < 300; run++) {
      const n = Math.floor(rng() * 12);
      const list: SquadScore[] = Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        name: `S${i + 1}`,
        score: Math.floor(rng() * 6) * 10,
        members: 1,
      }));
      const order = (a: SquadScore, b: SquadScore) => b.score - a.score || a.id - b.id;
      list.sort(order);
      const ownId = 1 + Math.floor(rng() * (n + 2));
      const gone = rng() < 0.2;
      const own = gone
        ? undefined
        : { id: ownId, name: 'Own', score: Math.floor(rng() * 6) * 10, members: 2 };
      const limit = Math.floor(rng() * (n + 2));
      const truth = [...list.filter((s) => s.id !== ownId), ...(own ? [own] : [])]
        .sort(order)
        .map((s, i) => ({ ...s, rank: i + 1 }));
      const got = board(standingsOf(list), ownId, own, limit);
      expect(got.rows).toEqual(truth.slice(0, limit));
      expect(got.total).toBe(truth.length);
      expect(got.own).toEqual(own ? truth.find((s) => s.id === ownId) : null);
    }
  });
});

describe('the console’s player search', () => {
  it('finds players by a prefix (username, wallet or first name) through indexes, not by reading every player', async () => {
    await t.deps.database.db.execute(
      sql`insert into users (id, first_name, username)
          select 64000 + i, 'Q' || i, 'Seeker' || i from generate_series(0, 4999) i`,
    );
    await t.deps.database.db.execute(
      sql`insert into accounts (user_id) select 64000 + i from generate_series(0, 4999) i`,
    );
    await t.deps.database.db.execute(
      sql`insert into wallets (user_id, address) select 64000 + i, 'UQ' || md5(i::text) from generate_series(0, 4999) i`,
    );
    await t.deps.database.db.execute(sql`analyze users`);
    await t.deps.database.db.execute(sql`analyze accounts`);
    await t.deps.database.db.execute(sql`analyze wallets`);
    // The statements the search sends, written down from their query builders, then explained.
    const db = t.deps.database.db;
    const built: { toSQL(): { sql: string; params: unknown[] } }[] = [];
    const spy = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'select')
          return (...args: Parameters<Db['select']>) => {
            const select = target.select(...args);
            return {
              from: (...from: Parameters<typeof select.from>) => {
                const query = select.from(...from);
                built.push(query);
                return query;
              },
            };
          };
        return Reflect.get(target, prop, receiver) as unknown;
      },
    }) as Db;
    const indexOf = {
      seeker123: /users_username_prefix_idx/,
      ['UQ' + 'c4ca']: /wallets_address_prefix_idx/,
      q123: /users_first_name_prefix_idx/,
    };
    for (const [q, index] of Object.entries(indexOf)) {
      built.length = 0;
      const found = await searchPlayers(spy, q);
      expect(found.length).toBeGreaterThan(0);
      const plans: string[] = [];
      for (const [n, query] of built.entries()) {
        const { sql: text, params } = query.toSQL();
        const [plan] = await t.deps.database.prepared<Record<string, unknown>>(
          `explain_${q}_${n}`,
          `explain (format json) ${text}`,
          params,
        );
        plans.push(JSON.stringify(plan));
      }
      for (const shown of plans) expect(shown).not.toMatch(/Seq Scan/);
      expect(plans.some((shown) => index.test(shown))).toBe(true);
    }
  });
});

describe('the Leader Board lost by Redis', () => {
  it('is loaded again from PostgreSQL once, however many readers find it missing at once', async () => {
    await t.deps.database.db.execute(
      sql`insert into users (id, first_name)
          select 65000 + i, 'L' || i from generate_series(0, 29) i on conflict (id) do nothing`,
    );
    await t.deps.database.db.execute(
      sql`insert into accounts (user_id, total_score)
          select 65000 + i, i * 10 from generate_series(0, 29) i on conflict (user_id) do nothing`,
    );
    const { redis, drop } = freshRedis();
    try {
      let selects = 0;
      const db = t.deps.database.db;
      const spy = new Proxy(db, {
        get(target, prop, receiver) {
          if (prop === 'select')
            return (...args: Parameters<Db['select']>) => {
              selects++;
              return target.select(...args);
            };
          return Reflect.get(target, prop, receiver) as unknown;
        },
      }) as Db;
      const scores = redisScores(redis);
      const loads = await Promise.all(Array.from({ length: 20 }, () => scores.rebuildIfMissing(spy)));
      const players = loads[0]?.players;
      expect(players).toBeGreaterThan(0);
      for (const l of loads) expect(l).toEqual({ rebuilt: true, players });
      // One load: a page of players, then the empty page that ends it.
      expect(selects).toBe(2);
      expect(await scores.built()).toBe(true);
      expect(await scores.count()).toBe(players);
    } finally {
      await drop();
    }
  });
});

describe('the Leader Board and the league boards on PostgreSQL alone', () => {
  it('compute their top once for 50 readers at once, each reader’s own row as it is now', async () => {
    await t.deps.database.db.execute(
      sql`insert into users (id, first_name) select 71000 + i, 'G' || i from generate_series(0, 49) i`,
    );
    await t.deps.database.db.execute(
      sql`insert into accounts (user_id, total_score) select 71000 + i, 500000 + i from generate_series(0, 49) i`,
    );
    const ids = Array.from({ length: 50 }, (_, i) => 71_000 + i);
    const { database, statements } = recording(t.deps.database);
    const deps = { ...t.deps, database, redis: undefined };
    const leaderboard = createLeaderboardService(deps);
    const leagues = createLeaguesService(deps);
    const tops = () => statements.filter((s) => /string_agg\(user_id::text/.test(s)).length;

    const boards = await Promise.all(ids.map((id) => leaderboard.total(id)));
    expect(tops()).toBe(1);
    for (const [i, board] of boards.entries()) expect(board.me.userid).toBe(ids[i]);
    const leagueBoards = await Promise.all(ids.map((id) => leagues.board(id, 4)));
    expect(tops()).toBe(2);
    for (const [i, board] of leagueBoards.entries()) expect(board.me?.userid).toBe(ids[i]);

    // One of them passes everyone (in the same league): their own boards show it at once, first
    // and only once.
    const [last] = ids;
    assert(last !== undefined, 'no readers');
    await t.deps.database.db.execute(sql`update accounts set total_score = 1999999 where user_id = ${last}`);
    for (const board of [await leaderboard.total(last), await leagues.board(last, 4)]) {
      expect(board.me).toMatchObject({ userid: last, rank: 1, totalScore: 1_999_999 });
      expect(board.ranking[0]).toMatchObject({ userid: last, rank: 1 });
      expect(board.ranking.filter((r) => r.userid === last)).toHaveLength(1);
    }
  });
});
