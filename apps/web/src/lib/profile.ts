import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Profile } from '@egg-rush/contract/users';
import { call } from './api-client.ts';
import { useSession } from './session.tsx';

/** The player's profile, shared by every screen (status bar, balances). */
export const profileQuery = (userId: number) =>
  queryOptions({
    queryKey: ['profile', userId],
    queryFn: () => call('profile', { params: { id: userId } }),
    staleTime: 5_000,
  });

export function useProfile() {
  const { user } = useSession();
  return useQuery(profileQuery(user.id));
}

/**
 * The one place that changes the cached profile: every call that moves balances shows the
 * server's answer with `patch` at once, then `refresh` fetches the server's copy.
 */
export function profileCache(client: QueryClient, userId: number) {
  const key = profileQuery(userId).queryKey;
  return {
    /** The cached profile, when loaded. */
    current: () => client.getQueryData<Profile>(key),
    /** Sets fields, given or computed from the cached profile; nothing while none is loaded. */
    patch: (fields: Partial<Profile> | ((profile: Profile) => Partial<Profile>)) =>
      client.setQueryData<Profile>(key, (p) =>
        p ? { ...p, ...(typeof fields === 'function' ? fields(p) : fields) } : p,
      ),
    /** Fetches the server's copy again. */
    refresh: () => client.invalidateQueries({ queryKey: key }),
  };
}

export function useProfileCache() {
  const client = useQueryClient();
  const { user } = useSession();
  return profileCache(client, user.id);
}
