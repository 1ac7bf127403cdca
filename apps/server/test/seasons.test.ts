import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { seededRng } from '@egg-rush/game/rng';
import { SEASON_PRIZED, seasonPrize, weekEndsAt, weekOf, weekStartsAt } from '@egg-rush/game/seasons';
import { buildApp } from '../src/app.ts';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import type { Deps } from '../src/lib/deps.ts';
import { appendLedger } from '../src/modules/ledger/ledger.repository.ts';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { createJobs } from '../src/lib/jobs.ts';
import { registerSeasonJob, SEASON_JOB } from '../src/modules/seasons/seasons.job.ts';
import { createSeasonsService } from '../src/modules/seasons/seasons.service.ts';
import { freshDatabase, testClock } from './helpers.ts';

// Seasons: the weekly board counts coins earned since Monday's game-day boundary, and a finished
// week's top 100 are paid exactly once, by the job run twice, at once, and on two app instances
// sharing one database (two connection pools on PostgreSQL; on PGlite the one embedded database).

// Wednesday 2026-06-17, noon UTC: the week began on Monday 2026-06-15 at 06:00 UTC.
const clock = testClock(Date.UTC(2026, 5, 17, 12, 0, 0));
const WEEK = weekOf(clock.now());
let database: Database;
let second: Database;
let drop: () => Promise<void>;
let deps: Deps;
let deps2: Deps;

beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = fresh.drop;
  second = fresh.url ? await openDatabase({ databaseUrl: fresh.url, dataDir: '' }) : database;
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  deps = { env, database, redis: undefined, now: clock.now, rng: seededRng(1) };
  deps2 = { ...deps, database: second };
});
afterAll(async () => {
  if (second !== database) await second.close();
  await drop();
});

/** A player earning coins at an instant: balance, lifetime score and ledger row together. */
async function earn(userId: number, onion: number, at: number, kind = 'tap') {
  await database.db.execute(
    sql`insert into users (id, first_name) values (${userId}, ${`P${userId}`}) on conflict (id) do nothing`,
  );
  await database.db.execute(
    sql`insert into accounts (user_id) values (${userId}) on conflict (user_id) do nothing`,
  );
  await database.db.execute(
    sql`update accounts set coins = coins + ${onion}, total_score = total_score + ${onion} where user_id = ${userId}`,
  );
  await appendLedger(database.db, { userId, kind, deltaCoins: onion, at: new Date(at) });
}

const mid = (week: number) => weekStartsAt(week) + 3 * 86_400_000;

async function paidRows(week: number) {
  const [row] = await queryRows<{ results: number; ledger: number; tickets: number }>(
    database.db,
    sql`select (select count(*)::int from season_results where week = ${week}) as results,
               (select count(*)::int from economy_events where kind = 'season' and ref like ${`${week}:%`}) as ledger,
               (select coalesce(sum(delta_ticket), 0)::int from economy_events where kind = 'season' and ref like ${`${week}:%`}) as tickets`,
  );
  assert(row, `no counts for week ${week}`);
  return row;
}

/** The tickets of a prize that is there. */
function ticketsOf(prize: { ticket: number } | null) {
  assert(prize, 'no prize');
  return prize.ticket;
}

describe('seasons', () => {
  it('counts only coins earned this week, from Monday’s game-day boundary', async () => {
    const start = weekStartsAt(WEEK);
    await earn(9001, 500, start - 1); // last week
    await earn(9001, 40, start); // this week's first instant
    await earn(9002, 100, start + 1000);
    await earn(9003, 70, clock.now(), 'signup'); // a starting balance is not earned
    await earn(9003, 60, clock.now());
    const board = await createSeasonsService(deps).current(9001);
    expect(board).toMatchObject({
      week: WEEK,
      startsAt: start,
      endsAt: weekEndsAt(WEEK),
      totalParticipants: 3,
    });
    expect(board.ranking.map((r) => [r.userid, r.coins, r.rank])).toEqual([
      [9002, 100, 1],
      [9003, 60, 2],
      [9001, 40, 3],
    ]);
    expect(board.me).toMatchObject({ userid: 9001, coins: 40, rank: 3, prize: seasonPrize(3) });
    expect((await createSeasonsService(deps).current(424242)).me).toBeNull();
  });

  it('pays the top 100 of a finished week once: the job twice, at once, on two instances', async () => {
    // 130 players earn during the week (ties included); week WEEK is then over.
    const rng = seededRng(5);
    for (let i = 0; i < 130; i++) await earn(10_000 + i, 1 + Math.floor(rng() * 50) * 10, mid(WEEK));
    const tickets = async () =>
      new Map(
        (
          await queryRows<{ id: string; ticket: number }>(
            database.db,
            sql`select user_id as id, ticket from accounts`,
          )
        ).map((r) => [Number(r.id), r.ticket]),
      );
    const before = await tickets();
    const standings = await createSeasonsService(deps).current(9001);

    clock.set(weekEndsAt(WEEK) + 2 * 60_000);
    const a = createSeasonsService(deps);
    const b = createSeasonsService(deps2);
    // The week cannot be read as results before it ends, nor paid.
    await expect(
      createSeasonsService({ ...deps, now: () => weekEndsAt(WEEK) - 1 }).settleWeek(WEEK),
    ).rejects.toThrow();

    const runs = await Promise.all([a.settleDue(), b.settleDue(), a.settleDue(), b.settleWeek(WEEK)]);
    const paid = runs.flatMap((r) => (Array.isArray(r) ? r : r ? [{ week: WEEK, ...r }] : []));
    expect(paid.filter((p) => p.week === WEEK)).toEqual([{ week: WEEK, paid: SEASON_PRIZED }]);
    expect(await a.settleDue()).toEqual([]);
    expect(await b.settleWeek(WEEK)).toBeNull();

    expect(await paidRows(WEEK)).toEqual({
      results: SEASON_PRIZED,
      ledger: SEASON_PRIZED,
      tickets: standings.ranking.reduce((sum, r) => sum + ticketsOf(r.prize), 0),
    });
    // The week before (one player, 9001, earned in it) was settled by the same runs, once.
    expect(await paidRows(WEEK - 1)).toEqual({ results: 1, ledger: 1, tickets: ticketsOf(seasonPrize(1)) });
    const expected = new Map(standings.ranking.map((r) => [r.userid, ticketsOf(r.prize)]));
    expected.set(9001, (expected.get(9001) ?? 0) + ticketsOf(seasonPrize(1)));
    const after = await tickets();
    for (const [id, ticket] of after) {
      const was = before.get(id);
      assert(was !== undefined, `player ${id} had no account before`);
      expect(ticket - was, `player ${id}`).toBe(expected.get(id) ?? 0);
    }
    expect(await findLedgerMismatches(database.db)).toEqual([]);

    // The results stay viewable, with the standings the week ended with.
    const fifth = standings.ranking[4];
    assert(fifth, 'fewer than five ranked');
    const results = await a.results(fifth.userid, WEEK);
    expect(results).toMatchObject({ week: WEEK, settled: true });
    expect(results.ranking.map((r) => [r.userid, r.coins, r.rank, r.prize])).toEqual(
      standings.ranking.map((r) => [r.userid, r.coins, r.rank, r.prize]),
    );
    expect(results.me).toMatchObject({ userid: fifth.userid, rank: 5 });
    // The new week starts empty.
    expect((await a.current(9001)).ranking).toEqual([]);
  });

  it('the scheduled job, started on two app instances after a restart, pays a missed week once', async () => {
    // A week passes with the servers down: its earnings are there, its payout is not.
    const missed = WEEK + 1;
    for (let i = 0; i < 5; i++) await earn(20_000 + i, 100 * (i + 1), mid(missed));
    clock.set(weekEndsAt(missed + 1) + 5 * 60_000);
    const env = deps.env;
    const apps = [await buildApp({ ...deps, env }), await buildApp({ ...deps2, env })];
    const logs: unknown[] = [];
    const log = { info: (o: unknown) => logs.push(o), warn: (o: unknown) => logs.push(o) };
    const runners = apps.map((app) => {
      const jobs = createJobs(app.deps.database, log);
      registerSeasonJob(jobs, app.deps, { ...app.log, ...log } as typeof app.log);
      return jobs;
    });
    // Both start (each ticks at once), then both are asked to run it again: the week is paid once.
    await Promise.all(runners.map((jobs) => jobs.start()));
    await Promise.all(runners.map((jobs) => jobs.runNow(SEASON_JOB)));
    await Promise.all(runners.map((jobs) => jobs.runNow(SEASON_JOB)));
    await Promise.all(runners.map((jobs) => jobs.stop()));
    await Promise.all(apps.map((app) => app.close()));
    expect(await paidRows(missed)).toEqual({ results: 5, ledger: 5, tickets: 100 + 60 + 40 + 20 + 20 });
    expect(logs).toContainEqual({ week: missed, paid: 5 });
    expect(logs.filter((l) => (l as { week?: number }).week === missed)).toHaveLength(1);
    const [row] = await queryRows<{ settled: boolean }>(
      database.db,
      sql`select settled_at is not null as settled from season_weeks where week = ${missed + 1}`,
    );
    expect(row?.settled).toBe(true);
  });

  it('refuses the results of a week not over', async () => {
    await expect(createSeasonsService(deps).results(9001, weekOf(clock.now()))).rejects.toMatchObject({
      code: 'WEEK_NOT_OVER',
    });
  });
});
