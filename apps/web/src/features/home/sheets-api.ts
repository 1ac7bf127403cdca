import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoostName } from '@egg-rush/game/boosts';
import { call } from '../../lib/api-client.ts';
import { requestId, send } from '../../lib/outbox.ts';
import { useSession } from '../../lib/session.tsx';
import { leagueStatusQuery, useRefresh } from './api.ts';

// Home's sheets' reads and writes, out of api.ts (the first screen's): they load with the sheets.

export const leaderboardQuery = (userId: number) =>
  queryOptions({
    queryKey: ['leaderboard', userId],
    queryFn: () => call('leaderboard', { params: { id: userId } }),
    staleTime: 15_000,
  });

export function useLeaderboard(enabled: boolean) {
  const { user } = useSession();
  return useQuery({ ...leaderboardQuery(user.id), enabled });
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
