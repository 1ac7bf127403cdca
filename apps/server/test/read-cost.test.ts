import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEASON_PRIZED, weekEndsAt, weekOf, weekStartsAt } from '@egg-rush/game/seasons';
import type { Database, Db } from '../src/db/client.ts';
import { weekBoard } from '../src/modules/seasons/seasons.repository.ts';
import { createSeasonsService } from '../src/modules/seasons/seasons.service.ts';
import { createTestApp, type TestApp } from './helpers.ts';

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
    const tokens = await Promise.all(ids.map((id) => t.login(id)));
    // Earnings by taps (the tap writer's one statement), grants (the write path), last week's
    // credits and spending (not counted), and a banned player (not shown).
    for (const [i, id] of ids.entries()) {
      expect((await tap(tokens[i]!, id, 5 + i)).statusCode).toBe(200);
      await t.grant(id, { onion: 1_000 * ((i * 7) % 5) });
    }
    await t.grant(62_003, { onion: -500 });
    await t.deps.database.db.execute(
      sql`insert into economy_events (user_id, kind, delta_onion, created_at)
          values (62001, 'grant', 99999, ${new Date(weekStartsAt(week) - 1).toISOString()}::timestamptz)`,
    );
    await t.deps.database.db.execute(sql`update users set banned_at = now() where id = 62005`);

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
    expect(board.me).toMatchObject({
      userid: expected.me!.userid,
      coins: expected.me!.coins,
      rank: expected.me!.rank,
    });
    expect(board.totalParticipants).toBe(expected.participants);
    expect((await seasons.current(62_005)).me).toBeNull();

    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(statement).not.toMatch(/economy_events/);
  });
});
