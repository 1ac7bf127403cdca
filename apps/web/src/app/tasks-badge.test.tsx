import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Task, TasksResponse } from '@egg-rush/contract/tasks';
import { Route, Switch } from 'wouter';
import { profileFixture, taskFixture } from '../../test/fixtures.ts';
import { type Call, renderWithProviders, serve } from '../../test/harness.tsx';
import { setLanguage } from '../lib/i18n.tsx';
import { TasksScreen } from '../features/tasks/tasks-screen.tsx';
import { Layout } from './layout.tsx';

const READY = taskFixture({
  taskName: 'Follow_Telegram',
  dailyType: 'telegram',
  title: 'Follow on Telegram',
  status: 'completed',
  processCount: 1,
});
const TWITTER = taskFixture({ link: 'https://x.com/EggRushGame' });

/** The frame with Home and the Tasks screen; the tasks list as the server has it. */
function open(path: string, tasks: () => Task[]) {
  const list = (): TasksResponse => ({
    tasks: tasks(),
    resetAt: Date.now() + 3_600_000,
    serverTime: Date.now(),
  });
  const calls = serve({
    tasks: list,
    profile: profileFixture(),
    taskReward: () => ({ onion: 1_000, ticket: 0, taskData: { task: { ...READY, isClaimed: true } } }),
  });
  const { router } = renderWithProviders(
    <Layout>
      <Switch>
        <Route path="/tasks">
          <TasksScreen />
        </Route>
        <Route>
          <p>Home</p>
        </Route>
      </Switch>
    </Layout>,
    { path },
  );
  return { calls, router };
}
const tasksTab = () => screen.getByRole('link', { name: 'Tasks' });
/** The dot on the Tasks tab, and what it says to a screen reader (the tab's description). */
const badge = () =>
  screen.queryByRole('link', { name: 'Tasks', description: 'Reward ready to claim' }) &&
  screen.queryByTestId('tasks-reward-dot');

describe("the footer's Tasks tab", () => {
  it('marks a reward ready to claim, on every screen, until it is claimed', async () => {
    let claimed = false;
    const { calls, router } = open('/tasks', () => [
      claimed ? { ...READY, isClaimed: true } : READY,
      TWITTER,
    ]);
    await vi.waitFor(() => expect(badge()).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Tasks', description: 'Reward ready to claim' })).toBe(
      tasksTab(),
    );
    expect(within(tasksTab()).getByTestId('tasks-reward-dot')).toBeVisible();
    fireEvent.click(screen.getByRole('link', { name: 'Land' }));
    await vi.waitFor(() => expect(router.pathname).toBe('/home'));
    expect(badge()).toBeInTheDocument();
    fireEvent.click(tasksTab());
    await vi.waitFor(() => expect(router.pathname).toBe('/tasks'));
    claimed = true;
    const row = await screen.findByTestId('task-Follow_Telegram');
    fireEvent.click(within(row).getByRole('button', { name: 'Claim' }));
    await vi.waitFor(() => expect(badge()).toBeNull());
    expect(tasksTab()).not.toHaveAttribute('aria-describedby');
    expect(calls.filter((c: Call) => c.path === '/users/taskReward')).toHaveLength(1);
  });

  it('shows nothing when no reward waits', async () => {
    open('/tasks', () => [TWITTER]);
    expect(await screen.findByTestId('task-Follow_Twitter')).toBeInTheDocument();
    expect(badge()).toBeNull();
  });

  it('reads the tasks only from what was fetched: no call of its own on the other screens', async () => {
    const { calls } = open('/home', () => [READY]);
    expect(await screen.findByText('Home')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c: Call) => c.path === '/users/tasks/42')).toEqual([]);
    expect(badge()).toBeNull();
  });

  it('says so in the player’s language', async () => {
    await setLanguage('hi');
    try {
      open('/tasks', () => [READY]);
      expect(
        await screen.findByRole('link', { name: 'टास्क', description: 'इनाम लेने के लिए तैयार' }),
      ).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});
