/** A refusal with a stable code, an HTTP status and the player-facing message (SPEC.md section 8). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = 'Authentication required.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You can only act as yourself.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
/** A rule said no (not enough coins, already claimed, …): nothing was changed. */
export const refused = (code: string, message: string) => new AppError(409, code, message);
