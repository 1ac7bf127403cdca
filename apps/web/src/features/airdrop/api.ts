import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';
import { tasksQuery } from '../../lib/tasks.ts';

export function useTaskProgress() {
  const { user } = useSession();
  const { data } = useQuery(tasksQuery(user.id));
  if (!data) return undefined;
  return { done: data.tasks.filter((t) => t.isClaimed).length, total: data.tasks.length };
}

/** Where the mini-app lives, for wallets to return to (GET /app/config). */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => get('/app/config', 'appConfigResponse'),
  staleTime: Infinity,
});
