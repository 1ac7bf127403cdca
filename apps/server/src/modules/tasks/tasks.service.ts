import type {
  LinkRewardBody,
  LinkRewardResponse,
  Task,
  TaskRewardBody,
  TaskRewardResponse,
  TasksResponse,
} from '@egg-rush/contract/tasks';
import { settleIncome } from '@egg-rush/game/income';
import { isEditableTask, taskLive } from '@egg-rush/game/operator';
import {
  decideClaim,
  GAME_CHANNEL_TASK,
  isLinkTask,
  matchTask,
  taskPeriod,
  TASKS,
  telegramChannelOf,
  visitDone,
  visitEndsAt,
  type DailyType,
  type RewardType,
  type TaskDefinition,
  type TaskType,
} from '@egg-rush/game/tasks';
import { gameDay, nextResetAt } from '@egg-rush/game/time';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound, refused } from '../../lib/errors.ts';
import { gameConfig } from '../config/index.ts';
import { write } from '../ledger/index.ts';
import { lockAccount } from '../accounts/index.ts';
import { countFriends, findUser } from '../users/index.ts';
import {
  findCatalogue,
  findOneProgress,
  findProgress,
  markClaimed,
  payTaskReward,
  startVisit,
  type CatalogueRow,
  type TaskProgressRow,
} from './tasks.repository.ts';

/** The tasks' refusal texts (docs/game-rules.md, Messages). */
export const ALREADY_RECEIVED = 'Already you received!';
export const NOT_COMPLETED = 'Task is not completed yet!';
export const INVALID_TASK = 'Invalid task name or type!';
/** The refusal of a claim, by the reason packages/game's decideClaim gives. */
const claimRefused = {
  claimed: () => refused('ALREADY_CLAIMED', ALREADY_RECEIVED),
  'not-completed': () => refused('NOT_COMPLETED', NOT_COMPLETED),
};

/**
 * The task as the player sees it: progress from the row, or from the friend count for invites; a
 * link task is completed LINK_VISIT_MS after the server saw its visit start.
 */
function view(task: TaskDefinition, row: TaskProgressRow | undefined, friends: number, now: number): Task {
  const invite = task.dailyType === 'invite';
  const processCount = invite
    ? Math.min(friends, task.targetCount)
    : Math.min(row?.processCount ?? (row?.completed ? task.targetCount : 0), task.targetCount);
  const visitStart = isLinkTask(task) ? row?.visitStartedAt?.getTime() : undefined;
  const completed =
    Boolean(row?.completed) || (invite && friends >= task.targetCount) || visitDone(visitStart, now);
  return {
    taskType: task.taskType,
    taskName: task.taskName,
    dailyType: task.dailyType,
    title: task.title,
    description: task.description,
    status: completed ? 'completed' : 'in progress',
    isClaimed: Boolean(row?.claimed),
    processCount: completed && !invite ? task.targetCount : processCount,
    targetCount: task.targetCount,
    reward: { ...task.reward },
    link: task.link ?? null,
    goTo: task.goTo ?? null,
    visitEndsAt: completed ? null : visitEndsAt(visitStart),
  };
}

function requireTask(
  catalogue: readonly TaskDefinition[],
  body: { taskName: string; taskType?: string; dailyType?: string; type?: string },
) {
  const task = matchTask(body, catalogue);
  if (!task) throw badRequest(INVALID_TASK, 'INVALID_TASK');
  return task;
}

export interface TaskChecks {
  /**
   * Asks Telegram whether the player is a member of `channel` (@name), or of the game's own
   * channel when it is undefined (with a bot configured); undefined when there is no channel.
   */
  isChannelMember?:
    ((userId: number, channel: string | undefined) => Promise<boolean | undefined>) | undefined;
}

/**
 * A Telegram task with a bot: membership of the task's own channel, as Telegram tells it,
 * decides: the game's channel for "Follow on Telegram", the channel its link names for any other
 * (a partner's, never the game's). True or false for such a task; undefined otherwise (today's
 * rule, the timed link visit, applies), a link naming no channel included.
 */
export async function verifyChannelFollow(
  task: TaskDefinition,
  userId: number,
  checks: TaskChecks,
): Promise<boolean | undefined> {
  if (task.dailyType !== 'telegram' || !checks.isChannelMember) return undefined;
  const own = task.taskName === GAME_CHANNEL_TASK;
  const channel = own ? undefined : telegramChannelOf(task.link);
  if (!own && channel === undefined) return undefined;
  try {
    return await checks.isChannelMember(userId, channel);
  } catch {
    // Telegram could not answer (or the bot is not in the channel): not verified.
    return false;
  }
}

/** An operator-edited task as the rules know it. */
export function catalogueTask(row: CatalogueRow): TaskDefinition {
  return {
    taskType: row.taskType as TaskType,
    taskName: row.taskName,
    dailyType: row.dailyType as DailyType,
    title: row.title,
    description: row.description,
    reward: { amount: row.rewardAmount, type: row.rewardType as RewardType },
    targetCount: 1,
    ...(row.link ? { link: row.link } : {}),
  };
}

/** The built-in tasks operators do not edit, each at its place in the launch catalogue. */
const BUILT_IN = TASKS.map((task, position) => ({ task, position })).filter(
  ({ task }) => !isEditableTask(task),
);

/**
 * Today's catalogue: the built-in tasks and the operators' tasks live at `now`, read from the
 * database on every call (an edit shows at once, a retired task cannot be claimed). The only
 * source of rewards.
 */
export async function liveCatalogue(
  tx: Tx,
  now: number,
  /** The built-in tasks' rewards by name (the active configuration's tasks.rewards). */
  rewards: Readonly<Record<string, number>> = {},
): Promise<TaskDefinition[]> {
  const builtIn = BUILT_IN.map(({ task, position }) => {
    const amount = rewards[task.taskName];
    return { task: amount === undefined ? task : { ...task, reward: { ...task.reward, amount } }, position };
  });
  const edited = (await findCatalogue(tx))
    .filter((row) =>
      taskLive(
        {
          startsAt: row.startsAt?.getTime() ?? null,
          endsAt: row.endsAt?.getTime() ?? null,
          retiredAt: row.retiredAt?.getTime() ?? null,
        },
        now,
      ),
    )
    .map((row) => ({ task: catalogueTask(row), position: row.position }));
  return [...builtIn, ...edited]
    .sort(
      (a, b) =>
        a.position - b.position || (isEditableTask(a.task) ? 1 : 0) - (isEditableTask(b.task) ? 1 : 0),
    )
    .map(({ task }) => task);
}

export function createTasksService(deps: Deps, checks: TaskChecks = {}) {
  const { db } = deps.database;

  const friendsFor = (tx: Tx, task: TaskDefinition, userId: number) =>
    task.dailyType === 'invite' ? countFriends(tx, userId) : Promise.resolve(0);

  return {
    /** The task list: may lag the player's last action by a moment (the replica). */
    async list(userId: number): Promise<TasksResponse> {
      const { replica } = deps.database;
      if (!(await findUser(replica, userId))) throw notFound('Player not found.');
      const now = deps.now();
      const rows = await findProgress(replica, userId, [0, gameDay(now)]);
      const friends = await countFriends(replica, userId);
      // The catalogue from the primary: an operator's edit shows at once.
      const catalogue = await liveCatalogue(db, now, (await gameConfig(deps, userId)).tasks.rewards);
      const rowOf = (t: TaskDefinition) =>
        rows.find((r) => r.taskName === t.taskName && r.period === taskPeriod(t, now));
      return {
        tasks: catalogue.map((t) => view(t, rowOf(t), friends, now)),
        resetAt: nextResetAt(now),
        serverTime: now,
      };
    },

    /**
     * The player visits a task's link (or page). The first call records the
     * visit's start on the server; the task completes LINK_VISIT_MS later (a call then, or the
     * claim itself, sees it completed). The client's timer decides nothing.
     */
    async linkReward(userId: number, body: LinkRewardBody): Promise<LinkRewardResponse> {
      const now = deps.now();
      const task = requireTask(
        await liveCatalogue(db, now, (await gameConfig(deps, userId)).tasks.rewards),
        body,
      );
      if (!isLinkTask(task)) throw badRequest(INVALID_TASK, 'INVALID_TASK');
      if (!(await findUser(db, userId))) throw notFound('Player not found.');
      const period = taskPeriod(task, now);
      // Completion is derived from the recorded start (view), so nothing else is written.
      const row = await startVisit(db, { userId, taskName: task.taskName, period, at: new Date(now) });
      return { taskState: { task: view(task, row, 0, now) } };
    },

    /** Pays the catalogue reward of a completed, unclaimed task, once. */
    async claim(userId: number, body: TaskRewardBody): Promise<TaskRewardResponse> {
      const now = deps.now();
      // Asked before the transaction: no network call while a connection is held. A task
      // already claimed this period is refused without asking Telegram.
      const { rewards } = (await gameConfig(deps, userId)).tasks;
      const asked = requireTask(await liveCatalogue(db, now, rewards), body);
      const key = { userId, taskName: asked.taskName, period: taskPeriod(asked, now) };
      if ((await findOneProgress(db, key))?.claimed) {
        throw claimRefused.claimed();
      }
      const follows = await verifyChannelFollow(asked, userId, checks);
      if (follows === false) throw claimRefused['not-completed']();
      return write(deps, async (tx, fx): Promise<TaskRewardResponse> => {
        // The catalogue is read in the paying transaction: a task retired before it pays nothing.
        const task = requireTask(await liveCatalogue(tx, now, rewards), body);
        // The player's account is locked first, so concurrent claims of one player queue up.
        const user = await lockAccount(tx, userId);
        if (!user) throw notFound('Player not found.');
        const period = taskPeriod(task, now);
        const friends = await friendsFor(tx, task, userId);
        const row = await findOneProgress(tx, { userId, taskName: task.taskName, period });
        const current = view(task, row, friends, now);
        const decision = decideClaim({
          completed: current.status === 'completed' || follows === true,
          claimed: current.isClaimed,
        });
        if (!decision.ok) throw claimRefused[decision.reason]();
        const marked = await markClaimed(tx, {
          userId,
          taskName: task.taskName,
          period,
          count: follows ? task.targetCount : current.processCount,
          completedNow: true,
          at: new Date(now),
        });
        if (!marked) throw claimRefused.claimed();
        const reward = {
          onion: task.reward.type === 'onion' ? task.reward.amount : 0,
          ticket: task.reward.type === 'ticket' ? task.reward.amount : 0,
        };
        const paid = await payTaskReward(tx, userId, reward);
        fx.ledger({
          userId,
          kind: 'task',
          deltaCoins: reward.onion,
          deltaTicket: reward.ticket,
          ref: `${task.taskName}:${period}`,
          at: new Date(now),
        });
        const pending = settleIncome(user.earnPerHour, user.incomeAt.getTime(), now).coins;
        return {
          onion: paid.onion + pending,
          ticket: paid.ticket,
          taskData: {
            task: {
              ...current,
              status: 'completed',
              isClaimed: true,
              processCount: follows ? task.targetCount : current.processCount,
              visitEndsAt: null,
            },
          },
        };
      });
    },
  };
}
