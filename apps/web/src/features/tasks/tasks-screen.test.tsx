import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Task, TasksResponse } from '@egg-rush/contract/tasks';
import { formatCountdown } from '@egg-rush/game/time';
import { Route } from 'wouter';
import { taskFixture } from '../../../test/fixtures.ts';
import { type Stubs, type Call, refuse, renderWithProviders, serve } from '../../../test/harness.tsx';
import { TasksScreen, VISIT_MS } from './tasks-screen.tsx';

/** Outside Telegram a task's link opens in a new window. */
let opened: MockInstance<typeof window.open>;
beforeEach(() => {
  opened = vi.spyOn(window, 'open').mockReturnValue(null);
});

const task = (p: Partial<Task> & Pick<Task, 'taskName' | 'taskType' | 'dailyType' | 'title'>): Task =>
  taskFixture({ description: `${p.title} description`, ...p });

const TASKS: Task[] = [
  task({
    taskName: 'Follow_Twitter',
    taskType: 'earn_coin',
    dailyType: 'twitter',
    title: 'Follow on Twitter',
    link: 'https://x.com/EggRushGame',
  }),
  task({
    taskName: 'Follow_Telegram',
    taskType: 'earn_coin',
    dailyType: 'telegram',
    title: 'Follow on Telegram',
    status: 'completed',
    processCount: 1,
  }),
  task({
    taskName: 'Earn_Reward',
    taskType: 'earn_coin',
    dailyType: 'earn',
    title: 'Earn Reward',
    goTo: '/airdrop',
  }),
  task({
    taskName: 'Invites_Friends',
    taskType: 'earn_coin',
    dailyType: 'invite',
    title: 'Invites Friends',
    goTo: '/friends',
    processCount: 1,
    targetCount: 3,
  }),
  task({
    taskName: 'Daily_Taps',
    taskType: 'daily',
    dailyType: 'tap',
    title: 'Egg tapper',
    processCount: 120,
    targetCount: 300,
  }),
  task({
    taskName: 'Daily_Spin',
    taskType: 'daily',
    dailyType: 'spin',
    title: 'Lucky wheel',
    status: 'completed',
    isClaimed: true,
    processCount: 1,
  }),
  task({
    taskName: 'Partner_TON',
    taskType: 'one_time',
    dailyType: 'partner',
    title: 'TON Society',
    link: 'https://ton.org/',
  }),
];
/** The test's task `i` of TASKS. */
function taskAt(i: number): Task {
  const found = TASKS[i];
  if (!found) throw new Error(`TASKS has no task ${i}.`);
  return found;
}

function open(routes: Stubs = {}, tasks: Task[] = TASKS) {
  const list = (): TasksResponse => ({ tasks, resetAt: Date.now() + 3_600_000, serverTime: Date.now() });
  const calls = serve({ tasks: list, ...routes });
  const { router } = renderWithProviders(
    <Route path="/tasks">
      <TasksScreen />
    </Route>,
    { path: '/tasks' },
  );
  return { calls, router };
}

const linkCalls = (calls: Call[]) => calls.filter((c) => c.path === '/users/linkReward');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Tasks screen', () => {
  it('lists the four Earn More Coins rows in order with the invite progress', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Earn More Coins' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual([
      'Follow on Twitter',
      'Follow on Telegram',
      'Earn Reward',
      'Invites Friends',
    ]);
    expect(rows[3]).toHaveTextContent('1/3');
  });

  it('shows daily tasks with progress, a live countdown and claimed rows greyed out', async () => {
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Daily Task' }));
    expect(screen.getByTestId('reset-countdown').textContent).toMatch(/^\d{1,2}:\d\d:\d\d$/);
    expect(screen.getByTestId('task-Daily_Taps')).toHaveTextContent('120/300');
    const claimed = screen.getByTestId('task-Daily_Spin');
    expect(claimed).toHaveAttribute('data-claimed', 'true');
    expect(claimed.className).toContain('opacity-50');
    expect(within(claimed).getByText('Done')).toBeInTheDocument();
    expect(screen.queryByTestId('task-Partner_TON')).not.toBeInTheDocument();
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });

  it('opens Follow_Twitter and calls the link reward at once', async () => {
    const { calls } = open({ linkReward: { taskState: { task: taskAt(0) } } });
    const row = await screen.findByTestId('task-Follow_Twitter');
    fireEvent.click(within(row).getByRole('button', { name: 'Go' }));
    expect(opened).toHaveBeenCalledWith('https://x.com/EggRushGame', '_blank', 'noopener');
    await waitFor(() => expect(linkCalls(calls)).toHaveLength(1));
    expect(linkCalls(calls)[0]?.body).toEqual({
      userid: 42,
      taskName: 'Follow_Twitter',
      taskType: 'earn_coin',
      dailyType: 'twitter',
    });
  });

  it('starts the visit at Go, shows Visiting with the seconds left, and asks again after 10 s', async () => {
    let visited = 0;
    const { calls } = open({
      linkReward: () => {
        visited += 1;
        // The server times the visit: in progress at first, completed 10 s later.
        const state =
          visited === 1
            ? { ...taskAt(6), visitEndsAt: Date.now() + VISIT_MS }
            : { ...taskAt(6), status: 'completed' as const, processCount: 1, visitEndsAt: null };
        return { taskState: { task: state } };
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Partner Task' }));
    const row = screen.getByTestId('task-Partner_TON');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(within(row).getByRole('button', { name: 'Go' }));
    expect(opened).toHaveBeenCalledWith('https://ton.org/', '_blank', 'noopener');
    expect(within(row).getByText('Visiting')).toBeInTheDocument();
    expect(within(row).getByLabelText('seconds left')).toHaveTextContent('10s');
    // The visit's start is sent at once.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(linkCalls(calls)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    expect(within(row).getByLabelText('seconds left')).toHaveTextContent('7s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VISIT_MS - 3_000 - 200);
    });
    expect(linkCalls(calls)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    vi.useRealTimers();
    await waitFor(() => expect(linkCalls(calls)).toHaveLength(2));
    await waitFor(() => expect(within(row).queryByText('Visiting')).not.toBeInTheDocument());
  });

  it('keeps showing a visit the server is timing when the list loads', async () => {
    const timed = { ...taskAt(0), visitEndsAt: Date.now() + 6_000 };
    open(
      {},
      TASKS.map((t) => (t.taskName === 'Follow_Twitter' ? timed : t)),
    );
    const row = await screen.findByTestId('task-Follow_Twitter');
    expect(await within(row).findByText('Visiting')).toBeInTheDocument();
    expect(within(row).getByLabelText('seconds left').textContent).toMatch(/^[56]s$/);
  });

  it('claims a completed task and toasts Completed Claim!', async () => {
    const { calls } = open({
      taskReward: {
        onion: 5_000,
        ticket: 3,
        taskData: { task: { ...taskAt(1), isClaimed: true } },
      },
    });
    const row = await screen.findByTestId('task-Follow_Telegram');
    fireEvent.click(within(row).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Completed Claim!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/users/taskReward')?.body).toMatchObject({
      userid: 42,
      taskName: 'Follow_Telegram',
    });
  });

  it('shows the refusal message from the server', async () => {
    open({ taskReward: refuse(409, 'ALREADY_CLAIMED', 'Already you received!') });
    const row = await screen.findByTestId('task-Follow_Telegram');
    fireEvent.click(within(row).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Already you received!')).toBeInTheDocument();
  });

  it('sends Invites Friends to /friends and Earn Reward to /airdrop', async () => {
    const { router, calls } = open({ linkReward: { taskState: { task: taskAt(2) } } });
    const invite = await screen.findByTestId('task-Invites_Friends');
    fireEvent.click(within(invite).getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(router.pathname).toBe('/friends'));
    act(() => router.navigate('/tasks'));
    const earn = await screen.findByTestId('task-Earn_Reward');
    fireEvent.click(within(earn).getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(router.pathname).toBe('/airdrop'));
    await waitFor(() =>
      expect(linkCalls(calls).map((c) => (c.body as Task).taskName)).toEqual(['Earn_Reward']),
    );
  });
});
