import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/harness.tsx';
import { useLeaveGuard, type LeaveGuard } from '../lib/leave-guard.ts';
import { Layout } from './layout.tsx';

const ROUND: LeaveGuard = {
  title: 'Leave the round?',
  message: 'Your ticket is spent.',
  leave: 'Leave',
  stay: 'Keep playing',
};

/** A screen that has something to lose while `running`. */
function Round({ running }: { running: boolean }) {
  useLeaveGuard(running ? ROUND : null);
  return <p>the round</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('leaving a screen with something to lose', { timeout: 20_000 }, () => {
  it('asks before the footer leaves a running round, and stays when the player says so', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = renderWithProviders(
      <Layout>
        <Round running />
      </Layout>,
      { path: '/play' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Tasks' }));
    expect(confirm).toHaveBeenCalledWith('Leave the round?\n\nYour ticket is spent.');
    expect(router.pathname).toBe('/play');

    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('link', { name: 'Tasks' }));
    await vi.waitFor(() => expect(router.pathname).toBe('/tasks'));
  });

  it('asks nothing when there is nothing to lose', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { router } = renderWithProviders(
      <Layout>
        <Round running={false} />
      </Layout>,
      { path: '/play' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Tasks' }));
    await vi.waitFor(() => expect(router.pathname).toBe('/tasks'));
    expect(confirm).not.toHaveBeenCalled();
  });
});
