import { useMutation } from '@tanstack/react-query';
import type { SpinResponse } from '@egg-rush/contract/spin';
import { SPIN_COST_TICKETS } from '@egg-rush/game/spin';
import { call } from '../../lib/api-client.ts';
import { useProfileCache } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * PUT /users/getSpin. The ticket shows as spent at once; the prize's
 * balances are applied by the caller when the wheel stops, then the profile is refreshed.
 */
export function useSpin() {
  const { user } = useSession();
  const profile = useProfileCache();
  const mutation = useMutation({
    mutationFn: () => call('spin', { body: { userid: user.id } }),
    onMutate: () => profile.patch((p) => ({ ticket: Math.max(0, p.ticket - SPIN_COST_TICKETS) })),
    onError: () => profile.refresh(),
  });
  /** Shows the prize's balances (when the wheel has stopped) and refreshes from the server. */
  const settle = (r: SpinResponse) => {
    profile.patch({ onion: r.onion, ticket: r.ticket, cheatCount: r.cheatCount });
    void profile.refresh();
  };
  return { ...mutation, settle };
}
