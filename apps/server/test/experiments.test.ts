import { createHash, createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIPHER_REWARD } from '@egg-rush/game/cipher';
import { checkConfig, DEFAULT_CONFIG, type GameConfig } from '@egg-rush/game/config';
import {
  assignVariant,
  compareMeans,
  compareProportions,
  HOLDOUT,
  meanInterval,
  wilson,
  experimentKey,
  placeOf,
} from '@egg-rush/game/experiments';
import { gameReward } from '@egg-rush/game/mole';
import { DAY_MS, gameDay } from '@egg-rush/game/time';
import { queryRows } from '../src/db/client.ts';
import { foldLedger } from '../src/modules/analytics/index.ts';
import { drawnWord } from '../src/modules/cipher/index.ts';
import { insertVersion } from '../src/modules/config/config.repository.ts';
import { CONFIG_CHECK_MS } from '../src/modules/config/index.ts';
import { experimentPlace, settleExperimentRetention } from '../src/modules/experiments/index.ts';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { sealResult } from '../src/modules/play/play.seal.ts';
import { createTestApp, testClock, type TestApp } from './helpers.ts';

// A/B tests: new players split by a stable hash between an operator's variants (configuration
// versions, or an event) and a holdout; paid by their variant's version while it runs; results
// (D1, D7, Stars per player) on a population counted by hand, on a moved clock.

const OPERATOR = 9801;
const OLD_PLAYER = 9802;
/** 2026-06-15 12:00 UTC: 06:00 of game day 2026-06-15 (reset at UTC-6). */
const START = Date.UTC(2026, 5, 15, 12, 0, 0);
const clock = testClock(START);
const SECRET = 'experiments-test-secret-0123456789abcdef';
let t: TestApp;
let old: string;

beforeAll(async () => {
  // A fixed secret: the places (keyed by it) and so the groups' sizes below are the same every run.
  t = await createTestApp({ clock, env: { ADMIN_IDS: String(OPERATOR), JWT_SECRET: SECRET } });
  old = await t.login(OLD_PLAYER);
});
afterAll(() => t.close());

const copy = (): GameConfig => JSON.parse(JSON.stringify(DEFAULT_CONFIG)) as GameConfig;
const admin = async (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
  t.call(token ?? (await t.console(OPERATOR)), {
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
  });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.deps.database.db, query);
const assignmentsOf = async (experimentId: number) =>
  (
    await rows<{ user_id: string | number; variant: string }>(
      sql`select user_id, variant from experiment_players where experiment_id = ${experimentId} order by user_id`,
    )
  ).map((row) => ({ userId: Number(row.user_id), variant: row.variant }));
const configOf = async (token: string) => {
  const res = await t.call(token, { method: 'GET', url: '/api/v1/config' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ version: number }>().version;
};
/** A configuration experiment's body: each variant `[name, configuration version]`, of weight 1. */
const configExperiment = (
  name: string,
  holdoutPercent: number,
  variants: [string, number][],
  reason: string,
) => ({
  name,
  kind: 'config',
  holdoutPercent,
  variants: variants.map(([variant, configVersion]) => ({ name: variant, weight: 1, configVersion })),
  reason,
});
/** An event experiment's body: the variants 'with' and 'without' the event, of weight 1. */
const eventExperiment = (name: string, eventId: number, reason: string, holdoutPercent = 25) => ({
  name,
  kind: 'event',
  eventId,
  holdoutPercent,
  variants: [
    { name: 'with', weight: 1, event: true },
    { name: 'without', weight: 1, event: false },
  ],
  reason,
});
const startExperiment = (body: object, token?: string) => admin('POST', '/admin/experiments', body, token);
const experimentIdOf = (res: { json: <T>() => T }) =>
  res.json<{ experiment: { id: number } }>().experiment.id;
/** The status code of stopping experiment `id`. */
const stopExperiment = async (id: number | string, reason: string, token?: string) =>
  (await admin('POST', `/admin/experiments/${id}/stop`, { reason }, token)).statusCode;
const createEvent = (kind: string, multiplier: number, startsAt: number, endsAt: number, title: string) =>
  admin('POST', '/admin/events', { kind, multiplier, startsAt, endsAt, titles: { en: title } });
const countOf = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(query))[0]?.n;
const experimentsCount = () => countOf(sql`select count(*)::int as n from experiments`);
const assignedCount = () => countOf(sql`select count(*)::int as n from experiment_players`);
/** An upcoming event starts this long after it is created. */
const START_IN = 60_000;
/**
 * An upcoming event of `kind` (starting in START_IN, for an hour) and a started experiment that
 * splits it (with / without, a 25 % holdout), both named `name`.
 */
const splitUpcomingEvent = async (kind: string, multiplier: number, name: string, reason: string) => {
  const now = clock.now();
  const event = await createEvent(kind, multiplier, now + START_IN, now + 3_600_000, name);
  expect(event.statusCode, event.body).toBe(200);
  const eventId = event.json<{ event: { id: number } }>().event.id;
  const res = await startExperiment(eventExperiment(name, eventId, reason));
  expect(res.statusCode, res.body).toBe(200);
  return { now, eventId, id: experimentIdOf(res) };
};
const claimDaily = async (token: string, userid: number) =>
  (await t.call(token, { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid } })).json<{
    eggReward: number;
  }>().eggReward;

/**
 * The variant the rules give a player ('holdout' or the variant's name): the place is an
 * HMAC-SHA-256 keyed by a key derived from the server's secret (JWT_SECRET), not a plain hash of
 * the public ids that anyone could compute.
 */
const placeKey = () => createHmac('sha256', t.env.jwtSecret).update('experiments').digest();
const expected = (
  experimentId: number,
  userId: number,
  holdout: number,
  names: string[],
  weights: number[],
) => {
  const digest = createHmac('sha256', placeKey()).update(experimentKey(experimentId, userId)).digest();
  const place = assignVariant(placeOf(digest), holdout, weights);
  return place === HOLDOUT ? HOLDOUT : names[place];
};

let tripled = 0;

describe('starting an experiment', () => {
  it('keeps players out of the console’s experiment routes', async () => {
    expect((await admin('GET', '/admin/experiments', undefined, old)).statusCode).toBe(403);
    const body = configExperiment(
      'x',
      10,
      [
        ['A', 1],
        ['B', 1],
      ],
      'me me me',
    );
    expect((await startExperiment(body, old)).statusCode).toBe(403);
    expect((await admin('GET', '/admin/experiments/1', undefined, old)).statusCode).toBe(403);
    expect(await stopExperiment(1, 'me me me', old)).toBe(403);
    expect(await experimentsCount()).toBe(0);
  });

  it('refuses one out of bounds, naming every broken bound, and stores nothing', async () => {
    const draft = copy();
    draft.daily.rewards = draft.daily.rewards.map((r) => ({ ...r, onion: r.onion * 3 }));
    const created = await admin('POST', '/admin/config', {
      values: draft,
      reason: 'Triple check-in, to test',
    });
    expect(created.statusCode).toBe(200);
    tripled = created.json<{ draft: { version: number } }>().draft.version;

    // Referral rewards are paid at the invitee's sign-up by the active version, whatever the
    // variant: a variant whose referral section differs is refused, and nothing is stored.
    const richer = copy();
    richer.referral.rewards.regular.inviter *= 2;
    const referral = await admin('POST', '/admin/config', {
      values: richer,
      reason: 'Double invite reward, to test',
    });
    expect(referral.statusCode, referral.body).toBe(200);
    const referralVersion = referral.json<{ draft: { version: number } }>().draft.version;
    const byReferral = await startExperiment(
      configExperiment(
        'Richer invites',
        10,
        [
          ['A', 1],
          ['B', referralVersion],
        ],
        'Do richer invites bring players?',
      ),
    );
    expect(byReferral.statusCode).toBe(400);
    expect(byReferral.json<{ message: string }>().message).toMatch(
      /variants.1.configVersion: its referral rewards differ .*not experimentable/,
    );
    expect(await experimentsCount()).toBe(0);
    expect(await assignedCount()).toBe(0);

    const bad = await startExperiment({
      name: 'Broken',
      kind: 'config',
      holdoutPercent: 60,
      variants: [
        { name: 'holdout', weight: 0, configVersion: 1 },
        { name: 'B', weight: 1 },
      ],
      reason: 'broken on purpose',
    });
    expect(bad.statusCode).toBe(400);
    const { message } = bad.json<{ message: string }>();
    for (const path of ['holdoutPercent', 'variants.0.name', 'variants.0.weight', 'variants.1.configVersion'])
      expect(message).toContain(path);
    const one = await startExperiment(configExperiment('One', 10, [['A', 1]], 'one variant'));
    expect(one.json<{ message: string }>().message).toMatch(/variants: 2 to 5/);
    const missing = await startExperiment(
      configExperiment(
        'Missing',
        10,
        [
          ['A', 1],
          ['B', 999],
        ],
        'no such version',
      ),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/variants.1.configVersion: no such/);
    const noEvent = await startExperiment(eventExperiment('No event', 404, 'no such event', 10));
    expect(noEvent.statusCode).toBe(400);
    expect(noEvent.json<{ message: string }>().message).toMatch(/eventId: no running or upcoming event/);
    // No holdout (or a token one) leaves nothing to compare a variant with: 5 % at least.
    for (const holdoutPercent of [0, 4]) {
      const none = await startExperiment(
        configExperiment(
          'No holdout',
          holdoutPercent,
          [
            ['A', 1],
            ['B', 1],
          ],
          'nothing to compare',
        ),
      );
      expect(none.statusCode).toBe(400);
      expect(none.json<{ message: string }>().message).toMatch(/holdoutPercent: 5 to 50/);
    }
    expect(await experimentsCount()).toBe(0);
    expect((await admin('GET', '/admin/experiments/77')).statusCode).toBe(404);
    expect(await stopExperiment(77, 'no such one')).toBe(404);
  });

  it('refuses a variant whose stored version breaks today’s configuration bounds, and stores nothing', async () => {
    // The console refuses such a draft (POST /admin/config); a version stored before today's
    // bounds tightened is alike: written straight through the config module's repository.
    const broken = copy();
    broken.mole.rewardCap = DEFAULT_CONFIG.mole.rewardCap * 1_000;
    expect(checkConfig(broken).ok).toBe(false);
    const stored = await t.deps.database.transaction((tx) =>
      insertVersion(tx, {
        values: broken,
        reason: 'stored under older bounds',
        createdBy: OPERATOR,
        createdAt: new Date(clock.now()),
      }),
    );
    const res = await startExperiment(
      configExperiment(
        'Out of bounds',
        10,
        [
          ['A', 1],
          ['B', stored.version],
        ],
        'a version past the bounds',
      ),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(
      /variants\.1\.configVersion: breaks today's configuration bounds/,
    );
    expect(await experimentsCount()).toBe(0);
    expect(await assignedCount()).toBe(0);
    expect(
      await countOf(sql`select count(*)::int as n from admin_audit where action like 'experiment.%'`),
    ).toBe(0);
    // A player signing up now is in no experiment and paid by the active version.
    const token = await t.login(609_999);
    expect(await rows(sql`select 1 from experiment_players where user_id = ${609_999}`)).toEqual([]);
    expect(await configOf(token)).toBe(1);
  });
});

describe('a configuration experiment', () => {
  const NAMES = ['same', 'triple'];
  const WEIGHTS = [1, 1];
  const HOLD = 20;
  const players = Array.from({ length: 40 }, (_, i) => 610_000 + i);
  const tokens = new Map<number, string>();
  let id = 0;

  it('starts (audited), one at a time, and assigns only the players who sign up while it runs', async () => {
    const res = await startExperiment(
      configExperiment(
        'Richer check-in',
        HOLD,
        [
          ['same', 1],
          ['triple', tripled],
        ],
        'Does a richer check-in keep players?',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    id = experimentIdOf(res);
    const audit = await rows<{ action: string; admin_id: string; reason: string }>(
      sql`select action, admin_id, reason from admin_audit where target = ${`experiment:${id}`}`,
    );
    expect(audit.map((row) => ({ ...row, admin_id: Number(row.admin_id) }))).toEqual([
      {
        action: 'experiment.start',
        admin_id: OPERATOR,
        reason: 'Does a richer check-in keep players?',
      },
    ]);

    const second = await startExperiment(
      configExperiment(
        'Another',
        10,
        [
          ['A', 1],
          ['B', 1],
        ],
        'one at a time',
      ),
    );
    expect(second.statusCode).toBe(409);

    // The player who joined before it: in none, paid by the active version.
    await t.login(OLD_PLAYER);
    for (const userId of players) tokens.set(userId, await t.login(userId));
    const assigned = await assignmentsOf(id);
    expect(assigned).toEqual(
      players.map((userId) => ({
        userId,
        variant: expected(id, userId, HOLD, NAMES, WEIGHTS),
      })),
    );
    // The place is keyed by the server's secret: not the plain hash of the two public ids, and
    // another secret places the same player elsewhere.
    for (const userId of players.slice(0, 5)) {
      const plain = placeOf(createHash('sha256').update(experimentKey(id, userId)).digest());
      expect(experimentPlace(t.env, id, userId)).not.toBe(plain);
      expect(experimentPlace({ jwtSecret: `${SECRET}!` }, id, userId)).not.toBe(
        experimentPlace(t.env, id, userId),
      );
    }
    // Every group has players (the ids were picked so), the old player none.
    expect(new Set(assigned.map((a) => a.variant))).toEqual(new Set([HOLDOUT, 'same', 'triple']));
    expect(await rows(sql`select 1 from experiment_players where user_id = ${OLD_PLAYER}`)).toEqual([]);

    // Signing in again changes nothing: the assignment is for good.
    for (const userId of players.slice(0, 5)) await t.login(userId);
    expect(await assignmentsOf(id)).toEqual(assigned);
    const list = (await admin('GET', '/admin/experiments')).json<{
      experiments: { id: number; players: number }[];
    }>();
    expect(list.experiments).toEqual([expect.objectContaining({ id, players: players.length })]);
  });

  it('pays a variant’s players by its version, the holdout and the others by the active one', async () => {
    const of = (variant: string) => {
      const userId = players.find((p) => expected(id, p, HOLD, NAMES, WEIGHTS) === variant);
      if (userId === undefined) throw new Error(`no player in ${variant}`);
      return { userId, token: tokens.get(userId) ?? '' };
    };
    const triple = of('triple');
    const holdout = of(HOLDOUT);
    const same = of('same');
    expect(await configOf(triple.token)).toBe(tripled);
    expect((await t.profile(triple.token, triple.userId)).configVersion).toBe(tripled);
    expect(await configOf(holdout.token)).toBe(1);
    expect((await t.profile(holdout.token, holdout.userId)).configVersion).toBe(1);
    expect(await configOf(same.token)).toBe(1);
    expect(await configOf(old)).toBe(1);
    // Day 1 of the check-in: 500 coins today, 1,500 in the tripled version.
    expect(await claimDaily(triple.token, triple.userId)).toBe(1_500);
    expect(await claimDaily(holdout.token, holdout.userId)).toBe(500);
    expect(await claimDaily(same.token, same.userId)).toBe(500);
    expect(await claimDaily(old, OLD_PLAYER)).toBe(500);
  });

  it('sends everyone back to the active version once stopped (audited), and assigns no one after', async () => {
    const triple = players.find((p) => expected(id, p, HOLD, NAMES, WEIGHTS) === 'triple') ?? 0;
    const token = tokens.get(triple) ?? '';
    const res = await admin('POST', `/admin/experiments/${id}/stop`, { reason: 'Enough seen' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ experiment: { stoppedAt: number } }>().experiment.stoppedAt).toBe(clock.now());
    expect(await configOf(token)).toBe(1);
    expect((await t.profile(token, triple)).configVersion).toBe(1);
    // The next day's check-in pays today's day 2 (1,000), not the tripled 3,000.
    clock.advance(DAY_MS);
    expect(await claimDaily(token, triple)).toBe(1_000);
    expect(await stopExperiment(id, 'again, again')).toBe(409);
    expect(
      await rows(sql`select action from admin_audit where target = ${`experiment:${id}`} order by id`),
    ).toEqual([{ action: 'experiment.start' }, { action: 'experiment.stop' }]);
    await t.login(619_999);
    expect(await rows(sql`select 1 from experiment_players where user_id = ${619_999}`)).toEqual([]);
  });

  it('sends another process’s players back within the configuration’s check time', async () => {
    // A stop written by another process (straight to the table): this one sees it at its next check.
    const res = await startExperiment(
      configExperiment(
        'Elsewhere',
        5,
        [
          ['x', tripled],
          ['y', tripled],
        ],
        'stopped elsewhere',
      ),
    );
    const other = experimentIdOf(res);
    // A player of a variant (not of the 5 % holdout).
    const player =
      Array.from({ length: 20 }, (_, i) => 620_001 + i).find(
        (u) => expected(other, u, 5, ['x', 'y'], [1, 1]) !== HOLDOUT,
      ) ?? 0;
    const token = await t.login(player);
    expect(await configOf(token)).toBe(tripled);
    await t.deps.database.db.execute(sql`update experiments set stopped_at = now() where id = ${other}`);
    expect(await configOf(token)).toBe(tripled);
    clock.advance(CONFIG_CHECK_MS);
    expect(await configOf(token)).toBe(1);
  });
});

describe('an event experiment', () => {
  it('refuses an event already running: the players outside its variants would lose it mid-event', async () => {
    const now = clock.now();
    const event = await createEvent('tap-multiplier', 2, now, now + 600_000, 'Double taps now');
    expect(event.statusCode, event.body).toBe(200);
    const runningNow = await startExperiment(
      eventExperiment(
        'Double taps now',
        event.json<{ event: { id: number } }>().event.id,
        'split a running event',
      ),
    );
    expect(runningNow.statusCode).toBe(400);
    expect(runningNow.json<{ message: string }>().message).toMatch(
      /eventId: the event is running; only an upcoming event/,
    );
    expect(await countOf(sql`select count(*)::int as n from experiments where kind = 'event'`)).toBe(0);
    // Over before the next test's event starts.
    clock.advance(600_000);
  });

  it('gives an upcoming event only to the players of the variants with it', async () => {
    const { now, eventId, id } = await splitUpcomingEvent(
      'tap-multiplier',
      2,
      'Double taps',
      'Do double taps keep players?',
    );
    const ids = Array.from({ length: 16 }, (_, i) => 630_000 + i);
    const byVariant = new Map<string, { userId: number; token: string }>();
    for (const userId of ids) {
      const token = await t.login(userId);
      byVariant.set(expected(id, userId, 25, ['with', 'without'], [1, 1]) ?? '', { userId, token });
    }
    expect([...byVariant.keys()].sort()).toEqual([HOLDOUT, 'with', 'without'].sort());
    clock.advance(START_IN);
    const sees = async (who: { token: string }) =>
      (await t.call(who.token, { method: 'GET', url: '/api/v1/events' }))
        .json<{ events: { id: number }[] }>()
        .events.some((e) => e.id === eventId);
    const tap = async (who: { userId: number; token: string }) =>
      (
        await t.call(who.token, {
          method: 'PUT',
          url: '/api/v1/users/tap',
          payload: { userid: who.userId, count: 10 },
        })
      ).json<{ earned: number }>().earned;
    const given = byVariant.get('with');
    const without = byVariant.get('without');
    const holdout = byVariant.get(HOLDOUT);
    if (!given || !without || !holdout) throw new Error('a group without players');
    expect(await sees(given)).toBe(true);
    expect(await tap(given)).toBe(20);
    expect(await sees(without)).toBe(false);
    expect(await tap(without)).toBe(10);
    expect(await sees(holdout)).toBe(false);
    expect(await tap(holdout)).toBe(10);
    // Players outside the experiment do not get it either while it runs.
    expect(await sees({ token: old })).toBe(false);
    // Income events are settled for every player at once: not split by an experiment.
    const income = await createEvent(
      'income-multiplier',
      2,
      now + 2 * START_IN,
      now + 3_600_000,
      'Double income',
    );
    expect(income.statusCode, income.body).toBe(200);
    const refused = await startExperiment(
      eventExperiment(
        'Double income',
        income.json<{ event: { id: number } }>().event.id,
        'not an event to split',
      ),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/an event of a kind an experiment can split/);
    expect(await stopExperiment(id, 'done with it')).toBe(200);
    // Stopped: the event is everyone's again.
    expect(await sees(without)).toBe(true);
    expect(await tap(without)).toBe(20);
  });
});

describe('results', () => {
  it('counts D1, D7 and Stars per group on a hand-checkable population, significant or not yet', async () => {
    const joined = clock.now();
    const D0 = gameDay(joined);
    const res = await startExperiment(
      configExperiment(
        'Results',
        40,
        [
          ['A', 1],
          ['B', tripled],
        ],
        'counted by hand',
      ),
    );
    const id = experimentIdOf(res);
    const ids = Array.from({ length: 75 }, (_, i) => 640_000 + i);
    for (const userId of ids) await t.login(userId);
    const group = new Map(ids.map((u) => [u, expected(id, u, 40, ['A', 'B'], [1, 1]) ?? '']));
    const members = (name: string) => ids.filter((u) => group.get(u) === name);
    for (const name of [HOLDOUT, 'A', 'B']) expect(members(name).length, name).toBeGreaterThanOrEqual(10);

    // Day 1: every B player comes back, a quarter of the others (by their place in the list).
    const backD1 = (u: number) => group.get(u) === 'B' || ids.indexOf(u) % 4 === 0;
    // Day 7: every third player of every group.
    const backD7 = (u: number) => ids.indexOf(u) % 3 === 0;
    // Stars: the first four B players pay 100 each, one holdout player 50 (and a refunded 999).
    const payers = [
      ...members('B')
        .slice(0, 4)
        .map((u) => [u, 100] as const),
      [members(HOLDOUT)[0] ?? 0, 50] as const,
    ];

    clock.set(joined + DAY_MS);
    for (const u of ids.filter(backD1)) await t.login(u);
    // Analytics folds the ledger in now, then falls behind: nothing after today's rows is folded.
    await foldLedger(t.deps, { settleMs: 0 });
    // Before the end of day 1, no one's D1 is observable.
    const early = (await admin('GET', `/admin/experiments/${id}`)).json<{
      results: { variant: string; d1: { observable: number } }[];
    }>();
    expect(early.results.map((r) => r.d1.observable)).toEqual([0, 0, 0]);

    for (const [u, stars] of payers)
      await t.deps.database.db.execute(
        sql`insert into star_payments (charge_id, user_id, tickets, stars, paid_at) values (${`c${u}`}, ${u}, 1, ${stars}, ${new Date(clock.now())})`,
      );
    await t.deps.database.db.execute(
      sql`insert into star_payments (charge_id, user_id, tickets, stars, paid_at, refunded_at) values ('refunded', ${members('A')[0] ?? 0}, 1, 999, ${new Date(clock.now())}, ${new Date(clock.now())})`,
    );
    clock.set(joined + 7 * DAY_MS);
    for (const u of ids.filter(backD7)) await t.login(u);
    clock.set(joined + 8 * DAY_MS);

    const read = await admin('GET', `/admin/experiments/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    const body = read.json<{
      today: number;
      results: {
        variant: string;
        holdout: boolean;
        players: number;
        d1: Record<string, number | null>;
        d7: Record<string, number | null>;
        revenue: Record<string, number | null>;
        versusHoldout: Record<string, { significant: boolean; notYetSignificant: boolean }> | null;
      }[];
    }>();
    expect(body.today).toBe(D0 + 8);
    const sums = (name: string) => {
      const paid = members(name).map((u): number => payers.find(([p]) => p === u)?.[1] ?? 0);
      return {
        n: paid.length,
        sum: paid.reduce((a, b) => a + b, 0),
        sumOfSquares: paid.reduce((a, b) => a + b * b, 0),
      };
    };
    const counts = (name: string, back: (u: number) => boolean) => ({
      retained: members(name).filter(back).length,
      observable: members(name).length,
    });
    const expectedGroup = (name: string) => {
      const d1 = counts(name, backD1);
      const d7 = counts(name, backD7);
      const mean = meanInterval(sums(name));
      return {
        variant: name,
        holdout: name === HOLDOUT,
        players: members(name).length,
        d1: { ...d1, ...wilson(d1.retained, d1.observable) },
        d7: { ...d7, ...wilson(d7.retained, d7.observable) },
        revenue: {
          stars: sums(name).sum,
          perPlayer: mean.mean,
          low: mean.low === null ? null : Math.max(0, mean.low),
          high: mean.high,
        },
      };
    };
    expect(body.results.map(({ versusHoldout: _, ...rest }) => rest)).toEqual(
      [HOLDOUT, 'A', 'B'].map(expectedGroup),
    );
    // By hand: B's D1 is every player (vs about a quarter of the holdout): significant; A's is
    // the holdout's rule: not yet; D7 alike everywhere: not yet; B's Stars 400 over few players.
    const [holdout, a, b] = body.results;
    expect(holdout?.versusHoldout).toBeNull();
    expect(b?.d1.rate).toBe(1);
    expect(b?.versusHoldout?.d1).toEqual(
      expect.objectContaining({ significant: true, notYetSignificant: false }),
    );
    expect(a?.versusHoldout?.d1).toEqual(
      expect.objectContaining({ significant: false, notYetSignificant: true }),
    );
    expect(a?.versusHoldout?.d7?.significant).toBe(false);
    expect(b?.revenue.stars).toBe(400);
    expect(holdout?.revenue.stars).toBe(50);
    expect(a?.revenue.stars).toBe(0);
    const hold = { successes: counts(HOLDOUT, backD1).retained, n: counts(HOLDOUT, backD1).observable };
    expect(b?.versusHoldout?.d1?.significant).toBe(
      compareProportions({ successes: counts('B', backD1).retained, n: counts('B', backD1).observable }, hold)
        .significant,
    );
    expect(b?.versusHoldout?.revenue?.significant).toBe(compareMeans(sums('B'), sums(HOLDOUT)).significant);

    // The job settles each player's D1 and D7 a day after it is over; once settled, the active
    // player-days (kept 32 days by analytics) may go: the results stay the same.
    const unsettled = async () =>
      (
        await rows<{ d1: number; d7: number }>(
          sql`select count(*) filter (where d1 is null)::int as d1, count(*) filter (where d7 is null)::int as d7
              from experiment_players where experiment_id = ${id}`,
        )
      )[0];
    expect(await unsettled()).toEqual({ d1: ids.length, d7: ids.length });
    // The fold is behind (its last rows are from day 1 or before): day 1 is 7 days past, but its
    // ledger rows may not all be in the active player-days yet, so nothing is settled for good.
    expect(await settleExperimentRetention(t.deps)).toBe(0);
    expect(await unsettled()).toEqual({ d1: ids.length, d7: ids.length });
    // Analytics catches up with today's ledger (a check-in today): day 1 is fully folded.
    await claimDaily(await t.login(OLD_PLAYER), OLD_PLAYER);
    await foldLedger(t.deps, { settleMs: 0 });
    // Today is day 8: D1 (day 1) is settled, D7 (day 7, over only since today began) not yet.
    expect(await settleExperimentRetention(t.deps)).toBeGreaterThanOrEqual(ids.length);
    expect(await unsettled()).toEqual({ d1: 0, d7: ids.length });
    clock.set(joined + 9 * DAY_MS);
    expect(await settleExperimentRetention(t.deps, { limit: 7 })).toBeGreaterThanOrEqual(ids.length);
    expect(await unsettled()).toEqual({ d1: 0, d7: 0 });
    expect(await settleExperimentRetention(t.deps)).toBe(0);
    const settled = await rows<{ variant: string; d1: number; d7: number }>(
      sql`select variant, count(*) filter (where d1)::int as d1, count(*) filter (where d7)::int as d7
          from experiment_players where experiment_id = ${id} group by variant order by variant`,
    );
    expect(settled).toEqual(
      [HOLDOUT, 'A', 'B'].sort().map((name) => ({
        variant: name,
        d1: counts(name, backD1).retained,
        d7: counts(name, backD7).retained,
      })),
    );
    await t.deps.database.db.execute(sql`delete from analytics_activity`);
    const again = (await admin('GET', `/admin/experiments/${id}`)).json<typeof body>();
    expect(again.results).toEqual(body.results);
  });
});

describe('a stopped experiment’s retention', () => {
  it('counts no D1 or D7 day after the stop: it was played under the active game, not the variant', async () => {
    // The previous test's experiment still runs: stop it first.
    const list = (await admin('GET', '/admin/experiments')).json<{
      experiments: { id: number; stoppedAt: number | null }[];
    }>();
    for (const e of list.experiments.filter((x) => x.stoppedAt === null))
      expect(await stopExperiment(e.id, 'next test')).toBe(200);
    const joined = clock.now();
    const res = await startExperiment(
      configExperiment(
        'Stopped early',
        40,
        [
          ['A', 1],
          ['B', tripled],
        ],
        'stopped on day 2',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = experimentIdOf(res);
    const ids = Array.from({ length: 30 }, (_, i) => 650_000 + i);
    for (const u of ids) await t.login(u);
    // Everyone comes back on day 1 (under their variant) and on day 7 (after the stop, day 2).
    clock.set(joined + DAY_MS);
    for (const u of ids) await t.login(u);
    clock.set(joined + 2 * DAY_MS);
    expect(await stopExperiment(id, 'stopped early')).toBe(200);
    clock.set(joined + 7 * DAY_MS);
    for (const u of ids) await t.login(u);
    clock.set(joined + 9 * DAY_MS);
    const read = await admin('GET', `/admin/experiments/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    const results = read.json<{
      results: {
        players: number;
        d1: { observable: number; retained: number };
        d7: { observable: number; retained: number; rate: number | null };
      }[];
    }>().results;
    expect(results.reduce((n, r) => n + r.players, 0)).toBe(ids.length);
    for (const r of results) {
      expect(r.d1).toEqual(expect.objectContaining({ observable: r.players, retained: r.players }));
      expect(r.d7).toEqual(expect.objectContaining({ observable: 0, retained: 0, rate: null }));
    }
  });
});

describe('a split cipher or mole event', () => {
  /**
   * An upcoming event of `kind` split by a new experiment (with / without, a 25 % holdout), a
   * player of each group signed up after the start, and the clock moved to the event's start.
   */
  const splitEvent = async (kind: string, multiplier: number, firstId: number) => {
    const { eventId, id } = await splitUpcomingEvent(
      kind,
      multiplier,
      `Split ${kind}`,
      `Does a ${kind} event keep players?`,
    );
    const groups = new Map<string, { userId: number; token: string }>();
    for (const userId of Array.from({ length: 16 }, (_, i) => firstId + i)) {
      const variant = expected(id, userId, 25, ['with', 'without'], [1, 1]) ?? '';
      if (!groups.has(variant))
        groups.set(variant, { userId, token: await t.login(userId, { language_code: 'en' }) });
    }
    const given = groups.get('with');
    const without = groups.get('without');
    const holdout = groups.get(HOLDOUT);
    if (!given || !without || !holdout) throw new Error('a group without players');
    // Each is where the rules place them.
    for (const [variant, who] of groups)
      expect(await rows(sql`select variant from experiment_players where user_id = ${who.userId}`)).toEqual([
        { variant },
      ]);
    clock.advance(START_IN);
    const stop = async () => expect(await stopExperiment(id, 'seen enough')).toBe(200);
    return { eventId, given, without, holdout, stop };
  };
  const eventRowsOf = async (userId: number) =>
    (
      await rows<{ delta_coins: string | number; ref: string }>(
        sql`select delta_coins, ref from economy_events where user_id = ${userId} and kind = 'event' order by id`,
      )
    ).map((row) => [Number(row.delta_coins), row.ref]);

  it('shows and pays the featured cipher’s multiplied reward only to the variants with it', async () => {
    const { eventId, given, without, holdout, stop } = await splitEvent('cipher', 3, 660_000);
    const shown = async (who: { token: string }) => {
      const res = await t.call(who.token, { method: 'GET', url: '/api/v1/cipher' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ reward: { onion: number; ticket: number } }>().reward;
    };
    const solve = async (who: { userId: number; token: string }) => {
      const res = await t.call(who.token, {
        method: 'POST',
        url: '/api/v1/cipher/solve',
        payload: { userid: who.userId, word: drawnWord(t.env.comboSecret, gameDay(clock.now()), 'en') },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ success: boolean; reward: { onion: number; ticket: number } | null }>();
    };
    const tripled = { ...CIPHER_REWARD, onion: 3 * CIPHER_REWARD.onion };
    expect(await shown(given)).toEqual(tripled);
    expect(await solve(given)).toMatchObject({ success: true, reward: tripled });
    expect(await eventRowsOf(given.userId)).toEqual([[2 * CIPHER_REWARD.onion, String(eventId)]]);
    // Withheld: shown and paid the base reward, no event row.
    for (const who of [without, holdout]) {
      expect(await shown(who)).toEqual(CIPHER_REWARD);
      expect(await solve(who)).toMatchObject({ success: true, reward: CIPHER_REWARD });
      expect(await eventRowsOf(who.userId)).toEqual([]);
    }
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
    await stop();
  });

  it('pays the mole event’s multiplied reward only to the variants with it', async () => {
    const { eventId, given, without, holdout, stop } = await splitEvent('mole-multiplier', 2, 670_000);
    for (const who of [given, without, holdout]) await t.setTickets(who.userId, 5);
    const play = async (who: { userId: number; token: string }) => {
      const started = await t.call(who.token, {
        method: 'POST',
        url: '/api/v1/play/start',
        payload: { userid: who.userId },
      });
      expect(started.statusCode, started.body).toBe(200);
      return started.json<{ gameId: string; key: string }>();
    };
    const send = async (who: { userId: number; token: string }, game: { gameId: string; key: string }) => {
      const data = sealResult(JSON.stringify({ score: 420, gameId: game.gameId }), game.key);
      const res = await t.call(who.token, {
        method: 'POST',
        url: '/api/v1/play/result',
        payload: { userid: who.userId, data },
      });
      expect(res.json(), res.body).toMatchObject({ success: true });
      return res.json<{ reward: number }>().reward;
    };
    // The three games start inside the event's window.
    const games = [await play(given), await play(without), await play(holdout)] as const;
    clock.advance(45_000);
    expect(await send(given, games[0])).toBe(2 * gameReward(420));
    expect(await eventRowsOf(given.userId)).toEqual([[gameReward(420), String(eventId)]]);
    expect(await send(without, games[1])).toBe(gameReward(420));
    expect(await send(holdout, games[2])).toBe(gameReward(420));
    for (const who of [without, holdout]) expect(await eventRowsOf(who.userId)).toEqual([]);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
    await stop();
  });
});
