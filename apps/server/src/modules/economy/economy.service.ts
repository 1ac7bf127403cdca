import type { ErrorCode } from '@egg-rush/contract/errors';
import type {
  CheatResponse,
  DoubleBoostResponse,
  EnergyCapacityResponse,
  FullyEnergyResponse,
  GrowOnionResponse,
  GrowUpResponse,
  IncomeBoostResponse,
  TapResponse,
  TouchIncomeResponse,
} from '@egg-rush/contract/economy';
import { planBoost, refillsUsed, type BoostName, type BoostRefusal } from '@egg-rush/game/boosts';
import { gameDay } from '@egg-rush/game/time';
import { settleEnergy } from '@egg-rush/game/energy';
import { settleIncome as settleIncomeRule } from '@egg-rush/game/income';
import { canTap } from '@egg-rush/game/tap';
import { openChest } from '@egg-rush/game/treasure';
import type { Deps } from '../../lib/deps.ts';
import { notFound, refused } from '../../lib/errors.ts';
import { percentOf } from '@egg-rush/game/events';
import { gameConfig } from '../config/index.ts';
import { eventMultiplier, incomeEvents } from '../events/index.ts';
import { scoresCommitted } from '../leaderboard/index.ts';
import { write } from '../ledger/index.ts';
import {
  applyBoost,
  changeAccount,
  currentBalances,
  findAccount,
  recordRequest,
  settleIncome,
  type AccountRow,
} from '../accounts/index.ts';
import { createTapWriter, type TapWriter } from './tap.writer.ts';
import { countLedger, tapsCredited } from '../../lib/metrics.ts';

/** The refusal texts players see (docs/game-rules.md, Messages). */
export const MESSAGES = {
  balance: 'Not Enough Balance!',
  used: 'It has already been used.',
  energyFull: 'Your energy is already full.',
  noEnergy: 'Not enough energy. Wait for it to refill.',
  noChest: 'You have no treasure chests to open.',
  maxLevel: 'This boost is already at its highest level.',
  dailyLimit: 'No Full Energy refills left today. More come with the daily reset.',
  noIncome: 'Your profit per hour is 0, so there is nothing to double yet. Buy a mining upgrade first.',
} as const;

/** Each refusal of packages/game/src/boosts.ts planBoost as a 409 code and message. */
const BOOST_REFUSALS: Record<BoostRefusal, [code: ErrorCode, message: string]> = {
  'already-used': ['ALREADY_USED', MESSAGES.used],
  'energy-full': ['ENERGY_FULL', MESSAGES.energyFull],
  balance: ['NOT_ENOUGH_BALANCE', MESSAGES.balance],
  'max-level': ['MAX_LEVEL', MESSAGES.maxLevel],
  'daily-limit': ['DAILY_LIMIT', MESSAGES.dailyLimit],
  'no-income': ['NO_INCOME', MESSAGES.noIncome],
};

/** The economy's services; taps go through `taps`, the process's one tap writer. */
export function createEconomyService(deps: Deps, taps: TapWriter = createTapWriter(deps.database)) {
  const { db } = deps.database;

  async function current(userId: number) {
    const account = await findAccount(db, userId);
    if (!account) throw notFound('Player not found.');
    return currentBalances(account, deps.now(), (await gameConfig(deps, userId)).energy.regenMs);
  }

  /**
   * One boost purchase: income settled first (earnPerHour may change), the row locked. With the
   * app's id of the purchase (`request`), one applied before is not bought again: the row as it
   * is now answers for it.
   */
  async function buy(userId: number, name: BoostName, request?: number): Promise<AccountRow> {
    const now = deps.now();
    const config = await gameConfig(deps, userId);
    // The income events, read before the transaction (the settled income may pay their extra).
    const events = await incomeEvents(deps, now);
    return write(deps, async (tx, fx) => {
      const account = await settleIncome(tx, fx, userId, now, events);
      if (request !== undefined && !(await recordRequest(tx, userId, request))) return account;
      const energy = settleEnergy(
        account.energy,
        account.maxEnergy,
        account.energyAt.getTime(),
        now,
        config.energy.regenMs,
      );
      // Levels and today's refills are columns of the row locked above (settleIncome), so
      // concurrent purchases see each other's count.
      const refillsToday = refillsUsed(account.refillDay, account.refillCount, now);
      const plan = planBoost(name, { ...account, energy: energy.value, refillsToday }, config.boosts);
      if (!plan.ok) throw refused(...BOOST_REFUSALS[plan.reason]);
      const refill = name === 'fullyEnergy';
      const row = await applyBoost(tx, userId, {
        cost: plan.cost,
        energy: plan.next.energy,
        energyAt: new Date(refill ? now : energy.at),
        maxEnergy: plan.next.maxEnergy,
        earnPerHour: plan.next.earnPerHour,
        earnPerTap: plan.next.earnPerTap,
        loseEnergyPerTap: plan.next.loseEnergyPerTap,
        boosts: plan.next.boosts,
        touchIncomeLevel: plan.next.touchIncomeLevel,
        energyCapacityLevel: plan.next.energyCapacityLevel,
        // Today's refill count as planBoost left it (it starts from 0 on a new game day).
        refillDay: gameDay(now),
        refillCount: plan.next.refillsToday,
      });
      if (!row) throw refused('NOT_ENOUGH_BALANCE', MESSAGES.balance);
      fx.ledger({ userId, kind: `boost:${name}`, deltaCoins: -plan.cost, at: new Date(now) });
      fx.progress(userId, 'boost');
      return row;
    });
  }

  const shown = (row: AccountRow) => currentBalances(row, deps.now());

  return {
    async growUp(userId: number): Promise<GrowUpResponse> {
      return { success: true, energy: (await current(userId)).energy };
    },

    async growOnion(userId: number): Promise<GrowOnionResponse> {
      return { success: true, onion: (await current(userId)).coins };
    },

    /** A batch of taps; `batch`, the app's id of it, makes sending it again harmless. */
    async tap(userId: number, count: number, batch?: number): Promise<TapResponse> {
      const now = deps.now();
      // The tap event running now, as the server knows it (never the client's word).
      const event = await eventMultiplier(deps, 'tap-multiplier', now, now, userId);
      // The income events: the income the batch settles pays their extra for the time in them.
      const { spans } = await incomeEvents(deps, now);
      // Energy regenerates at the active configuration's pace.
      const { regenMs } = (await gameConfig(deps, userId)).energy;
      const row = await taps.submit(
        userId,
        count,
        now,
        batch,
        event && { id: event.id, percent: percentOf(event.multiplier) },
        regenMs,
        spans,
      );
      if (row?.repeated) {
        // Applied before (its reply was lost): the balances as they are, nothing credited again.
        const account = await findAccount(db, userId);
        if (!account) throw notFound('Player not found.');
        const { coins, energy } = currentBalances(account, now, regenMs);
        return { success: true, credited: 0, earned: 0, onion: coins, energy, repeated: true };
      }
      if (row) {
        // One statement did it all, with other players' batches: taps, income, ledger rows and
        // the daily tap task, committed.
        tapsCredited.inc(row.credited);
        countLedger([
          { userId, kind: 'tap', deltaCoins: row.earned },
          { userId, kind: 'income', deltaCoins: row.income },
          { userId, kind: 'event', deltaCoins: row.extra + row.incomeExtra },
        ]);
        scoresCommitted(deps, [{ userid: userId, totalScore: row.totalScore }]);
        const pending = settleIncomeRule(row.earnPerHour, row.incomeAt, now).coins;
        return {
          success: true,
          credited: row.credited,
          // The event's extra included: what the taps earned the player.
          earned: row.earned + row.extra,
          onion: row.coins + pending,
          energy: row.energy,
        };
      }
      const account = await findAccount(db, userId);
      if (!account) throw notFound('Player not found.');
      const balances = currentBalances(account, now, regenMs);
      if (!canTap(balances.energy, account.loseEnergyPerTap)) throw refused('NO_ENERGY', MESSAGES.noEnergy);
      // Faster than a human can tap: nothing credited this time.
      return { success: true, credited: 0, earned: 0, onion: balances.coins, energy: balances.energy };
    },

    async fullyEnergy(userId: number, request?: number): Promise<FullyEnergyResponse> {
      const row = await buy(userId, 'fullyEnergy', request);
      const s = shown(row);
      return { energy: s.energy, onion: s.coins };
    },
    async income(userId: number, request?: number): Promise<IncomeBoostResponse> {
      const row = await buy(userId, 'income', request);
      return { changePerHour: row.earnPerHour, onion: shown(row).coins };
    },
    async double(userId: number, request?: number): Promise<DoubleBoostResponse> {
      const row = await buy(userId, 'double', request);
      return {
        changePerTap: row.earnPerTap,
        changeEnergyPerTap: row.loseEnergyPerTap,
        onion: shown(row).coins,
      };
    },
    async touchIncome(userId: number, request?: number): Promise<TouchIncomeResponse> {
      const row = await buy(userId, 'touchIncome', request);
      return { changePerTap: row.earnPerTap, onion: shown(row).coins };
    },
    async energyCapacity(userId: number, request?: number): Promise<EnergyCapacityResponse> {
      const row = await buy(userId, 'energyCapacity', request);
      return { maxEnergy: row.maxEnergy, onion: shown(row).coins };
    },

    /** Opens a treasure chest: a prize from the weighted table (packages/game/src/treasure.ts). */
    async openChest(userId: number): Promise<CheatResponse> {
      const now = deps.now();
      const { prizes } = (await gameConfig(deps, userId)).chest;
      return write(deps, async (tx, fx) => {
        const count = (await findAccount(tx, userId))?.chests;
        if (count === undefined) throw notFound('Player not found.');
        const opening = openChest(count, deps.rng, prizes);
        if (!opening.ok) throw refused('NO_CHEST', MESSAGES.noChest);
        const { type, value } = opening.prize;
        const prize = { coins: type === 'onion' ? value : 0, ticket: type === 'ticket' ? value : 0 };
        const row = await changeAccount(tx, userId, {
          chests: -1,
          coins: prize.coins,
          score: prize.coins,
          tickets: prize.ticket,
          atLeast: { chests: 1 },
        });
        if (!row) throw refused('NO_CHEST', MESSAGES.noChest);
        fx.ledger({
          userId,
          kind: 'chest',
          deltaCoins: prize.coins,
          deltaTicket: prize.ticket,
          at: new Date(now),
        });
        fx.progress(userId, 'chest');
        return {
          cheatData: { type, value },
          onion: currentBalances(row, now).coins,
          ticket: row.ticket,
          cheatCount: row.chests,
        };
      });
    },
  };
}
