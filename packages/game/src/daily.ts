import { gameDay } from './time.ts';

/**
 * Daily check-in rewards by streak day (design choice).
 * Day 1 is the first day of a streak; past the table the last row repeats.
 */
export interface DailyReward {
  onion: number;
  ticket: number;
  chest: number;
}

export const DAILY_REWARDS: readonly DailyReward[] = [
  { onion: 500, ticket: 1, chest: 0 },
  { onion: 1_000, ticket: 1, chest: 0 },
  { onion: 2_000, ticket: 2, chest: 0 },
  { onion: 3_000, ticket: 2, chest: 1 },
  { onion: 5_000, ticket: 3, chest: 0 },
  { onion: 7_500, ticket: 3, chest: 1 },
  { onion: 10_000, ticket: 5, chest: 1 },
];

/** The reward of streak day `day` in `rewards` (the active configuration's daily.rewards). */
export function dailyReward(day: number, rewards: readonly DailyReward[] = DAILY_REWARDS): DailyReward {
  const index = Math.min(Math.max(day, 1), rewards.length) - 1;
  const reward = rewards[index] ?? rewards[0];
  if (!reward) throw new Error('no daily rewards');
  return reward;
}

export type DailyClaim =
  | { ok: true; day: number; today: number; onion: number; ticket: number; chest: number }
  | { ok: false; reason: 'already-claimed' };

/**
 * One claim per game day (UTC-6). Claiming on the day after the last claim continues the
 * streak; skipping a day starts again at day 1.
 * `streak` is the number of consecutive days claimed up to `lastClaimDay`.
 */
export function claimDaily(
  lastClaimDay: number | null,
  streak: number,
  now: number,
  rewards: readonly DailyReward[] = DAILY_REWARDS,
): DailyClaim {
  const today = gameDay(now);
  if (lastClaimDay !== null && lastClaimDay >= today) return { ok: false, reason: 'already-claimed' };
  const day = lastClaimDay === today - 1 ? streak + 1 : 1;
  const { onion, ticket, chest } = dailyReward(day, rewards);
  return { ok: true, day, today, onion, ticket, chest };
}
