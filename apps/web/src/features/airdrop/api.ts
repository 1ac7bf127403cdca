import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';

/** The player's tasks, for the "Complete Tasks" progress (GET /users/tasks/:id). */
export const airdropTasksQuery = (userId: number) =>
  queryOptions({
    queryKey: ['tasks', userId],
    queryFn: () => get(`/users/tasks/${userId}`, 'tasksResponse'),
    staleTime: 15_000,
  });

export function useTaskProgress() {
  const { user } = useSession();
  const { data } = useQuery(airdropTasksQuery(user.id));
  if (!data) return undefined;
  return { done: data.tasks.filter((t) => t.isClaimed).length, total: data.tasks.length };
}

/** Where the mini-app lives, for wallets to return to (GET /app/config). */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => get('/app/config', 'appConfigResponse'),
  staleTime: Infinity,
});
