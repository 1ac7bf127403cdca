import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { requestId, send } from '../../lib/outbox.ts';
import { useProfileCache } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

export const miningQuery = (userId: number) =>
  queryOptions({
    queryKey: ['mining', userId],
    queryFn: () => call('miningData', { params: { id: userId } }),
    staleTime: 30_000,
  });

export function useMiningData() {
  const { user } = useSession();
  return useQuery(miningQuery(user.id));
}

/**
 * POST /users/buyMining: the next level of `item` in the tab `title`; in line with the other
 * writes and kept through a failover (lib/outbox.ts), with its id: bought once.
 */
export function useBuyMining() {
  const client = useQueryClient();
  const { user } = useSession();
  const profile = useProfileCache();
  return useMutation({
    mutationFn: (p: { item: string; title: string }) => {
      const request = requestId();
      return send(() => call('buyMining', { body: { userid: user.id, ...p, request } }));
    },
    onSettled: () =>
      Promise.all([
        profile.refresh(),
        client.invalidateQueries({ queryKey: miningQuery(user.id).queryKey }),
        // An upgrade may be one of the day's combo cards.
        client.invalidateQueries({ queryKey: comboQuery(user.id).queryKey }),
      ]),
  });
}

/** GET /combo/:id: today's combo as far as the player has found it. */
export const comboQuery = (userId: number) =>
  queryOptions({
    queryKey: ['combo', userId],
    queryFn: () => call('combo', { params: { id: userId } }),
    staleTime: 30_000,
  });

export function useCombo() {
  const { user } = useSession();
  return useQuery(comboQuery(user.id));
}

/** POST /combo/claim: today's reward, once all three cards are found. */
export function useClaimCombo() {
  const client = useQueryClient();
  const { user } = useSession();
  const profile = useProfileCache();
  return useMutation({
    mutationFn: () => call('comboClaim', { body: { userid: user.id } }),
    onSettled: () =>
      Promise.all([profile.refresh(), client.invalidateQueries({ queryKey: comboQuery(user.id).queryKey })]),
  });
}
