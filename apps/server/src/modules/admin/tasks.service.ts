import type { AdminTask, AdminTaskCreateBody, AdminTaskEditBody } from '@egg-rush/contract/admin';
import {
  isBuiltInTaskName,
  TASK_REWARD_LIMITS,
  taskLive,
  taskNameKey,
  taskRewardAllowed,
} from '@egg-rush/game/operator';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound, refused } from '../../lib/errors.ts';
import {
  findCatalogue,
  findCatalogueTask,
  insertCatalogueTask,
  updateCatalogueTask,
  type CatalogueRow,
} from '../tasks/index.ts';
import { ms } from './players.service.ts';
import { insertAudit } from '../audit/index.ts';

/** The console's tasks: the catalogue, and creating, editing and retiring an operator's task within the limits. */
export function createTasksAdmin(deps: Deps) {
  const { db } = deps.database;

  return {
    async tasks() {
      const now = deps.now();
      return {
        tasks: (await findCatalogue(db)).map((r) => taskView(r, now)),
        limits: { ...TASK_REWARD_LIMITS },
      };
    },

    async createTask(adminId: number, body: AdminTaskCreateBody) {
      checkReward(body.reward);
      checkSchedule(body.startsAt, body.endsAt);
      if (isBuiltInTaskName(body.taskName))
        throw refused('TASK_NAME_RESERVED', "This name is one of the game's own tasks.");
      const at = new Date(deps.now());
      const row = await deps.database.transaction(async (tx) => {
        const key = taskNameKey(body.taskName);
        if ((await findCatalogue(tx)).some((task) => taskNameKey(task.taskName) === key))
          throw refused('TASK_EXISTS', 'A task with this name exists already.');
        const saved = await insertCatalogueTask(tx, {
          taskName: body.taskName,
          taskType: body.taskType,
          dailyType: body.dailyType,
          title: body.title,
          description: body.description,
          rewardAmount: body.reward.amount,
          rewardType: body.reward.type,
          link: body.link,
          position: body.position,
          startsAt: body.startsAt === null ? null : new Date(body.startsAt),
          endsAt: body.endsAt === null ? null : new Date(body.endsAt),
          updatedAt: at,
        });
        if (!saved) throw refused('TASK_EXISTS', 'A task with this name exists already.');
        await insertAudit(tx, [
          { adminId, action: 'task.create', target: `task:${body.taskName}`, after: saved, createdAt: at },
        ]);
        return saved;
      });
      return { task: taskView(row, deps.now()) };
    },

    async editTask(adminId: number, taskName: string, body: AdminTaskEditBody, retire = false) {
      if (body.reward) checkReward(body.reward);
      const at = new Date(deps.now());
      const row = await deps.database.transaction(async (tx) => {
        const before = await findCatalogueTask(tx, taskName);
        if (!before) throw notFound('Task not found.');
        const startsAt = body.startsAt === undefined ? ms(before.startsAt) : body.startsAt;
        const endsAt = body.endsAt === undefined ? ms(before.endsAt) : body.endsAt;
        checkSchedule(startsAt, endsAt);
        const saved = await updateCatalogueTask(tx, taskName, {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.link !== undefined ? { link: body.link } : {}),
          ...(body.position !== undefined ? { position: body.position } : {}),
          ...(body.reward ? { rewardAmount: body.reward.amount, rewardType: body.reward.type } : {}),
          startsAt: startsAt === null ? null : new Date(startsAt),
          endsAt: endsAt === null ? null : new Date(endsAt),
          ...(retire ? { retiredAt: before.retiredAt ?? at } : {}),
          updatedAt: at,
        });
        if (!saved) throw new Error('task not updated');
        await insertAudit(tx, [
          {
            adminId,
            action: retire ? 'task.retire' : 'task.edit',
            target: `task:${taskName}`,
            before,
            after: saved,
            createdAt: at,
          },
        ]);
        return saved;
      });
      return { task: taskView(row, deps.now()) };
    },
  };
}

export function taskView(row: CatalogueRow, now: number): AdminTask {
  const schedule = { startsAt: ms(row.startsAt), endsAt: ms(row.endsAt), retiredAt: ms(row.retiredAt) };
  return {
    taskName: row.taskName,
    taskType: row.taskType as AdminTask['taskType'],
    dailyType: row.dailyType as AdminTask['dailyType'],
    title: row.title,
    description: row.description,
    reward: { amount: row.rewardAmount, type: row.rewardType as 'onion' | 'ticket' },
    link: row.link ?? '',
    position: row.position,
    ...schedule,
    live: taskLive(schedule, now),
  };
}

function checkReward(reward: { amount: number; type: 'onion' | 'ticket' }) {
  if (!taskRewardAllowed(reward.amount, reward.type))
    throw badRequest(
      `A task pays 1 to ${TASK_REWARD_LIMITS[reward.type]} ${reward.type === 'onion' ? 'coins' : 'tickets'}.`,
      'REWARD_OUT_OF_LIMITS',
    );
}

function checkSchedule(startsAt: number | null, endsAt: number | null) {
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt)
    throw badRequest('A task must end after it starts.', 'BAD_SCHEDULE');
}
