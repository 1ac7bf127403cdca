import { sign } from '@tma.js/init-data-node';
import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { consoleRoutes, methodAndPath } from '@egg-rush/contract/routes';
import { allocateAirdrop } from '@egg-rush/game/airdrop';
import { RECOMMENDED_RULE, weighPlayers, type AllocationRule } from '@egg-rush/game/allocation-rule';
import { accountRegisteredAt } from '@egg-rush/game/account-age';
import { queryRows } from '../src/db/client.ts';
import { botTexts } from '../src/modules/bot/messages.ts';
import { FAIRNESS } from '../src/modules/fairness/fairness.service.ts';
import { signalRecorder } from '../src/modules/fairness/index.ts';
import { bindAddress } from '../src/modules/wallet/wallet.repository.ts';
import { startFakeTelegram, type FakeTelegram } from './fake-telegram.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Fairness of the airdrop through the API: a small population (a farm of ten accounts run in step
// from one network, and honest players of several kinds) logs in behind the trusted proxy, taps
// and invites for five days; the clusters find the farm and nobody else; operators decide on it
// (audited, reversible until publishing, never on themselves), players see their review and
// appeal, the bot answers in their language; allocations weigh players by the recommended rule or
// the operator's own, with the cohorts in the preview; the criteria are published with the root.

const TOKEN = '7000000002:fairness-bot-token';
const DAY = 86_400_000;
const START = Date.UTC(2026, 5, 15);
const UNIT = 10n ** 9n;

const OPERATOR = 9300;
/** Ten accounts of one farm: Telegram ids a few weeks old and close together; the first invited the rest. */
const farmId = (i: number) => 10_100_000_000 + i * 1_000;
const FARM = Array.from({ length: 10 }, (_, i) => farmId(i));
/** One of the farm's accounts is an operator's own player. */
const FARM_OP = farmId(3);
/** Honest players: old accounts; H[0] invited H[1] and H[2]; H[3] and H[4] share a household's network. */
const honestId = (j: number) => 400_000_000 + j * 1_000_003;
const H = Array.from({ length: 8 }, (_, j) => honestId(j));
const PREMIUM = honestId(7);
/** An honest player whose Telegram account is as new as the farm's. */
const NEWBIE = 10_100_004_500;
const HONEST = [...H, NEWBIE];
const EVERYONE = [...FARM, ...HONEST];

const wallet = (id: number) => `0:${id.toString(16).padStart(64, '0')}`;

let fake: FakeTelegram;
let t: TestApp;
let op: string;
let farmOp: string;
const tokens = new Map<number, string>();

/** Launch data signed with the bot's token, as Telegram signs it. */
function launchData(id: number, extra: { startParam?: string; premium?: boolean } = {}) {
  return sign(
    {
      user: {
        id,
        first_name: `Player ${id}`,
        language_code: 'en',
        ...(extra.premium ? { is_premium: true } : {}),
      },
      ...(extra.startParam ? { start_param: extra.startParam } : {}),
      chat_instance: '1',
      chat_type: 'sender',
      signature: 'x',
    },
    TOKEN,
    new Date(t.clock.now()),
  );
}

/** A login from `ip` (X-Forwarded-For behind the trusted proxy) with `userAgent`. */
async function loginFrom(id: number, ip: string, userAgent: string, extra: { startParam?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
    payload: { userid: id, initData: launchData(id, { ...extra, premium: id === PREMIUM }) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json<{ token: string }>().token;
  tokens.set(id, token);
  return token;
}
/** The token of `id`'s latest login. */
function tokenOf(id: number) {
  const token = tokens.get(id);
  assert(token, `no login for ${id}`);
  return token;
}

async function consoleSession(id: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    payload: { initData: launchData(id) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

async function tap(id: number, ip: string, userAgent: string, count: number, meanMs: number, sdMs: number) {
  const res = await t.call(tokenOf(id), {
    method: 'PUT',
    url: '/api/v1/users/tap',
    headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
    payload: { userid: id, count, cadence: { n: count - 1, meanMs, sdMs } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const FARM_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) Telegram-Android/11.2';
const farmIp = (i: number) => `203.0.113.${10 + i}`;
const honestIp = (j: number): string => (j === 4 ? honestIp(3) : `100.${64 + j}.${7 * j}.20`);
const honestUa = (j: number) => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${j} like Mac OS X) Telegram-iOS/${j}`;

/**
 * Five days of play. The farm's accounts launch within a minute of each other at noon from one
 * /24 network and one phone model, and tap at the server's limit, as regular as a machine. Honest
 * players launch at their own hours from their own networks (a household shares one, hours
 * apart) and tap like people.
 */
async function playFiveDays() {
  for (let d = 0; d < 5; d++) {
    const noon = START + d * DAY + 12 * 3_600_000;
    for (const [i, id] of FARM.entries()) {
      t.clock.set(noon + i * 5_000);
      await loginFrom(id, farmIp(i), FARM_UA, d === 0 && i > 0 ? { startParam: String(FARM[0]) } : {});
    }
    t.clock.set(noon + 90_000);
    for (const [i, id] of FARM.entries()) await tap(id, farmIp(i), FARM_UA, 30, 50, 1);
    // The cadence written within the sessions, as the recorder's job does a minute later.
    await signalRecorder(t.deps).flush(true);
    for (const [j, id] of HONEST.entries()) {
      t.clock.set(START + d * DAY + 7 * 3_600_000 + j * 53 * 60_000 + d * 17 * 60_000);
      const invite = d === 0 && (j === 1 || j === 2) ? { startParam: String(H[0]) } : {};
      await loginFrom(id, honestIp(j), honestUa(j), invite);
      t.clock.advance(90_000);
      await tap(id, honestIp(j), honestUa(j), 20, 170 + 20 * j, 90);
      await signalRecorder(t.deps).flush(true);
    }
  }
  // Every player binds a wallet (as the wallet check does, with its history).
  for (const id of EVERYONE)
    await t.deps.database.transaction((tx) => bindAddress(tx, id, wallet(id), new Date(t.clock.now())));
  t.clock.set(START + 5 * DAY + 12 * 3_600_000);
}

interface ClusterView {
  id: string;
  size: number;
  score: number;
  recommendation: string;
  evidence: string[];
  members: number[];
  decision: { action: string; reason: string; by: number; at: number } | null;
  share: number | null;
}
const clusters = async () => {
  const res = await t.call(op, { method: 'GET', url: '/api/v1/admin/airdrop/clusters' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ clusters: ClusterView[] }>().clusters;
};
const farmCluster = `c${FARM[0]}`;
const theFarmCluster = async () => {
  const farm = (await clusters()).find((c) => c.id === farmCluster);
  assert(farm, `no cluster ${farmCluster}`);
  return farm;
};
const decide = (token: string, action: 'exclude' | 'clear', reason: string, id = farmCluster) =>
  t.call(token, {
    method: 'POST',
    url: `/api/v1/admin/airdrop/clusters/${id}/${action}`,
    payload: { reason },
  });
const review = async (id: number) => {
  const res = await t.call(tokenOf(id), { method: 'GET', url: '/api/v1/airdrop/review' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    status: string;
    evidence: string[];
    reason: string | null;
    appeal: { status: string; createdAt: number; answeredAt: number | null; answer: string | null } | null;
    canAppeal: boolean;
  }>();
};
const appeal = (id: number, text: string) =>
  t.call(tokenOf(id), { method: 'POST', url: '/api/v1/airdrop/appeal', payload: { text } });
interface AppealView {
  id: number;
  playerId: number;
  clusterId: string | null;
  status: string;
  answer: string | null;
  answeredBy: number | null;
}
const appeals = async () => {
  const res = await t.call(op, { method: 'GET', url: '/api/v1/admin/airdrop/appeals' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ appeals: AppealView[] }>().appeals;
};
const answer = (token: string, appealId: number, outcome: 'upheld' | 'rejected', reason: string) =>
  t.call(token, {
    method: 'POST',
    url: `/api/v1/admin/airdrop/appeals/${appealId}`,
    payload: { outcome, reason },
  });
const audit = async (target: string) => {
  const res = await t.call(op, { method: 'GET', url: `/api/v1/admin/audit?target=${target}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    rows: { adminId: number; action: string; reason: string | null; before: unknown; after: unknown }[];
  }>().rows;
};

interface Preview {
  allocation: { id: number; rule: AllocationRule | null; total: string };
  totals: { allocated: string };
  cohorts: { cohort: string; players: number; wallets: number; share: number; median: string }[];
  excluded: { playerId: number; reason: string; detail: string | null }[];
}
async function allocate(snapshotId: number, rule?: AllocationRule) {
  const res = await t.call(op, {
    method: 'POST',
    url: '/api/v1/admin/airdrop/allocations',
    payload: { snapshotId, supply: String(1_000_000n * UNIT), ...(rule ? { rule } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { allocation } = res.json<{ allocation: { id: number; rule: AllocationRule | null } }>();
  const preview = await t.call(op, {
    method: 'GET',
    url: `/api/v1/admin/airdrop/allocations/${allocation.id}`,
  });
  expect(preview.statusCode, preview.body).toBe(200);
  return { allocation, preview: preview.json<Preview>() };
}
/** The allocated amount of each player's wallet in an allocation, 0n when none. */
async function amounts(allocationId: number) {
  const rows = await queryRows<{ wallet_address: string; amount: string }>(
    t.deps.database.db,
    sql`select wallet_address, amount::text as amount from airdrop_allocation_rows where allocation_id = ${allocationId}`,
  );
  const byWallet = new Map(rows.map((r) => [r.wallet_address, BigInt(r.amount)]));
  return (id: number) => byWallet.get(wallet(id)) ?? 0n;
}
async function refusals(allocationId: number) {
  const rows = await queryRows<{ user_id: string; reason: string; detail: string | null }>(
    t.deps.database.db,
    sql`select user_id, reason, detail from airdrop_allocation_refusals where allocation_id = ${allocationId}`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), { reason: r.reason, detail: r.detail }]));
}
async function takeSnapshot() {
  const res = await t.call(op, { method: 'POST', url: '/api/v1/admin/snapshots', payload: { minCoins: 1 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ snapshot: { id: number; players: number; takenAt: number } }>().snapshot;
}

beforeAll(async () => {
  fake = await startFakeTelegram();
  t = await createTestApp({
    env: {
      ADMIN_IDS: `${OPERATOR},${FARM_OP}`,
      TRUST_PROXY: '127.0.0.1',
      BOT_TOKEN: TOKEN,
      JWT_SECRET: 'f'.repeat(40),
      GAME_SECRET: 'fairness-game-secret',
      COMBO_SECRET: 'fairness-combo-secret',
      BOT_WEBHOOK_SECRET: 'fairness-webhook-secret',
      TELEGRAM_API_ROOT: fake.url,
      PUBLIC_URL: 'https://egg.example',
    },
  });
  t.clock.set(START);
  await playFiveDays();
  op = await consoleSession(OPERATOR);
  farmOp = await consoleSession(FARM_OP);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('clusters', () => {
  it('finds the farm, all of it, and no honest player; stored, and computed again once stale', async () => {
    const found = await clusters();
    const flagged = found.filter((c) => c.recommendation !== 'clear');
    expect(flagged.map((c) => c.id)).toEqual([farmCluster]);
    const [farm] = flagged;
    assert(farm, 'no flagged cluster');
    expect(farm).toMatchObject({
      size: FARM.length,
      members: FARM,
      recommendation: 'exclude',
      decision: null,
    });
    expect(farm.share).toBeNull(); // no draft allocation yet
    expect(farm.score).toBeGreaterThan(0.65);
    expect(farm.evidence.join('\n')).toMatch(/10 accounts, created within/);
    // Precision: no honest player in any cluster, even the household, the invited friends and the newbie.
    for (const c of found) for (const id of HONEST) expect(c.members, `${id} in ${c.id}`).not.toContain(id);

    const stored = async () =>
      (
        await queryRows<{ id: string; computed_at: string | Date }>(
          t.deps.database.db,
          sql`select id, computed_at from fairness_clusters order by id`,
        )
      ).map((r) => ({ id: r.id, at: new Date(r.computed_at).getTime() }));
    const first = await stored();
    expect(first.map((r) => r.id)).toEqual(found.map((c) => c.id).sort());
    expect(first.every((r) => r.at === t.clock.now())).toBe(true);
    t.clock.advance(FAIRNESS.staleMs - 1_000);
    await clusters();
    expect(await stored()).toEqual(first); // read from the table
    t.clock.advance(2_000);
    await clusters();
    expect((await stored()).every((r) => r.at === t.clock.now())).toBe(true);
  });

  it('refuses every operators’ route to a player who is not an operator, and to no token, with 403', async () => {
    const stranger = tokenOf(honestId(0));
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { initData: launchData(honestId(0)) },
    });
    expect(session.statusCode).toBe(403);
    for (const [name, route] of Object.entries(consoleRoutes)) {
      if (name === 'adminSession') continue;
      const { method, path } = methodAndPath(route);
      const url = `/api/v1${path}`
        .replace(':clusterId', farmCluster)
        .replace(/:(\w+)/g, (_m, p: string) => (p === 'format' ? 'csv' : '1'));
      const payload =
        method === 'GET' ? undefined : { reason: 'a reason', outcome: 'upheld', playerId: H[1] };
      for (const headers of [{ authorization: `Bearer ${stranger}` }, {}]) {
        const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect({ route: name, status: res.statusCode }).toEqual({ route: name, status: 403 });
      }
    }
    expect((await theFarmCluster()).decision).toBeNull();
  });

  it('tells the farm’s players they are under review and the others nothing; criteria are null before publishing', async () => {
    const farm = await theFarmCluster();
    const underReview = await review(farmId(1));
    expect(underReview).toEqual({
      status: 'review',
      evidence: farm.evidence,
      reason: null,
      appeal: null,
      canAppeal: true,
    });
    // The cluster's evidence as operators read it: counts, no player's id.
    expect(underReview.evidence.length).toBeGreaterThan(0);
    for (const id of FARM) expect(underReview.evidence.join('\n')).not.toContain(String(id));
    expect(await review(honestId(1))).toEqual({
      status: 'none',
      evidence: [],
      reason: null,
      appeal: null,
      canAppeal: false,
    });
    const criteria = await t.call(tokenOf(honestId(1)), { method: 'GET', url: '/api/v1/airdrop/criteria' });
    expect(criteria.json()).toEqual({ rule: null, publishedAt: null });
  });
});

describe('allocations by the rule', () => {
  let snapshotId: number;
  let takenAt: number;

  it('freezes the rule’s facts with the snapshot and computes the clusters again', async () => {
    t.clock.advance(60_000);
    const snapshot = await takeSnapshot();
    snapshotId = snapshot.id;
    takenAt = snapshot.takenAt;
    expect(snapshot.players).toBe(EVERYONE.length);
    const facts = await queryRows<{
      user_id: string;
      active_days: number;
      tasks: number;
      friends_stayed: number;
      premium: boolean;
      registered_at: string | Date;
      operator_coins: string;
    }>(t.deps.database.db, sql`select * from fairness_snapshot_facts where snapshot_id = ${snapshotId}`);
    expect(facts).toHaveLength(EVERYONE.length);
    const of = (id: number) => {
      const row = facts.find((f) => Number(f.user_id) === id);
      assert(row, `no facts for ${id}`);
      return row;
    };
    expect(of(farmId(0))).toMatchObject({ active_days: 5, tasks: 0, friends_stayed: 9, premium: false });
    expect(of(honestId(0))).toMatchObject({ active_days: 5, friends_stayed: 2 });
    expect(of(PREMIUM).premium).toBe(true);
    expect(new Date(of(NEWBIE).registered_at).getTime()).toBe(accountRegisteredAt(NEWBIE));
    const [run] = await queryRows<{ computed_at: string | Date }>(
      t.deps.database.db,
      sql`select computed_at from fairness_cluster_runs`,
    );
    assert(run, 'no cluster run');
    expect(new Date(run.computed_at).getTime()).toBe(t.clock.now());
  });

  it('weighs players by the recommended rule by default, the farm under review discounted, and shows the cohorts', async () => {
    const { allocation, preview } = await allocate(snapshotId);
    expect(allocation.rule).toEqual(RECOMMENDED_RULE);
    // The amounts are the rule's over the frozen facts, the farm's players in review.
    const rows = await queryRows<Record<string, string | number | boolean | Date>>(
      t.deps.database.db,
      sql`select r.user_id, r.wallet_address, r.coins, f.operator_coins, f.active_days, f.tasks, f.friends_stayed,
                 f.premium, f.registered_at
          from airdrop_snapshot_rows r join fairness_snapshot_facts f using (snapshot_id, user_id)
          where r.snapshot_id = ${snapshotId}`,
    );
    const facts = rows.map((r) => ({
      playerId: Number(r.user_id),
      coins: Number(r.coins),
      operatorCoins: Number(r.operator_coins),
      activeDays: Number(r.active_days),
      tasks: Number(r.tasks),
      friendsStayed: Number(r.friends_stayed),
      premium: Boolean(r.premium),
      registeredAt: new Date(r.registered_at as string).getTime(),
      review: FARM.includes(Number(r.user_id)),
    }));
    const weights = weighPlayers(facts, RECOMMENDED_RULE, takenAt);
    const expected = allocateAirdrop(
      rows.map((r) => {
        const weight = weights.get(Number(r.user_id));
        assert(weight !== undefined, `no weight for ${r.user_id}`);
        return {
          playerId: Number(r.user_id),
          wallet: String(r.wallet_address),
          coins: Number(r.coins),
          weight,
        };
      }),
      { supply: 1_000_000n * UNIT, decimals: 9 },
    );
    const amountOf = await amounts(allocation.id);
    for (const a of expected.allocations) {
      const [id] = a.playerIds;
      assert(id !== undefined, 'an allocation without players');
      expect(amountOf(id), String(a.playerIds)).toBe(a.amount);
    }
    expect(expected.allocations).toHaveLength(EVERYONE.length);
    // Under review weighs half: the same facts out of review would weigh twice as much.
    const farmer = facts.find((f) => f.playerId === FARM[1]);
    assert(farmer, `no facts for ${FARM[1]}`);
    const cleared = weighPlayers(
      facts.map((f) => (f.playerId === FARM[1] ? { ...farmer, review: false } : f)),
      RECOMMENDED_RULE,
      takenAt,
    );
    expect(Number(cleared.get(farmId(1))) / Number(weights.get(farmId(1)))).toBeCloseTo(2, 6);

    const cohort = (name: string) => {
      const found = preview.cohorts.find((c) => c.cohort === name);
      assert(found, `no cohort ${name}`);
      return found;
    };
    const total = BigInt(preview.allocation.total);
    const shareOf = (ids: number[]) =>
      Number((ids.reduce((s, id) => s + amountOf(id), 0n) * 1_000_000n) / total) / 1e6;
    expect(preview.cohorts.map((c) => c.cohort)).toEqual(['top1', 'median', 'new', 'premium', 'review']);
    expect(cohort('review')).toMatchObject({
      players: FARM.length,
      wallets: FARM.length,
      share: shareOf(FARM),
    });
    expect(cohort('new')).toMatchObject({ players: FARM.length + 1, share: shareOf([...FARM, NEWBIE]) });
    expect(cohort('premium')).toMatchObject({
      players: 1,
      share: shareOf([PREMIUM]),
      median: String(amountOf(PREMIUM)),
    });
    const sorted = EVERYONE.map(amountOf).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(cohort('top1')).toMatchObject({
      players: 1,
      wallets: 1,
      median: String(sorted[sorted.length - 1]),
    });
    expect(cohort('median')).toMatchObject({
      players: 1,
      median: String(sorted[Math.floor(sorted.length / 2)]),
    });
    // The cluster's share of the newest draft is the same fraction.
    expect((await theFarmCluster()).share).toBe(shareOf(FARM));
  });

  it('takes the operator’s own rule: no weight under review leaves the farm nothing, coins alone share the rest', async () => {
    const rule: AllocationRule = {
      coinsExponent: 1,
      weights: { coins: 1, activeDays: 0, tasks: 0, friendsStayed: 0, accountAge: 0, premium: 0 },
      reviewDiscount: 0,
    };
    const { allocation, preview } = await allocate(snapshotId, rule);
    expect(allocation.rule).toEqual(rule);
    const refused = await refusals(allocation.id);
    for (const id of FARM) expect(refused.get(id)?.reason, String(id)).toBe('no_coins');
    const amountOf = await amounts(allocation.id);
    for (const id of HONEST) expect(amountOf(id), String(id)).toBeGreaterThan(0n);
    expect(preview.cohorts.find((c) => c.cohort === 'review')).toMatchObject({ players: 0, share: 0 });
    expect((await theFarmCluster()).share).toBe(0);
    const invalid = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/airdrop/allocations',
      payload: { snapshotId, supply: String(1000n * UNIT), rule: { ...rule, coinsExponent: 0 } },
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('decisions on a cluster', () => {
  it('excludes and clears a whole cluster with a reason, audited before and after, the latest standing', async () => {
    for (const [reason, id, status] of [
      ['no', farmCluster, 400],
      ['a reason', 'x12', 400],
      ['a reason', 'c12', 404],
    ] as const)
      expect((await decide(op, 'exclude', reason, id)).statusCode).toBe(status);

    const excluded = await decide(op, 'exclude', 'one phone model, one network, in step');
    expect(excluded.statusCode, excluded.body).toBe(200);
    const cluster = excluded.json<{ cluster: ClusterView }>().cluster;
    expect(cluster).toMatchObject({
      id: farmCluster,
      members: FARM,
      decision: {
        action: 'exclude',
        reason: 'one phone model, one network, in step',
        by: OPERATOR,
        at: t.clock.now(),
      },
    });
    expect(await review(farmId(1))).toMatchObject({
      status: 'excluded',
      evidence: cluster.evidence,
      reason: 'one phone model, one network, in step',
    });

    t.clock.advance(1_000);
    const cleared = await decide(op, 'clear', 'a school computer room');
    expect(cleared.json<{ cluster: ClusterView }>().cluster.decision).toMatchObject({ action: 'clear' });
    expect(await review(farmId(1))).toEqual({
      status: 'cleared',
      evidence: cluster.evidence,
      reason: 'a school computer room',
      appeal: null,
      canAppeal: false,
    });

    t.clock.advance(1_000);
    expect((await decide(op, 'exclude', 'the room plays at noon only, a farm after all')).statusCode).toBe(
      200,
    );
    expect((await review(farmId(1))).status).toBe('excluded');
    expect((await theFarmCluster()).decision).toMatchObject({
      action: 'exclude',
      reason: 'the room plays at noon only, a farm after all',
    });

    const rows = await audit(`cluster:${farmCluster}`);
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['airdrop.cluster.exclude', 'the room plays at noon only, a farm after all'],
      ['airdrop.cluster.clear', 'a school computer room'],
      ['airdrop.cluster.exclude', 'one phone model, one network, in step'],
    ]);
    expect(rows[2]?.before).toBeNull();
    expect(rows[1]?.before).toMatchObject({ action: 'exclude', members: FARM });
    expect(rows[1]?.after).toMatchObject({ action: 'clear', members: FARM, by: OPERATOR });
  });

  it('refuses an operator’s decision on a cluster with their own player, and records the attempt', async () => {
    for (const action of ['exclude', 'clear'] as const) {
      const res = await decide(farmOp, action, 'my own cluster');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SELF_ACTION' });
    }
    expect((await audit(`player:${FARM_OP}`)).filter((r) => r.action === 'refused.self')).toHaveLength(2);
    expect((await theFarmCluster()).decision).toMatchObject({ by: OPERATOR });
  });

  it('keeps a decision standing for a member who left the cluster before it was decided again', async () => {
    const departed = farmId(9);
    const stayed = FARM.filter((id) => id !== departed);
    // The cluster as a computation finds it after one account left (its signals gone quiet).
    await t.deps.database.db.execute(
      sql`update fairness_clusters set members = ${JSON.stringify(stayed)}::jsonb, size = ${stayed.length}
          where id = ${farmCluster}`,
    );
    for (const [action, reason] of [
      ['clear', 'a school computer room after all'],
      ['exclude', 'the room plays at noon only, a farm after all'],
      ['clear', 'a school computer room after all'],
    ] as const) {
      t.clock.advance(1_000);
      const res = await decide(op, action, reason);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ cluster: ClusterView }>().cluster.members).toEqual(stayed);
      expect((await review(farmId(0))).status).toBe(action === 'clear' ? 'cleared' : 'excluded');
      // Excluded with the whole farm, before it left: no later decision named it.
      expect((await review(departed)).status, action).toBe('excluded');
    }
    // As the next allocations found it: the whole farm excluded again.
    t.clock.advance(1_000);
    expect((await decide(op, 'exclude', 'the room plays at noon only, a farm after all')).statusCode).toBe(
      200,
    );
    await t.deps.database.db.execute(
      sql`update fairness_clusters set members = ${JSON.stringify(FARM)}::jsonb, size = ${FARM.length}
          where id = ${farmCluster}`,
    );
  });
});

describe('appeals', () => {
  it('takes one appeal at a time from a player under review or excluded, and none from the others', async () => {
    expect((await appeal(farmId(1), 'too short')).statusCode).toBe(400);
    const sent = await appeal(farmId(1), 'This is my own phone; my brother plays on his, at noon too.');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'excluded',
      reason: 'the room plays at noon only, a farm after all',
      appeal: { status: 'pending', answeredAt: null, answer: null },
      canAppeal: false,
    });
    const again = await appeal(farmId(1), 'Please answer my appeal, I play every day myself.');
    expect(again.statusCode).toBe(409);
    expect((await appeal(honestId(1), 'I would like to appeal, though nothing is wrong.')).statusCode).toBe(
      409,
    );
    expect((await appeal(farmId(2), 'I am a real person who plays at lunch time.')).statusCode).toBe(200);
    expect((await appeal(FARM_OP, 'An operator, appealing on their own player.')).statusCode).toBe(200);

    const queue = await appeals();
    expect(queue.map((a) => [a.playerId, a.status, a.clusterId])).toEqual([
      [FARM[1], 'pending', farmCluster],
      [FARM[2], 'pending', farmCluster],
      [FARM_OP, 'pending', farmCluster],
    ]);
  });

  it('answers: upheld clears the player, rejected keeps the decision; audited, and the bot tells each in their language', async () => {
    await t.deps.database.db.execute(sql`update users set language_code = 'ru' where id = ${farmId(2)}`);
    const [first, second, own] = await appeals();
    assert(first && second && own, 'three appeals');
    expect((await answer(op, first.id, 'upheld', 'no')).statusCode).toBe(400);
    expect((await answer(op, 999_999, 'upheld', 'unknown appeal')).statusCode).toBe(404);
    const upheld = await answer(op, first.id, 'upheld', 'his brother has his own account and phone');
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(upheld.json()).toMatchObject({
      appeal: { status: 'upheld', answer: 'his brother has his own account and phone', answeredBy: OPERATOR },
    });
    expect((await answer(op, first.id, 'rejected', 'changed my mind')).statusCode).toBe(409);
    expect((await answer(op, second.id, 'rejected', 'in step with nine others')).statusCode).toBe(200);
    const self = await answer(farmOp, own.id, 'upheld', 'my own appeal');
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ code: 'SELF_ACTION' });

    expect(await review(farmId(1))).toMatchObject({
      status: 'cleared',
      reason: null,
      appeal: { status: 'upheld', answer: 'his brother has his own account and phone' },
      canAppeal: false,
    });
    expect(await review(farmId(2))).toMatchObject({
      status: 'excluded',
      reason: 'the room plays at noon only, a farm after all',
      appeal: { status: 'rejected', answer: 'in step with nine others' },
      canAppeal: true,
    });
    // Pending first, then the answered ones, newest first.
    expect((await appeals()).map((a) => [a.playerId, a.status])).toEqual([
      [FARM_OP, 'pending'],
      [FARM[2], 'rejected'],
      [FARM[1], 'upheld'],
    ]);
    expect((await audit(`player:${FARM[1]}`)).map((r) => [r.action, r.adminId])).toContainEqual([
      'airdrop.appeal.upheld',
      OPERATOR,
    ]);

    const bot = t.app.bot;
    assert(bot, 'the bot is on (BOT_TOKEN)');
    await bot.notifier.runOnce();
    const said = (id: number) => fake.of('sendMessage', id).map((c) => String(c.payload.text));
    expect(said(farmId(1))).toContain(botTexts('en').appealUpheld);
    expect(said(farmId(2))).toContain(botTexts('ru').appealRejected);
    expect(said(FARM_OP)).toEqual([]);
    await bot.notifier.runOnce();
    expect(said(farmId(1)).filter((s) => s === botTexts('en').appealUpheld)).toHaveLength(1);
  });

  it('lifts a player’s own exclusion when their appeal is upheld', async () => {
    const id = honestId(5);
    const excluded = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/airdrop/exclusions',
      payload: { playerId: id, reason: 'shared wallet' },
    });
    expect(excluded.statusCode).toBe(200);
    expect(await review(id)).toMatchObject({ status: 'excluded', evidence: [], reason: 'shared wallet' });
    expect((await appeal(id, 'The wallet is mine alone, bought the phone second hand.')).statusCode).toBe(
      200,
    );
    const mine = (await appeals()).find((a) => a.playerId === id && a.status === 'pending');
    assert(mine, `no pending appeal of ${id}`);
    // The exclusion cannot be lifted (a failing write): the answer is not stored either.
    const db = t.deps.database.db;
    await db.execute(sql`create function refuse_lift() returns trigger language plpgsql as $$
      begin raise exception 'lift refused'; end $$`);
    await db.execute(
      sql`create trigger refuse_lift before delete on airdrop_exclusions for each row execute function refuse_lift()`,
    );
    try {
      expect((await answer(op, mine.id, 'upheld', 'checked the wallet history')).statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_lift on airdrop_exclusions`);
      await db.execute(sql`drop function refuse_lift()`);
    }
    expect((await appeals()).find((a) => a.id === mine.id)).toMatchObject({
      status: 'pending',
      answer: null,
    });
    expect((await review(id)).status).toBe('excluded');
    expect((await answer(op, mine.id, 'upheld', 'checked the wallet history')).statusCode).toBe(200);
    expect((await review(id)).status).toBe('cleared');
    const list = await t.call(op, { method: 'GET', url: '/api/v1/admin/airdrop/exclusions' });
    expect(
      list.json<{ exclusions: { playerId: number }[] }>().exclusions.map((e) => e.playerId),
    ).not.toContain(id);
    expect((await audit(`player:${id}`)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['airdrop.exclude', 'airdrop.include', 'airdrop.appeal.upheld']),
    );
  });

  it('takes an appeal in paragraphs as sent, and refuses other control characters and bidi controls', async () => {
    const id = farmId(4);
    for (const text of [
      'My own phone.\u0000 I play at noon, every day.',
      'My own phone.\r\nI play at noon, every day.',
      'My own phone. \u202eyad yreve ,noon ta yalp I',
      'My own phone. \u2067I play at noon\u2069, every day.',
    ]) {
      const res = await appeal(id, text);
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
    }
    const text = 'This phone is mine.\n\nMy sister plays on hers, at noon too; we share the flat.';
    const sent = await appeal(id, text);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await appeals()).find((a) => a.playerId === id)).toMatchObject({ text });
  });

  it('keeps an upheld appeal standing against a later decision on the cluster; only the player’s own exclusion overrides it', async () => {
    t.clock.advance(1_000);
    const again = await decide(op, 'exclude', 'the room plays at noon only, a farm after all');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ cluster: ClusterView }>().cluster.members).toContain(FARM[1]);
    expect((await review(farmId(1))).status).toBe('cleared');
    expect((await review(farmId(2))).status).toBe('excluded');

    const id = farmId(1);
    t.clock.advance(1_000);
    const alone = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/airdrop/exclusions',
      payload: { playerId: id, reason: 'sold the account since' },
    });
    expect(alone.statusCode, alone.body).toBe(200);
    expect((await review(id)).status).toBe('excluded');
    const lifted = await t.call(op, {
      method: 'DELETE',
      url: `/api/v1/admin/airdrop/exclusions/${id}`,
      payload: { reason: 'the buyer was his brother, checked' },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await review(id)).status).toBe('cleared');
  });
});

describe('after the decisions', () => {
  let publishedId: number;
  let snapshotId: number;

  it('leaves the excluded cluster out of the next allocation, with its reason, and counts the upheld player in full', async () => {
    t.clock.advance(60_000);
    const snapshot = await takeSnapshot();
    const { allocation, preview } = await allocate(snapshot.id);
    publishedId = allocation.id;
    snapshotId = snapshot.id;
    const refused = await refusals(allocation.id);
    for (const id of FARM.filter((id) => id !== FARM[1]))
      expect(refused.get(id), String(id)).toEqual({
        reason: 'excluded',
        detail: `cluster ${farmCluster}: the room plays at noon only, a farm after all`,
      });
    const amountOf = await amounts(allocation.id);
    expect(amountOf(farmId(1))).toBeGreaterThan(0n);
    expect(amountOf(honestId(5))).toBeGreaterThan(0n);
    expect(preview.excluded.map((e) => e.playerId).sort()).toEqual(
      FARM.filter((id) => id !== FARM[1]).sort(),
    );
    // Nobody is under review any more: the farm is excluded, its appellant cleared.
    expect(preview.cohorts.find((c) => c.cohort === 'review')).toMatchObject({ players: 0 });
  });

  it('refuses to publish a draft older than a decision, an answer or an exclusion, with 409', async () => {
    const publish = (id: number) =>
      t.call(op, { method: 'POST', url: `/api/v1/admin/airdrop/allocations/${id}/publish`, payload: {} });
    const expectStale = async (id: number) => {
      const res = await publish(id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'Decisions changed since this draft: allocate again.',
      });
    };
    const pending = (await appeals()).find((a) => a.playerId === FARM[4] && a.status === 'pending');
    assert(pending, `no pending appeal of ${FARM[4]}`);
    t.clock.advance(1_000);
    expect((await answer(op, pending.id, 'rejected', 'in step with the others')).statusCode).toBe(200);
    await expectStale(publishedId);

    t.clock.advance(1_000);
    const draft = (await allocate(snapshotId)).allocation.id;
    t.clock.advance(1_000);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await t.call(op, {
        method,
        url: `/api/v1/admin/airdrop/exclusions${method === 'DELETE' ? `/${H[6]}` : ''}`,
        payload: method === 'POST' ? { playerId: H[6], reason: 'a second look' } : { reason: 'looked again' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await expectStale(draft);

    t.clock.advance(1_000);
    const again = (await allocate(snapshotId)).allocation.id;
    t.clock.advance(1_000);
    expect((await decide(op, 'exclude', 'the room plays at noon only, a farm after all')).statusCode).toBe(
      200,
    );
    await expectStale(again);

    t.clock.advance(1_000);
    publishedId = (await allocate(snapshotId)).allocation.id;
    expect((await amounts(publishedId))(honestId(6))).toBeGreaterThan(0n);
  });

  it('publishes the rule with the root; then refuses decisions, answers and appeals with 409', async () => {
    const res = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/airdrop/allocations/${publishedId}/publish`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const publishedAt = res.json<{ allocation: { publishedAt: number } }>().allocation.publishedAt;
    const criteria = await t.call(tokenOf(honestId(2)), { method: 'GET', url: '/api/v1/airdrop/criteria' });
    expect(criteria.json()).toEqual({ rule: RECOMMENDED_RULE, publishedAt });

    for (const action of ['clear', 'exclude'] as const) {
      const refused = await decide(op, action, 'too late to change anything');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'ALREADY_PUBLISHED' });
    }
    const pending = (await appeals()).find((a) => a.status === 'pending');
    assert(pending, 'no pending appeal');
    const late = await answer(op, pending.id, 'upheld', 'too late to change anything');
    expect(late.statusCode).toBe(409);
    expect(await review(farmId(2))).toMatchObject({ status: 'excluded', canAppeal: false });
    expect((await appeal(farmId(2), 'One more try after the airdrop was published.')).statusCode).toBe(409);
    expect((await theFarmCluster()).decision).toMatchObject({
      action: 'exclude',
    });
  });
});
