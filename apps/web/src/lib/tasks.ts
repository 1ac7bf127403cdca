import { queryOptions } from '@tanstack/react-query';
import { get } from './api-client.ts';

/** The player's tasks (GET /users/tasks/:id): the Tasks screen's list and the Airdrop progress. */
export const tasksQuery = (userId: number) =>
  queryOptions({
    queryKey: ['tasks', userId],
    queryFn: () => get(`/users/tasks/${userId}`, 'tasksResponse'),
    staleTime: 10_000,
  });
