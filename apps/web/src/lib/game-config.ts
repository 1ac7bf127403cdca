import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameConfig } from '@egg-rush/game/config';
import { call } from './api-client.ts';
import { useProfile } from './profile.ts';

/**
 * The game's active configuration (GET /config), the same the server's rules pay: keyed by the
 * version the profile carries, so a publish is fetched again when the profile next shows it.
 */
export const gameConfigQuery = (version: number | undefined) =>
  queryOptions({
    queryKey: ['game-config', version ?? 0],
    queryFn: () => call('config'),
    staleTime: Infinity,
  });

/**
 * The active configuration's values, or undefined until loaded: the screens show today's
 * constants (version 1) until then, never a price of their own.
 */
export function useGameConfig(): GameConfig | undefined {
  const { data: profile } = useProfile();
  const { data } = useQuery({ ...gameConfigQuery(profile?.configVersion), enabled: profile !== undefined });
  return data?.values;
}
