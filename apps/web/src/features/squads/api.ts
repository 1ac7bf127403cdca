import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';

/** GET /squads/:id/board: the top squads and the player's squad. */
export const squadBoardQuery = (userId: number) =>
  queryOptions({
    queryKey: ['squads', userId, 'board'],
    queryFn: () => call('squadBoard', { params: { id: userId } }),
    staleTime: 15_000,
  });

/** GET /squads/:id/page: a squad and its members (the player's squad when `squad` is null). */
export const squadPageQuery = (userId: number, squad: number | null) =>
  queryOptions({
    queryKey: ['squads', userId, 'page', squad],
    queryFn: () => call('squadPage', { params: { id: userId }, query: { squad: squad ?? undefined } }),
    staleTime: 15_000,
  });

/** Where the mini-app lives (GET /app/config): an invite link is it with the squad's start parameter. */
const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => call('appConfig'),
  staleTime: Infinity,
});

export function useSquadBoard() {
  const { user } = useSession();
  return useQuery(squadBoardQuery(user.id));
}

export function useSquadPage(squad: number | null) {
  const { user } = useSession();
  return useQuery(squadPageQuery(user.id, squad));
}

/** The invite link of a squad: the mini-app's link with its `squad_<id>` start parameter. */
export function useInviteLink(startParam: string | undefined) {
  const { data } = useQuery({ ...appConfigQuery, enabled: startParam !== undefined });
  return data && startParam ? `${data.miniAppUrl}?startapp=${startParam}` : undefined;
}

/** Create and join: each changes the board and the pages, so all of them are fetched again. */
function useSquadMutation<T, R>(call: (userid: number, input: T) => Promise<R>) {
  const client = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (input: T) => call(user.id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['squads', user.id] }),
  });
}

export const useCreateSquad = () =>
  useSquadMutation((userid, name: string) => call('squadCreate', { body: { userid, name } }));
export const useJoinSquad = () =>
  useSquadMutation((userid, squad: number) => call('squadJoin', { body: { userid, squad } }));
/**
 * Leave the player's squad; `onLeft` moves off its page. The server deletes a squad its last member
 * leaves, so the page left is not asked for again: the screen moves off it first, then the squads'
 * pages are dropped (each is fetched afresh when next opened) and the board fetched again.
 */
export function useLeaveSquad(onLeft: () => void) {
  const client = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: () => call('squadLeave', { body: { userid: user.id } }),
    onSuccess: () => {
      onLeft();
      client.removeQueries({ queryKey: ['squads', user.id, 'page'] });
      return client.invalidateQueries({ queryKey: squadBoardQuery(user.id).queryKey });
    },
  });
}
