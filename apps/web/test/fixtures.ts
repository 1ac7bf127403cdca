import type { Task } from '@egg-rush/contract/tasks';
import type { Profile } from '@egg-rush/contract/users';
import type { Body } from './harness.tsx';

/**
 * Server replies for the screen tests. The api client parses every reply with the contract's
 * schema, so a stubbed reply must be complete: these fill the fields a test does not care about.
 */
export const profileFixture = (p: Partial<Profile> = {}): Profile => ({
  id: 42,
  username: null,
  firstname: 'Ada',
  lastname: null,
  photoUrl: null,
  languageCode: 'en',
  onion: 0,
  ticket: 0,
  totalScore: 0,
  earnPerHour: 0,
  userLevel: 1,
  cheatCount: 0,
  energy: 1000,
  maxEnergy: 1000,
  earnPerTap: 1,
  loseEnergyPerTap: 10,
  rewardStreak: 0,
  boosts: [],
  golden: 0,
  wooden: 0,
  boostEndAt: null,
  walletAddress: null,
  friendCount: 0,
  serverTime: 0,
  touchIncomeLevel: 0,
  energyCapacityLevel: 0,
  refillsLeft: 6,
  dailyClaimable: true,
  // The first-run guide is seen: a screen test opens on the screen itself (guide tests say false).
  settings: { language: null, sound: false, haptics: true, reducedMotion: 'system', guideSeen: true },
  ...p,
});

export const taskFixture = (p: Partial<Task> = {}): Task => ({
  taskType: 'earn_coin',
  taskName: 'Follow_Twitter',
  dailyType: 'twitter',
  title: 'Follow on Twitter',
  description: 'Follow on Twitter description',
  status: 'in progress',
  isClaimed: false,
  processCount: 0,
  targetCount: 1,
  reward: { amount: 5_000, type: 'onion' },
  link: null,
  goTo: null,
  ...p,
});

type Allocation = Body<'adminAllocations'>['allocations'][number];
const NANO = '000000000';
/** A draft airdrop allocation of snapshot 2 (9 decimals, 1 token at least a wallet), by operator 7000. */
export const allocationFixture = (p: Partial<Allocation> = {}): Allocation => ({
  id: 3,
  snapshotId: 2,
  supply: `6000${NANO}`,
  decimals: 9,
  cap: null,
  minimum: `1${NANO}`,
  startFrom: 1_781_524_800,
  expiredAt: 1_797_076_800,
  status: 'draft',
  wallets: 3,
  total: `5999${NANO}`,
  root: null,
  dumpHash: null,
  createdBy: 7000,
  createdAt: 1_781_524_800_000,
  publishedBy: null,
  publishedAt: null,
  rule: null,
  ...p,
});

/** A farm not started (6 hours for 2,000 coins once started). */
export const idleFarmFixture = (): Body<'farmStatus'> => ({
  reward: 2000,
  duration: 21_600_000,
  started: false,
  remainTime: 0,
  startedAt: null,
  serverTime: 0,
});
