import type { playerApi } from '@egg-rush/contract/player-api';
import { playerRoutes } from '@egg-rush/contract/routes';
import { createClient } from './http.ts';
import type * as Schemas from './schemas.ts';

export { ApiError, ContractError } from './http.ts';

/** The players' routes' schemas, a chunk loaded beside the first call (lib/schemas.ts). */
let schemas: Promise<typeof Schemas> | undefined;
const loadSchemas = () =>
  (schemas ??= import('./schemas.ts').catch((error: unknown) => {
    schemas = undefined;
    throw error;
  }));
// Fetched as the app starts, beside the first screen, so the first reply does not wait for it.
loadSchemas().catch(() => undefined);

let token: string | null = null;

export function setToken(value: string | null) {
  token = value;
}

/** The players' app's calls: `call('tap', { body })`, base /api/v1, the player's Bearer token. */
export const { call } = createClient<typeof playerApi>({
  routes: playerRoutes,
  schemas: () => loadSchemas().then((m) => ({ api: m.playerApi, errorBody: m.errorBody })),
  token: () => token,
  unreachable: 'Something went wrong.',
});
