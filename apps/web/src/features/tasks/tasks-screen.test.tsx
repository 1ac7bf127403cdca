import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Task, TasksResponse } from '@egg-rush/contract/tasks';
import { SessionContext } from '../../lib/session.tsx';
import type { LaunchSession } from '../../lib/telegram.ts';
import { formatCountdown } from '@egg-rush/game/time';
import { TasksScreen, VISIT_MS } from './tasks-screen.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));
const openExternal = vi.hoisted(() => vi.fn());
vi.mock('../../lib/telegram.ts', () => ({ openExternal }));

const session = { user: { id: 42, firstName: 'Ada' } } as LaunchSession;

const task = (p: Partial<Task> & Pick<Task, 'taskName' | 'taskType' | 'dailyType' | 'title'>): Task => ({
  description: `${p.title} description`,
  status: 'in progress',
  isClaimed: false,
  processCount: 0,
  targetCount: 1,
  reward: { amount: 5_000, type: 'onion' },
  link: null,
  goTo: null,
  ...p,
});

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

function open(
  reply: (url: string, body: unknown) => { status: number; body: unknown } | undefined,
  tasks: Task[] = TASKS,
) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      const list: TasksResponse = { tasks, resetAt: Date.now() + 3_600_000, serverTime: Date.now() };
      const r = url.endsWith('/users/tasks/42')
        ? { status: 200, body: list }
        : (reply(url, body) ?? { status: 404, body: { code: 'NOT_FOUND', message: 'no' } });
      return new Response(JSON.stringify(r.body), { status: r.status });
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/tasks', element: <TasksScreen /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/tasks'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { calls, router };
}

const linkCalls = (calls: { url: string; body: unknown }[]) =>
  calls.filter((c) => c.url.endsWith('/users/linkReward'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('Tasks screen', () => {
  it('lists the four Earn More Coins rows in order with the invite progress', async () => {
    open(() => undefined);
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
    open(() => undefined);
    fireEvent.click(await screen.findByRole('tab', { name: 'Daily Task' }));
    expect(screen.getByTestId('reset-countdown').textContent).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(screen.getByTestId('task-Daily_Taps')).toHaveTextContent('120/300');
    const claimed = screen.getByTestId('task-Daily_Spin');
    expect(claimed).toHaveAttribute('data-claimed', 'true');
    expect(claimed.className).toContain('opacity-50');
    expect(within(claimed).getByText('Done')).toBeInTheDocument();
    expect(screen.queryByTestId('task-Partner_TON')).not.toBeInTheDocument();
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });

  it('opens Follow_Twitter and calls the link reward at once', async () => {
    const { calls } = open((url) =>
      url.endsWith('/users/linkReward')
        ? { status: 200, body: { taskState: { task: TASKS[0] } } }
        : undefined,
    );
    const row = await screen.findByTestId('task-Follow_Twitter');
    fireEvent.click(within(row).getByRole('button', { name: 'Go' }));
    expect(openExternal).toHaveBeenCalledWith('https://x.com/EggRushGame');
    await waitFor(() => expect(linkCalls(calls)).toHaveLength(1));
    expect(linkCalls(calls)[0]!.body).toEqual({
      userid: 42,
      taskName: 'Follow_Twitter',
      taskType: 'earn_coin',
      dailyType: 'twitter',
    });
  });

  it('starts the visit at Go, shows Visiting with the seconds left, and asks again after 10 s', async () => {
    let visited = 0;
    const { calls } = open((url) => {
      if (!url.endsWith('/users/linkReward')) return undefined;
      visited += 1;
      // The server times the visit: in progress at first, completed 10 s later.
      const state =
        visited === 1
          ? { ...TASKS[6]!, visitEndsAt: Date.now() + VISIT_MS }
          : { ...TASKS[6]!, status: 'completed' as const, processCount: 1, visitEndsAt: null };
      return { status: 200, body: { taskState: { task: state } } };
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Partner Task' }));
    const row = screen.getByTestId('task-Partner_TON');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(within(row).getByRole('button', { name: 'Go' }));
    expect(openExternal).toHaveBeenCalledWith('https://ton.org/');
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
    const timed = { ...TASKS[0]!, visitEndsAt: Date.now() + 6_000 };
    open(
      () => undefined,
      TASKS.map((t) => (t.taskName === 'Follow_Twitter' ? timed : t)),
    );
    const row = await screen.findByTestId('task-Follow_Twitter');
    expect(await within(row).findByText('Visiting')).toBeInTheDocument();
    expect(within(row).getByLabelText('seconds left').textContent).toMatch(/^[56]s$/);
  });

  it('claims a completed task and toasts Completed Claim!', async () => {
    const { calls } = open((url) =>
      url.endsWith('/users/taskReward')
        ? {
            status: 200,
            body: { onion: 5_000, ticket: 3, taskData: { task: { ...TASKS[1], isClaimed: true } } },
          }
        : undefined,
    );
    const row = await screen.findByTestId('task-Follow_Telegram');
    fireEvent.click(within(row).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Completed Claim!'));
    expect(calls.find((c) => c.url.endsWith('/users/taskReward'))?.body).toMatchObject({
      userid: 42,
      taskName: 'Follow_Telegram',
    });
  });

  it('shows the refusal message from the server', async () => {
    open((url) =>
      url.endsWith('/users/taskReward')
        ? { status: 409, body: { code: 'ALREADY_CLAIMED', message: 'Already you received!' } }
        : undefined,
    );
    const row = await screen.findByTestId('task-Follow_Telegram');
    fireEvent.click(within(row).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Already you received!'));
  });

  it('sends Invites Friends to /friends and Earn Reward to /airdrop', async () => {
    const { router, calls } = open((url) =>
      url.endsWith('/users/linkReward')
        ? { status: 200, body: { taskState: { task: TASKS[2] } } }
        : undefined,
    );
    const invite = await screen.findByTestId('task-Invites_Friends');
    fireEvent.click(within(invite).getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/friends'));
    await act(() => router.navigate('/tasks'));
    const earn = await screen.findByTestId('task-Earn_Reward');
    fireEvent.click(within(earn).getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/airdrop'));
    await waitFor(() =>
      expect(linkCalls(calls).map((c) => (c.body as Task).taskName)).toEqual(['Earn_Reward']),
    );
  });
});
