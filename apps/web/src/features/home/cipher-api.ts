import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { useProfileCache } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

/** GET /cipher: today's cipher (its word's length, never the word), the tries left, the reward. */
export const cipherQuery = (userId: number) =>
  queryOptions({
    queryKey: ['cipher', userId],
    queryFn: () => call('cipher'),
    staleTime: 60_000,
  });

export function useCipher() {
  const { user } = useSession();
  return useQuery(cipherQuery(user.id));
}

/** POST /cipher/solve: an answer; right, it pays once (the balances refresh). */
export function useSolveCipher() {
  const client = useQueryClient();
  const { user } = useSession();
  const profile = useProfileCache();
  return useMutation({
    mutationFn: (word: string) => call('cipherSolve', { body: { userid: user.id, word } }),
    onSettled: () =>
      Promise.all([profile.refresh(), client.invalidateQueries({ queryKey: cipherQuery(user.id).queryKey })]),
  });
}
