import type { ErrorCode } from '@egg-rush/contract/errors';

/** A refusal with a stable code (one of the contract's ERROR_CODES), an HTTP status and the player-facing message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST') =>
  new AppError(400, code, message);
export const unauthorized = (message = 'Authentication required.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You can only act as yourself.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
/** A rule said no (not enough coins, already claimed, …): nothing was changed. */
export const refused = (code: ErrorCode, message: string) => new AppError(409, code, message);

/**
 * The SQLSTATE of a database error (PostgreSQL or PGlite), looking through the wrappers a query
 * builder adds (`cause`); undefined for any other error.
 */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SQLSTATE 23505: a unique index refused a second row (two requests raced for one value). */
export const UNIQUE_VIOLATION = '23505';
