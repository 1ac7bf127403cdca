import type { ToastOptions } from 'react-toastify';
import type { PlayerErrorCode } from '@egg-rush/contract/errors';
import { ApiError } from './api-client.ts';
import { hasKey, t } from './i18n.tsx';
import { toast } from './toast.ts';

/**
 * The one place that turns a failed call into the words a player reads, from the catalogue
 * (packages/contract/locales, `errors.*`). A refusal's stable `code` picks the text; a refusal
 * the catalogue does not know shows the server's own message; anything else (no network, a
 * server error, a reply the contract does not allow) shows what the player was doing went wrong,
 * in that action's words.
 */

/** What the player was doing when it failed. */
export type Action =
  | 'boost'
  | 'chest'
  | 'farm-start'
  | 'farm-claim'
  | 'task'
  | 'mining'
  | 'spin'
  | 'play'
  | 'wallet'
  | 'copy'
  | 'leaderboard'
  | 'settings'
  | 'league'
  | 'combo'
  | 'cipher'
  | 'squad'
  | 'login'
  | 'appeal';

type ErrorKey =
  `errors.${'tryAgain' | 'tryAgainBang' | 'farmStart' | 'farmClaim' | 'somethingWrong' | 'leaderboard'}`;

/** Each action's text when the server gave no refusal, and when the network failed. */
const ACTIONS: Record<Action, { fallback: ErrorKey | 'settings.saveFailed'; network?: ErrorKey }> = {
  boost: { fallback: 'errors.tryAgain' },
  chest: { fallback: 'errors.tryAgainBang' },
  'farm-start': { fallback: 'errors.farmStart', network: 'errors.somethingWrong' },
  'farm-claim': { fallback: 'errors.farmClaim', network: 'errors.somethingWrong' },
  task: { fallback: 'errors.tryAgainBang' },
  mining: { fallback: 'errors.somethingWrong' },
  spin: { fallback: 'errors.somethingWrong' },
  play: { fallback: 'errors.somethingWrong' },
  wallet: { fallback: 'errors.somethingWrong' },
  copy: { fallback: 'errors.somethingWrong' },
  leaderboard: { fallback: 'errors.leaderboard' },
  settings: { fallback: 'settings.saveFailed' },
  league: { fallback: 'errors.somethingWrong' },
  combo: { fallback: 'errors.somethingWrong' },
  cipher: { fallback: 'errors.somethingWrong' },
  squad: { fallback: 'errors.somethingWrong' },
  login: { fallback: 'errors.somethingWrong' },
  appeal: { fallback: 'errors.somethingWrong' },
};

/** Codes a client-side check may raise, worded as the server's refusal. */
type RefusalCode = 'NOT_ENOUGH_BALANCE' | 'NOT_ENOUGH_COIN' | 'NOT_ENOUGH_TICKET' | 'ALREADY_USED';

/** Refusals the player mends by earning more: shown as a warning rather than an error. */
const SHORTFALLS = new Set(['NOT_ENOUGH_BALANCE', 'NOT_ENOUGH_COIN', 'NOT_ENOUGH_TICKET']);

/** A refusal for a client-side check, worded as the server's (a spin without a ticket). */
export const refusal = (code: RefusalCode) => new ApiError(409, code, t(`errors.${code}`));

/**
 * Whether the catalogue words this refusal: every language words each of the contract's
 * PLAYER_ERROR_CODES (the contract's locales.ts checks it); the list itself stays off the first
 * screen, so the catalogue is asked.
 */
const isPlayerCode = (code: string): code is PlayerErrorCode =>
  /^[A-Z_]+$/.test(code) && code !== 'HTTP' && hasKey(`errors.${code}`);

/** The catalogue's text for a refusal a player reads. */
function refusalText(code: string): string | undefined {
  return isPlayerCode(code) ? t(`errors.${code}`) : undefined;
}

/** The text a player reads for `error`, raised while doing `action`. */
export function errorText(error: unknown, action: Action): string {
  const words = ACTIONS[action];
  if (error instanceof ApiError) {
    const known = refusalText(error.code);
    if (known) return known;
    if (error.code === 'HTTP' && error.status < 500) return t('errors.HTTP', { status: error.status });
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
    if (error.code === 'NETWORK' && words.network) return t(words.network);
  }
  return t(words.fallback);
}

/** Shows `error` as a toast: a shortfall as a warning, anything else as an error. */
export function toastError(error: unknown, action: Action, options?: ToastOptions) {
  const show = error instanceof ApiError && SHORTFALLS.has(error.code) ? toast.warning : toast.error;
  const text = errorText(error, action);
  if (options) show(text, options);
  else show(text);
}
