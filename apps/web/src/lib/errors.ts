import { toast, type ToastOptions } from 'react-toastify';
import { ApiError } from './api-client.ts';

/**
 * The one place that turns a failed call into the words a player reads. A refusal's `code` picks
 * the text; a refusal this map does not know shows the server's own message; anything else (no
 * network, a server error, a reply the contract does not allow) shows what the player was doing
 * went wrong, in that action's words.
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
  | 'leaderboard';

const SOMETHING_WRONG = 'Something went wrong.';

/** Each action's text when the server gave no refusal, and when the network failed. */
const ACTIONS: Record<Action, { fallback: string; network?: string }> = {
  boost: { fallback: 'An error occurred. Please try again.' },
  chest: { fallback: 'Something went wrong. Please try again!' },
  'farm-start': { fallback: 'Failed to start farming.', network: SOMETHING_WRONG },
  'farm-claim': { fallback: 'Failed to claim reward.', network: SOMETHING_WRONG },
  task: { fallback: 'Something went wrong. Please try again!' },
  mining: { fallback: SOMETHING_WRONG },
  spin: { fallback: SOMETHING_WRONG },
  play: { fallback: SOMETHING_WRONG },
  wallet: { fallback: SOMETHING_WRONG },
  copy: { fallback: SOMETHING_WRONG },
  leaderboard: { fallback: 'Failed to load leaderboard.' },
};

/** The text of each refusal code whose words are fixed for the player. */
const REFUSALS = {
  NOT_ENOUGH_BALANCE: 'Not Enough Balance!',
  NOT_ENOUGH_COIN: 'Not Enough Coin!',
  NOT_ENOUGH_TICKET: 'Not Enough Ticket.',
  ALREADY_USED: 'It has already been used.',
  ALREADY_CLAIMED: 'Already you received!',
  NOT_COMPLETED: 'Task is not completed yet!',
  INVALID_TASK: 'Invalid task name or type!',
} as const satisfies Record<string, string>;
type RefusalCode = keyof typeof REFUSALS;
const refusalText = (code: string): string | undefined => REFUSALS[code as RefusalCode];

/** Refusals the player mends by earning more: shown as a warning rather than an error. */
const SHORTFALLS = new Set(['NOT_ENOUGH_BALANCE', 'NOT_ENOUGH_COIN', 'NOT_ENOUGH_TICKET']);

/** A refusal for a client-side check, worded as the server's (a spin without a ticket). */
export const refusal = (code: RefusalCode) => new ApiError(409, code, REFUSALS[code]);

/** The text a player reads for `error`, raised while doing `action`. */
export function errorText(error: unknown, action: Action): string {
  const words = ACTIONS[action];
  if (error instanceof ApiError) {
    const known = refusalText(error.code);
    if (known) return known;
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
    if (error.code === 'NETWORK' && words.network) return words.network;
  }
  return words.fallback;
}

/** Shows `error` as a toast: a shortfall as a warning, anything else as an error. */
export function toastError(error: unknown, action: Action, options?: ToastOptions) {
  const show = error instanceof ApiError && SHORTFALLS.has(error.code) ? toast.warning : toast.error;
  const text = errorText(error, action);
  if (options) show(text, options);
  else show(text);
}
