import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';

export const friendsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['friends', userId],
    queryFn: () => call('friends', { params: { id: userId } }),
    staleTime: 15_000,
  });

export function useFriends() {
  const { user } = useSession();
  return useQuery(friendsQuery(user.id));
}
