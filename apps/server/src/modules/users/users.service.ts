import { DEFAULT_SETTINGS, type Profile, type Settings, type SettingsUpdate } from '@egg-rush/contract/users';
import { refillsLeft } from '@egg-rush/game/boosts';
import { FIXED_PROFILE } from '@egg-rush/game/profile';
import type { GameConfig } from '@egg-rush/game/config';
import { settleEnergy } from '@egg-rush/game/energy';
import { incomeEventExtras, type EventSpan } from '@egg-rush/game/events';
import { settleIncome as settleIncomeRule } from '@egg-rush/game/income';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { playerConfig } from '../config/index.ts';
import type { Effects, LedgerEntry } from '../ledger/index.ts';
import {
  countFriends,
  creditIncome,
  findUser,
  lockUser,
  mergeSettings,
  type UserRow,
} from './users.repository.ts';

/** The stored settings over the defaults (a key never set reads as its default). */
export const settingsOf = (stored: Partial<Settings> | null | undefined): Settings => ({
  ...DEFAULT_SETTINGS,
  ...stored,
});

/** The values that move with the clock, as they are at `now` (nothing is written). */
/** `regenMs`: the active configuration's energy.regenMs (modules/config). */
export function currentBalances(user: UserRow, now: number, regenMs?: number) {
  const energy = settleEnergy(user.energy, user.maxEnergy, user.energyAt.getTime(), now, regenMs);
  const income = settleIncomeRule(user.earnPerHour, user.incomeAt.getTime(), now);
  return { energy: energy.value, coins: user.coins + income.coins, pendingIncome: income.coins };
}

/**
 * The income events a settlement pays (modules/events incomeEvents, read before the write): the
 * spans in which they paid, and how a payment is counted towards its event's total.
 */
export interface IncomeEvents {
  spans: readonly EventSpan[];
  record(tx: Tx, entries: readonly LedgerEntry[]): Promise<void>;
}

/**
 * Locks the player's row and pays the passive income accrued up to `now` (coins and totalScore,
 * with an 'income' ledger row), inside the caller's write (modules/ledger/ledger.write.ts). Call it first in any write that
 * changes earnPerHour (boosts, mining) so that the old rate pays for the time before the change.
 * With `events`, the income accrued inside an income event's window pays its extra too (ledger
 * kind 'event', ref the event's id: packages/game/src/events.ts incomeEventExtras).
 * Returns the locked, settled row.
 */
export async function settleIncome(
  tx: Tx,
  fx: Effects,
  userId: number,
  now: number,
  events?: IncomeEvents,
): Promise<UserRow> {
  const user = await lockUser(tx, userId);
  if (!user) throw notFound('Player not found.');
  const settled = settleIncomeRule(user.earnPerHour, user.incomeAt.getTime(), now);
  if (settled.coins === 0 && settled.at === user.incomeAt.getTime()) return user;
  const extras = events
    ? incomeEventExtras(user.earnPerHour, user.incomeAt.getTime(), now, events.spans)
    : [];
  const entries: LedgerEntry[] = extras.map((e) => ({
    userId,
    kind: 'event',
    deltaCoins: e.extra,
    ref: String(e.id),
    at: new Date(now),
  }));
  const extra = extras.reduce((sum, e) => sum + e.extra, 0);
  const row = await creditIncome(tx, userId, settled.coins + extra, new Date(settled.at));
  fx.ledger([{ userId, kind: 'income', deltaCoins: settled.coins, at: new Date(now) }, ...entries]);
  if (events && entries.length > 0) await events.record(tx, entries);
  return row;
}

/**
 * The parts of the profile that other modules keep, each read by its owner: the owners register
 * their readers at start-up (bootstrap.ts), so the players' module imports no feature.
 */
export interface ProfileParts {
  daily: Pick<Profile, 'rewardStreak' | 'dailyClaimable'>;
  wallet: Pick<Profile, 'walletAddress'>;
}
type PartReader<K extends keyof ProfileParts> = (
  tx: Tx,
  userId: number,
  now: number,
) => Promise<ProfileParts[K]>;
const partReaders: { [K in keyof ProfileParts]?: PartReader<K> } = {};

/** Registers (or replaces) the reader of one part of the profile. */
export function provideProfilePart<K extends keyof ProfileParts>(name: K, read: PartReader<K>): void {
  (partReaders as Record<K, PartReader<K>>)[name] = read;
}

function partReader<K extends keyof ProfileParts>(name: K): PartReader<K> {
  const read = partReaders[name] as PartReader<K> | undefined;
  if (!read) throw new Error(`no reader registered for the profile's ${name} part (bootstrap.ts)`);
  return read;
}

export function toProfile(
  user: UserRow,
  parts: ProfileParts & { friendCount: number },
  now: number,
  config?: { version: number; values: GameConfig },
): Profile {
  const current = currentBalances(user, now, config?.values.energy.regenMs);
  return {
    id: user.id,
    username: user.username,
    firstname: user.firstName,
    lastname: user.lastName,
    photoUrl: user.photoUrl,
    languageCode: user.languageCode,
    onion: current.coins,
    ticket: user.ticket,
    totalScore: user.totalScore + current.pendingIncome,
    earnPerHour: user.earnPerHour,
    userLevel: FIXED_PROFILE.userLevel,
    cheatCount: user.chests,
    energy: current.energy,
    maxEnergy: user.maxEnergy,
    earnPerTap: user.earnPerTap,
    loseEnergyPerTap: user.loseEnergyPerTap,
    rewardStreak: parts.daily.rewardStreak,
    boosts: user.boosts.map((name) => ({ name })),
    golden: FIXED_PROFILE.golden,
    wooden: FIXED_PROFILE.wooden,
    boostEndAt: user.boostEndAt ? user.boostEndAt.toISOString() : null,
    touchIncomeLevel: user.touchIncomeLevel,
    energyCapacityLevel: user.energyCapacityLevel,
    refillsLeft: refillsLeft(user.refillDay, user.refillCount, now, config?.values.boosts),
    walletAddress: parts.wallet.walletAddress,
    friendCount: parts.friendCount,
    dailyClaimable: parts.daily.dailyClaimable,
    settings: settingsOf(user.settings),
    serverTime: now,
    ...(config ? { configVersion: config.version } : {}),
  };
}

export function createUsersService(deps: Deps) {
  const { db } = deps.database;
  return {
    async profile(id: number): Promise<Profile> {
      const now = deps.now();
      const user = await findUser(db, id);
      if (!user) throw notFound('Player not found.');
      const parts = {
        friendCount: await countFriends(db, id),
        daily: await partReader('daily')(db, id, now),
        wallet: await partReader('wallet')(db, id, now),
      };
      return toProfile(user, parts, now, await playerConfig(deps, id));
    },
    /** Saves the settings the player changed; the others keep their values. */
    async saveSettings(id: number, update: SettingsUpdate): Promise<Settings> {
      const { userid: _caller, ...changes } = update;
      const stored = await mergeSettings(db, id, changes);
      if (!stored) throw notFound('Player not found.');
      return settingsOf(stored);
    },
  };
}
