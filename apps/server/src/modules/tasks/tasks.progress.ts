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

/**
 * The daily tasks counting taps, as statements of the tap statement (modules/economy): the count
 * grows by the taps credited, capped at the target (a finished count is not rewritten). `source`
 * names the statement's rows of credited batches (id, day, credited, at). Targets and names are
 * constants of the catalogue (packages/game/src/tasks.ts), written into the text.
 */
export const tapTaskProgressSql = (source: string): string =>
  tasksForAction('tap')
    .map((task, i) => {
      if (!/^\w+$/.test(task.taskName) || task.taskType !== 'daily')
        throw new Error(`tap task ${task.taskName}`);
      const target = Math.floor(task.targetCount);
      return `, tap_task_${i} as (
      insert into task_progress as p (user_id, task_name, period, process_count, completed, updated_at)
      select id, '${task.taskName}', day, least(${target}, credited), credited >= ${target}, at
      from ${source}
      on conflict (user_id, task_name, period) do update
        set process_count = least(${target}, p.process_count + excluded.process_count),
            completed = p.completed or p.process_count + excluded.process_count >= ${target},
            updated_at = excluded.updated_at
        where p.process_count < ${target}
    )`;
    })
    .join('');
