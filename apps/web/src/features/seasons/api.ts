import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';

/** GET /seasons/:id: this week's board, the player's row and the prize table. */
export const seasonQuery = (userId: number) =>
  queryOptions({
    queryKey: ['season', userId],
    queryFn: () => get(`/seasons/${userId}`, 'seasonBoardResponse'),
    staleTime: 15_000,
  });

/** GET /seasons/:id/results: a finished week (the last one when `week` is null). */
export const seasonResultsQuery = (userId: number, week: number | null) =>
  queryOptions({
    queryKey: ['season-results', userId, week],
    queryFn: () =>
      get(`/seasons/${userId}/results${week === null ? '' : `?week=${week}`}`, 'seasonResultsResponse'),
    staleTime: 60_000,
  });

export function useSeason() {
  const { user } = useSession();
  return useQuery(seasonQuery(user.id));
}

export function useSeasonResults(week: number | null, enabled: boolean) {
  const { user } = useSession();
  return useQuery({ ...seasonResultsQuery(user.id, week), enabled });
}
