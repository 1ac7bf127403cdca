import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../lib/toast.ts';
import type { Task } from '@egg-rush/contract/tasks';
import { LINK_VISIT_MS } from '@egg-rush/game/tasks';
import { CheckIcon } from '../../components/ui/icons-later.tsx';
import { LoadState } from '../../components/ui/load-state.tsx';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import {
  Button,
  CoinIcon,
  compactNumber,
  formatNumber,
  Progress,
  TicketIcon,
} from '../../components/ui/ui.tsx';
import { ScreenTitle } from '../../components/ui/ui-later.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { toastError } from '../../lib/errors.ts';
import { openExternal } from '../../lib/telegram.ts';
import { useClaimTask, useLinkReward, useTasks } from './api.ts';
import { ResetCountdown } from './countdown.tsx';
import { TaskIcon } from './task-icons.tsx';
import { english, hasKey, t, useT } from '../../lib/i18n.tsx';
import { useNow } from '../../lib/now.ts';

/**
 * A link counts after a 10 s visit. The server times it from its first
 * link-reward call; the screen shows the seconds left and asks again when they are over.
 */
export const VISIT_MS = LINK_VISIT_MS;

/** A visit under way: the task and when (client time) the server will count it. */
interface Visit {
  task: Task;
  endsAt: number;
}

type TabId = 'earn' | 'daily' | 'partner';
const TABS: readonly TabId[] = ['earn', 'daily', 'partner'];

/**
 * A task's title and description in the player's language: the catalogue's words for the
 * built-in tasks (`tasks.names.<taskName>`), else the server's (a task an operator added).
 */
export function taskText(task: Task) {
  const key = `tasks.names.${task.taskName}` as 'tasks.names.Follow_Twitter';
  // An operator may have reworded a built-in task: their words then stand, untranslated.
  if (!hasKey(`${key}.title`) || english(`${key}.title`) !== task.title) {
    return { title: task.title, description: task.description };
  }
  return { title: t(`${key}.title`), description: t(`${key}.description`) };
}

/** Which tasks each tab lists. */
export function tasksOf(tab: TabId, tasks: Task[]): Task[] {
  if (tab === 'earn') return tasks.filter((t) => t.taskType === 'earn_coin');
  if (tab === 'partner') return tasks.filter((t) => t.taskType === 'one_time');
  return tasks.filter((t) => t.taskType !== 'one_time' && t.taskType !== 'earn_coin');
}

export function TasksScreen() {
  const { data, dataUpdatedAt, isError, refetch } = useTasks();
  const [tab, setTab] = useState<TabId>('earn');
  // Visits started or ended on this screen (null once over), over those the server is timing.
  const [started, setStarted] = useState<ReadonlyMap<string, Visit | null>>(new Map());
  const link = useLinkReward();
  const claim = useClaimTask();
  const [, navigate] = useLocation();
  const { t } = useT();
  const tabs = TABS.map((id) => ({ id, label: t(`tasks.${id}`) }));

  // Server time minus client time, as of the last task list.
  const offset = data ? data.serverTime - dataUpdatedAt : 0;
  /** Client time at which a visit the server counts at `visitEndsAt` is over (at most 10 s away). */
  const endOf = (visitEndsAt: number, min = 0) =>
    Date.now() + Math.min(VISIT_MS, Math.max(min, visitEndsAt - (Date.now() + offset)));

  const setVisit = (task: Task, endsAt: number | null) => {
    setStarted((current) => new Map(current).set(task.taskName, endsAt === null ? null : { task, endsAt }));
  };

  // Visits the server is already timing (started earlier, or on another screen) keep going here,
  // at most 10 s from when the list arrived.
  const visits = useMemo(() => {
    const all = new Map<string, Visit>();
    for (const task of data?.tasks ?? []) {
      if (task.visitEndsAt == null) continue;
      all.set(task.taskName, { task, endsAt: Math.min(dataUpdatedAt + VISIT_MS, task.visitEndsAt - offset) });
    }
    for (const [name, visit] of started) {
      if (visit) all.set(name, visit);
      else all.delete(name);
    }
    return all;
  }, [data, dataUpdatedAt, offset, started]);

  /** Calls link-reward; while the server still counts the visit, shows it and asks again after. */
  const visit = async (task: Task, retryAfterMs: number) => {
    try {
      const reply = await link.mutateAsync(task);
      const state = reply.taskState.task;
      if (state.status === 'completed' || state.isClaimed) setVisit(task, null);
      else if (state.visitEndsAt != null) setVisit(task, endOf(state.visitEndsAt, retryAfterMs));
    } catch (e) {
      setVisit(task, null);
      toastError(e, 'task');
    }
  };

  // Each visit's end asks the server again; the clock shows the seconds left meanwhile.
  const now = useNow(visits.size > 0);
  useEffect(() => {
    if (visits.size === 0) return;
    const ends = [...visits.values()].map(({ task, endsAt }) =>
      window.setTimeout(() => void visit(task, 500), Math.max(0, endsAt - Date.now())),
    );
    return () => {
      ends.forEach((id) => window.clearTimeout(id));
    };
    // `visit` is recreated each render; the timers only need to follow the visits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visits]);

  const go = (task: Task) => {
    if (task.dailyType === 'invite' && task.goTo) return void navigate(task.goTo);
    if (task.dailyType === 'earn') {
      if (task.goTo) navigate(task.goTo);
    } else if (task.link) openExternal(task.link);
    else return;
    // Social Follow_Twitter and Follow_Telegram call link-reward at once, and
    // so does every link task now: the call starts the visit on the server, which completes the
    // task 10 s later; the row shows 'Visiting' meanwhile and asks again when the time is over.
    // A click handler: the rule takes it for render code because TaskRow's props call it.
    // eslint-disable-next-line react-hooks/purity
    setVisit(task, Date.now() + VISIT_MS);
    void visit(task, 0);
  };

  const onClaim = (task: Task) =>
    claim.mutate(task, {
      onSuccess: () => toast.success(t('tasks.completed')),
      onError: (e) => toastError(e, 'task'),
    });

  const list = data ? tasksOf(tab, data.tasks) : [];
  const visitLeftMs = (taskName: string) => {
    const visit = visits.get(taskName);
    return visit ? Math.min(VISIT_MS, visit.endsAt - now) : null;
  };

  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <ScreenTitle title={t('tasks.title')} subtitle={t('tasks.subtitle')} />
      <Tabs tabs={tabs} value={tab} onChange={setTab} label={t('tasks.tabsLabel')} />
      {tab === 'daily' ? <ResetCountdown offsetMs={Math.abs(offset) < 5_000 ? 0 : offset} /> : null}
      {data ? (
        <ul className="flex flex-col gap-2.5" aria-label={t(`tasks.${tab}`)}>
          {list.map((task) => (
            <TaskRow
              key={task.taskName}
              task={task}
              visitLeftMs={visitLeftMs(task.taskName)}
              busy={
                (link.isPending && link.variables?.taskName === task.taskName) ||
                (claim.isPending && claim.variables?.taskName === task.taskName)
              }
              onGo={() => go(task)}
              onClaim={() => onClaim(task)}
            />
          ))}
        </ul>
      ) : (
        <LoadState
          isError={isError}
          onRetry={refetch}
          loading={t('tasks.loading')}
          failed={t('tasks.failed')}
        />
      )}
    </div>
  );
}

function TaskRow({
  task,
  visitLeftMs,
  busy,
  onGo,
  onClaim,
}: {
  task: Task;
  /** Time left of a visit under way; null when none. */
  visitLeftMs: number | null;
  busy: boolean;
  onGo: () => void;
  onClaim: () => void;
}) {
  const counted = task.taskType === 'daily' || task.dailyType === 'invite';
  const { t } = useT();
  const text = taskText(task);
  const done = task.status === 'completed';
  let action: React.ReactNode;
  if (task.isClaimed) {
    action = (
      <span className="flex h-11 items-center gap-1 px-2 text-sm font-extrabold text-mint">
        <CheckIcon size={18} /> {t('tasks.done')}
      </span>
    );
  } else if (done) {
    action = (
      <Button className="min-w-[76px] px-3 text-sm" onClick={onClaim} disabled={busy}>
        {t('tasks.claim')}
      </Button>
    );
  } else if (visitLeftMs !== null) {
    action = (
      <span
        className="flex h-11 min-w-[76px] items-center justify-center gap-1 rounded-[14px] bg-lilac/10 px-3 text-sm font-extrabold text-lilac"
        data-testid="visiting"
      >
        <span>{t('tasks.visiting')}</span>
        <span className="num" aria-label={t('tasks.secondsLeft')}>
          {t('tasks.seconds', { n: Math.max(0, Math.ceil(visitLeftMs / 1000)) })}
        </span>
      </span>
    );
  } else if (task.taskType === 'daily') {
    action = (
      <span className="num flex h-11 min-w-[76px] items-center justify-center text-sm font-extrabold text-text-dim">
        {formatNumber(task.processCount)}/{formatNumber(task.targetCount)}
      </span>
    );
  } else {
    action = (
      <Button variant="ghost" className="min-w-[76px] px-3 text-sm" onClick={onGo} disabled={busy}>
        {t('tasks.go')}
      </Button>
    );
  }

  return (
    <li
      data-testid={`task-${task.taskName}`}
      data-claimed={task.isClaimed}
      // A title keeps its words whole: when the action (a visit's countdown) leaves it too narrow
      // a column, the action goes under it rather than the words break.
      className={`card flex flex-wrap items-center gap-3 p-3 transition-opacity ${task.isClaimed ? 'opacity-50 grayscale' : ''}`}
    >
      <TaskIcon task={task} />
      <div className="min-w-[8.5rem] flex-1 basis-0">
        <p className="font-black break-words hyphens-auto">{text.title}</p>
        <p className="text-xs break-words text-text-dim">{text.description}</p>
        <p className="num mt-1 flex items-center gap-1 text-sm font-black text-gold">
          {task.reward.type === 'onion' ? <CoinIcon size={15} /> : <TicketIcon size={15} />}+
          {compactNumber(task.reward.amount)}
          {task.dailyType === 'invite' ? (
            <span className="ms-auto ps-2 text-xs font-extrabold text-text-dim">
              {formatNumber(task.processCount)}/{formatNumber(task.targetCount)}
            </span>
          ) : null}
        </p>
        {counted && !task.isClaimed ? (
          <div className="mt-1.5">
            <Progress
              value={task.processCount / task.targetCount}
              color="mint"
              label={t('tasks.progress', { title: text.title })}
            />
          </div>
        ) : null}
      </div>
      <div className="ms-auto shrink-0">{action}</div>
    </li>
  );
}
