import { describe, expect, it } from 'vitest';
import { boostPrice, planBoost, refillsLeft, BOOST_COST, FULL_ENERGY_PER_DAY } from '../src/boosts.ts';
import { checkConfig, configLeaves, DEFAULT_CONFIG, type GameConfig } from '../src/config.ts';
import { simulateConfig } from '../src/config-simulate.ts';
import { claimDaily, DAILY_REWARDS } from '../src/daily.ts';
import { ENERGY_REGEN_MS, settleEnergy } from '../src/energy.ts';
import { configuredItem, MINING_ITEMS, nextPrice, PRICE_GROWTH } from '../src/mining.ts';
import { gameReward, GAME_REWARD_CAP } from '../src/mole.ts';
import { referralReward, REFERRAL_REWARD, reachedMilestones } from '../src/referrals.ts';
import { seededRng } from '../src/rng.ts';
import { drawSpin, SPIN_WHEEL } from '../src/spin.ts';
import { CHEST_PRIZES, openChest } from '../src/treasure.ts';

/** The entry, which the test expects to be there. */
function at<T>(list: readonly T[] | Record<string, T>, key: number | string): T {
  const value = (list as Record<string | number, T | undefined>)[key];
  if (value === undefined) throw new Error(`no ${String(key)}`);
  return value;
}

const copy = (): GameConfig => JSON.parse(JSON.stringify(DEFAULT_CONFIG)) as GameConfig;
const paths = (values: unknown) => {
  const check = checkConfig(values);
  return check.ok ? [] : check.errors.map((e) => e.path);
};

describe('the game configuration', () => {
  it('version 1 is today’s game, value for value, and passes its own bounds', () => {
    expect(DEFAULT_CONFIG.daily.rewards).toEqual(DAILY_REWARDS);
    expect(DEFAULT_CONFIG.spin.wheel).toEqual(SPIN_WHEEL);
    expect(DEFAULT_CONFIG.chest.prizes).toEqual(CHEST_PRIZES);
    expect(DEFAULT_CONFIG.energy.regenMs).toBe(ENERGY_REGEN_MS);
    expect(DEFAULT_CONFIG.mole.rewardCap).toBe(GAME_REWARD_CAP);
    expect(DEFAULT_CONFIG.referral.rewards).toEqual(REFERRAL_REWARD);
    expect(DEFAULT_CONFIG.boosts.cost).toBe(BOOST_COST);
    expect(DEFAULT_CONFIG.boosts.fullEnergyPerDay).toBe(FULL_ENERGY_PER_DAY);
    expect(DEFAULT_CONFIG.mining.priceGrowth).toBe(PRICE_GROWTH);
    for (const item of MINING_ITEMS) expect(configuredItem(item, DEFAULT_CONFIG.mining)).toEqual(item);
    expect(Object.keys(DEFAULT_CONFIG.tasks.rewards).length).toBeGreaterThan(0);
    const check = checkConfig(DEFAULT_CONFIG);
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.config).toEqual(DEFAULT_CONFIG);
  });

  it('refuses a mining growth that makes later levels cheap (1.1; today 1.5) and keeps 1.25', () => {
    const c = copy();
    c.mining.priceGrowth = 1.1;
    expect(paths(c)).toContain('mining.priceGrowth');
    c.mining.priceGrowth = 1.25;
    expect(paths(c)).not.toContain('mining.priceGrowth');
  });

  it('refuses negative odds, odds not adding up to 100 %, a free refill and out-of-range values, naming every path', () => {
    const c = copy();
    at(c.spin.wheel, 0).weight = -5;
    c.boosts.cost = 0;
    at(c.chest.prizes, 0).weight = 31;
    c.mining.priceGrowth = 0.9;
    at(c.mining.items, 'carousel').basePrice = 100_000;
    c.energy.regenMs = 1.5;
    at(c.daily.rewards, 0).onion = -1;
    (c.mole as Record<string, unknown>).rewardCap = 'lots';
    const broken = paths(c);
    expect(broken).toEqual(
      expect.arrayContaining([
        'spin.wheel.0.weight',
        'spin.wheel',
        'boosts.cost',
        'chest.prizes',
        'mining.priceGrowth',
        'mining.items.carousel.basePrice',
        'energy.regenMs',
        'daily.rewards.0.onion',
        'mole.rewardCap',
      ]),
    );
    const check = checkConfig(c);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors.find((e) => e.path === 'boosts.cost')?.message).toMatch(/at least 50/);
  });

  it('refuses a wheel that pays too much on average, missing or unknown values and falling milestones', () => {
    const c = copy();
    for (const s of c.spin.wheel) if (s.type === 'onion') s.value = 50_000;
    delete (c.mining.items as Record<string, unknown>)['carousel'];
    (c.tasks.rewards as Record<string, number>)['Made_Up'] = 5;
    at(c.referral.milestones, 1).count = 1;
    expect(paths(c)).toEqual(
      expect.arrayContaining([
        'spin.wheel',
        'mining.items.carousel',
        'tasks.rewards.Made_Up',
        'referral.milestones.1.count',
      ]),
    );
    expect(paths(null)).toContain('(values)');
  });

  it('refuses a wheel that prints tickets, counting the tickets of the chests it gives', () => {
    const c = copy();
    // The reviewer's exploit: every spin lands on 10 tickets for the 1 it costs.
    c.spin.wheel = c.spin.wheel.map((s, i) =>
      i === 1 ? { type: 'ticket', value: 10, weight: 100 } : { ...s, weight: 0 },
    );
    expect(paths(c)).toEqual(['spin.wheel']);
    const check = checkConfig(c);
    if (!check.ok) expect(check.errors[0]?.message).toMatch(/at most 0.5 .*gives back 10\)/);

    // No ticket segment, but 3 chests half the time, each worth today's 0.39 tickets: 0.585 a spin.
    const chests = copy();
    chests.spin.wheel = chests.spin.wheel.map((s, i) =>
      i === 3 ? { type: 'treasure', value: 3, weight: 50 } : { ...s, weight: i === 0 ? 50 : 0 },
    );
    expect(paths(chests)).toEqual(['spin.wheel']);
    const viaChests = checkConfig(chests);
    if (!viaChests.ok) expect(viaChests.errors[0]?.message).toMatch(/tickets counted.*gives back 0\.5[89]\)/);

    // Just under and just over half a ticket back: 0.16 + 0.06 × 0.39 today, then more ticket odds.
    const under = copy();
    at(under.spin.wheel, 5).value = 10; // 0.1 + 10 × 0.02 + 0.06 × 0.39 = 0.32
    expect(paths(under)).toEqual([]);
    const over = copy();
    at(over.spin.wheel, 5).value = 10;
    at(over.spin.wheel, 1).value = 3; // 0.3 + 0.2 + 0.0234 = 0.52
    expect(paths(over)).toEqual(['spin.wheel']);
  });

  it('refuses a jackpot-only chest and counts chests in the wheel’s coins and the day’s reward', () => {
    const c = copy();
    // The reviewer's exploit: one 100,000-coin prize at weight 100.
    c.chest.prizes = [{ type: 'onion', value: 100_000, weight: 100 }];
    expect(paths(c)).toContain('chest.prizes');
    const check = checkConfig(c);
    if (!check.ok)
      expect(check.errors.find((e) => e.path === 'chest.prizes')?.message).toMatch(/at most 2,500 coins/);

    const tickets = copy();
    tickets.chest.prizes = [{ type: 'ticket', value: 2, weight: 100 }];
    expect(paths(tickets)).toContain('chest.prizes');

    // A chest at 2,400 coins passes alone; three chests a spin at 75 % put the wheel at 5,400 + coins.
    const rich = copy();
    rich.chest.prizes = [{ type: 'onion', value: 2_400, weight: 100 }];
    expect(paths(rich)).toEqual([]);
    rich.spin.wheel = rich.spin.wheel.map((s, i) =>
      i === 3 ? { type: 'treasure', value: 3, weight: 75 } : i === 0 ? s : { ...s, weight: 0 },
    ) as GameConfig['spin']['wheel'];
    at(rich.spin.wheel, 0).weight = 25;
    expect(paths(rich)).toEqual(['spin.wheel']);

    // A day of 90,000 coins and 5 chests of 2,400: 102,000 coins counted.
    const day = copy();
    day.chest.prizes = [{ type: 'onion', value: 2_400, weight: 100 }];
    day.daily.rewards = [{ onion: 90_000, ticket: 1, chest: 5 }];
    expect(paths(day)).toEqual(['daily.rewards.0']);
    at(day.daily.rewards, 0).chest = 4; // 99,600
    expect(paths(day)).toEqual([]);
    day.chest.prizes = [{ type: 'ticket', value: 1, weight: 100 }];
    day.daily.rewards = [{ onion: 0, ticket: 47, chest: 4 }]; // 51 tickets
    expect(paths(day)).toEqual(['daily.rewards.0']);
  });

  it('bounds each mining card’s payback to 0.5×–2× of today’s, not only its price and profit', () => {
    const c = copy();
    const today = at(c.mining.items, 'carousel');
    // The reviewer's exploit: price ×0.1 and profit ×10, each within its own bound, pays back 100× faster.
    c.mining.items.carousel = {
      basePrice: Math.ceil(today.basePrice / 10),
      profitPerLevel: today.profitPerLevel * 10,
    };
    expect(paths(c)).toEqual(['mining.items.carousel']);
    const check = checkConfig(c);
    if (!check.ok) expect(check.errors[0]?.message).toMatch(/0.5× to 2× today/);
    // Both ×10 (same payback) and price ×2 (twice the payback) pass; price ×2.5 does not.
    c.mining.items.carousel = { basePrice: today.basePrice * 10, profitPerLevel: today.profitPerLevel * 10 };
    expect(paths(c)).toEqual([]);
    c.mining.items.carousel = { basePrice: today.basePrice * 2, profitPerLevel: today.profitPerLevel };
    expect(paths(c)).toEqual([]);
    c.mining.items.carousel = {
      basePrice: Math.round(today.basePrice * 2.5),
      profitPerLevel: today.profitPerLevel,
    };
    expect(paths(c)).toEqual(['mining.items.carousel']);
  });

  it('every rule pays what the configuration it is given says', () => {
    const c = copy();
    c.daily.rewards = [{ onion: 777, ticket: 4, chest: 2 }];
    const claim = claimDaily(null, 0, Date.UTC(2026, 5, 15, 12), c.daily.rewards);
    expect(claim).toMatchObject({ ok: true, onion: 777, ticket: 4, chest: 2 });

    c.energy.regenMs = 100;
    expect(settleEnergy(0, 1000, 0, 1000, c.energy.regenMs).value).toBe(10);
    expect(settleEnergy(0, 1000, 0, 1000).value).toBe(3);

    c.spin.wheel = c.spin.wheel.map((s, i) => ({ ...s, weight: i === 7 ? 100 : 0 }));
    const spin = drawSpin(1, seededRng(1), c.spin.wheel);
    expect(spin.ok && spin.prize).toEqual(c.spin.wheel[7]);

    c.chest.prizes = [{ type: 'ticket', value: 9, weight: 100 }];
    expect(openChest(1, seededRng(2), c.chest.prizes)).toEqual({
      ok: true,
      prize: { type: 'ticket', value: 9 },
    });

    c.boosts.cost = 800;
    c.boosts.fullEnergyPerDay = 2;
    expect(boostPrice('fullyEnergy', 0, c.boosts)).toBe(800);
    expect(boostPrice('touchIncome', 2, c.boosts)).toBe(800 * 4);
    expect(refillsLeft(null, 0, 0, c.boosts)).toBe(2);
    const state = {
      coins: 10_000,
      energy: 0,
      maxEnergy: 1000,
      earnPerHour: 0,
      earnPerTap: 1,
      loseEnergyPerTap: 10,
      boosts: [],
      touchIncomeLevel: 0,
      energyCapacityLevel: 0,
      refillsToday: 2,
    };
    expect(planBoost('fullyEnergy', state, c.boosts)).toEqual({ ok: false, reason: 'daily-limit' });
    expect(planBoost('fullyEnergy', state)).toMatchObject({ ok: true, cost: BOOST_COST });

    c.mining.priceGrowth = 2;
    c.mining.items.carousel = { basePrice: 300, profitPerLevel: 20 };
    const carousel = configuredItem(
      at(
        MINING_ITEMS.filter((i) => i.id === 'carousel'),
        0,
      ),
      c.mining,
    );
    expect(nextPrice(carousel, 2, c.mining.priceGrowth)).toBe(1_200);

    expect(gameReward(5_000, 2_000)).toBe(2_000);
    c.referral.rewards.premium.inviter = 40_000;
    expect(referralReward(true, c.referral.rewards).inviter).toBe(40_000);
    expect(reachedMilestones(3, [{ count: 3, ticket: 1 }])).toHaveLength(1);
  });

  it('simulates a draft against the active version: richer daily rewards show in coins a day and leagues', () => {
    const draft = copy();
    draft.daily.rewards = draft.daily.rewards.map((r) => ({ ...r, onion: r.onion * 10 }));
    const sim = simulateConfig(draft, DEFAULT_CONFIG, 14);
    expect(sim.active.map((s) => s.strategy)).toEqual(['casual', 'diligent']);
    const [activeCasual, draftCasual] = [at(sim.active, 0), at(sim.draft, 0)];
    expect(draftCasual.coinsPerDay.daily).toBeGreaterThan(activeCasual.coinsPerDay.daily * 9);
    expect(draftCasual.coinsPerDay.tap).toBe(activeCasual.coinsPerDay.tap);
    expect(at(draftCasual.daysToLeague, 'silver') ?? Infinity).toBeLessThan(
      at(activeCasual.daysToLeague, 'silver') ?? Infinity,
    );
    expect(simulateConfig(DEFAULT_CONFIG, DEFAULT_CONFIG, 7).draft).toEqual(
      simulateConfig(DEFAULT_CONFIG, DEFAULT_CONFIG, 7).active,
    );
  });

  it('the preview’s diligent player spends every ticket, so a ticket-printing wheel shows as coins', () => {
    const loop = copy();
    loop.spin.wheel = loop.spin.wheel.map((s, i) =>
      i === 1 ? { type: 'ticket', value: 10, weight: 100 } : { ...s, weight: 0 },
    );
    const sim = simulateConfig(loop, DEFAULT_CONFIG, 7);
    const [active, draft] = [at(sim.active, 1), at(sim.draft, 1)];
    expect(active.coinsPerDay.spin).toBeGreaterThan(0);
    expect(draft.coinsPerDay.spin).toBe(0);
    // Today every ticket goes on the wheel, which gives back too few for mole games; the looping
    // wheel turns 20 spins a visit into 200 tickets and 20 mole games a visit (about 450 coins each).
    expect(active.coinsPerDay.mole).toBeLessThan(1_000);
    expect(draft.coinsPerDay.mole).toBeGreaterThan(20_000);
    expect(draft.totalPerDay).toBeGreaterThan(active.totalPerDay);
  });

  it('lists every value of a configuration by its path', () => {
    const leaves = configLeaves(DEFAULT_CONFIG);
    expect(leaves).toContainEqual({ path: 'boosts.cost', value: BOOST_COST });
    expect(leaves).toContainEqual({ path: 'spin.wheel.0.weight', value: at(SPIN_WHEEL, 0).weight });
  });
});
