import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { telegramUpdate, webhookResponse } from '@egg-rush/contract/bot';
import { replies } from '@egg-rush/contract/common';
import { AppError, notFound, unauthorized } from '../../lib/errors.ts';

export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The same secret, compared in constant time. */
function sameSecret(sent: unknown, secret: string | undefined): boolean {
  if (!secret || typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

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
  app.post(
    '/bot/webhook',
    {
      config: {
        public: true,
        rateLimit: 'address',
        rateLimitExempt: (request) =>
          sameSecret(request.headers[SECRET_HEADER], app.deps.env.botWebhookSecret),
        // Telegram's own text (messages may hold line breaks): not refused for control characters.
        foreignText: true,
      },
      schema: { body: telegramUpdate, response: replies(webhookResponse) },
    },
    async (request) => {
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
  );
}
