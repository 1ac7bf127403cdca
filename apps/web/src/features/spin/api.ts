import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpinResponse } from '@egg-rush/contract/spin';
import type { Profile } from '@egg-rush/contract/users';
import { SPIN_COST_TICKETS } from '@egg-rush/game/spin';
import { put } from '../../lib/api-client.ts';
import { profileQuery } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * PUT /users/getSpin. The ticket shows as spent at once (SPEC.md section 4 "Spin"); the prize's
 * balances are applied by the caller when the wheel stops, then the profile is refreshed.
 */
export function useSpin() {
  const { user } = useSession();
  const client = useQueryClient();
  const key = profileQuery(user.id).queryKey;
  const patch = (fields: Partial<Profile>) =>
    client.setQueryData<Profile>(key, (p) => (p ? { ...p, ...fields } : p));
  const mutation = useMutation({
    mutationFn: () => put('/users/getSpin', 'spinResponse', { userid: user.id }),
    onMutate: () => {
      const ticket = client.getQueryData<Profile>(key)?.ticket;
      if (ticket !== undefined) patch({ ticket: Math.max(0, ticket - SPIN_COST_TICKETS) });
    },
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
  /** Shows the prize's balances (when the wheel has stopped) and refreshes from the server. */
  const settle = (r: SpinResponse) => {
    patch({ onion: r.onion, ticket: r.ticket, cheatCount: r.cheatCount });
    void client.invalidateQueries({ queryKey: key });
  };
  return { ...mutation, settle };
}
