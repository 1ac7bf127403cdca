import { TASKS, type DailyType, type RewardType, type TaskDefinition } from './tasks.ts';

/**
 * Limits on what operators may do from the console. The server checks every admin request
 * against these; the console shows them.
 */

/**
 * A task name as compared for sameness: Unicode-normalised (NFKC), case-folded, separators and
 * punctuation dropped (`Daily_Taps`, `daily-taps` and `DAILYTAPS` are one name).
 */
export const taskNameKey = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Whether a name is, or folds to, one of the game's own tasks: operators' tasks cannot take it. */
export const isBuiltInTaskName = (name: string) =>
  TASKS.some((task) => taskNameKey(task.taskName) === taskNameKey(name));

/** Daily types of the tasks operators edit (social and partner); the others stay in code. */
export const EDITABLE_DAILY_TYPES: readonly DailyType[] = ['twitter', 'telegram', 'partner'];

export const isEditableTask = (task: Pick<TaskDefinition, 'dailyType'>) =>
  EDITABLE_DAILY_TYPES.includes(task.dailyType);

/** The most a task editable by operators may pay, per reward type (at least 1). */
export const TASK_REWARD_LIMITS: Record<RewardType, number> = {
  // Twice the largest launch task (5,000 coins): a partner may be worth more, never a fortune.
  onion: 10_000,
  ticket: 10,
};

export function taskRewardAllowed(amount: number, type: RewardType): boolean {
  return Number.isSafeInteger(amount) && amount >= 1 && amount <= TASK_REWARD_LIMITS[type];
}

/** A task's schedule: shown from `startsAt` (inclusive) until `endsAt` (exclusive), never once retired. */
export interface TaskSchedule {
  startsAt: number | null;
  endsAt: number | null;
  retiredAt: number | null;
}

export function taskLive(schedule: TaskSchedule, now: number): boolean {
  if (schedule.retiredAt !== null && schedule.retiredAt <= now) return false;
  if (schedule.startsAt !== null && now < schedule.startsAt) return false;
  if (schedule.endsAt !== null && now >= schedule.endsAt) return false;
  return true;
}

/** One manual adjustment of a player's balance: at most this much either way. */
export const ADJUST_LIMITS = { coins: 1_000_000, tickets: 1_000 } as const;

/**
 * What one operator may move by adjustments in one UTC day, all players together, counting both
 * ways (credits and debits add up): past it, adjustments wait for the next day.
 */
export const ADJUST_DAY_LIMITS = { coins: 2_000_000, tickets: 2_000 } as const;

/** Whether an operator's adjustments of the day, this one included, stay within the day's limits. */
export const adjustWithinDay = (day: { coins: number; tickets: number }) =>
  day.coins <= ADJUST_DAY_LIMITS.coins && day.tickets <= ADJUST_DAY_LIMITS.tickets;

/**
 * What one player may receive by adjustments in one game day (`time.ts`), from all operators
 * together: credits only (a debit gives no room back). Past it, credits wait for the next game day,
 * whoever sends them; the per-operator bound above holds besides.
 */
export const PLAYER_ADJUST_DAY_LIMITS = {
  coins: ADJUST_LIMITS.coins,
  tickets: ADJUST_LIMITS.tickets,
} as const;

/** Whether a player's credits of the game day, this adjustment's included, stay within the bound. */
export const playerAdjustWithinDay = (
  received: { coins: number; tickets: number },
  adjustment: { coins: number; tickets: number },
) =>
  received.coins + Math.max(0, adjustment.coins) <= PLAYER_ADJUST_DAY_LIMITS.coins &&
  received.tickets + Math.max(0, adjustment.tickets) <= PLAYER_ADJUST_DAY_LIMITS.tickets;

/** Reasons operators give (adjustments, bans): long enough to mean something, short enough to read. */
export const REASON_LENGTH = { min: 3, max: 500 } as const;

/** What the ledger calls an operator's adjustment (its own kind, so the books still balance). */
export const ADJUST_KIND = 'admin:adjust';

/** An operator's one-time sign-in link is valid this long. */
export const ADMIN_LINK_TTL_MS = 15 * 60_000;
/** An operator's session (bearer token) lasts this long. */
export const ADMIN_SESSION_TTL_SECONDS = 8 * 3_600;

/** Airdrop snapshot defaults: lifetime coins a player needs at least (the console may raise it). */
export const SNAPSHOT_MIN_COINS_DEFAULT = 10_000;
