import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Task } from '@egg-rush/contract/tasks';
import { call } from '../../lib/api-client.ts';
import { useProfileCache } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';
import { tasksQuery } from '../../lib/tasks.ts';

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
    mutationFn: (task: Task) => call('linkReward', { body: { userid: user.id, ...ref(task) } }),
    onSettled: () => client.invalidateQueries({ queryKey: tasksQuery(user.id).queryKey }),
  });
}

/** POST /users/taskReward: the server pays its own catalogue amount. */
export function useClaimTask() {
  const client = useQueryClient();
  const { user } = useSession();
  const profile = useProfileCache();
  return useMutation({
    mutationFn: (task: Task) =>
      call('taskReward', {
        body: {
          userid: user.id,
          ...ref(task),
          amount: task.reward.amount,
          type: task.reward.type,
        },
      }),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: tasksQuery(user.id).queryKey }), profile.refresh()]),
  });
}
