import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { settleIncome } from '@egg-rush/game/income';
import { planTap, TAP_INTERVAL_MS, type TapState } from '@egg-rush/game/tap';
import { tasksForAction } from '@egg-rush/game/tasks';
import { queryRows } from '../src/db/client.ts';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { createTapWriter } from '../src/modules/economy/tap.writer.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The tap writer puts the batches of many players into one statement. Whatever the grouping,
// each player's result must be the pure rules (planTap, settleIncome) applied to their batches in
// the order they were sent.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A player as far as a tap touches them: the tap's rules' state, the income and the balance. */
interface Player extends TapState {
  earnPerHour: number;
  incomeAt: number;
  coins: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** The element at `i`, which is there. */
function at<T>(xs: readonly T[], i: number): T {
  const x = xs[i];
  assert(x !== undefined, `nothing at ${i}`);
  return x;
}

async function setPlayer(id: number, p: Player) {
  await t.deps.database.db.execute(sql`update accounts set
    energy = ${p.energy}, max_energy = ${p.maxEnergy}, energy_at = ${iso(p.energyAt)}::timestamptz,
    tap_clock = ${iso(p.tapClock)}::timestamptz, earn_per_tap = ${p.earnPerTap},
    lose_energy_per_tap = ${p.loseEnergyPerTap}, earn_per_hour = ${p.earnPerHour},
    income_at = ${iso(p.incomeAt)}::timestamptz, coins = ${p.coins}, total_score = ${p.coins}
    where user_id = ${id}`);
}

/** The pure rules' answer to one batch, and the player after it (unchanged when nothing is credited). */
function expected(p: Player, count: number, now: number) {
  const tap = planTap(p, count, now);
  if (tap.credited === 0) return { row: null, next: p };
  const income = settleIncome(p.earnPerHour, p.incomeAt, now);
  const coins = p.coins + tap.earned + income.coins;
  const next: Player = {
    ...p,
    energy: tap.energy,
    energyAt: tap.energyAt,
    tapClock: tap.tapClock,
    incomeAt: income.at,
    coins,
  };
  return {
    row: { credited: tap.credited, earned: tap.earned, income: income.coins, coins, energy: tap.energy },
    next,
  };
}

const playerArb = fc.record({
  maxEnergy: fc.integer({ min: 10, max: 2000 }),
  energyFill: fc.double({ min: 0, max: 1, noNaN: true }),
  energyAge: fc.integer({ min: 0, max: 400_000 }),
  clockLead: fc.integer({ min: -600_000, max: 8_000 }),
  earnPerTap: fc.integer({ min: 1, max: 5 }),
  loseEnergyPerTap: fc.integer({ min: 0, max: 12 }),
  earnPerHour: fc.constantFrom(0, 0, 1, 7, 1000, 36_000),
  incomeAge: fc.integer({ min: -5_000, max: 30_000_000 }),
});

const scenarioArb = fc.record({
  players: fc.array(playerArb, { minLength: 2, maxLength: 6 }),
  batches: fc.array(
    fc.record({
      player: fc.nat(),
      count: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 400, max: 800 })),
      wait: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 1, max: 3 * TAP_INTERVAL_MS }),
        fc.integer({ min: 0, max: 200_000 }),
      ),
    }),
    { minLength: 1, maxLength: 30 },
  ),
  maxBatches: fc.integer({ min: 1, max: 8 }),
  maxInFlight: fc.integer({ min: 1, max: 3 }),
});

let nextId = 700_000;

describe('the tap writer', () => {
  it('agrees with planTap and settleIncome for several players and several batches each, however grouped', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        const start = t.clock.now();
        const ids: number[] = [];
        const model: Player[] = [];
        for (const a of s.players) {
          const id = nextId++;
          await t.login(id);
          const p: Player = {
            maxEnergy: a.maxEnergy,
            energy: Math.floor(a.maxEnergy * a.energyFill),
            energyAt: start - a.energyAge,
            tapClock: start + a.clockLead,
            earnPerTap: a.earnPerTap,
            loseEnergyPerTap: a.loseEnergyPerTap,
            earnPerHour: a.earnPerHour,
            incomeAt: start - a.incomeAge,
            coins: 0,
          };
          await setPlayer(id, p);
          ids.push(id);
          model.push(p);
        }
        const writer = createTapWriter(t.deps.database, {
          maxBatches: s.maxBatches,
          lingerMs: 1,
          maxInFlight: s.maxInFlight,
        });
        // Every batch is sent at once (each with its own instant): the writer groups them.
        let now = start;
        const sent = s.batches.map((b) => {
          now += b.wait;
          const i = b.player % ids.length;
          return { i, count: b.count, now, answer: writer.submit(at(ids, i), b.count, now) };
        });
        const answers = await Promise.all(sent.map((b) => b.answer));
        sent.forEach((b, k) => {
          const e = expected(at(model, b.i), b.count, b.now);
          model[b.i] = e.next;
          if (e.row === null) expect(answers[k]).toBeNull();
          else expect(answers[k]).toMatchObject(e.row);
        });
        const rows = await queryRows<Record<string, string>>(
          t.deps.database.db,
          sql`select user_id as id, energy, coins, total_score,
                     (extract(epoch from energy_at) * 1000)::bigint as energy_at,
                     (extract(epoch from tap_clock) * 1000)::bigint as tap_clock,
                     (extract(epoch from income_at) * 1000)::bigint as income_at
              from accounts where user_id in ${ids} order by user_id`,
        );
        rows.forEach((row, i) => {
          const p = at(model, i);
          expect(Number(row.energy)).toBe(p.energy);
          expect(Number(row.coins)).toBe(p.coins);
          expect(Number(row.total_score)).toBe(p.coins);
          expect(Number(row.energy_at)).toBe(p.energyAt);
          expect(Number(row.tap_clock)).toBe(p.tapClock);
          expect(Number(row.income_at)).toBe(p.incomeAt);
        });
        // The ledger explains every balance (the starting balances were zero).
        const ledger = await queryRows<{ user_id: string; sum: string }>(
          t.deps.database.db,
          sql`select user_id, coalesce(sum(delta_coins), 0)::bigint as sum from economy_events
              where user_id in ${ids} and kind in ('tap', 'income') group by user_id`,
        );
        const sums = new Map(ledger.map((r) => [Number(r.user_id), Number(r.sum)]));
        expect(ids.map((id) => sums.get(id) ?? 0)).toEqual(model.map((p) => p.coins));
      }),
      { numRuns: 25 },
    );
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('counts taps of many players in one statement towards each one’s daily task', async () => {
    const writer = createTapWriter(t.deps.database, { maxBatches: 64, lingerMs: 5, maxInFlight: 1 });
    const ids = Array.from({ length: 20 }, (_, i) => 800_000 + i);
    for (const id of ids) await t.login(id);
    const now = t.clock.now();
    const answers = await Promise.all(ids.map((id, i) => writer.submit(id, i + 1, now)));
    expect(answers.map((a) => a?.credited)).toEqual(ids.map((_, i) => i + 1));
    expect(writer.statements()).toBe(1);
    const [task] = tasksForAction('tap');
    assert(task, 'no task counts taps');
    const progress = await queryRows<{ user_id: string; process_count: number }>(
      t.deps.database.db,
      sql`select user_id, process_count from task_progress
          where task_name = ${task.taskName} and user_id in ${ids} order by user_id`,
    );
    expect(progress.map((p) => Number(p.process_count))).toEqual(
      ids.map((_, i) => Math.min(task.targetCount, i + 1)),
    );
  });

  it('a statement that fails does not fail its neighbours: only the failing batch answers an error', async () => {
    const writer = createTapWriter(t.deps.database, { maxBatches: 64, lingerMs: 5, maxInFlight: 1 });
    const ids = Array.from({ length: 5 }, (_, i) => 900_000 + i);
    for (const id of ids) await t.login(id);
    // One player's balance is at the top of bigint: crediting a tap overflows, for them alone.
    await t.deps.database.db.execute(
      sql`update accounts set coins = 9223372036854775807, total_score = 0 where user_id = ${ids[2]}`,
    );
    const now = t.clock.now();
    const answers = await Promise.allSettled(ids.map((id) => writer.submit(id, 3, now)));
    expect(answers.map((a) => a.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    for (const [i, a] of answers.entries()) {
      if (i !== 2) expect(a).toMatchObject({ value: { credited: 3 } });
    }
    const rows = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from economy_events where user_id = ${ids[2]} and kind = 'tap'`,
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});
