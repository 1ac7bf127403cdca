import { z } from 'zod';
import { userId } from './common.ts';

/**
 * POST /bot/webhook: an update from Telegram (https://core.telegram.org/bots/api#update). Only
 * `update_id` is checked here; the bot reads the rest.
 */
export const telegramUpdate = z.looseObject({ update_id: z.number().int() });
export const webhookResponse = z.object({ ok: z.boolean() });

/**
 * GET and PUT /bot/notifications: whether the bot sends the player reminders, the one switch the
 * bot's /settings and the app's Settings both turn (kept with the bot's chat, on until turned off).
 */
export const notificationsSetting = z.object({ on: z.boolean() });
export type NotificationsSetting = z.infer<typeof notificationsSetting>;
export const notificationsUpdate = notificationsSetting.extend({ userid: userId.optional() }).strict();
export type NotificationsUpdate = z.infer<typeof notificationsUpdate>;
