import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { Task } from '@egg-rush/contract/tasks';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import {
  Card,
  CoinIcon,
  compactNumber,
  Progress,
  ScreenTitle,
  Spinner,
  Tabs,
  TicketIcon,
} from '../../components/ui/ui.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { openExternal } from '../../lib/telegram.ts';
import { useClaimTask, useLinkReward, useTasks } from './api.ts';
import { ResetCountdown } from './countdown.tsx';
import { TaskIcon } from './task-icons.tsx';

/** SPEC.md section 9: a partner link counts after a 10 s visit. */
export const VISIT_MS = 10_000;

type TabId = 'earn' | 'daily' | 'partner';
const TABS: readonly { id: TabId; label: string }[] = [
  { id: 'earn', label: 'Earn More Coins' },
  { id: 'daily', label: 'Daily Task' },
  { id: 'partner', label: 'Partner Task' },
];

/** SPEC.md section 2: which tasks each tab lists. */
export function tasksOf(tab: TabId, tasks: Task[]): Task[] {
  if (tab === 'earn') return tasks.filter((t) => t.taskType === 'earn_coin');
  if (tab === 'partner') return tasks.filter((t) => t.taskType === 'one_time');
  return tasks.filter((t) => t.taskType !== 'one_time' && t.taskType !== 'earn_coin');
}

function errorText(e: unknown) {
  if (e instanceof ApiError && (e.status === 409 || e.status === 400)) return e.message;
  return 'Something went wrong. Please try again!';
}

export function TasksScreen() {
  const { data, isError, refetch } = useTasks();
  const [tab, setTab] = useState<TabId>('earn');
  const [visiting, setVisiting] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, number>());
  const link = useLinkReward();
  const claim = useClaimTask();
  const navigate = useNavigate();

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((id) => window.clearTimeout(id));
  }, []);

  const complete = (task: Task) => link.mutate(task, { onError: (e) => toast.error(errorText(e)) });

  const go = (task: Task) => {
    if (task.dailyType === 'invite' && task.goTo) return void navigate(task.goTo);
    if (task.dailyType === 'earn') {
      complete(task);
      if (task.goTo) void navigate(task.goTo);
      return;
    }
    if (task.link) openExternal(task.link);
    if (task.dailyType === 'twitter' || task.dailyType === 'telegram') return complete(task);
    if (task.taskType === 'one_time') {
      setVisiting((s) => new Set(s).add(task.taskName));
      const id = window.setTimeout(() => {
        timers.current.delete(task.taskName);
        setVisiting((s) => {
          const next = new Set(s);
          next.delete(task.taskName);
          return next;
        });
        complete(task);
      }, VISIT_MS);
      timers.current.set(task.taskName, id);
    }
  };

  const onClaim = (task: Task) =>
    claim.mutate(task, {
      onSuccess: () => toast.success('Completed Claim!'),
      onError: (e) => toast.error(errorText(e)),
    });

  const list = data ? tasksOf(tab, data.tasks) : [];
  const offset = data ? data.serverTime - Date.now() : 0;

  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <ScreenTitle title="Tasks" subtitle="Finish tasks, collect coins and tickets." />
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Task lists" />
      {tab === 'daily' ? <ResetCountdown offsetMs={Math.abs(offset) < 5_000 ? 0 : offset} /> : null}
      {data ? (
        <ul className="flex flex-col gap-2.5" aria-label={TABS.find((t) => t.id === tab)!.label}>
          {list.map((task) => (
            <TaskRow
              key={task.taskName}
              task={task}
              visiting={visiting.has(task.taskName)}
              busy={
                (link.isPending && link.variables?.taskName === task.taskName) ||
                (claim.isPending && claim.variables?.taskName === task.taskName)
              }
              onGo={() => go(task)}
              onClaim={() => onClaim(task)}
            />
          ))}
        </ul>
      ) : isError ? (
        <Card className="p-5 text-center">
          <p className="font-bold">Tasks did not load.</p>
          <button type="button" className="btn btn-ghost mt-3 px-5" onClick={() => void refetch()}>
            Try again
          </button>
        </Card>
      ) : (
        <Spinner label="Loading tasks" />
      )}
    </div>
  );
}

function TaskRow({
  task,
  visiting,
  busy,
  onGo,
  onClaim,
}: {
  task: Task;
  visiting: boolean;
  busy: boolean;
  onGo: () => void;
  onClaim: () => void;
}) {
  const counted = task.taskType === 'daily' || task.dailyType === 'invite';
  const done = task.status === 'completed';
  let action: React.ReactNode;
  if (task.isClaimed) {
    action = (
      <span className="flex h-11 items-center gap-1 px-2 text-sm font-extrabold text-mint">
        <CheckIcon size={18} /> Done
      </span>
    );
  } else if (done) {
    action = (
      <button
        type="button"
        className="btn btn-gold min-w-[76px] px-3 text-sm"
        onClick={onClaim}
        disabled={busy}
      >
        Claim
      </button>
    );
  } else if (visiting) {
    action = (
      <span className="flex h-11 min-w-[76px] items-center justify-center rounded-[14px] bg-lilac/10 px-3 text-sm font-extrabold text-lilac">
        Visiting
      </span>
    );
  } else if (task.taskType === 'daily') {
    action = (
      <span className="num flex h-11 min-w-[76px] items-center justify-center text-sm font-extrabold text-text-dim">
        {task.processCount}/{task.targetCount}
      </span>
    );
  } else {
    action = (
      <button
        type="button"
        className="btn btn-ghost min-w-[76px] px-3 text-sm"
        onClick={onGo}
        disabled={busy}
      >
        Go
      </button>
    );
  }

  return (
    <li
      data-testid={`task-${task.taskName}`}
      data-claimed={task.isClaimed}
      className={`card flex items-center gap-3 p-3 transition-opacity ${task.isClaimed ? 'opacity-50 grayscale' : ''}`}
    >
      <TaskIcon task={task} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-black">{task.title}</p>
        <p className="truncate text-xs text-text-dim">{task.description}</p>
        <p className="num mt-1 flex items-center gap-1 text-sm font-black text-gold">
          {task.reward.type === 'onion' ? <CoinIcon size={15} /> : <TicketIcon size={15} />}+
          {compactNumber(task.reward.amount)}
          {task.dailyType === 'invite' ? (
            <span className="ml-auto pl-2 text-xs font-extrabold text-text-dim">
              {task.processCount}/{task.targetCount}
            </span>
          ) : null}
        </p>
        {counted && !task.isClaimed ? (
          <div className="mt-1.5">
            <Progress
              value={task.processCount / task.targetCount}
              color="mint"
              label={`${task.title} progress`}
            />
          </div>
        ) : null}
      </div>
      {action}
    </li>
  );
}
