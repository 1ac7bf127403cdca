import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { LEAGUES, leagueOf } from '@egg-rush/game/leagues';
import { seededRng } from '@egg-rush/game/rng';
import { queryRows } from '../src/db/client.ts';
import type { Deps } from '../src/lib/deps.ts';
import { leagueTop } from '../src/modules/leagues/leagues.repository.ts';
import { createLeaguesService } from '../src/modules/leagues/leagues.service.ts';
import { memberOf } from '../src/modules/leaderboard/leaderboard.store.ts';
import { leagueSets } from '../src/modules/leaderboard/leagues.store.ts';
import { write } from '../src/modules/ledger/ledger.write.ts';
import { findLedgerMismatches, creditPrize } from '../src/modules/accounts/index.ts';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers.ts';

// Leagues against the database of the run (PGlite, or PostgreSQL with DATABASE_URL) and the
// machine's Redis: the league sets follow every commit, a reward is paid once under 100 parallel
// claims, and the boards read from Redis equal the ones PostgreSQL answers.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ redis: true });
});
afterAll(() => t.close());

/** League `index` of the game's table. */
const leagueAt = (index: number) => {
  const league = LEAGUES[index];
  assert(league, `no league ${index}`);
  return league;
};
/** The app's Redis (the test app is made with one). */
const redisOf = () => {
  const { redis } = t.deps;
  assert(redis, 'no Redis');
  return redis;
};

/** Earns coins through the one write path (balance, lifetime score, ledger row, post-commit hook). */
const earn = (userId: number, onion: number) =>
  write(t.deps, async (tx, fx) => {
    await creditPrize(tx, userId, { onion });
    fx.ledger({ userId, kind: 'grant', deltaCoins: onion });
  });

async function totals(): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: string; total_score: string }>(
    t.deps.database.db,
    sql`select user_id as id, total_score from accounts`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.total_score)]));
}

describe('leagues', () => {
  it('shows the league, the progress to the next and the rewards to claim', async () => {
    const token = await t.login(8101);
    const status = async () =>
      (await t.call(token, { method: 'GET', url: '/api/v1/leagues/8101' })).json<Record<string, unknown>>();
    expect(await status()).toMatchObject({ league: 0, next: 1, progress: 0, claimable: [] });
    await earn(8101, 30_000);
    const s = await status();
    expect(s).toMatchObject({ totalScore: 30_000, league: 2, next: 3, claimable: [1, 2] });
    expect(s.progress).toBeCloseTo((30_000 - 25_000) / (100_000 - 25_000));
    expect((s.leagues as unknown[]).length).toBe(LEAGUES.length);

    const early = await t.call(token, {
      method: 'POST',
      url: '/api/v1/leagues/claim',
      payload: { userid: 8101, league: 3 },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'LEAGUE_NOT_REACHED' });
    const first = await t.call(token, {
      method: 'POST',
      url: '/api/v1/leagues/claim',
      payload: { userid: 8101, league: 0 },
    });
    expect(first.statusCode).toBe(400);
  });

  it('pays a league reward once under 100 parallel claims, with one ledger row', async () => {
    const token = await t.login(8102);
    await earn(8102, leagueAt(1).threshold);
    const [before] = await queryRows<{ coins: string; ticket: number }>(
      t.deps.database.db,
      sql`select coins, ticket from accounts where user_id = 8102`,
    );
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.call(token, { method: 'POST', url: '/api/v1/leagues/claim', payload: { userid: 8102, league: 1 } }),
      ),
    );
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'ALREADY_CLAIMED' });
    }
    const reward = leagueAt(1).reward;
    const [after] = await queryRows<{ coins: string; ticket: number; rows: number }>(
      t.deps.database.db,
      sql`select coins, ticket,
                 (select count(*)::int from economy_events where user_id = 8102 and kind = 'league') as rows
          from accounts where user_id = 8102`,
    );
    assert(before && after, 'no account for 8102');
    expect(Number(after.coins) - Number(before.coins)).toBe(reward.onion);
    expect(after.ticket - before.ticket).toBe(reward.ticket);
    expect(after.rows).toBe(1);
    expect(ok[0]?.json()).toMatchObject({ success: true, league: 1 });
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('keeps every player in exactly one league set, equal to PostgreSQL, after many concurrent crossings', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => 8200 + i);
    for (const id of ids) await t.login(id);
    const rng = seededRng(20);
    // Rounds of concurrent earnings (several per player at once), many crossing a threshold.
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        ids.flatMap((id) =>
          Array.from({ length: 3 }, () => earn(id, Math.floor(rng() * 10 ** (2 + Math.floor(rng() * 6))))),
        ),
      );
    }
    const sets = leagueSets(redisOf());
    const pg = await totals();
    const seen = new Map<number, number>();
    const spread = new Set<number>();
    for (const league of LEAGUES) {
      const members = await sets.members(league.index);
      for (const m of members) {
        expect(seen.has(m.userid), `player ${m.userid} in two league sets`).toBe(false);
        seen.set(m.userid, league.index);
        expect(m.totalScore).toBe(pg.get(m.userid));
        expect(leagueOf(m.totalScore)).toBe(league.index);
      }
      const next = LEAGUES[league.index + 1]?.threshold ?? null;
      const fromPg = await leagueTop(t.deps.database.db, league.threshold, next, 100_000);
      expect(members.map((m) => m.userid)).toEqual(fromPg.map((r) => r.userid));
      if (members.length > 0) spread.add(league.index);
    }
    expect(seen.size).toBe(pg.size);
    expect(spread.size).toBeGreaterThanOrEqual(4);

    // The boards from Redis equal PostgreSQL's for every player, in their league and another.
    const viaRedis = createLeaguesService(t.deps);
    const pgDeps: Deps = { ...t.deps, redis: undefined };
    const viaPg = createLeaguesService(pgDeps);
    for (const id of ids.slice(0, 20)) {
      expect(await viaRedis.board(id, undefined)).toEqual(await viaPg.board(id, undefined));
      expect(await viaRedis.board(id, 3)).toEqual(await viaPg.board(id, 3));
    }
  });

  it('follows taps (the tap statement reports its totals to the same hook)', async () => {
    const token = await t.login(8310);
    await earn(8310, leagueAt(1).threshold - 5);
    t.clock.advance(1000);
    const tap = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      payload: { userid: 8310, count: 20 },
    });
    expect(tap.statusCode).toBe(200);
    const total = (await totals()).get(8310);
    expect(total).toBeGreaterThanOrEqual(leagueAt(1).threshold);
    const sets = leagueSets(redisOf());
    expect(await sets.rank(0, 8310)).toBeUndefined();
    expect(await sets.rank(1, 8310)).toMatchObject({ totalScore: total });
  });

  it('an older total arriving late never moves a player back down', async () => {
    const sets = leagueSets(redisOf());
    await sets.record([{ userid: 8300, totalScore: leagueAt(4).threshold }]);
    await sets.record([{ userid: 8300, totalScore: leagueAt(2).threshold }]);
    expect(await sets.rank(2, 8300)).toBeUndefined();
    expect(await sets.rank(4, 8300)).toMatchObject({ totalScore: leagueAt(4).threshold });
    await sets.record([{ userid: 8300, totalScore: leagueAt(5).threshold + 1 }]);
    expect(await sets.rank(4, 8300)).toBeUndefined();
    expect(await sets.rank(5, 8300)).toMatchObject({ totalScore: leagueAt(5).threshold + 1 });
    await sets.clear();
  });

  it('places a flush of many players with a handful of Redis commands, not one per league per player', async () => {
    const sets = leagueSets(redisOf());
    const players = Array.from({ length: 500 }, (_, i) => ({ userid: 90_000 + i, totalScore: 10 + i }));
    await sets.record(players); // first seen: placed, and their league remembered
    const prefix = redisOf().options.keyPrefix ?? '';
    const monitor = await new Redis(TEST_REDIS_URL).monitor();
    // MONITOR shows every client's commands, other test files' too: a line ioredis cannot match
    // with its queue is told as an 'error' event, which without a listener ends the whole run.
    monitor.on('error', () => undefined);
    const commands: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      const [command, key] = args;
      if (command && key?.startsWith(`${prefix}lg:`)) commands.push(command.toLowerCase());
    });
    try {
      await new Promise((r) => setTimeout(r, 100)); // the monitor is listening
      // Every player earns a little more, and one crosses into the next league.
      const next = players.map((p) => ({ ...p, totalScore: p.totalScore + 5 }));
      next[0] = { userid: 90_000, totalScore: leagueAt(1).threshold };
      await sets.record(next);
      await new Promise((r) => setTimeout(r, 200));
      // HMGET, a ZADD per league touched, the mover's ZREM and HSET: 5, far below 500.
      expect(commands).toContain('zadd');
      expect(commands.filter((c) => c !== 'evalsha' && c !== 'eval').length).toBeLessThanOrEqual(6);
    } finally {
      monitor.disconnect();
    }
    expect(await sets.rank(0, 90_000)).toBeUndefined();
    expect(await sets.rank(1, 90_000)).toMatchObject({ totalScore: leagueAt(1).threshold });
    expect(await sets.rank(0, 90_499)).toMatchObject({ totalScore: 10 + 499 + 5 });
    await sets.clear();
  });

  it('takes a player found in a set but not in its index out of every other league (sets from before the index)', async () => {
    const sets = leagueSets(redisOf());
    await sets.clear();
    await redisOf().zadd('lg:{leagues}:3', leagueAt(3).threshold, memberOf(8500));
    await sets.record([{ userid: 8500, totalScore: leagueAt(4).threshold }]);
    expect(await sets.rank(3, 8500)).toBeUndefined();
    expect(await sets.rank(4, 8500)).toMatchObject({ totalScore: leagueAt(4).threshold });
    await sets.clear();
  });

  it('is rebuilt from PostgreSQL when Redis lost it; PostgreSQL answers meanwhile', async () => {
    const token = await t.login(8400);
    await earn(8400, 7_000);
    const sets = leagueSets(redisOf());
    await sets.clear();
    const board = await t.call(token, { method: 'GET', url: '/api/v1/leagues/8400/board' });
    expect(board.statusCode).toBe(200);
    expect(board.json()).toMatchObject({ league: 1, me: { userid: 8400, totalScore: 7_000 } });
    await sets.rebuildIfMissing(t.deps.database.db);
    expect(await sets.rank(1, 8400)).toMatchObject({ totalScore: 7_000 });
    const other = await t.call(token, { method: 'GET', url: '/api/v1/leagues/8400/board?league=0' });
    expect(other.json()).toMatchObject({ league: 0, me: null });
  });
});
