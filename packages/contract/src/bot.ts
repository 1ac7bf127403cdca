import { z } from 'zod';

/**
 * POST /bot/webhook: an update from Telegram (https://core.telegram.org/bots/api#update). Only
 * `update_id` is checked here; the bot reads the rest.
 */
export const telegramUpdate = z.looseObject({ update_id: z.number().int() });
export const webhookResponse = z.object({ ok: z.boolean() });
