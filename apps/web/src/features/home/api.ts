import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TapCadenceSummary } from '@egg-rush/contract/economy';
import { call } from '../../lib/api-client.ts';
import { useProfileCache } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * PUT /users/tap: one batch, with the cadence of its taps when it has one and its id (the same
 * each time the batch is sent again: the server credits it once).
 */
export const sendTaps = (userid: number, count: number, cadence?: TapCadenceSummary, batch?: number) =>
  call('tap', { body: { userid, count, cadence, batch } });

export const growUp = (userid: number) => call('growUp', { body: { userid } });
export const growOnion = (userid: number) => call('growOnion', { body: { userid } });

export const farmStatusQuery = (userId: number) =>
  queryOptions({
    queryKey: ['farm', userId],
    queryFn: async () => ({ ...(await call('farmStatus')), fetchedAt: Date.now() }),
    staleTime: 30_000,
  });

export function useFarmStatus() {
  const { user } = useSession();
  return useQuery(farmStatusQuery(user.id));
}

/** Mutations refresh the profile (balances, rates) once they land (the sheets' too: sheets-api.ts). */
export function useRefresh() {
  const client = useQueryClient();
  const { user } = useSession();
  const profile = useProfileCache();
  return {
    profile: profile.refresh,
    farm: () => client.invalidateQueries({ queryKey: farmStatusQuery(user.id).queryKey }),
    patch: profile.patch,
  };
}

export function useStartFarm() {
  const { user } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => call('farmStart', { body: { userid: user.id } }),
    onSettled: () => refresh.farm(),
  });
}

export function useClaimFarm(before: () => Promise<void>) {
  const { user } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => {
      await before();
      return call('farmClaim', { body: { userid: user.id } });
    },
    onSettled: () => Promise.all([refresh.farm(), refresh.profile()]),
  });
}

/** GET /leagues/:id: the leagues, the player's one and the rewards reached but not claimed. */
export const leagueStatusQuery = (userId: number) =>
  queryOptions({
    queryKey: ['leagues', userId],
    queryFn: () => call('leagueStatus', { params: { id: userId } }),
    staleTime: 60_000,
  });

export function useLeagueStatus() {
  const { user } = useSession();
  return useQuery(leagueStatusQuery(user.id));
}
