import { z } from 'zod';
import { userId } from './common.ts';

/** One task with the player's state. */
export const task = z.object({
  taskType: z.enum(['one_time', 'earn_coin', 'daily']),
  taskName: z.string(),
  dailyType: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(['in progress', 'completed']),
  isClaimed: z.boolean(),
  processCount: z.number(),
  targetCount: z.number(),
  reward: z.object({ amount: z.number(), type: z.enum(['onion', 'ticket']) }),
  link: z.string().nullable(),
  goTo: z.string().nullable(),
  /**
   * A link task being visited: when (server time, ms) the visit counts and the task completes;
   * null otherwise.
   */
  visitEndsAt: z.number().nullable().optional(),
});
export type Task = z.infer<typeof task>;

/** GET /users/tasks/:id: the task list; `resetAt` is the next daily reset (midnight UTC-6). */
export const tasksResponse = z.object({
  tasks: z.array(task),
  resetAt: z.number(),
  serverTime: z.number(),
});
export type TasksResponse = z.infer<typeof tasksResponse>;

const name = z.string().trim().min(1).max(64);
const kind = z.string().trim().min(1).max(32);

/** POST /users/linkReward. */
export const linkRewardBody = z.object({
  userid: userId,
  taskName: name,
  taskType: kind.optional(),
  dailyType: kind.optional(),
});
export type LinkRewardBody = z.infer<typeof linkRewardBody>;
export const linkRewardResponse = z.object({ taskState: z.object({ task }) });
export type LinkRewardResponse = z.infer<typeof linkRewardResponse>;

/**
 * POST /users/taskReward. `amount` and `type` are checked against the catalogue and never used
 * for the payout.
 */
export const taskRewardBody = z.object({
  userid: userId,
  taskName: name,
  taskType: kind.optional(),
  dailyType: kind.optional(),
  amount: z.coerce.number().optional(),
  type: kind.optional(),
});
export type TaskRewardBody = z.infer<typeof taskRewardBody>;
export const taskRewardResponse = z.object({
  onion: z.number(),
  ticket: z.number(),
  taskData: z.object({ task }),
});
export type TaskRewardResponse = z.infer<typeof taskRewardResponse>;
