import { gameDay } from './time.ts';

/**
 * Tasks. The catalogue is the only source
 * of rewards: a request's `amount` and `type` are checked against it and never paid.
 */

/** Real actions the server counts towards daily tasks (design choice). */
export type TaskAction = 'tap' | 'spin' | 'game' | 'chest' | 'boost' | 'farm' | 'mining';

export type TaskType = 'one_time' | 'earn_coin' | 'daily';
/** Twitter, telegram, earn, or others (here: invite and the daily actions). */
export type DailyType = 'twitter' | 'telegram' | 'earn' | 'invite' | TaskAction | 'partner';
export type RewardType = 'onion' | 'ticket';

export interface TaskDefinition {
  taskType: TaskType;
  taskName: string;
  dailyType: DailyType;
  /** Row title on screen. */
  title: string;
  description: string;
  reward: { amount: number; type: RewardType };
  targetCount: number;
  /** External link (social and partner tasks). */
  link?: string;
  /** In-app destination of the Go button. */
  goTo?: string;
  /** The daily action that counts towards this task. */
  action?: TaskAction;
}

/**
 * The catalogue. Rewards are design choices sized against the daily check-in (500 to 10,000
 * coins) and mining prices; the Earn More Coins rows keep their specified order.
 */
export const TASKS: readonly TaskDefinition[] = [
  {
    taskType: 'earn_coin',
    taskName: 'Follow_Twitter',
    dailyType: 'twitter',
    title: 'Follow on Twitter',
    description: 'Follow Egg Rush on X',
    reward: { amount: 5_000, type: 'onion' },
    targetCount: 1,
    link: 'https://x.com/EggRushGame',
  },
  {
    taskType: 'earn_coin',
    taskName: 'Follow_Telegram',
    dailyType: 'telegram',
    title: 'Follow on Telegram',
    description: 'Join our Telegram channel',
    reward: { amount: 5_000, type: 'onion' },
    targetCount: 1,
    link: 'https://t.me/EggRushNews',
  },
  {
    taskType: 'earn_coin',
    taskName: 'Earn_Reward',
    dailyType: 'earn',
    title: 'Earn Reward',
    description: 'See how the airdrop works',
    reward: { amount: 2_500, type: 'onion' },
    targetCount: 1,
    goTo: '/airdrop',
  },
  {
    taskType: 'earn_coin',
    taskName: 'Invites_Friends',
    dailyType: 'invite',
    title: 'Invites Friends',
    description: 'Invite 3 friends to the Land',
    reward: { amount: 5, type: 'ticket' },
    targetCount: 3,
    goTo: '/friends',
  },
  {
    taskType: 'daily',
    taskName: 'Daily_Taps',
    dailyType: 'tap',
    action: 'tap',
    title: 'Egg tapper',
    description: 'Tap the egg 300 times',
    reward: { amount: 1_000, type: 'onion' },
    targetCount: 300,
  },
  {
    taskType: 'daily',
    taskName: 'Daily_Spin',
    dailyType: 'spin',
    action: 'spin',
    title: 'Lucky wheel',
    description: 'Spin the wheel once',
    reward: { amount: 1_500, type: 'onion' },
    targetCount: 1,
  },
  {
    taskType: 'daily',
    taskName: 'Daily_Mole',
    dailyType: 'game',
    action: 'game',
    title: 'Mole smasher',
    description: 'Play a mole-smash game',
    reward: { amount: 1, type: 'ticket' },
    targetCount: 1,
  },
  {
    taskType: 'daily',
    taskName: 'Daily_Chest',
    dailyType: 'chest',
    action: 'chest',
    title: 'Treasure hunter',
    description: 'Open a treasure chest',
    reward: { amount: 1_000, type: 'onion' },
    targetCount: 1,
  },
  {
    taskType: 'daily',
    taskName: 'Daily_Mining',
    dailyType: 'mining',
    action: 'mining',
    title: 'Park builder',
    description: 'Buy a mining upgrade',
    reward: { amount: 2_000, type: 'onion' },
    targetCount: 1,
  },
  {
    taskType: 'one_time',
    taskName: 'Partner_Carnival',
    dailyType: 'partner',
    title: 'Carnival Club',
    description: 'Visit the Carnival Club',
    reward: { amount: 3_000, type: 'onion' },
    targetCount: 1,
    link: 'https://t.me/CarnivalClubNews',
  },
  {
    taskType: 'one_time',
    taskName: 'Partner_TON',
    dailyType: 'partner',
    title: 'TON Society',
    description: 'Discover the TON ecosystem',
    reward: { amount: 2, type: 'ticket' },
    targetCount: 1,
    link: 'https://ton.org/',
  },
  {
    taskType: 'one_time',
    taskName: 'Partner_Ferris',
    dailyType: 'partner',
    title: 'Ferris Wheel Games',
    description: 'Follow Ferris Wheel on X',
    reward: { amount: 3_000, type: 'onion' },
    targetCount: 1,
    link: 'https://x.com/FerrisWheelGames',
  },
];

/** The one task whose channel is the game's own (TELEGRAM_CHANNEL); every other names its own. */
export const GAME_CHANNEL_TASK = 'Follow_Telegram';

/**
 * The public Telegram channel a task's link names (`https://t.me/<name>` → `@name`), or undefined
 * for anything else (an invite link, a post, another site): then no membership can be asked.
 */
export function telegramChannelOf(link: string | undefined): string | undefined {
  if (!link) return undefined;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || !['t.me', 'telegram.me'].includes(url.hostname.toLowerCase()))
    return undefined;
  const name = /^\/([A-Za-z][A-Za-z0-9_]{3,31})\/?$/.exec(url.pathname)?.[1];
  return name ? `@${name}` : undefined;
}

export function findTask(taskName: string): TaskDefinition | undefined {
  return TASKS.find((t) => t.taskName === taskName);
}

/** Daily tasks reset at the game day (midnight UTC-6); the others have one period, 0. */
export function taskPeriod(task: TaskDefinition, now: number): number {
  return task.taskType === 'daily' ? gameDay(now) : 0;
}

/** Tasks completed by visiting their link or page (the link-reward call). */
export function isLinkTask(task: TaskDefinition): boolean {
  return (
    task.dailyType === 'twitter' ||
    task.dailyType === 'telegram' ||
    task.dailyType === 'earn' ||
    task.taskType === 'one_time'
  );
}

/**
 * How long a link visit lasts before it counts. The
 * server records the visit's start at the first link-reward call and counts the task completed
 * only this long after it.
 */
export const LINK_VISIT_MS = 10_000;

/** When a visit started at `startedAt` counts; null when none was started. */
export const visitEndsAt = (startedAt: number | null | undefined) =>
  startedAt === null || startedAt === undefined ? null : startedAt + LINK_VISIT_MS;

/** A visit counts once LINK_VISIT_MS have passed since its server-recorded start. */
export function visitDone(startedAt: number | null | undefined, now: number): boolean {
  const end = visitEndsAt(startedAt);
  return end !== null && now >= end;
}

/** Daily tasks counting the given action. */
export function tasksForAction(action: TaskAction): TaskDefinition[] {
  return TASKS.filter((t) => t.taskType === 'daily' && t.action === action);
}

/** Progress after adding `amount` actions: capped at the target. */
export function addProgress(count: number, amount: number, target: number): number {
  return Math.min(target, Math.max(0, count) + Math.max(0, Math.floor(amount)));
}

export interface TaskRequest {
  taskName: string;
  taskType?: string | undefined;
  dailyType?: string | undefined;
  type?: string | undefined;
}

/**
 * The catalogue task a request names (in the launch catalogue, or the one given), or null when the name is unknown or the type, daily type
 * or reward type given disagree with the catalogue ('Invalid task name or type!').
 */
export function matchTask(
  request: TaskRequest,
  catalogue: readonly TaskDefinition[] = TASKS,
): TaskDefinition | null {
  const task = catalogue.find((t) => t.taskName === request.taskName);
  if (!task) return null;
  if (request.taskType !== undefined && request.taskType !== task.taskType) return null;
  if (request.dailyType !== undefined && request.dailyType !== task.dailyType) return null;
  if (request.type !== undefined && request.type !== task.reward.type) return null;
  return task;
}

export type ClaimDecision = { ok: true } | { ok: false; reason: 'claimed' | 'not-completed' };

/** A task pays once, and only once it is completed. */
export function decideClaim(state: { completed: boolean; claimed: boolean }): ClaimDecision {
  if (state.claimed) return { ok: false, reason: 'claimed' };
  if (!state.completed) return { ok: false, reason: 'not-completed' };
  return { ok: true };
}
