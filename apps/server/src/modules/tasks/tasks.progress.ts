import { tasksForAction, taskPeriod, type TaskAction } from '@egg-rush/game/tasks';
import type { Tx } from '../../db/client.ts';
import type { WriteFollower } from '../ledger/index.ts';
import { addTaskProgress } from './tasks.repository.ts';

export type { TaskAction };

/**
 * Counts a real action towards today's daily tasks. Call it inside
 * the transaction that performed the action, once per action batch:
 * `await recordTaskProgress(tx, userId, 'spin', 1, now)`. Counts are capped at each task's
 * target and reset with the game day (midnight UTC-6).
 */
export async function recordTaskProgress(
  tx: Tx,
  userId: number,
  action: TaskAction,
  amount: number,
  now: number,
): Promise<void> {
  if (!(amount > 0)) return;
  for (const task of tasksForAction(action)) {
    await addTaskProgress(tx, {
      userId,
      taskName: task.taskName,
      period: taskPeriod(task, now),
      amount: Math.floor(amount),
      target: task.targetCount,
      at: new Date(now),
    });
  }
}

/** The tasks' part in every write (modules/ledger): the actions it counted, in its transaction. */
export const tasksFollowWrites: WriteFollower = async (tx, { progress, now }) => {
  for (const p of progress) await recordTaskProgress(tx, p.userId, p.action, p.amount, now);
  return undefined;
};
