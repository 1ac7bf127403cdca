import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Api, Bot, InlineKeyboard, type Transformer } from 'grammy';
import type { Update } from 'grammy/types';
import type { Env } from '../../env.ts';
import type { Deps } from '../../lib/deps.ts';
import { createPaymentsService } from '../payments/payments.service.ts';
import { playerLanguage } from '@egg-rush/game/language';
import {
  chosenLanguage,
  findChat,
  markReachable,
  markUnreachable,
  setNotifications,
} from './bot.repository.ts';
import { botTexts } from './messages.ts';
import { createNotifier, type Notifier } from './notifications.service.ts';

/** Retries of a call Telegram answered 429 (after its retry_after) or 5xx, and the longest wait. */
export const RETRY = { maxRetryAttempts: 3, maxDelaySeconds: 30 } as const;

/** A `/start` payload Telegram accepts (and the mini-app's start_param): 1-64 of A-Z a-z 0-9 _ -. */
const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

/** Chat member statuses that count as following the channel. */
export function isMemberStatus(member: { status: string; is_member?: boolean }): boolean {
  if (member.status === 'restricted') return member.is_member === true;
  return member.status === 'member' || member.status === 'administrator' || member.status === 'creator';
}

/**
 * Telegram's limits on messages (about 30 a second overall, one a second per chat, 20 a minute
 * per group) kept by grammY's throttler, for the calls that send or edit messages only: the
 * throttler keys on `chat_id`, and a membership check of the channel (getChatMember) must not
 * queue every player's claim behind one per second.
 */
function throttleMessages(): Transformer {
  const throttled = apiThrottler();
  return (prev, method, payload, signal) =>
    /^(send|copy|forward|edit)/.test(method)
      ? throttled(prev, method, payload, signal)
      : prev(method, payload, signal);
}

/** Throttling, and a call Telegram answered 429 (after its retry_after) or 5xx retried. */
function configure(api: Api): Api {
  api.config.use(throttleMessages());
  api.config.use(autoRetry(RETRY));
  return api;
}

/** A Bot API client for the scripts (refund, webhook set-up). */
export function telegramApi(env: Env): Api {
  return configure(new Api(env.botToken, { apiRoot: env.telegramApiRoot }));
}

export interface BotSide {
  bot: Bot;
  api: Api;
  notifier: Notifier;
  /** Handles one update from the webhook (the bot is initialised on the first). */
  handleUpdate(update: Update): Promise<void>;
  /**
   * Whether Telegram says the player is a member of `channel`, by default TELEGRAM_CHANNEL;
   * undefined without a channel.
   */
  isChannelMember(userId: number, channel?: string): Promise<boolean | undefined>;
  /** Menu button, polling (BOT_MODE=polling) and the notification timers. */
  start(options: { polling: boolean }): Promise<void>;
  stop(): Promise<void>;
}

type Log = (msg: string, err?: unknown) => void;

/** The bot: launch, settings, payments and re-engagement (BOT_TOKEN set). */
export function createBotSide(deps: Deps, log: Log): BotSide {
  const { env } = deps;
  const bot = new Bot(env.botToken, { client: { apiRoot: env.telegramApiRoot } });
  configure(bot.api);
  const payments = createPaymentsService(deps);
  const notifier = createNotifier(deps, bot.api, log);
  const { db } = deps.database;
  const at = () => new Date(deps.now());
  /** The texts in the language of the player writing: their choice in the app, else Telegram's. */
  const textsFor = async (from: { id: number; language_code?: string } | undefined) =>
    botTexts(playerLanguage(from ? await chosenLanguage(db, from.id) : null, from?.language_code));
  const playButton = (play: string) => new InlineKeyboard().webApp(play, env.publicUrl);

  bot.catch((error) => log(`bot: update ${error.ctx.update.update_id} failed`, error.error));

  // A player who writes to the bot (a message, a button) can be reached again.
  bot.use(async (ctx, next) => {
    if (ctx.from && ctx.chat?.type === 'private' && (ctx.message || ctx.callbackQuery)) {
      await markReachable(db, ctx.from.id, at());
    }
    await next();
  });

  bot.command('start', async (ctx) => {
    const texts = await textsFor(ctx.from);
    const payload = ctx.match.trim();
    if (START_PAYLOAD.test(payload)) {
      // A web_app button's launch data carries no start_param; the mini-app's direct link does,
      // signed by Telegram, so the invite reaches the login as it does from the Friends screen.
      const link = `https://t.me/${env.botUsername}/${env.appShortName}?startapp=${payload}`;
      await ctx.reply(texts.welcomeInvited, { reply_markup: new InlineKeyboard().url(texts.play, link) });
      return;
    }
    await ctx.reply(texts.welcome, { reply_markup: playButton(texts.play) });
  });

  bot.command('help', async (ctx) => {
    const texts = await textsFor(ctx.from);
    await ctx.reply(texts.help, { reply_markup: playButton(texts.play) });
  });

  bot.command('settings', async (ctx) => {
    if (!ctx.from) return;
    const texts = await textsFor(ctx.from);
    const on = (await findChat(db, ctx.from.id))?.notifications ?? true;
    await ctx.reply(texts.settingsText(on), { reply_markup: texts.settingsKeyboard(on) });
  });

  bot.callbackQuery(/^notify:(on|off)$/, async (ctx) => {
    const on = ctx.match[1] === 'on';
    const texts = await textsFor(ctx.from);
    await setNotifications(db, ctx.from.id, on, at());
    await ctx.answerCallbackQuery({ text: on ? texts.toastOn : texts.toastOff });
    await ctx.editMessageText(texts.settingsText(on), { reply_markup: texts.settingsKeyboard(on) });
  });

  // Blocked or unblocked in the private chat.
  bot.on('my_chat_member', async (ctx) => {
    const update = ctx.myChatMember;
    if (update.chat.type !== 'private') return;
    if (update.new_chat_member.status === 'kicked') await markUnreachable(db, update.from.id, at());
    else if (update.new_chat_member.status === 'member') await markReachable(db, update.from.id, at());
  });

  bot.on('pre_checkout_query', async (ctx) => {
    const q = ctx.preCheckoutQuery;
    const answer = await payments.checkout({
      fromId: q.from.id,
      payload: q.invoice_payload,
      currency: q.currency,
      totalAmount: q.total_amount,
    });
    if (answer.ok) await ctx.answerPreCheckoutQuery(true);
    else await ctx.answerPreCheckoutQuery(false, { error_message: answer.reason });
  });

  bot.on('message:successful_payment', async (ctx) => {
    const p = ctx.message.successful_payment;
    const result = await payments.paid({
      fromId: ctx.from.id,
      chargeId: p.telegram_payment_charge_id,
      payload: p.invoice_payload,
      currency: p.currency,
      totalAmount: p.total_amount,
    });
    if (!result.duplicate && result.credited > 0) {
      await ctx.reply((await textsFor(ctx.from)).thanksText(result.credited));
    }
  });

  // A refund made elsewhere (by the operator through another tool): take the tickets back too.
  bot.on('message:refunded_payment', async (ctx) => {
    await payments.applyRefund(ctx.message.refunded_payment.telegram_payment_charge_id);
  });

  let ready: Promise<void> | undefined;
  const init = () => {
    ready ??= bot.init().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };

  return {
    bot,
    api: bot.api,
    notifier,
    async handleUpdate(update) {
      await init();
      await bot.handleUpdate(update);
    },
    async isChannelMember(userId, channel = env.telegramChannel) {
      if (!channel) return undefined;
      const member = await bot.api.getChatMember(channel, userId);
      return isMemberStatus(member);
    },
    async start({ polling }) {
      await bot.api
        .setChatMenuButton({
          menu_button: { type: 'web_app', text: botTexts('en').play, web_app: { url: env.publicUrl } },
        })
        .catch((error: unknown) => log('bot: setChatMenuButton failed', error));
      if (polling) {
        await bot.api.deleteWebhook().catch((error: unknown) => log('bot: deleteWebhook failed', error));
        void bot
          .start({ drop_pending_updates: false })
          .catch((error: unknown) => log('bot: polling stopped', error));
      }
      notifier.start();
    },
    async stop() {
      notifier.stop();
      if (bot.isRunning()) await bot.stop();
    },
  };
}
