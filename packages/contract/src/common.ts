import { z } from 'zod';

/** Every refusal: `{ code, message }`. Messages are SPEC.md section 8 texts where one applies. */
export const errorBody = z.object({ code: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** A Telegram user id. Positive, within JavaScript's exact integer range. */
export const userId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Body of the calls that carry only the caller's id (SPEC.md section 7). */
export const useridBody = z.object({ userid: userId });
export type UseridBody = z.infer<typeof useridBody>;

/** Path of the calls addressed to one player: `/…/:id`. */
export const idParams = z.object({ id: userId });

export const successBody = z.object({ success: z.boolean() });
