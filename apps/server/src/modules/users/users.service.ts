import { DEFAULT_SETTINGS, type Profile, type Settings, type SettingsUpdate } from '@egg-rush/contract/users';
import { FIXED_PROFILE } from '@egg-rush/game/profile';
import type { GameConfig } from '@egg-rush/game/config';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { playerConfig } from '../config/index.ts';
import { countFriends, findUser, mergeSettings, type UserRow } from './users.repository.ts';

/** The stored settings over the defaults (a key never set reads as its default). */
export const settingsOf = (stored: Partial<Settings> | null | undefined): Settings => ({
  ...DEFAULT_SETTINGS,
  ...stored,
});

/**
 * The parts of the profile that other modules keep, each read by its owner: the owners register
 * their readers at start-up (bootstrap.ts), so the players' module imports no feature.
 */
export interface ProfileParts {
  /** Balances, energy, income and boosts (modules/accounts); undefined for no account. */
  account: AccountPart | undefined;
  daily: Pick<Profile, 'rewardStreak' | 'dailyClaimable'>;
  wallet: Pick<Profile, 'walletAddress'>;
}
/** The profile's fields kept in the player's account. */
export type AccountPart = Pick<
  Profile,
  | 'onion'
  | 'ticket'
  | 'totalScore'
  | 'earnPerHour'
  | 'cheatCount'
  | 'energy'
  | 'maxEnergy'
  | 'earnPerTap'
  | 'loseEnergyPerTap'
  | 'boosts'
  | 'boostEndAt'
  | 'touchIncomeLevel'
  | 'energyCapacityLevel'
  | 'refillsLeft'
>;
/** `config`: the configuration the player is paid by (energy's pace, the boosts' refills). */
type PartReader<K extends keyof ProfileParts> = (
  tx: Tx,
  userId: number,
  now: number,
  config: GameConfig,
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
  parts: ProfileParts & { account: AccountPart; friendCount: number },
  now: number,
  config?: { version: number; values: GameConfig },
): Profile {
  return {
    id: user.id,
    username: user.username,
    firstname: user.firstName,
    lastname: user.lastName,
    photoUrl: user.photoUrl,
    languageCode: user.languageCode,
    ...parts.account,
    userLevel: FIXED_PROFILE.userLevel,
    rewardStreak: parts.daily.rewardStreak,
    golden: FIXED_PROFILE.golden,
    wooden: FIXED_PROFILE.wooden,
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
      const config = await playerConfig(deps, id);
      const account = await partReader('account')(db, id, now, config.values);
      if (!account) throw notFound('Player not found.');
      const parts = {
        account,
        friendCount: await countFriends(db, id),
        daily: await partReader('daily')(db, id, now, config.values),
        wallet: await partReader('wallet')(db, id, now, config.values),
      };
      return toProfile(user, parts, now, config);
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
