import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from './api-client.ts';
import { useSession } from './session.tsx';

/** The player's profile, shared by every screen (status bar, balances). */
export const profileQuery = (userId: number) =>
  queryOptions({
    queryKey: ['profile', userId],
    queryFn: () => get(`/users/get/${userId}`, 'profile'),
    staleTime: 5_000,
  });

export function useProfile() {
  const { user } = useSession();
  return useQuery(profileQuery(user.id));
}
