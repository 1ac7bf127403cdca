import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOST_COST,
  BOOST_MAX_LEVEL,
  BOOST_NAMES,
  BOOST_PRICE_GROWTH,
  boostPrice,
  ENERGY_CAPACITY_STEP,
  FULL_ENERGY_PER_DAY,
  LEVELLED_BOOSTS,
  levelOf,
  boostAvailability,
  planBoost,
  refillsLeft,
  TOUCH_INCOME_STEP,
  type BoostName,
  type BoostState,
} from '../src/boosts.ts';
import { formatClock, formatCountdown, formatDaysCountdown, gameDay } from '../src/time.ts';
import { ENERGY_REGEN_MS } from '../src/energy.ts';
import { canClaimFarm, canStartFarm, FARM_DURATION_MS, farmStatus } from '../src/farm.ts';
import { compareRank, rankOf } from '../src/leaderboard.ts';
import { seededRng } from '../src/rng.ts';
import {
  canTap,
  planTap,
  TAP_BURST,
  TAP_INTERVAL_MS,
  TAP_MAX_BATCH,
  tapAllowance,
  type TapState,
} from '../src/tap.ts';
import { CHEST_PRIZES, openChest } from '../src/treasure.ts';

const fresh: TapState = {
  energy: 1000,
  maxEnergy: 1000,
  energyAt: 0,
  tapClock: 0,
  earnPerTap: 1,
  loseEnergyPerTap: 10,
};

describe('taps', () => {
  it('credits taps against energy and earns earnPerTap each', () => {
    expect(planTap(fresh, 30, 0)).toMatchObject({ credited: 30, earned: 30, energy: 700 });
    expect(planTap({ ...fresh, earnPerTap: 3 }, 5, 0)).toMatchObject({ credited: 5, earned: 15 });
  });

  it('credits only what energy allows, and nothing below the cost of one tap', () => {
    expect(planTap(fresh, 10_000, 1_000_000).credited).toBe(100);
    expect(planTap({ ...fresh, energy: 9 }, 1, 0).credited).toBe(0);
    expect(canTap(9, 10)).toBe(false);
    expect(canTap(10, 10)).toBe(true);
  });

  it('settles regenerated energy before spending it', () => {
    const empty = { ...fresh, energy: 0 };
    expect(planTap(empty, 50, ENERGY_REGEN_MS * 25).credited).toBe(2);
    expect(planTap(empty, 50, ENERGY_REGEN_MS * 25)).toMatchObject({ energy: 5 });
  });

  it('paces taps at a human rate with a burst', () => {
    expect(tapAllowance(0, 0)).toBe(TAP_BURST);
    const after = planTap({ ...fresh, energy: 100_000, maxEnergy: 100_000 }, TAP_MAX_BATCH, 0);
    expect(after.credited).toBe(TAP_BURST);
    expect(tapAllowance(after.tapClock, 0)).toBe(0);
    expect(tapAllowance(after.tapClock, 1000)).toBe(1000 / TAP_INTERVAL_MS);
  });

  it('never credits more than energy, the batch cap or the human rate over any sequence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 20_000 })), {
          minLength: 1,
          maxLength: 40,
        }),
        (max, lose, batches) => {
          let s: TapState = { ...fresh, energy: max, maxEnergy: max, loseEnergyPerTap: lose };
          let now = 0;
          let credited = 0;
          for (const [wait, count] of batches) {
            now += wait;
            const r = planTap(s, count, now);
            expect(r.credited).toBeLessThanOrEqual(Math.min(count, TAP_MAX_BATCH));
            expect(r.energy).toBeGreaterThanOrEqual(0);
            expect(r.energy).toBeLessThanOrEqual(max);
            credited += r.credited;
            s = { ...s, energy: r.energy, energyAt: r.energyAt, tapClock: r.tapClock };
          }
          // Energy: the full bar plus what regenerated; rate: the burst plus one per interval.
          expect(credited * lose).toBeLessThanOrEqual(max + Math.floor(now / ENERGY_REGEN_MS));
          expect(credited).toBeLessThanOrEqual(TAP_BURST + Math.floor(now / TAP_INTERVAL_MS));
        },
      ),
    );
  });
});

const shopper: BoostState = {
  coins: 1000,
  energy: 400,
  maxEnergy: 1000,
  earnPerHour: 120,
  earnPerTap: 1,
  loseEnergyPerTap: 10,
  boosts: [],
  touchIncomeLevel: 0,
  energyCapacityLevel: 0,
  refillsToday: 0,
};

describe('boosts', () => {
  it('applies each boost for 500 coins', () => {
    const get = (name: BoostName) => {
      const plan = planBoost(name, shopper);
      if (!plan.ok) throw new Error(plan.reason);
      expect(plan.next.coins).toBe(shopper.coins - BOOST_COST);
      return plan.next;
    };
    expect(get('fullyEnergy').energy).toBe(1000);
    expect(get('income')).toMatchObject({ earnPerHour: 240, boosts: ['income'] });
    expect(get('double')).toMatchObject({ earnPerTap: 2, loseEnergyPerTap: 20, boosts: ['double'] });
    expect(get('touchIncome').earnPerTap).toBe(1 + TOUCH_INCOME_STEP);
    expect(get('energyCapacity').maxEnergy).toBe(1000 + ENERGY_CAPACITY_STEP);
  });

  it('refuses without the balance, a refill at full energy, and a once-only boost twice', () => {
    expect(planBoost('touchIncome', { ...shopper, coins: 499 })).toEqual({ ok: false, reason: 'balance' });
    expect(planBoost('fullyEnergy', { ...shopper, energy: 1000 })).toEqual({
      ok: false,
      reason: 'energy-full',
    });
    expect(planBoost('income', { ...shopper, boosts: ['income'] })).toEqual({
      ok: false,
      reason: 'already-used',
    });
    expect(planBoost('double', { ...shopper, boosts: ['double'] }).ok).toBe(false);
    expect(planBoost('touchIncome', { ...shopper, boosts: ['double', 'income'] }).ok).toBe(true);
  });

  it('never leaves a negative balance and the first purchase of every boost costs exactly 500', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<BoostName>(...BOOST_NAMES),
        fc.integer({ min: 0, max: 100_000 }),
        (name, coins) => {
          const plan = planBoost(name, { ...shopper, coins });
          if (plan.ok) expect(plan.next.coins).toBe(coins - BOOST_COST);
          if (plan.ok) expect(plan.next.coins).toBeGreaterThanOrEqual(0);
          else expect(coins < BOOST_COST).toBe(true);
        },
      ),
    );
  });

  it('prices levelled boosts 500, 1,000, 2,000... and stops them at their last level', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LEVELLED_BOOSTS), fc.integer({ min: 0, max: 40 }), (name, level) => {
        const s = {
          ...shopper,
          coins: Number.MAX_SAFE_INTEGER,
          touchIncomeLevel: level,
          energyCapacityLevel: level,
        };
        const plan = planBoost(name, s);
        if (level >= BOOST_MAX_LEVEL[name]) {
          expect(plan).toEqual({ ok: false, reason: 'max-level' });
          expect(boostAvailability(name, s).ok).toBe(false);
          return;
        }
        expect(plan.ok && plan.cost).toBe(boostPrice(name, level));
        expect(boostPrice(name, level)).toBe(BOOST_COST * BOOST_PRICE_GROWTH ** level);
        expect(boostPrice(name, level + 1)).toBeGreaterThan(boostPrice(name, level));
        if (plan.ok) expect(levelOf(name, plan.next)).toBe(level + 1);
      }),
    );
    expect(boostPrice('touchIncome', 0)).toBe(500);
    expect(boostPrice('energyCapacity', 0)).toBe(500);
    expect(boostPrice('fullyEnergy')).toBe(500);
  });

  it('buying every level in any order never makes a tap worth more than (1 + cap) * 2', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<BoostName>(...BOOST_NAMES), { maxLength: 60 }), (order) => {
        let s: BoostState = { ...shopper, coins: Number.MAX_SAFE_INTEGER, energy: 0 };
        let spent = 0;
        for (const name of order) {
          const plan = planBoost(name, s);
          if (!plan.ok) continue;
          spent += plan.cost;
          s = { ...plan.next, energy: 0 };
        }
        const double = s.boosts.includes('double') ? 2 : 1;
        expect(s.earnPerTap).toBe((1 + s.touchIncomeLevel * TOUCH_INCOME_STEP) * double);
        expect(s.earnPerTap).toBeLessThanOrEqual((1 + BOOST_MAX_LEVEL.touchIncome) * 2);
        expect(s.maxEnergy).toBeLessThanOrEqual(1000 + BOOST_MAX_LEVEL.energyCapacity * ENERGY_CAPACITY_STEP);
        expect(s.refillsToday).toBeLessThanOrEqual(FULL_ENERGY_PER_DAY);
        expect(spent).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('allows six refills a game day, counted from the day of the last one', () => {
    let s: BoostState = { ...shopper, coins: 100_000 };
    for (let i = 0; i < FULL_ENERGY_PER_DAY; i++) {
      const plan = planBoost('fullyEnergy', { ...s, energy: 0 });
      expect(plan.ok).toBe(true);
      if (plan.ok) s = plan.next;
    }
    expect(planBoost('fullyEnergy', { ...s, energy: 0 })).toEqual({ ok: false, reason: 'daily-limit' });
    const day = gameDay(Date.UTC(2026, 5, 15, 12));
    const now = Date.UTC(2026, 5, 15, 12);
    expect(refillsLeft(day, 6, now)).toBe(0);
    expect(refillsLeft(day - 1, 6, now)).toBe(FULL_ENERGY_PER_DAY);
    expect(refillsLeft(null, 0, now)).toBe(FULL_ENERGY_PER_DAY);
    // The day turns at midnight UTC-6 (06:00 UTC).
    expect(refillsLeft(day, 6, Date.UTC(2026, 5, 16, 5, 59))).toBe(0);
    expect(refillsLeft(day, 6, Date.UTC(2026, 5, 16, 6, 0))).toBe(FULL_ENERGY_PER_DAY);
  });

  it('refuses 2 * Income while there is no income to double', () => {
    expect(planBoost('income', { ...shopper, earnPerHour: 0 })).toEqual({ ok: false, reason: 'no-income' });
    expect(planBoost('income', { ...shopper, earnPerHour: 1 }).ok).toBe(true);
  });
});

describe('treasure', () => {
  it('opens only with a chest, and every prize comes from the table', () => {
    expect(openChest(0, seededRng(1))).toEqual({ ok: false, reason: 'no-chest' });
    const rng = seededRng(7);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const r = openChest(1, rng);
      if (!r.ok) throw new Error('refused');
      expect(CHEST_PRIZES.some((p) => p.type === r.prize.type && p.value === r.prize.value)).toBe(true);
      seen.add(`${r.prize.type}:${r.prize.value}`);
    }
    expect(seen.size).toBe(CHEST_PRIZES.length);
  });
});

describe('farm', () => {
  it('goes from not started to farming to claimable', () => {
    expect(farmStatus(null, 0)).toEqual({ started: false, remainTime: 0, claimable: false, progress: 0 });
    expect(farmStatus(0, FARM_DURATION_MS / 2)).toMatchObject({
      started: true,
      remainTime: FARM_DURATION_MS / 2,
      claimable: false,
      progress: 0.5,
    });
    expect(farmStatus(0, FARM_DURATION_MS)).toMatchObject({ claimable: true, remainTime: 0, progress: 1 });
    expect(canStartFarm(null)).toBeNull();
    expect(canStartFarm(0)).toBe('already-farming');
    expect(canClaimFarm(null, 0)).toBe('not-started');
    expect(canClaimFarm(0, FARM_DURATION_MS - 1)).toBe('not-finished');
    expect(canClaimFarm(0, FARM_DURATION_MS)).toBeNull();
  });

  it('formats the countdown as h:mm:ss', () => {
    expect(formatCountdown(FARM_DURATION_MS)).toBe('6:00:00');
    expect(formatCountdown(61_500)).toBe('0:01:02');
  });

  it('counts down with the days apart (a boost, the season week), and as mm:ss (the mole game)', () => {
    expect(formatDaysCountdown(90_061_000)).toEqual({ days: 1, time: '01:01:01' });
    expect(formatDaysCountdown(3 * 86_400_000 + 5_000)).toEqual({ days: 3, time: '00:00:05' });
    expect(formatDaysCountdown(3_600_000 - 1)).toEqual({ days: 0, time: '01:00:00' });
    expect(formatDaysCountdown(-5)).toEqual({ days: 0, time: '00:00:00' });
    expect(formatClock(60_000)).toBe('01:00');
    expect(formatClock(59_001)).toBe('01:00');
    expect(formatClock(42_000)).toBe('00:42');
    expect(formatClock(-5)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('0:00:00');
  });
});

describe('leaderboard order', () => {
  it('ranks by score, then by the lower id', () => {
    const a = { userid: 3, totalScore: 50 };
    const b = { userid: 2, totalScore: 90 };
    const c = { userid: 1, totalScore: 50 };
    expect([a, b, c].sort(compareRank).map((p) => p.userid)).toEqual([2, 1, 3]);
    expect(rankOf([a, b, c], a)).toBe(3);
  });
});
