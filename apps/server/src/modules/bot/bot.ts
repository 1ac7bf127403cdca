import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Api, Bot, BotError, GrammyError, HttpError, InlineKeyboard, type Transformer } from 'grammy';
import type { Update } from 'grammy/types';
import type { Env } from '../../env.ts';
import type { Deps } from '../../lib/deps.ts';
import { createOutside, outsideBusy, type Outside } from '../../lib/outside.ts';
import { createPaymentsService } from '../payments/index.ts';
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

/** A `/start` payload Telegram accepts (and the mini-app's start_param): 1-64 of A-Z a-z 0-9 _ -. */
const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * How long Telegram's answer on whether a player follows the channel is kept: a minute for "yes",
 * a few seconds for "no" (a player who has just joined checks again at once).
 */
export const MEMBERSHIP_CACHE_MS = { member: 60_000, notMember: 5_000 } as const;
/** At most this many answers kept (the oldest dropped first). */
const MEMBERSHIP_CACHE_SIZE = 50_000;

/** Telegram's answer when an edit would change nothing (a settings button pressed twice). */
const NOT_MODIFIED = /message is not modified/;

/**
 * An error that retrying the update would not mend: Telegram refused or did not take our answer
 * (a 4xx, a 429, a timeout, the breaker open). The update is acknowledged and the error logged.
 */
export function isTelegramSide(error: unknown): boolean {
  return error instanceof GrammyError || error instanceof HttpError || outsideBusy(error) !== undefined;
}

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

/**
 * Every Bot API call goes through the one outside client (lib/outside.ts): connect and total
 * timeouts, a bound on calls in flight, a circuit breaker, and a 429 failing fast for its
 * retry_after (nothing is retried while a request waits: the notifier postpones, a player is
 * answered 503 BUSY with Retry-After). grammY's own timeout is a backstop behind the client's.
 */
function telegramClient(env: Env, outside: Outside) {
  return {
    apiRoot: env.telegramApiRoot,
    fetch: outside.fetch as never,
    timeoutSeconds: Math.ceil(env.outsideTimeoutMs / 1000) + 5,
  };
}

/** The Bot API as an outside service. */
export function telegramOutside(env: Env, now: () => number = Date.now): Outside {
  return createOutside({ name: 'telegram', totalTimeoutMs: env.outsideTimeoutMs, now });
}

/** A Bot API client for the scripts (refund, webhook set-up). */
export function telegramApi(env: Env): Api {
  const api = new Api(env.botToken, telegramClient(env, telegramOutside(env)));
  api.config.use(throttleMessages());
  return api;
}

export interface BotSide {
  bot: Bot;
  api: Api;
  /** The outside client every Bot API call goes through (its state for metrics and tests). */
  outside: Outside;
  /**
   * The Bot API through the same outside client without the in-process throttler: for a sender
   * that keeps Telegram's pace itself across processes (campaigns, one sender at a time).
   */
  campaignApi: Api;
  notifier: Notifier;
  /** Handles one update from the webhook (the bot is initialised on the first). */
  handleUpdate(update: Update): Promise<void>;
  /**
   * Whether Telegram says the player is a member of `channel`, by default TELEGRAM_CHANNEL;
   * undefined without a channel.
   */
  isChannelMember(userId: number, channel?: string): Promise<boolean | undefined>;
  /**
   * Menu button and polling (BOT_MODE=polling). The notifications run on the job runner
   * (`notifier.register(jobs)`, main.ts).
   */
  start(options: { polling: boolean }): Promise<void>;
  stop(): Promise<void>;
}

type Log = (msg: string, err?: unknown) => void;

/** The bot: launch, settings, payments and re-engagement (BOT_TOKEN set). */
export function createBotSide(deps: Deps, log: Log): BotSide {
  const { env } = deps;
  const outside = telegramOutside(env, deps.now);
  const bot = new Bot(env.botToken, { client: telegramClient(env, outside) });
  bot.api.config.use(throttleMessages());
  const payments = createPaymentsService(deps);
  const notifier = createNotifier(deps, bot.api, log);
  const { db } = deps.database;
  const at = () => new Date(deps.now());
  /** Telegram's recent answers on channel membership, per channel and player, with when they expire. */
  const membership = new Map<string, { member: boolean; until: number }>();
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
    // A callback from an inline message, or one too old, carries no message to edit.
    if (!ctx.callbackQuery.message) return;
    await ctx
      .editMessageText(texts.settingsText(on), { reply_markup: texts.settingsKeyboard(on) })
      .catch((error: unknown) => {
        // Pressed twice: the message already says so.
        if (!(error instanceof GrammyError && NOT_MODIFIED.test(error.description))) throw error;
      });
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
    if (!ctx.from) {
      // Telegram names the payer in a private chat; without one nothing can be credited safely.
      log(`bot: successful_payment without a payer, charge ${p.telegram_payment_charge_id}`, undefined);
      return;
    }
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
    outside,
    campaignApi: new Api(env.botToken, telegramClient(env, outside)),
    notifier,
    async handleUpdate(update) {
      await init();
      try {
        await bot.handleUpdate(update);
      } catch (error) {
        const cause = error instanceof BotError ? error.error : error;
        if (!isTelegramSide(cause)) throw cause;
        log(`bot: update ${update.update_id} acknowledged, Telegram refused an answer`, cause);
      }
    },
    async isChannelMember(userId, channel = env.telegramChannel) {
      if (!channel) return undefined;
      const key = `${channel}:${userId}`;
      const cached = membership.get(key);
      if (cached && cached.until > deps.now()) return cached.member;
      const member = isMemberStatus(await bot.api.getChatMember(channel, userId));
      membership.delete(key);
      const oldest = membership.keys().next();
      if (membership.size >= MEMBERSHIP_CACHE_SIZE && !oldest.done) membership.delete(oldest.value);
      const keep = member ? MEMBERSHIP_CACHE_MS.member : MEMBERSHIP_CACHE_MS.notMember;
      membership.set(key, { member, until: deps.now() + keep });
      return member;
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
    },
    async stop() {
      if (bot.isRunning()) await bot.stop();
    },
  };
}
