import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { AppError, notFound, unauthorized } from '../../lib/errors.ts';
import { sameSecret } from '../../lib/secret.ts';
import { findChat, setNotifications } from './bot.repository.ts';
import { contractRoute } from '../../lib/contract-route.ts';

export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * POST /bot/webhook: Telegram's updates. Only a call carrying BOT_WEBHOOK_SECRET is processed;
 * calls without it are rate limited per address like any public route (Telegram's own, few
 * addresses for every player, are not). An update the bot cannot use, or whose answer Telegram
 * refused, is acknowledged (see BotSide.handleUpdate); only a failure of our own (the database)
 * answers 500, so that Telegram sends the update again (a payment is credited once however often
 * it comes).
 */
export default async function botRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...contractRoute('botWebhook'),
    config: {
      public: true,
      rateLimit: 'address',
      rateLimitExempt: (request) => sameSecret(request.headers[SECRET_HEADER], app.deps.env.botWebhookSecret),
      // Telegram's own text (messages may hold line breaks): not refused for control characters.
      foreignText: true,
    },
    handler: async (request) => {
      const side = app.bot;
      if (!side) throw notFound('The bot is not configured.');
      if (!sameSecret(request.headers[SECRET_HEADER], app.deps.env.botWebhookSecret)) {
        throw unauthorized('Wrong webhook secret.');
      }
      try {
        await side.handleUpdate(request.body as unknown as Update);
      } catch (error) {
        request.log.error({ err: error, update: request.body.update_id }, 'bot update failed');
        throw new AppError(500, 'UPDATE_FAILED', 'The update could not be handled.');
      }
      return { ok: true };
    },
  });

  // The bot's reminders, on or off: the same switch as the bot's /settings, from the app's Settings.
  app.route({
    ...contractRoute('notifications'),
    handler: async (request) => ({
      on: (await findChat(app.deps.database.db, request.userId))?.notifications ?? true,
    }),
  });
  app.route({
    ...contractRoute('setNotifications'),
    handler: async (request) => {
      const { on } = request.body;
      await setNotifications(app.deps.database.db, request.userId, on, new Date(app.deps.now()));
      return { on };
    },
  });
}
