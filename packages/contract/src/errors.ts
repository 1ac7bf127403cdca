// No zod here: plain lists, light for whatever imports them (common.ts makes the schema).

/** The codes only the operators' console meets. */
const CONSOLE_CODES = [
  'SELF_ACTION',
  'ADJUST_TOO_LARGE',
  'ADJUST_DAY_LIMIT',
  'PLAYER_ADJUST_DAY_LIMIT',
  'NEGATIVE_BALANCE',
  'TASK_EXISTS',
  'TASK_NAME_RESERVED',
  'REWARD_OUT_OF_LIMITS',
  'BAD_SCHEDULE',
  'ALREADY_PUBLISHED',
  'ANOTHER_PUBLISHED',
  'NOT_PUBLISHED',
  'EMPTY_ALLOCATION',
  'BAD_CIPHER_WORD',
  'CIPHER_PAST_DAY',
] as const;

/**
 * Every `code` a refusal may carry. The server cannot send another (lib/errors.ts takes only
 * these), and the players' app words each one a player reads in every language: a catalogue missing
 * one of PLAYER_ERROR_CODES fails the type check (locales.ts).
 */
export const ERROR_CODES = [
  // Any route
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'BANNED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'BAD_URL',
  'RATE_LIMITED',
  'BUSY',
  'INTERNAL',
  // The game's rules
  'NOT_ENOUGH_BALANCE',
  'NOT_ENOUGH_COIN',
  'NOT_ENOUGH_TICKET',
  'NO_ENERGY',
  'ENERGY_FULL',
  'DAILY_LIMIT',
  'ALREADY_USED',
  'ALREADY_CLAIMED',
  'NOTHING_TO_CLAIM',
  'NO_CHEST',
  'NO_INCOME',
  'ALREADY_FARMING',
  'FARM_NOT_STARTED',
  'FARM_NOT_FINISHED',
  'MAX_LEVEL',
  'UNKNOWN_CATEGORY',
  'UNKNOWN_ITEM',
  'INVALID_TASK',
  'NOT_COMPLETED',
  'LEAGUE_NOT_REACHED',
  'UNKNOWN_LEAGUE',
  'WEEK_NOT_OVER',
  'COMBO_INCOMPLETE',
  'COMBO_NOT_OVER',
  'CIPHER_NO_TRIES',
  'ALREADY_IN_SQUAD',
  'NOT_IN_SQUAD',
  'NAME_TAKEN',
  'BAD_SQUAD_NAME',
  'SQUAD_NAME_BLOCKED',
  'GAME_EXPIRED',
  'BAD_RESULT',
  'WALLET_TAKEN',
  'BAD_PROOF',
  'BAD_PAYLOAD',
  'PAYMENTS_OFF',
  'UNKNOWN_PACK',
  'INVOICE_LIMIT',
  // The bot's webhook
  'UPDATE_FAILED',
  ...CONSOLE_CODES,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Codes worded by what the player was doing (the app's own text for that action), not by a text
 * of their own: a request the app never sends as such (an unknown item, a malformed body), a race
 * to try again, a failure of the server, and what only the operators' console or Telegram's
 * webhook meet.
 */
const WORDED_BY_ACTION = [
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'BAD_URL',
  'INTERNAL',
  'UNKNOWN_CATEGORY',
  'UNKNOWN_ITEM',
  'UNKNOWN_LEAGUE',
  'UNKNOWN_PACK',
  'UPDATE_FAILED',
  ...CONSOLE_CODES,
] as const satisfies readonly ErrorCode[];

/** The refusals a player reads in the app: every language words each one (`errors.<code>`). */
export type PlayerErrorCode = Exclude<ErrorCode, (typeof WORDED_BY_ACTION)[number]>;
export const PLAYER_ERROR_CODES = ERROR_CODES.filter(
  (code): code is PlayerErrorCode => !(WORDED_BY_ACTION as readonly string[]).includes(code),
);
