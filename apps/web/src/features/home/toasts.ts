import { ApiError } from '../../lib/api-client.ts';

/**
 * The toast text for a failed call (SPEC.md section 8): the server's message for a refusal,
 * otherwise `fallback`.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return fallback;
}
