import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '@egg-rush/contract/tasks';
import { call } from './api-client.ts';
import { useSession } from './session.tsx';

/** The player's tasks (GET /users/tasks/:id): the Tasks screen's list and the Airdrop progress. */
export const tasksQuery = (userId: number) =>
  queryOptions({
    queryKey: ['tasks', userId],
    queryFn: () => call('tasks', { params: { id: userId } }),
    staleTime: 10_000,
  });

/** A task done whose reward waits: the Tasks screen's Claim. */
export const readyToClaim = (task: Task) => task.status === 'completed' && !task.isClaimed;

/**
 * Whether a reward waits to be claimed, from the tasks list as last fetched (by the Tasks or Airdrop
 * screen, and again after each claim): read from the cache, never fetched for this alone.
 */
export function useRewardReady(): boolean {
  const { user } = useSession();
  const { data } = useQuery({ ...tasksQuery(user.id), enabled: false });
  return data?.tasks.some(readyToClaim) ?? false;
}
