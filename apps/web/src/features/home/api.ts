import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheatResponse,
  DoubleBoostResponse,
  EnergyCapacityResponse,
  FullyEnergyResponse,
  IncomeBoostResponse,
  TapResponse,
  TouchIncomeResponse,
} from '@egg-rush/contract/economy';
import type { FarmClaimResponse, FarmStartResponse, FarmStatusResponse } from '@egg-rush/contract/farm';
import type { LeaderboardResponse } from '@egg-rush/contract/leaderboard';
import type { Profile } from '@egg-rush/contract/users';
import type { BoostName } from '@egg-rush/game/boosts';
import { get, post, put } from '../../lib/api-client.ts';
import { profileQuery } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

/** PUT /users/tap: one batch. */
export const sendTaps = (userid: number, count: number) => put<TapResponse>('/users/tap', { userid, count });

export const growUp = (userid: number) => put<{ success: true; energy: number }>('/users/growUp', { userid });
export const growOnion = (userid: number) =>
  put<{ success: true; onion: number }>('/users/growOnion', { userid });

export const farmStatusQuery = (userId: number) =>
  queryOptions({
    queryKey: ['farm', userId],
    queryFn: async () => ({ ...(await get<FarmStatusResponse>('/farm/status')), fetchedAt: Date.now() }),
    staleTime: 30_000,
  });

export const leaderboardQuery = (userId: number) =>
  queryOptions({
    queryKey: ['leaderboard', userId],
    queryFn: () => get<LeaderboardResponse>(`/users/ranking/${userId}/total`),
    staleTime: 15_000,
  });

export function useFarmStatus() {
  const { user } = useSession();
  return useQuery(farmStatusQuery(user.id));
}

export function useLeaderboard(enabled: boolean) {
  const { user } = useSession();
  return useQuery({ ...leaderboardQuery(user.id), enabled });
}

export type BoostReply =
  | FullyEnergyResponse
  | IncomeBoostResponse
  | DoubleBoostResponse
  | TouchIncomeResponse
  | EnergyCapacityResponse;

/** Mutations refresh the profile (balances, rates) once they land. */
function useRefresh() {
  const client = useQueryClient();
  const { user } = useSession();
  return {
    profile: () => client.invalidateQueries({ queryKey: profileQuery(user.id).queryKey }),
    farm: () => client.invalidateQueries({ queryKey: farmStatusQuery(user.id).queryKey }),
    patch: (fields: Partial<Profile>) =>
      client.setQueryData<Profile>(profileQuery(user.id).queryKey, (p) => (p ? { ...p, ...fields } : p)),
  };
}

/** Buys a boost; `before` runs first (the pending taps are flushed so the balance is exact). */
export function useBuyBoost(before: () => Promise<void>) {
  const { user } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: BoostName) => {
      await before();
      return put<BoostReply>(`/users/${name}`, { userid: user.id });
    },
    onSettled: () => refresh.profile(),
  });
}

export function useOpenChest(before: () => Promise<void>) {
  const { user } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => {
      await before();
      return put<CheatResponse>('/users/getCheat', { userid: user.id });
    },
    onSuccess: (r) => refresh.patch({ cheatCount: r.cheatCount, ticket: r.ticket }),
    onSettled: () => refresh.profile(),
  });
}

export function useStartFarm() {
  const { user } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => post<FarmStartResponse>('/farm/start', { userid: user.id }),
    onSettled: () => refresh.farm(),
  });
}

export function useClaimFarm(before: () => Promise<void>) {
  const { user } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => {
      await before();
      return post<FarmClaimResponse>('/farm/claim', { userid: user.id });
    },
    onSettled: () => Promise.all([refresh.farm(), refresh.profile()]),
  });
}
