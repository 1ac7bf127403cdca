import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_KEPT_DAYS, flowOf, isClassifiedKind } from '@egg-rush/game/analytics';
import { DAY_MS, gameDay } from '@egg-rush/game/time';
import { queryRows } from '../src/db/client.ts';
import { createJobs } from '../src/lib/jobs.ts';
import {
  ANALYTICS_JOB,
  foldLedger,
  noteStars,
  noteWalletBound,
  registerAnalyticsJob,
} from '../src/modules/analytics/index.ts';
import { SETTLE_MS } from '../src/modules/analytics/analytics.service.ts';
import { appendLedger, type LedgerEntry } from '../src/modules/ledger/ledger.repository.ts';
import { createTestApp, testClock, type TestApp } from './helpers.ts';

// The console's analytics against a population small enough to count by hand, on a moved clock:
// players join over days with known launches and ledger rows; the job folds the ledger in.

const OPERATOR = 7;
/** 2026-06-15 12:00 UTC: 06:00 of game day 2026-06-15 (reset at UTC-6). */
const START = Date.UTC(2026, 5, 15, 12, 0, 0);
const D0 = gameDay(START);
const day = (n: number) => new Date((D0 + n) * DAY_MS).toISOString().slice(0, 10);
const at = (n: number, hours = 0) => START + n * DAY_MS + hours * 3_600_000;

let t: TestApp;
const clock = testClock(START);

async function login(userid: number, extra: Record<string, string>, platform?: string) {
  const initData = await t.launch(userid, extra);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userid, initData, ...(platform ? { platform } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

/** Ledger rows at the clock's instant (what the game's writes append). */
async function ledger(rows: Omit<LedgerEntry, 'at'>[]) {
  await t.deps.database.db.transaction((tx) =>
    appendLedger(
      tx,
      rows.map((r) => ({ ...r, at: new Date(clock.now()) })),
    ),
  );
}

/** Runs the job as its timer does: the rows seen by one run are folded by the next, once settled. */
async function fold() {
  await foldLedger(t.deps);
  clock.advance(SETTLE_MS);
  await foldLedger(t.deps);
}

/** A console call; the operator signs in again at the clock's time (a session lasts hours). */
async function get(path: string, token?: string) {
  return t.call(token ?? (await t.console(OPERATOR)), {
    method: 'GET',
    url: `/api/v1/admin/analytics/${path}`,
  });
}
async function json<T>(path: string): Promise<T> {
  const res = await get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/**
 * The ledger kinds apps/server/src/modules writes: the `kind:` of every object literal with a
 * `deltaCoins` or `deltaTicket` (a ledger entry; a constant is looked up by its declaration, a
 * template's literal start taken as a prefix), and the kinds of raw inserts into economy_events.
 */
function writtenLedgerKinds(): Set<string> {
  const files = (readdirSync(new URL('../src/modules/', import.meta.url), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.schema.ts')) // tables, not rows
    .map((f) => readFileSync(join(new URL('../src/modules/', import.meta.url).pathname, f), 'utf8'));
  const gameDir = new URL('../../../packages/game/src/', import.meta.url).pathname;
  const sources = [
    ...files,
    ...readdirSync(gameDir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join(gameDir, f), 'utf8')),
  ];
  const constant = (name: string) => {
    for (const src of sources) {
      const m = new RegExp(`const ${name}(?::[^=]+)? = '([^']+)'`).exec(src);
      if (m?.[1]) return m[1];
    }
    throw new Error(`ledger kind ${name}: no declaration found`);
  };
  const kinds = new Set<string>();
  for (const src of files) {
    for (const m of src.matchAll(/\bkind:\s*([^,}\n]+)/g)) {
      // The enclosing object literal.
      let depth = 0;
      let start = m.index;
      for (; start >= 0; start--) {
        if (src[start] === '}') depth++;
        else if (src[start] === '{' && depth-- === 0) break;
      }
      depth = 0;
      let end = m.index;
      for (; end < src.length; end++) {
        if (src[end] === '{') depth++;
        else if (src[end] === '}' && depth-- === 0) break;
      }
      if (start < 0 || !/\bdelta(Coins|Ticket)\b/.test(src.slice(start, end))) continue;
      const value = (m[1] ?? '').trim();
      if (value.endsWith(';') || value === 'string') continue; // a type's member, not a value
      const literal = /^'([^']+)'$/.exec(value);
      const template = /^`([^`$]*)\$\{/.exec(value);
      if (literal?.[1]) kinds.add(literal[1]);
      else if (template?.[1]) kinds.add(`${template[1]}x`);
      else if (/^[A-Z_]+$/.test(value)) kinds.add(constant(value));
      else if (/^[a-z]\w*\.kind$/.test(value))
        continue; // a kind copied from a row read or built elsewhere
      else throw new Error(`a ledger kind the test cannot read: ${value}`);
    }
    for (const insert of src.matchAll(/insert into economy_events[\s\S]{0,600}/g)) {
      for (const k of insert[0].matchAll(/select \w+, '([^']+)'/g)) if (k[1]) kinds.add(k[1]);
    }
  }
  return kinds;
}

/** Every rollup table, to compare before and after a run. */
async function rollups() {
  const out: Record<string, unknown> = {};
  for (const table of ['analytics_cohorts', 'analytics_days', 'analytics_economy', 'analytics_new_players']) {
    out[table] = await queryRows(t.deps.database.db, sql.raw(`select * from ${table} order by 1, 2`));
  }
  return out;
}

type Retention = {
  cohorts: { day: string; size: number; retained: Record<'d1' | 'd7' | 'd30', number | null> }[];
};

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_IDS: String(OPERATOR) } });
  // Day 0: four players. 101 direct (Android, Russian), 102 invited by 101, 103 from a campaign,
  // 104 from a channel's link. 101 taps and claims the daily; 102 taps; 103 binds a wallet.
  clock.set(at(0));
  await login(101, { language_code: 'ru' }, 'android');
  await login(102, { start_param: '101', language_code: 'en' }, 'ios');
  await login(103, { start_param: 'c12', language_code: 'en' }, 'ios');
  await login(104, { start_param: 'promo_channel', language_code: 'es' }, 'tdesktop');
  await ledger([
    { userId: 101, kind: 'tap', deltaCoins: 40 },
    { userId: 101, kind: 'daily', deltaCoins: 500 },
    { userId: 102, kind: 'tap', deltaCoins: 10 },
    { userId: 101, kind: 'mining', deltaCoins: -300 },
  ]);
  await noteWalletBound(t.deps.database.db, 103, clock.now());
  await fold();
  // Day 1: 101 taps, 102 only opens the app; 105 joins (direct, no platform given).
  clock.set(at(1));
  await ledger([{ userId: 101, kind: 'tap', deltaCoins: 25 }]);
  await login(102, {});
  await login(105, { language_code: 'pt-br' });
  await fold();
});

afterAll(async () => {
  await t?.close();
});

describe('analytics', () => {
  it('counts the cohorts as they can be seen so far: d7 and d30 not yet, day 1 only for day 0', async () => {
    const r = await json<Retention>(`retention?from=${day(0)}&to=${day(1)}`);
    expect(r.cohorts).toEqual([
      { day: day(0), size: 4, retained: { d1: 2, d7: null, d30: null } },
      { day: day(1), size: 1, retained: { d1: null, d7: null, d30: null } },
    ]);
  });

  it('counts new players by source, language and platform, and the players active per day', async () => {
    const r = await json<{
      days: { day: string; players: number; sources: object; languages: object; platforms: object }[];
    }>(`new-players?from=${day(0)}&to=${day(1)}`);
    expect(r.days).toEqual([
      {
        day: day(0),
        players: 4,
        sources: { direct: 1, invite: 1, campaign: 1, channel: 1 },
        languages: { ru: 1, en: 2, es: 1 },
        platforms: { android: 1, ios: 2, tdesktop: 1 },
      },
      {
        day: day(1),
        players: 1,
        sources: { direct: 1 },
        languages: { 'pt-br': 1 },
        platforms: { unknown: 1 },
      },
    ]);
    const active = await json<{ days: { day: string; players: number }[] }>(
      `active?from=${day(0)}&to=${day(2)}`,
    );
    expect(active.days).toEqual([
      { day: day(0), players: 4 },
      { day: day(1), players: 3 },
      { day: day(2), players: 0 },
    ]);
  });

  it('counts the funnel of the players first launched in the range', async () => {
    const f = await json<{ steps: { name: string; players: number }[] }>(
      `funnel?from=${day(0)}&to=${day(0)}`,
    );
    expect(f.steps).toEqual([
      { name: 'launch', players: 4 },
      { name: 'tap', players: 2 },
      { name: 'daily', players: 1 },
      { name: 'wallet', players: 1 },
      { name: 'purchase', players: 0 },
    ]);
    const both = await json<{ steps: { name: string; players: number }[] }>(
      `funnel?from=${day(0)}&to=${day(1)}`,
    );
    expect(both.steps[0]).toEqual({ name: 'launch', players: 5 });
  });

  it("sums the economy's flows per day equal to the ledger's", async () => {
    const e = await json<{
      days: { day: string; sources: Record<string, number>; sinks: Record<string, number> }[];
    }>(`economy?from=${day(0)}&to=${day(1)}`);
    const rows = await queryRows<{ day: number; kind: string; created: string; spent: string }>(
      t.deps.database.db,
      sql`select floor((extract(epoch from created_at) * 1000 - 21600000) / 86400000)::int as day, kind,
                 coalesce(sum(delta_coins) filter (where delta_coins > 0), 0) as created,
                 coalesce(-sum(delta_coins) filter (where delta_coins < 0), 0) as spent
          from economy_events group by 1, 2`,
    );
    const expected = [0, 1].map((n) => ({
      day: day(n),
      sources: {} as Record<string, number>,
      sinks: {} as Record<string, number>,
    }));
    for (const r of rows) {
      const d = expected[Number(r.day) - D0];
      if (!d) throw new Error(`a ledger row outside the days: ${JSON.stringify(r)}`);
      const flow = flowOf(r.kind);
      if (Number(r.created)) d.sources[flow] = (d.sources[flow] ?? 0) + Number(r.created);
      if (Number(r.spent)) d.sinks[flow] = (d.sinks[flow] ?? 0) + Number(r.spent);
    }
    expect(e.days).toEqual(expected);
    // By hand: day 0 created 40 + 10 by taps, 500 by the daily, 5,000 + 5,000 by the invite; 300 spent on mining.
    expect(e.days[0]).toEqual({
      day: day(0),
      sources: { taps: 50, daily: 500, referrals: 10_000 },
      sinks: { upgrades: 300 },
    });
    expect(e.days[1]).toEqual({ day: day(1), sources: { taps: 25 }, sinks: {} });
  });

  it('a run with nothing new changes nothing, and a row is folded only once it has settled', async () => {
    const before = await rollups();
    await fold();
    await fold();
    expect(await rollups()).toEqual(before);
    await ledger([{ userId: 101, kind: 'tap', deltaCoins: 7 }]);
    await foldLedger(t.deps);
    expect(await rollups()).toEqual(before);
    clock.advance(SETTLE_MS);
    expect((await foldLedger(t.deps)).folded).toBe(1);
    const e = await json<{ days: { sources: Record<string, number> }[] }>(
      `economy?from=${day(1)}&to=${day(1)}`,
    );
    expect(e.days[0]?.sources).toEqual({ taps: 32 });
  });

  it('fills retention on day 1, 7 and 30 as those days come (the job on the runner)', async () => {
    const jobs = createJobs(t.deps.database, t.app.log);
    registerAnalyticsJob(jobs, t.deps, t.app.log);
    const run = async () => {
      await jobs.runNow(ANALYTICS_JOB);
      clock.advance(SETTLE_MS);
      await jobs.runNow(ANALYTICS_JOB);
    };
    // Rows written to a player by someone else or a job (a league payout, an operator's
    // adjustment, a season's payout, an invite's credit, income settled) are not their activity.
    clock.set(at(7));
    await ledger([
      { userId: 101, kind: 'tap', deltaCoins: 1 },
      { userId: 102, kind: 'league', deltaCoins: 1000 },
      { userId: 104, kind: 'admin:adjust', deltaCoins: 5 },
    ]);
    await login(103, {});
    await run();
    clock.set(at(30, 1));
    await ledger([
      { userId: 101, kind: 'tap', deltaCoins: 1 },
      { userId: 102, kind: 'season', deltaCoins: 2000 },
      { userId: 104, kind: 'referral', deltaCoins: 5000 },
      { userId: 104, kind: 'income', deltaCoins: 3 },
    ]);
    await run();
    clock.set(at(31, 1));
    await run();
    await jobs.stop();
    const r = await json<Retention>(`retention?from=${day(0)}&to=${day(1)}`);
    expect(r.cohorts).toEqual([
      { day: day(0), size: 4, retained: { d1: 2, d7: 2, d30: 1 } },
      { day: day(1), size: 1, retained: { d1: 0, d7: 0, d30: 0 } },
    ]);
    const active = await json<{ days: { players: number }[] }>(`active?from=${day(7)}&to=${day(7)}`);
    expect(active.days).toEqual([{ day: day(7), players: 2 }]);
    const later = await json<{ days: { players: number }[] }>(`active?from=${day(30)}&to=${day(30)}`);
    expect(later.days).toEqual([{ day: day(30), players: 1 }]);
  });

  it('deletes active player-days older than it needs, in batches, leaving the charts as they were', async () => {
    const activity = async (before: number) =>
      Number(
        (
          await queryRows<{ n: string }>(
            t.deps.database.db,
            sql`select count(*) as n from analytics_activity where day < ${before}`,
          )
        )[0]?.n,
      );
    const charts = async () => ({
      retention: await json<Retention>(`retention?from=${day(0)}&to=${day(31)}`),
      active: await json<object>(`active?from=${day(0)}&to=${day(31)}`),
      funnel: await json<object>(`funnel?from=${day(0)}&to=${day(31)}`),
    });
    // 40 days after the last run: every player-day of days 0 to 31 is past the days kept.
    clock.set(at(71));
    const before = await rollups();
    const seen = await charts();
    const cutoff = gameDay(clock.now()) - ACTIVITY_KEPT_DAYS;
    expect(cutoff).toBeGreaterThan(D0 + 31);
    const old = await activity(cutoff);
    expect(old).toBeGreaterThan(3);
    const { pruned } = await foldLedger(t.deps, { pruneBatch: 2 });
    expect(pruned).toBe(old);
    expect(await activity(cutoff)).toBe(0);
    expect(await rollups()).toEqual(before);
    expect(await charts()).toEqual(seen);
    // Again: nothing left to delete, nothing changed.
    expect((await foldLedger(t.deps, { pruneBatch: 2 })).pruned).toBe(0);
    expect(await rollups()).toEqual(before);
    // A launch today is still counted once.
    await login(101, {});
    await fold();
    await login(101, {});
    await fold();
    const today = await json<{ days: { players: number }[] }>(`active?from=${day(71)}&to=${day(71)}`);
    expect(today.days).toEqual([{ day: day(71), players: 1 }]);
  });

  it("classifies every ledger kind the server writes as the player's own action or not", () => {
    const kinds = writtenLedgerKinds();
    // The scan finds the kinds it should (a scan finding nothing would pass anything).
    for (const kind of [
      'tap',
      'income',
      'event',
      'referral',
      'admin:adjust',
      'boost:x',
      'purchase',
      'game:start',
    ]) {
      expect(kinds.has(kind), kind).toBe(true);
    }
    expect([...kinds].filter((k) => !isClassifiedKind(k))).toEqual([]);
  });

  it('counts Stars per day, refunds apart', async () => {
    await noteStars(t.deps.database.db, { at: at(2), stars: 250 });
    await noteStars(t.deps.database.db, { at: at(2, 1), stars: 100 });
    await noteStars(t.deps.database.db, { at: at(3), stars: 100, refunded: true });
    const r = await json<{ days: object[] }>(`revenue?from=${day(2)}&to=${day(3)}`);
    expect(r.days).toEqual([
      { day: day(2), stars: 350, refunded: 0, payments: 2 },
      { day: day(3), stars: 0, refunded: 100, payments: 0 },
    ]);
  });

  it('answers CSV with format=csv', async () => {
    const res = await get(`funnel?from=${day(0)}&to=${day(0)}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toBe('step,players\nlaunch,4\ntap,2\ndaily,1\nwallet,1\npurchase,0\n');
    const retention = await get(`retention?from=${day(1)}&to=${day(1)}&format=csv`);
    expect(retention.body).toBe(`day,size,d1,d7,d30\n${day(1)},1,0,0,0\n`);
  });

  it('refuses a player (403) and a bad range (400), changing nothing', async () => {
    const player = await login(106, {});
    expect((await get(`funnel?from=${day(0)}&to=${day(1)}`, player)).statusCode).toBe(403);
    for (const query of [
      `from=${day(2)}&to=${day(1)}`,
      `from=2026-02-30&to=${day(1)}`,
      `from=yesterday&to=${day(1)}`,
      `to=${day(1)}`,
      `from=2025-01-01&to=${day(1)}`,
      `from=${day(0)}&to=${day(1)}&format=xml`,
    ]) {
      const res = await get(`economy?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const res = await get(`retention?from=${day(2)}&to=${day(1)}`);
    expect(res.json<{ message: string }>().message).toMatch(/from must not be after to/);
  });
});
