import { errorBody } from '@egg-rush/contract/common';
import { consoleApi } from '@egg-rush/contract/console-api';
import { consoleRoutes } from '@egg-rush/contract/routes';
import { type ApiError, createClient } from '../lib/http.ts';

export { ApiError } from '../lib/http.ts';

const TOKEN_KEY = 'egg-rush:admin-token';
let token: string | null = sessionStorage.getItem(TOKEN_KEY);

export const adminToken = () => token;
export function setAdminToken(value: string | null) {
  token = value;
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** Called when the server no longer accepts the token (expired, or not an operator any more). */
let onSignedOut: () => void = () => undefined;
export const whenSignedOut = (fn: () => void) => (onSignedOut = fn);

/** The refusals that end the session; a refusal of one action (SELF_ACTION, say) does not. */
const signedOut = (error: ApiError) =>
  error.status === 401 || (error.status === 403 && (error.code === 'FORBIDDEN' || error.code === 'BANNED'));

/**
 * The console's calls: `call('adminPlayer', { params })`, with the operator's token. A refusal's
 * message is shown to the operator as it is.
 */
export const { call, fetchRaw } = createClient({
  routes: consoleRoutes,
  schemas: () => Promise.resolve({ api: consoleApi, errorBody }),
  token: () => token,
  unreachable: 'The server cannot be reached. Check the connection and try again.',
  onRefusal: (error, route) => {
    if (route !== 'adminSession' && signedOut(error)) {
      setAdminToken(null);
      onSignedOut();
    }
  },
});

/** Downloads a snapshot export (it needs the token, so it cannot be a plain link). */
export async function download(snapshotId: number, format: 'csv' | 'json') {
  const blob = await fetchRaw('adminSnapshotExport', { params: { snapshotId, format } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `airdrop-snapshot-${snapshotId}.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
