/**
 * The game's tunables as data: prices and growth of mining cards and boosts,
 * rewards of the daily check-in, the built-in tasks and chests, spin odds, energy, the mole game's
 * reward cap and the referral rewards. The server stores versions of it in the database and every
 * rule takes the active version (or its slice) as an argument; DEFAULT_CONFIG is version 1, the
 * game as it was before configuration existed.
 *
 * Bounds (checkConfig), chosen so that no draft can break the economy:
 * - every amount is a whole number; growth factors may be fractional;
 * - a value that has a fixed counterpart in today's game (a mining card's price and profit, a
 *   built-in task's reward, a referral reward, the boost price, energy regeneration, the mole cap)
 *   stays within 0.1× and 10× of today's value, and anything that must cost something costs at
 *   least 1 (a refill is never free);
 * - each mining card's payback (price of level 1 ÷ its profit an hour) stays within 0.5× and 2× of
 *   that card's payback today: a cheaper price with a higher profit would otherwise pay back up to
 *   100× faster, and every level bought from the income compounds it;
 * - growth factors: mining 1.25–3 (today 1.5: at 1.05 the tenth level would cost 35× less than
 *   today's and the later levels pay back far faster), boosts 1–4 (a level never gets cheaper);
 * - lists (daily rewards 1–14 days, chest prizes 1–12, referral milestones 1–10 with rising
 *   counts, the wheel's eight segments) hold values within absolute ranges: daily 0–100,000 coins,
 *   0–50 tickets, 0–5 chests; a prize 1–100,000 coins or 1–10 tickets or 1–3 chests;
 * - odds are percentages: each 0–100, together 100 (within 1e-6);
 * - a chest pays on average at most 2,500 coins (today about 800) and 1.2 tickets (today 0.39),
 *   about 3× today, so a jackpot-only chest cannot turn each chest into 100,000 coins;
 * - a spin, counting the chests it gives at the chest's average, pays on average at most 2,000
 *   coins (today about 460) and at most 0.5 ticket for the 1 ticket it costs (today about 0.18):
 *   each ticket buys at most two plays in all (1 + 0.5 + 0.25 + …), never a loop that prints
 *   tickets (and with them mole games and spins);
 * - a day's check-in reward, counting its chests at the chest's average, stays within the day's
 *   bounds: at most 100,000 coins and 50 tickets.
 */
import { BOOST_DEFAULTS, LEVELLED_BOOSTS, type BoostConfig } from './boosts.ts';
import { DAILY_REWARDS, type DailyReward } from './daily.ts';
import { ENERGY_REGEN_MS } from './energy.ts';
import { MINING_DEFAULTS, type MiningConfig } from './mining.ts';
import { GAME_REWARD_CAP } from './mole.ts';
import { isEditableTask } from './operator.ts';
import { MILESTONES, REFERRAL_REWARD, type Milestone, type ReferralRewards } from './referrals.ts';
import { SPIN_COST_TICKETS, SPIN_WHEEL, spinExpectation, type SpinSegment } from './spin.ts';
import { TASKS } from './tasks.ts';
import { CHEST_PRIZES, chestExpectation, type ChestPrize } from './treasure.ts';

export interface GameConfig {
  energy: { regenMs: number };
  daily: { rewards: DailyReward[] };
  /** Rewards (coins or tickets, as the catalogue says) of the built-in tasks, by task name. */
  tasks: { rewards: Record<string, number> };
  chest: { prizes: ChestPrize[] };
  spin: { wheel: SpinSegment[] };
  mining: MiningConfig;
  boosts: BoostConfig;
  mole: { rewardCap: number };
  referral: { rewards: ReferralRewards; milestones: Milestone[] };
}

/** The sections in the order the console shows them. */
export const CONFIG_SECTIONS = [
  'energy',
  'daily',
  'tasks',
  'chest',
  'spin',
  'mining',
  'boosts',
  'mole',
  'referral',
] as const satisfies readonly (keyof GameConfig)[];

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Version 1: today's game, value for value. */
export const DEFAULT_CONFIG: GameConfig = clone({
  energy: { regenMs: ENERGY_REGEN_MS },
  daily: { rewards: [...DAILY_REWARDS] },
  tasks: {
    rewards: Object.fromEntries(
      TASKS.filter((t) => !isEditableTask(t)).map((t) => [t.taskName, t.reward.amount]),
    ),
  },
  chest: { prizes: [...CHEST_PRIZES] },
  spin: { wheel: [...SPIN_WHEEL] },
  mining: MINING_DEFAULTS,
  boosts: BOOST_DEFAULTS,
  mole: { rewardCap: GAME_REWARD_CAP },
  referral: { rewards: REFERRAL_REWARD, milestones: [...MILESTONES] },
});

export interface ConfigError {
  /** Dotted path of the value, e.g. `spin.wheel.2.weight`. */
  path: string;
  message: string;
}

export type ConfigCheck = { ok: true; config: GameConfig } | { ok: false; errors: ConfigError[] };

/** Odds are percentages adding up to 100 within this. */
export const ODDS_EPSILON = 1e-6;
/** A spin's expected coins (its chests counted at the chest's average) may not exceed this. */
export const MAX_SPIN_EXPECTED_COINS = 2_000;
/**
 * A spin's expected tickets (its chests' tickets counted) may not exceed this share of the
 * tickets it costs: below 1 so that spinning never makes tickets, at 0.5 each ticket buys at most
 * two plays in all.
 */
export const MAX_SPIN_TICKET_RETURN = 0.5;
/** A chest's expected coins and tickets may not exceed these (about 3× today's 802.5 and 0.39). */
export const MAX_CHEST_EXPECTED_COINS = 2_500;
export const MAX_CHEST_EXPECTED_TICKETS = 1.2;
/** A day's check-in reward, its chests counted at the chest's average, stays within these. */
export const MAX_DAILY_COINS = 100_000;
export const MAX_DAILY_TICKETS = 50;
/** A mining card's payback (price ÷ profit an hour) stays within these factors of today's. */
export const PAYBACK_RANGE = { min: 0.5, max: 2 } as const;

/** Rounded for messages. */
const shown = (n: number) => Number(n.toFixed(2)).toLocaleString('en-US');

type Num = { min: number; max: number; int?: boolean };

const ONION_RANGE: Num = { min: 1, max: 100_000, int: true };
const PRIZE_RANGE: Record<string, Num> = {
  onion: ONION_RANGE,
  ticket: { min: 1, max: 10, int: true },
  treasure: { min: 1, max: 3, int: true },
};

/** 0.1× to 10× of today's value, at least `floor`. */
const around = (value: number, floor = 1): Num => ({
  min: Math.max(floor, Math.ceil(value / 10)),
  max: value * 10,
  int: true,
});

/**
 * Checks a draft's values: the shape of DEFAULT_CONFIG and every bound above. Returns every
 * broken bound in words with its path, or the values as a GameConfig (unknown keys dropped).
 */
export function checkConfig(values: unknown): ConfigCheck {
  const errors: ConfigError[] = [];
  const fail = (path: string, message: string) => errors.push({ path, message });
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);

  const num = (v: unknown, path: string, bound: Num): number => {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      fail(path, 'must be a number');
      return NaN;
    }
    if (bound.int && !Number.isInteger(v)) fail(path, 'must be a whole number');
    if (v < bound.min) fail(path, `must be at least ${bound.min}`);
    if (v > bound.max) fail(path, `must be at most ${bound.max}`);
    return v;
  };
  const obj = (v: unknown, path: string): Record<string, unknown> => {
    if (isObject(v)) return v;
    fail(path, 'must be an object');
    return {};
  };
  const list = (v: unknown, path: string, min: number, max: number): unknown[] => {
    if (!Array.isArray(v)) {
      fail(path, 'must be a list');
      return [];
    }
    if (v.length < min || v.length > max)
      fail(path, min === max ? `must hold exactly ${min} entries` : `must hold ${min} to ${max} entries`);
    return v;
  };
  const keysOf = (v: Record<string, unknown>, path: string, keys: readonly string[]) => {
    for (const k of keys) if (!(k in v)) fail(`${path}.${k}`, 'is missing');
    for (const k of Object.keys(v)) if (!keys.includes(k)) fail(`${path}.${k}`, 'is not a known value');
  };
  const odds = (weights: number[], path: string) => {
    const total = weights.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
    if (Math.abs(total - 100) > ODDS_EPSILON)
      fail(path, `odds must add up to 100 % (they add up to ${Number(total.toFixed(6))} %)`);
  };

  const root = obj(values, '(values)');
  const D = DEFAULT_CONFIG;
  const out = {} as GameConfig;

  const energy = obj(root.energy, 'energy');
  out.energy = { regenMs: num(energy.regenMs, 'energy.regenMs', around(D.energy.regenMs)) };

  const daily = obj(root.daily, 'daily');
  out.daily = {
    rewards: list(daily.rewards, 'daily.rewards', 1, 14).map((r, i) => {
      const p = `daily.rewards.${i}`;
      const o = obj(r, p);
      return {
        onion: num(o.onion, `${p}.onion`, { min: 0, max: MAX_DAILY_COINS, int: true }),
        ticket: num(o.ticket, `${p}.ticket`, { min: 0, max: MAX_DAILY_TICKETS, int: true }),
        chest: num(o.chest, `${p}.chest`, { min: 0, max: 5, int: true }),
      };
    }),
  };

  const tasks = obj(obj(root.tasks, 'tasks').rewards, 'tasks.rewards');
  keysOf(tasks, 'tasks.rewards', Object.keys(D.tasks.rewards));
  out.tasks = {
    rewards: Object.fromEntries(
      Object.entries(D.tasks.rewards).map(([name, d]) => [
        name,
        num(tasks[name], `tasks.rewards.${name}`, around(d)),
      ]),
    ),
  };

  const prize = (r: unknown, p: string, types: readonly string[]) => {
    const o = obj(r, p);
    const type = String(o.type);
    if (!types.includes(type)) fail(`${p}.type`, `must be one of ${types.join(', ')}`);
    return {
      type,
      value: num(o.value, `${p}.value`, PRIZE_RANGE[type] ?? ONION_RANGE),
      weight: num(o.weight, `${p}.weight`, { min: 0, max: 100 }),
    };
  };
  const chestList = list(obj(root.chest, 'chest').prizes, 'chest.prizes', 1, 12);
  out.chest = {
    prizes: chestList.map((r, i) => prize(r, `chest.prizes.${i}`, ['onion', 'ticket'])) as ChestPrize[],
  };
  odds(
    out.chest.prizes.map((p) => p.weight),
    'chest.prizes',
  );
  // A chest is won from the wheel and the check-in: its average bounds what they really pay.
  const chest = chestExpectation(out.chest.prizes);
  if (chest.onion > MAX_CHEST_EXPECTED_COINS)
    fail(
      'chest.prizes',
      `a chest may pay at most ${shown(MAX_CHEST_EXPECTED_COINS)} coins on average, about 3× today (these prizes pay ${shown(chest.onion)})`,
    );
  if (chest.ticket > MAX_CHEST_EXPECTED_TICKETS)
    fail(
      'chest.prizes',
      `a chest may pay at most ${shown(MAX_CHEST_EXPECTED_TICKETS)} tickets on average, about 3× today (these prizes pay ${shown(chest.ticket)})`,
    );
  out.daily.rewards.forEach((r, i) => {
    if (r.onion + r.chest * chest.onion > MAX_DAILY_COINS)
      fail(
        `daily.rewards.${i}`,
        `a day may pay at most ${shown(MAX_DAILY_COINS)} coins, its chests counted at their average (this day pays ${shown(r.onion + r.chest * chest.onion)})`,
      );
    if (r.ticket + r.chest * chest.ticket > MAX_DAILY_TICKETS)
      fail(
        `daily.rewards.${i}`,
        `a day may pay at most ${MAX_DAILY_TICKETS} tickets, its chests counted at their average (this day pays ${shown(r.ticket + r.chest * chest.ticket)})`,
      );
  });

  const wheelList = list(obj(root.spin, 'spin').wheel, 'spin.wheel', SPIN_WHEEL.length, SPIN_WHEEL.length);
  out.spin = {
    wheel: wheelList.map((r, i) =>
      prize(r, `spin.wheel.${i}`, ['onion', 'ticket', 'treasure']),
    ) as SpinSegment[],
  };
  odds(
    out.spin.wheel.map((s) => s.weight),
    'spin.wheel',
  );
  const spin = spinExpectation(out.spin.wheel);
  const spinCoins = spin.onion + spin.treasure * chest.onion;
  const spinTickets = spin.ticket + spin.treasure * chest.ticket;
  if (spinCoins > MAX_SPIN_EXPECTED_COINS)
    fail(
      'spin.wheel',
      `a spin may pay at most ${shown(MAX_SPIN_EXPECTED_COINS)} coins on average, its chests counted (this wheel pays ${shown(spinCoins)})`,
    );
  const maxTickets = MAX_SPIN_TICKET_RETURN * SPIN_COST_TICKETS;
  if (spinTickets > maxTickets)
    fail(
      'spin.wheel',
      `a spin costs ${SPIN_COST_TICKETS} ticket and may give back at most ${maxTickets} on average, its chests' tickets counted, or spinning would make tickets (this wheel gives back ${shown(spinTickets)})`,
    );

  const mining = obj(root.mining, 'mining');
  const items = obj(mining.items, 'mining.items');
  keysOf(items, 'mining.items', Object.keys(D.mining.items));
  out.mining = {
    priceGrowth: num(mining.priceGrowth, 'mining.priceGrowth', { min: 1.25, max: 3 }),
    items: Object.fromEntries(
      Object.entries(D.mining.items).map(([id, d]) => {
        const o = obj(items[id], `mining.items.${id}`);
        return [
          id,
          {
            basePrice: num(o.basePrice, `mining.items.${id}.basePrice`, around(d.basePrice)),
            profitPerLevel: num(
              o.profitPerLevel,
              `mining.items.${id}.profitPerLevel`,
              around(d.profitPerLevel),
            ),
          },
        ];
      }),
    ),
  };
  for (const [id, d] of Object.entries(D.mining.items)) {
    const c = out.mining.items[id];
    if (!c || !(c.profitPerLevel > 0) || !Number.isFinite(c.basePrice)) continue;
    const today = d.basePrice / d.profitPerLevel;
    const payback = c.basePrice / c.profitPerLevel;
    if (payback < today * PAYBACK_RANGE.min || payback > today * PAYBACK_RANGE.max)
      fail(
        `mining.items.${id}`,
        `must pay back its price in ${shown(today * PAYBACK_RANGE.min)} to ${shown(today * PAYBACK_RANGE.max)} hours of its profit, ${PAYBACK_RANGE.min}× to ${PAYBACK_RANGE.max}× today (these values pay back in ${shown(payback)})`,
      );
  }

  const boosts = obj(root.boosts, 'boosts');
  const maxLevel = obj(boosts.maxLevel, 'boosts.maxLevel');
  out.boosts = {
    cost: num(boosts.cost, 'boosts.cost', around(D.boosts.cost)),
    priceGrowth: num(boosts.priceGrowth, 'boosts.priceGrowth', { min: 1, max: 4 }),
    maxLevel: Object.fromEntries(
      LEVELLED_BOOSTS.map((b) => [
        b,
        num(maxLevel[b], `boosts.maxLevel.${b}`, { min: 1, max: 30, int: true }),
      ]),
    ) as BoostConfig['maxLevel'],
    energyCapacityStep: num(
      boosts.energyCapacityStep,
      'boosts.energyCapacityStep',
      around(D.boosts.energyCapacityStep),
    ),
    touchIncomeStep: num(boosts.touchIncomeStep, 'boosts.touchIncomeStep', { min: 1, max: 10, int: true }),
    fullEnergyPerDay: num(boosts.fullEnergyPerDay, 'boosts.fullEnergyPerDay', { min: 0, max: 20, int: true }),
  };

  out.mole = { rewardCap: num(obj(root.mole, 'mole').rewardCap, 'mole.rewardCap', around(D.mole.rewardCap)) };

  const referral = obj(root.referral, 'referral');
  const rewards = obj(referral.rewards, 'referral.rewards');
  const pair = (kind: 'regular' | 'premium') => {
    const o = obj(rewards[kind], `referral.rewards.${kind}`);
    return {
      inviter: num(o.inviter, `referral.rewards.${kind}.inviter`, around(D.referral.rewards[kind].inviter)),
      invitee: num(o.invitee, `referral.rewards.${kind}.invitee`, around(D.referral.rewards[kind].invitee)),
    };
  };
  out.referral = {
    rewards: { regular: pair('regular'), premium: pair('premium') },
    milestones: list(referral.milestones, 'referral.milestones', 1, 10).map((m, i) => {
      const o = obj(m, `referral.milestones.${i}`);
      return {
        count: num(o.count, `referral.milestones.${i}.count`, { min: 1, max: 1_000, int: true }),
        ticket: num(o.ticket, `referral.milestones.${i}.ticket`, { min: 1, max: 600, int: true }),
      };
    }),
  };
  out.referral.milestones.forEach((m, i, all) => {
    const before = all[i - 1];
    if (before && !(m.count > before.count))
      fail(`referral.milestones.${i}.count`, 'must be more friends than the milestone before');
  });

  return errors.length ? { ok: false, errors } : { ok: true, config: out };
}

/** The dotted paths of every number in a configuration, with its value (the console's form). */
export function configLeaves(config: GameConfig): { path: string; value: number | string }[] {
  const leaves: { path: string; value: number | string }[] = [];
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'number' || typeof v === 'string') leaves.push({ path, value: v });
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}.${i}`));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
  };
  walk(config, '');
  return leaves;
}
