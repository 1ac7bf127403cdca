import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkRewardResponse, Task, TaskRewardResponse, TasksResponse } from '@egg-rush/contract/tasks';
import { get, post } from '../../lib/api-client.ts';
import { profileQuery } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

export const tasksQuery = (userId: number) =>
  queryOptions({
    queryKey: ['tasks', userId],
    queryFn: () => get<TasksResponse>(`/users/tasks/${userId}`),
    staleTime: 10_000,
  });

export function useTasks() {
  const { user } = useSession();
  return useQuery(tasksQuery(user.id));
}

const ref = (task: Task) => ({ taskName: task.taskName, taskType: task.taskType, dailyType: task.dailyType });

/** POST /users/linkReward: the player visited the task's link. */
export function useLinkReward() {
  const client = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (task: Task) =>
      post<LinkRewardResponse>('/users/linkReward', { userid: user.id, ...ref(task) }),
    onSettled: () => client.invalidateQueries({ queryKey: tasksQuery(user.id).queryKey }),
  });
}

/** POST /users/taskReward: the server pays its own catalogue amount. */
export function useClaimTask() {
  const client = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (task: Task) =>
      post<TaskRewardResponse>('/users/taskReward', {
        userid: user.id,
        ...ref(task),
        amount: task.reward.amount,
        type: task.reward.type,
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tasksQuery(user.id).queryKey }),
        client.invalidateQueries({ queryKey: profileQuery(user.id).queryKey }),
      ]),
  });
}
