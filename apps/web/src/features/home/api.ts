import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TapCadenceSummary } from '@egg-rush/contract/economy';
import type { BoostName } from '@egg-rush/game/boosts';
import { call } from '../../lib/api-client.ts';
import { requestId, send } from '../../lib/outbox.ts';
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

export const leaderboardQuery = (userId: number) =>
  queryOptions({
    queryKey: ['leaderboard', userId],
    queryFn: () => call('leaderboard', { params: { id: userId } }),
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

/** Mutations refresh the profile (balances, rates) once they land. */
function useRefresh() {
  const client = useQueryClient();
  const { user } = useSession();
  const profile = useProfileCache();
  return {
    profile: profile.refresh,
    farm: () => client.invalidateQueries({ queryKey: farmStatusQuery(user.id).queryKey }),
    patch: profile.patch,
  };
}

/**
 * Buys a boost; `before` runs first (the pending taps are flushed so the balance is exact). In
 * line with the other writes and kept through a failover (lib/outbox.ts), with its id: bought once.
 */
export function useBuyBoost(before: () => Promise<void>) {
  const { user } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: BoostName) => {
      await before();
      const request = requestId();
      return send(() => call(name, { body: { userid: user.id, request } }));
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
      return call('chest', { body: { userid: user.id } });
    },
    onSuccess: (r) => refresh.patch({ cheatCount: r.cheatCount, ticket: r.ticket }),
    onSettled: () => refresh.profile(),
  });
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

/** GET /leagues/:id/board: a league's board; the player's league when `league` is left out. */
export const leagueBoardQuery = (userId: number, league: number | null) =>
  queryOptions({
    queryKey: ['league-board', userId, league],
    queryFn: () => call('leagueBoard', { params: { id: userId }, query: { league: league ?? undefined } }),
    staleTime: 15_000,
  });

export function useLeagueBoard(league: number | null, enabled: boolean) {
  const { user } = useSession();
  return useQuery({ ...leagueBoardQuery(user.id, league), enabled });
}

/** POST /leagues/claim: a reached league's one-time reward. */
export function useClaimLeague() {
  const client = useQueryClient();
  const { user } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (league: number) => call('leagueClaim', { body: { userid: user.id, league } }),
    onSettled: () =>
      Promise.all([
        refresh.profile(),
        client.invalidateQueries({ queryKey: leagueStatusQuery(user.id).queryKey }),
      ]),
  });
}
