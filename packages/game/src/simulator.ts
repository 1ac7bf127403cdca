/**
 * A deterministic economy simulator (docs/economy.md). It plays strategies over simulated days
 * with the real rule functions of this package, so that a rule or constant change shows at once
 * what it does to a casual player, a diligent one and the best script we can write.
 * Pure: no I/O, no clock, one seeded rng per run.
 */
import {
  allocateAirdrop,
  distribution,
  type AirdropParams,
  type AirdropRow,
  type Distribution,
} from './airdrop.ts';
import {
  ENERGY_CAPACITY_STEP,
  FULL_ENERGY_PER_DAY,
  incomeMultiplier,
  planBoost,
  refillsUsed,
  TOUCH_INCOME_STEP,
  type BoostName,
  type BoostState,
} from './boosts.ts';
import type { GameConfig } from './config.ts';
import { claimDaily } from './daily.ts';
import { ENERGY_REGEN_MS, settleEnergy } from './energy.ts';
import { canClaimFarm, canStartFarm, FARM_REWARD } from './farm.ts';
import { settleIncome } from './income.ts';
import {
  configuredItem,
  decideBuy,
  MINING_CATEGORIES,
  MINING_DEFAULTS,
  MINING_ITEMS,
  itemsOf,
  nextPrice,
  type MiningItem,
} from './mining.ts';
import {
  gameReward,
  HIDE_S,
  maxScoreFor,
  moleUpMs,
  nextMoleCycle,
  nextWait,
  RESULT_GRACE_MS,
  TIME_LIMIT_MS,
} from './mole.ts';
import { NEW_PLAYER } from './profile.ts';
import { pickWeighted, seededRng, type Rng } from './rng.ts';
import { drawSpin } from './spin.ts';
import { planTap, TAP_INTERVAL_MS, TAP_MAX_BATCH } from './tap.ts';
import {
  addProgress,
  decideClaim,
  isLinkTask,
  TASKS,
  tasksForAction,
  taskPeriod,
  type TaskAction,
} from './tasks.ts';
import { DAY_MS, gameDay } from './time.ts';
import { openChest } from './treasure.ts';

const HOUR_MS = 3_600_000;

/** How a player hits moles: the chance to hit a coin mole and a bomb, and the reaction time. */
export interface MoleSkill {
  hit: number;
  bomb: number;
  reactionS: number;
}

/** A good but human player: hits seven coin moles in ten, rarely a bomb, in about 0.6 s. */
export const GOOD_HUMAN: MoleSkill = { hit: 0.7, bomb: 0.05, reactionS: 0.6 };
/** A flawless human: every coin mole at 0.3 s, never a bomb. */
export const PERFECT_HUMAN: MoleSkill = { hit: 1, bomb: 0, reactionS: 0.3 };

/**
 * One 60-second mole game played with the real mole rules (mole.ts: types, points, speeds,
 * delays, waits), as apps/web/src/features/play/mole-hole.tsx runs each hole.
 */
export function playMoleGame(skill: MoleSkill, rng: Rng): number {
  const limit = TIME_LIMIT_MS / 1000;
  let score = 0;
  for (let hole = 0; hole < 9; hole++) {
    let t = 0;
    let repeat = 0;
    for (;;) {
      const c = nextMoleCycle(repeat, rng);
      const rise = t + c.delay / c.timeScale;
      if (rise >= limit) break;
      const upFor = (0.35 + moleUpMs(c.type) / 1000 + 0.15) / c.timeScale;
      const wants = c.type === 'bomb' ? rng() < skill.bomb : rng() < skill.hit;
      const hitAt = rise + skill.reactionS;
      if (wants && hitAt < rise + upFor && hitAt < limit) {
        score = Math.max(0, score + c.points);
        t = hitAt + HIDE_S;
      } else {
        t = rise + (0.35 + moleUpMs(c.type) / 1000 + 0.3) / c.timeScale;
      }
      repeat += 1;
      t += nextWait(rng);
    }
  }
  return score;
}

/** The best score the server accepts for a game (play.service.ts: maxScoreFor the time played). */
export const bestAcceptedScore = () => maxScoreFor(TIME_LIMIT_MS + RESULT_GRACE_MS);

export interface Strategy {
  name: string;
  /** Visits, in hours after the start of the game day; null: around the clock (every `tickMs`). */
  visits: readonly number[] | null;
  tickMs?: number;
  /** Taps per visit (Infinity: all the energy there is). */
  tapsPerVisit: number;
  /** Taps per second when tapping. */
  tapRate: number;
  claimsDaily: boolean;
  farms: boolean;
  tasks: boolean;
  chests: boolean;
  /** How tickets are played: not at all, as a good human, or with the best score accepted. */
  tickets: 'none' | 'human' | 'best';
  /**
   * Spends every ticket held on the wheel, spinning again the tickets it gives back, then plays
   * mole games with what is left: at most this many spins and this many games a visit. Unset:
   * one spin a day (the Lucky wheel task), then every ticket on mole games. The configuration
   * preview sets it so that a wheel giving back more tickets than it costs shows as a loop.
   */
  spendsTickets?: number;
  /** Buys mining levels and boosts by payback time. */
  buys: boolean;
  /**
   * Saves for the purchase with the best payback of all, instead of buying the best one it can
   * afford now (a human does the latter).
   */
  saves?: boolean;
  /** Buys Full Energy whenever a refill returns more than it costs. */
  refills: boolean;
}

export const CASUAL: Strategy = {
  name: 'casual',
  visits: [9, 21],
  tapsPerVisit: 60,
  tapRate: 5,
  claimsDaily: true,
  farms: false,
  tasks: false,
  chests: false,
  tickets: 'none',
  buys: false,
  refills: false,
};

export const DILIGENT: Strategy = {
  name: 'diligent',
  visits: [7, 12, 17, 22],
  tapsPerVisit: Infinity,
  tapRate: 6,
  claimsDaily: true,
  farms: true,
  tasks: true,
  chests: true,
  tickets: 'human',
  buys: true,
  refills: true,
};

export const SCRIPT: Strategy = {
  name: 'script',
  visits: null,
  tickMs: 5 * 60_000,
  tapsPerVisit: Infinity,
  tapRate: 1000 / TAP_INTERVAL_MS,
  claimsDaily: true,
  farms: true,
  tasks: true,
  chests: true,
  tickets: 'best',
  buys: true,
  saves: true,
  refills: true,
};

export const STRATEGIES: readonly Strategy[] = [CASUAL, DILIGENT, SCRIPT];

interface Player {
  coins: number;
  earned: number;
  ticket: number;
  chests: number;
  energy: number;
  energyAt: number;
  maxEnergy: number;
  earnPerTap: number;
  loseEnergyPerTap: number;
  earnPerHour: number;
  incomeAt: number;
  tapClock: number;
  boosts: string[];
  touchIncomeLevel: number;
  energyCapacityLevel: number;
  refillDay: number | null;
  refillCount: number;
  lastDailyDay: number | null;
  streak: number;
  farmStartedAt: number | null;
  mining: Map<string, number>;
  /** task name + period -> progress and claim. */
  tasks: Map<string, { count: number; claimed: boolean }>;
}

/** Where coins come from (the configuration simulator's columns). */
export const COIN_SOURCES = ['tap', 'income', 'daily', 'tasks', 'spin', 'chest', 'mole', 'farm'] as const;
export type CoinSource = (typeof COIN_SOURCES)[number];

export interface DayReport {
  day: number;
  /** Coins earned that day by source. */
  bySource: Record<CoinSource, number>;
  /** Coins earned that day (lifetime score gained; spending does not lower it). */
  earned: number;
  /** Balance at the end of the day. */
  coins: number;
  earnPerHour: number;
  earnPerTap: number;
  refills: number;
  taps: number;
}

export interface RunReport {
  strategy: string;
  days: DayReport[];
  totalEarned: number;
  /** Day (1-based) each mining tier (the n-th item of a category, by price) was first bought. */
  tierDays: (number | null)[];
  /** Most coins any single Full Energy refill returned, and how many refills were bought. */
  refillsBought: number;
  bestRefillReturn: number;
}

/** Simulation start: the beginning of a game day (UTC-6), 2026-06-15. */
export const SIM_START = gameDay(Date.UTC(2026, 5, 15, 12)) * DAY_MS + 6 * HOUR_MS;

/** Plays one strategy for `days` game days with the real rules. */
export function simulate(strategy: Strategy, days = 30, seed = 1, config?: GameConfig): RunReport {
  const rng = seededRng(seed);
  const regenMs = config?.energy.regenMs ?? ENERGY_REGEN_MS;
  const boostConfig = config?.boosts;
  const growth = config?.mining.priceGrowth ?? MINING_DEFAULTS.priceGrowth;
  const itemOf = (item: MiningItem) => configuredItem(item, config?.mining);
  const refillCost = boostConfig?.cost ?? 500;
  const refillsPerDay = boostConfig?.fullEnergyPerDay ?? FULL_ENERGY_PER_DAY;
  const touchStep = boostConfig?.touchIncomeStep ?? TOUCH_INCOME_STEP;
  const capacityStep = boostConfig?.energyCapacityStep ?? ENERGY_CAPACITY_STEP;
  const taskReward = (task: (typeof TASKS)[number]) =>
    config?.tasks.rewards[task.taskName] ?? task.reward.amount;
  const zero = () => Object.fromEntries(COIN_SOURCES.map((s) => [s, 0])) as Record<CoinSource, number>;
  let daySources = zero();
  const p: Player = {
    coins: NEW_PLAYER.coins,
    earned: 0,
    ticket: NEW_PLAYER.ticket,
    chests: NEW_PLAYER.chests,
    energy: NEW_PLAYER.energy,
    energyAt: SIM_START,
    maxEnergy: NEW_PLAYER.maxEnergy,
    earnPerTap: NEW_PLAYER.earnPerTap,
    loseEnergyPerTap: NEW_PLAYER.loseEnergyPerTap,
    earnPerHour: NEW_PLAYER.earnPerHour,
    incomeAt: SIM_START,
    tapClock: SIM_START,
    boosts: [],
    touchIncomeLevel: 0,
    energyCapacityLevel: 0,
    refillDay: null,
    refillCount: 0,
    lastDailyDay: null,
    streak: 0,
    farmStartedAt: null,
    mining: new Map(),
    tasks: new Map(),
  };
  const tierDays: (number | null)[] = Array.from({ length: 6 }, () => null);
  let refillsBought = 0;
  let bestRefillReturn = 0;
  let dayTaps = 0;
  let dayRefills = 0;
  let now = SIM_START;

  const earn = (coins: number, source: CoinSource) => {
    p.coins += coins;
    p.earned += coins;
    daySources[source] += coins;
  };
  const settle = () => {
    const income = settleIncome(p.earnPerHour, p.incomeAt, now);
    earn(income.coins, 'income');
    p.incomeAt = income.at;
    const e = settleEnergy(p.energy, p.maxEnergy, p.energyAt, now, regenMs);
    p.energy = e.value;
    p.energyAt = e.at;
  };
  const boostState = (): BoostState => ({
    ...p,
    refillsToday: refillsUsed(p.refillDay, p.refillCount, now),
  });
  const buyBoost = (name: BoostName): boolean => {
    settle();
    const plan = planBoost(name, boostState(), boostConfig);
    if (!plan.ok) return false;
    const { next } = plan;
    if (name === 'fullyEnergy') {
      p.refillDay = gameDay(now);
      p.refillCount = next.refillsToday;
      p.energyAt = now;
    }
    Object.assign(p, {
      coins: next.coins,
      energy: next.energy,
      maxEnergy: next.maxEnergy,
      earnPerHour: next.earnPerHour,
      earnPerTap: next.earnPerTap,
      loseEnergyPerTap: next.loseEnergyPerTap,
      boosts: next.boosts,
      touchIncomeLevel: next.touchIncomeLevel,
      energyCapacityLevel: next.energyCapacityLevel,
    });
    return true;
  };

  const progress = (action: TaskAction, amount: number) => {
    for (const task of tasksForAction(action)) {
      const key = `${task.taskName}:${taskPeriod(task, now)}`;
      const t = p.tasks.get(key) ?? { count: 0, claimed: false };
      t.count = addProgress(t.count, amount, task.targetCount);
      p.tasks.set(key, t);
    }
  };
  const claimTasks = () => {
    for (const task of TASKS) {
      if (task.dailyType === 'invite') continue; // needs real friends: not simulated
      const key = `${task.taskName}:${taskPeriod(task, now)}`;
      const t = p.tasks.get(key) ?? { count: 0, claimed: false };
      const completed = isLinkTask(task) || t.count >= task.targetCount;
      if (!decideClaim({ completed, claimed: t.claimed }).ok) continue;
      t.claimed = true;
      p.tasks.set(key, t);
      if (task.reward.type === 'onion') earn(taskReward(task), 'tasks');
      else p.ticket += taskReward(task);
    }
  };

  /** Taps `wanted` taps at `rate` a second (never faster than the server's pace). */
  const tap = (wanted: number, rate: number) => {
    const step = Math.max(TAP_INTERVAL_MS, 1000 / rate);
    let left = wanted;
    while (left > 0 && p.energy >= p.loseEnergyPerTap) {
      // Taps reach the server in batches; the time they took to tap passes after each.
      const r = planTap(p, Math.min(left, TAP_MAX_BATCH), now, regenMs);
      p.energy = r.energy;
      p.energyAt = r.energyAt;
      p.tapClock = r.tapClock;
      earn(r.earned, 'tap');
      dayTaps += r.credited;
      progress('tap', r.credited);
      left -= r.credited;
      now += Math.max(1000, r.credited * step);
      const e = settleEnergy(p.energy, p.maxEnergy, p.energyAt, now, regenMs);
      p.energy = e.value;
      p.energyAt = e.at;
      if (r.credited === 0 && p.energy < p.loseEnergyPerTap) break;
    }
  };

  /** Coins a full bar of taps pays. */
  const barValue = () => Math.floor(p.maxEnergy / p.loseEnergyPerTap) * p.earnPerTap;
  const visitsPerDay = strategy.visits?.length ?? 0;
  /** Taps a day this strategy makes at the current levels (for payback times). */
  const tapsPerDay = () => {
    const refills = strategy.refills && barValue() > refillCost ? refillsPerDay : 0;
    const bars =
      strategy.visits === null
        ? DAY_MS / regenMs / p.maxEnergy + refills
        : (Math.min(strategy.tapsPerVisit * p.loseEnergyPerTap, p.maxEnergy) / p.maxEnergy) * visitsPerDay +
          refills;
    return (bars * p.maxEnergy) / p.loseEnergyPerTap;
  };
  const passiveHours = () => (strategy.visits === null ? 24 : Math.min(24, strategy.visits.length * 8));

  /** The purchase with the shortest payback (in days) it can afford now, if any pays back in time. */
  /** The best purchase waited for (nothing changes it but a purchase): skip until affordable. */
  let waitFor = 0;
  const bestPurchase = (horizonDays: number): (() => void) | null => {
    if (p.coins < waitFor) return null;
    let best: { days: number; act: () => void; price: number } | null = null;
    const mult = incomeMultiplier(p.boosts);
    for (const catalogued of MINING_ITEMS) {
      const item = itemOf(catalogued);
      const level = p.mining.get(item.id) ?? 0;
      const d = decideBuy(item, level, strategy.saves ? Number.MAX_SAFE_INTEGER : p.coins, mult, growth);
      if (!d.ok) continue;
      const days = d.price / (d.profitGain * passiveHours());
      if (!best || days < best.days) best = { days, act: () => buyMining(catalogued), price: d.price + 1 };
    }
    const boostValue: Partial<Record<BoostName, number>> = {
      income: p.earnPerHour * passiveHours(),
      touchIncome: tapsPerDay() * touchStep * (p.boosts.includes('double') ? 2 : 1),
      energyCapacity:
        strategy.refills && barValue() > refillCost
          ? (refillsPerDay * capacityStep * p.earnPerTap) / p.loseEnergyPerTap
          : strategy.visits === null
            ? 0
            : (visitsPerDay * capacityStep * p.earnPerTap) / p.loseEnergyPerTap,
    };
    for (const [name, value] of Object.entries(boostValue) as [BoostName, number][]) {
      if (value <= 0) continue;
      const plan = planBoost(
        name,
        { ...boostState(), coins: strategy.saves ? Number.MAX_SAFE_INTEGER : p.coins },
        boostConfig,
      );
      if (!plan.ok) continue;
      const days = plan.cost / value;
      if (!best || days < best.days) best = { days, act: () => void buyBoost(name), price: plan.cost };
    }
    if (!best || best.days > horizonDays) return null;
    if (p.coins < best.price) {
      waitFor = best.price;
      return null;
    }
    waitFor = 0;
    return best.act;
  };
  const buyMining = (item: MiningItem) => {
    settle();
    const level = p.mining.get(item.id) ?? 0;
    const d = decideBuy(itemOf(item), level, p.coins, incomeMultiplier(p.boosts), growth);
    if (!d.ok) return;
    p.coins -= d.price;
    p.earnPerHour += d.profitGain;
    p.mining.set(item.id, d.level);
    progress('mining', 1);
    const tier = itemsOf(item.category).indexOf(item);
    if (tierDays[tier] === null) tierDays[tier] = Math.floor((now - SIM_START) / DAY_MS) + 1;
  };

  const spin = () => {
    const draw = drawSpin(p.ticket, rng, config?.spin.wheel);
    if (!draw.ok) return;
    p.ticket -= 1;
    if (draw.prize.type === 'onion') earn(draw.prize.value, 'spin');
    else if (draw.prize.type === 'ticket') p.ticket += draw.prize.value;
    else p.chests += draw.prize.value;
    progress('spin', 1);
  };
  const moleGame = () => {
    p.ticket -= 1;
    const score = strategy.tickets === 'best' ? bestAcceptedScore() : playMoleGame(GOOD_HUMAN, rng);
    earn(gameReward(score, config?.mole.rewardCap), 'mole');
    progress('game', 1);
    now += TIME_LIMIT_MS;
    claimTasks(); // the Mole smasher ticket
  };

  const playTickets = () => {
    if (strategy.tickets === 'none') return;
    if (strategy.spendsTickets !== undefined) {
      for (let n = 0; n < strategy.spendsTickets && p.ticket > 0; n++) spin();
      for (let n = 0; n < strategy.spendsTickets && p.ticket > 0; n++) moleGame();
      return;
    }
    // One spin a day for the Lucky wheel task, then every ticket on the mole game.
    const spinKey = `Daily_Spin:${gameDay(now)}`;
    if (!p.tasks.get(spinKey)?.count && p.ticket > 0) spin();
    while (p.ticket > 0) moleGame();
  };

  const visit = (day: number) => {
    settle();
    if (strategy.claimsDaily) {
      const claim = claimDaily(p.lastDailyDay, p.streak, now, config?.daily.rewards);
      if (claim.ok) {
        p.lastDailyDay = claim.today;
        p.streak = claim.day;
        earn(claim.onion, 'daily');
        p.ticket += claim.ticket;
        p.chests += claim.chest;
      }
    }
    if (strategy.farms) {
      if (canClaimFarm(p.farmStartedAt, now) === null) {
        earn(FARM_REWARD, 'farm');
        p.farmStartedAt = null;
        progress('farm', 1);
      }
      if (canStartFarm(p.farmStartedAt) === null) p.farmStartedAt = now;
    }
    if (strategy.chests) {
      while (p.chests > 0) {
        const opening = openChest(p.chests, rng, config?.chest.prizes);
        if (!opening.ok) break;
        p.chests -= 1;
        if (opening.prize.type === 'onion') earn(opening.prize.value, 'chest');
        else p.ticket += opening.prize.value;
        progress('chest', 1);
      }
    }
    playTickets();
    if (strategy.tasks) claimTasks();
    tap(strategy.tapsPerVisit, strategy.tapRate);
    if (strategy.refills) {
      // A refill is bought only when the bar it fills pays more than the refill costs.
      for (;;) {
        const cost = refillCost;
        const value = barValue();
        if (value <= cost) break;
        if (!buyBoost('fullyEnergy')) break;
        refillsBought += 1;
        dayRefills += 1;
        const before = p.earned;
        tap(Infinity, strategy.tapRate);
        bestRefillReturn = Math.max(bestRefillReturn, p.earned - before);
      }
    }
    if (strategy.tasks) claimTasks();
    if (strategy.buys) {
      const horizon = Math.max(1, days - day);
      for (let i = 0; i < 1000; i++) {
        const act = bestPurchase(horizon);
        if (!act) break;
        act();
      }
      if (strategy.tasks) claimTasks();
    }
  };

  const reports: DayReport[] = [];
  for (let day = 0; day < days; day++) {
    const dayStart = SIM_START + day * DAY_MS;
    const earnedBefore = p.earned;
    dayTaps = 0;
    dayRefills = 0;
    daySources = zero();
    const times =
      strategy.visits === null
        ? Array.from(
            { length: Math.floor(DAY_MS / (strategy.tickMs ?? 300_000)) },
            (_, i) => i * (strategy.tickMs ?? 300_000),
          )
        : strategy.visits.map((h) => h * HOUR_MS);
    for (const offset of times) {
      now = Math.max(now, dayStart + offset);
      visit(day);
    }
    now = Math.max(now, dayStart + DAY_MS - 1);
    settle();
    reports.push({
      day: day + 1,
      bySource: daySources,
      earned: p.earned - earnedBefore,
      coins: p.coins,
      earnPerHour: p.earnPerHour,
      earnPerTap: p.earnPerTap,
      refills: dayRefills,
      taps: dayTaps,
    });
  }
  return {
    strategy: strategy.name,
    days: reports,
    totalEarned: p.earned,
    tierDays,
    refillsBought,
    bestRefillReturn,
  };
}

/** Every mining category has items of the same six tiers. */
export const TIER_PRICES = itemsOf(MINING_CATEGORIES[0]).map((_, i) =>
  Math.min(
    ...MINING_CATEGORIES.map((c) => {
      const item = itemsOf(c)[i];
      if (!item) throw new Error(`${c} has no tier ${i + 1}`);
      return nextPrice(item, 0);
    }),
  ),
);

export interface EconomyTable {
  days: number;
  runs: RunReport[];
  /** Script coins / diligent coins over the whole run. */
  ratioTotal: number;
  /** Script / diligent over the last seven days (steady state). */
  ratioSteady: number;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Runs every strategy and compares the script with the diligent player. */
export function economyTable(days = 30, seed = 1): EconomyTable {
  const runs = STRATEGIES.map((s) => simulate(s, days, seed));
  const of = (name: string) => {
    const run = runs.find((r) => r.strategy === name);
    if (!run) throw new Error(`no ${name} strategy`);
    return run;
  };
  const last = (r: RunReport) => sum(r.days.slice(-7).map((d) => d.earned));
  return {
    days,
    runs,
    ratioTotal: of('script').totalEarned / of('diligent').totalEarned,
    ratioSteady: last(of('script')) / last(of('diligent')),
  };
}

/** The table of docs/economy.md as text. */
export function formatTable(t: EconomyTable): string {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const lines = [
    `Economy over ${t.days} simulated days (coins earned, lifetime score)`,
    '',
    '| strategy | day 1 | day 7 | day 14 | day 30 | per day (avg) | last 7 days per day | total | earnPerHour at end | earnPerTap at end |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
  ];
  for (const r of t.runs) {
    const at = (d: number) => r.days[Math.min(d, r.days.length) - 1]?.earned ?? 0;
    const end = r.days.at(-1);
    if (!end) throw new Error(`${r.strategy}: no days simulated`);
    lines.push(
      `| ${r.strategy} | ${n(at(1))} | ${n(at(7))} | ${n(at(14))} | ${n(at(t.days))} | ${n(r.totalEarned / t.days)} | ${n(sum(r.days.slice(-7).map((d) => d.earned)) / 7)} | ${n(r.totalEarned)} | ${n(end.earnPerHour)} | ${n(end.earnPerTap)} |`,
    );
  }
  lines.push(
    '',
    `script / diligent: ${t.ratioTotal.toFixed(2)} over ${t.days} days, ${t.ratioSteady.toFixed(2)} per day over the last 7`,
  );
  lines.push('', '| strategy | ' + TIER_PRICES.map((p, i) => `tier ${i + 1} (${n(p)})`).join(' | ') + ' |');
  lines.push('| --- | ' + TIER_PRICES.map(() => '--:').join(' | ') + ' |');
  for (const r of t.runs)
    lines.push(
      `| ${r.strategy} | ` + r.tierDays.map((d) => (d === null ? '-' : `day ${d}`)).join(' | ') + ' |',
    );
  lines.push('', '| strategy | refills bought | best refill returned |', '| --- | --: | --: |');
  for (const r of t.runs) lines.push(`| ${r.strategy} | ${r.refillsBought} | ${n(r.bestRefillReturn)} |`);
  return lines.join('\n');
}

// --- The airdrop's distribution --------------------------------------------------------------------

/** Share of each strategy among the simulated population. */
export const POPULATION_MIX: Readonly<Record<string, number>> = { casual: 0.7, diligent: 0.25, script: 0.05 };

/** The example parameters docs/airdrop.md prints: 1,000,000,000 jettons of 9 decimals, capped at 0.1 %. */
export const EXAMPLE_AIRDROP: AirdropParams = {
  supply: 1_000_000_000n * 10n ** 9n,
  decimals: 9,
  cap: 1_000_000n * 10n ** 9n,
  minimum: 10n ** 9n,
};

export interface AirdropTable {
  players: number;
  coins: Distribution;
  jettons: Distribution;
  allocated: number;
  capped: number;
  unallocated: bigint;
}

/**
 * Simulated players for the airdrop: each plays one of the table's strategies (POPULATION_MIX)
 * from a uniformly drawn join day to the end of the run, so their lifetime coins are their
 * strategy's earnings over the days they played; then the allocation rule shares the supply.
 */
export function airdropTable(
  t: EconomyTable,
  players = 10_000,
  seed = 1,
  params = EXAMPLE_AIRDROP,
): AirdropTable {
  const rng = seededRng(seed);
  const mix = t.runs.map((r) => ({ run: r, weight: POPULATION_MIX[r.strategy] ?? 0 }));
  const rows: AirdropRow[] = [];
  for (let id = 1; id <= players; id++) {
    const { run } = pickWeighted(mix, rng);
    const played = 1 + Math.floor(rng() * t.days);
    const coins = sum(run.days.slice(0, played).map((d) => d.earned));
    rows.push({ playerId: id, wallet: `0:${id.toString(16).padStart(64, '0')}`, coins: Math.round(coins) });
  }
  const result = allocateAirdrop(rows, params);
  const unit = Number(result.unit);
  return {
    players,
    coins: distribution(rows.map((r) => r.coins)),
    jettons: distribution(result.allocations.map((a) => Number(a.amount) / unit)),
    allocated: result.allocations.length,
    capped: result.allocations.filter((a) => a.capped).length,
    unallocated: result.unallocated / result.unit,
  };
}

/** The airdrop's table of docs/airdrop.md as text. */
export function formatAirdropTable(a: AirdropTable): string {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
  return [
    `Airdrop over ${n(a.players)} simulated players (${Object.entries(POPULATION_MIX)
      .map(([k, v]) => `${v * 100} % ${k}`)
      .join(', ')}; joined on a uniform day)`,
    '',
    '| measure | players | Gini | top 1 % share | median |',
    '| --- | --: | --: | --: | --: |',
    `| lifetime coins | ${n(a.coins.count)} | ${a.coins.gini.toFixed(3)} | ${pct(a.coins.top1Share)} | ${n(a.coins.median)} |`,
    `| jettons allocated | ${n(a.jettons.count)} | ${a.jettons.gini.toFixed(3)} | ${pct(a.jettons.top1Share)} | ${n(a.jettons.median)} |`,
    '',
    `capped wallets: ${a.capped}; jettons not allocated (rounding, minimum, cap): ${a.unallocated.toLocaleString('en-US')}`,
  ].join('\n');
}
