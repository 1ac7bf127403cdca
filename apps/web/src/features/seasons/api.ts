import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';

/** GET /seasons/:id: this week's board, the player's row and the prize table. */
export const seasonQuery = (userId: number) =>
  queryOptions({
    queryKey: ['season', userId],
    queryFn: () => call('seasonBoard', { params: { id: userId } }),
    staleTime: 15_000,
  });

/** GET /seasons/:id/results: a finished week (the last one when `week` is null). */
export const seasonResultsQuery = (userId: number, week: number | null) =>
  queryOptions({
    queryKey: ['season-results', userId, week],
    queryFn: () => call('seasonResults', { params: { id: userId }, query: { week: week ?? undefined } }),
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
