import { sign } from '@tma.js/init-data-node';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FARM_DURATION_MS } from '@egg-rush/game/farm';
import { INVOICES_PER_DAY, TICKET_PACKS } from '@egg-rush/game/payments';
import { REFERRAL_REWARD } from '@egg-rush/game/referrals';
import { gameDay, nextResetAt } from '@egg-rush/game/time';
import { buildApp } from '../src/app.ts';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { createAdminService } from '../src/modules/admin/admin.service.ts';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { MEMBERSHIP_CACHE_MS } from '../src/modules/bot/bot.ts';
import { createPaymentsService } from '../src/modules/payments/payments.service.ts';
import { startFakeTelegram, type FakeTelegram } from './fake-telegram.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The bot side against a local fake Bot API (every call recorded), driven with update JSON as
// Telegram sends it through POST /api/v1/bot/webhook. PGlite by default; PostgreSQL and Redis
// with DATABASE_URL and REDIS_URL.

const TOKEN = '7000000001:test-bot-token';
const SECRET = 'webhook-secret_123';
const PUBLIC_URL = 'https://egg.example';

let fake: FakeTelegram;
let t: TestApp;
let updateId = 1;

const botEnv = (apiRoot: string) => ({
  BOT_TOKEN: TOKEN,
  JWT_SECRET: 'j'.repeat(40),
  GAME_SECRET: 'game-secret',
  COMBO_SECRET: 'combo-secret-for-tests',
  BOT_WEBHOOK_SECRET: SECRET,
  TELEGRAM_API_ROOT: apiRoot,
  TELEGRAM_CHANNEL: '@EggRushNews',
  PUBLIC_URL,
});

beforeAll(async () => {
  fake = await startFakeTelegram();
  t = await createTestApp({ env: botEnv(fake.url), redis: Boolean(process.env.REDIS_URL) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Launch data signed with the bot token, as Telegram signs it; then the login. */
async function login(
  app: FastifyInstance,
  now: number,
  id: number,
  startParam?: string,
  premium = false,
  timeZone?: string,
  firstName = `Player ${id}`,
) {
  const initData = sign(
    {
      user: { id, first_name: firstName, language_code: 'en', ...(premium ? { is_premium: true } : {}) },
      ...(startParam ? { start_param: startParam } : {}),
      chat_instance: '1',
      chat_type: 'sender',
      signature: 'x',
    },
    TOKEN,
    new Date(now),
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userid: id, initData, ...(timeZone ? { timeZone } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}
const loginT = (id: number, startParam?: string, premium = false) =>
  login(t.app, t.clock.now(), id, startParam, premium);

const from = (id: number) => ({ id, is_bot: false, first_name: `Player ${id}` });
const chat = (id: number) => ({ id, type: 'private', first_name: `Player ${id}` });

function command(userId: number, text: string) {
  const [name = ''] = text.split(' ');
  return {
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: Math.floor(t.clock.now() / 1000),
      chat: chat(userId),
      from: from(userId),
      text,
      entities: [{ type: 'bot_command', offset: 0, length: name.length }],
    },
  };
}

const webhook = (app: FastifyInstance, update: unknown, secret: string | null = SECRET) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/bot/webhook',
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: update as Record<string, unknown>,
  });

const sql1 = async <T>(query: ReturnType<typeof sql>, db = t.deps.database.db) => queryRows<T>(db, query);
const ticketsOf = async (id: number) => {
  const [row] = await sql1<{ ticket: number }>(sql`select ticket from accounts where user_id = ${id}`);
  assert(row, `no account for ${id}`);
  return Number(row.ticket);
};
/** The app's bot side, there with BOT_TOKEN. */
const botOf = (app: FastifyInstance) => {
  assert(app.bot, 'no bot (BOT_TOKEN)');
  return app.bot;
};
/** The latest call of a Bot API method. */
const lastCall = (method: string) => {
  const call = fake.of(method).at(-1);
  assert(call, `no ${method} call`);
  return call;
};
const packAt = (i: number) => {
  const pack = TICKET_PACKS[i];
  assert(pack, `no ticket pack ${i}`);
  return pack;
};

describe('the webhook', () => {
  it('processes an update only with the right secret: wrong or missing answers 401 and nothing happens', async () => {
    const before = fake.calls.length;
    const wrong = await webhook(t.app, command(5001, '/help'), 'wrong-secret');
    const missing = await webhook(t.app, command(5001, '/help'), null);
    expect([wrong.statusCode, missing.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
    expect(fake.calls.length).toBe(before);

    const right = await webhook(t.app, command(5001, '/help'));
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ ok: true });
    const [reply] = fake.of('sendMessage', 5001);
    expect(reply?.payload.text).toMatch(/\/settings/);
  });
});

describe('the webhook acknowledges what it cannot use (Telegram retries a 5xx)', () => {
  const callback = (id: number, data: string, withMessage = true) => ({
    update_id: updateId++,
    callback_query: {
      id: `cb-${id}-${updateId}`,
      from: from(id),
      chat_instance: '1',
      data,
      ...(withMessage ? { message: { message_id: 77, date: 1, chat: chat(id), text: 'x' } } : {}),
    },
  });

  it('a successful_payment without `from` is acknowledged and credits nothing', async () => {
    await loginT(5300);
    const before = await ticketsOf(5300);
    const res = await webhook(t.app, {
      update_id: updateId++,
      message: {
        message_id: updateId,
        date: Math.floor(t.clock.now() / 1000),
        chat: chat(5300),
        successful_payment: {
          currency: 'XTR',
          total_amount: 50,
          invoice_payload: 'x',
          telegram_payment_charge_id: 'charge-nofrom',
          provider_payment_charge_id: '',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await ticketsOf(5300)).toBe(before);
  });

  it('a callback without `message` is acknowledged and answered', async () => {
    const res = await webhook(t.app, callback(5301, 'notify:off', false));
    expect(res.statusCode).toBe(200);
    expect(fake.of('answerCallbackQuery').at(-1)?.payload.callback_query_id).toMatch(/^cb-5301-/);
  });

  it('a settings button pressed twice: Telegram’s "message is not modified" is expected', async () => {
    const first = await webhook(t.app, callback(5302, 'notify:off'));
    const second = await webhook(t.app, callback(5302, 'notify:off'));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(fake.of('editMessageText', 5302)).toHaveLength(2);
  });

  it('an update of a kind the bot does not know, and an answer Telegram refuses (429), are acknowledged', async () => {
    const unknown = await webhook(t.app, {
      update_id: updateId++,
      purchased_paid_media: { from: from(5303) },
    });
    expect(unknown.statusCode).toBe(200);
    fake.limited.set('sendMessage', 3);
    try {
      const refused = await webhook(t.app, command(5303, '/help'));
      expect(refused.statusCode).toBe(200);
    } finally {
      fake.limited.delete('sendMessage');
      t.clock.advance(3_000);
    }
  });
});

describe('launch', () => {
  it('/start answers a welcome with a web_app button opening the mini-app', async () => {
    await webhook(t.app, command(5002, '/start'));
    const [reply] = fake.of('sendMessage', 5002);
    expect(reply?.payload.text).toMatch(/Welcome to Egg Rush/);
    const markup = reply?.payload.reply_markup as { inline_keyboard: { web_app?: { url: string } }[][] };
    expect(markup.inline_keyboard[0]?.[0]?.web_app).toEqual({ url: PUBLIC_URL });
  });

  it('/start <invite> carries the invite to the mini-app as its signed start_param', async () => {
    await webhook(t.app, command(5003, '/start 5002'));
    const [reply] = fake.of('sendMessage', 5003);
    const markup = reply?.payload.reply_markup as { inline_keyboard: { url?: string }[][] };
    expect(markup.inline_keyboard[0]?.[0]?.url).toBe('https://t.me/EggRushBot/play?startapp=5002');
    // The mini-app opened from that link logs in with start_param 5002: the invite is paid.
    await loginT(5002);
    await loginT(5003, '5002');
    const [row] = await sql1<{ referrer_id: number }>(sql`select referrer_id from users where id = 5003`);
    expect(Number(row?.referrer_id)).toBe(5002);
  });

  it('sets the chat menu button to open the mini-app at start-up', async () => {
    await botOf(t.app).start({ polling: false });
    await botOf(t.app).stop();
    const [call] = fake.of('setChatMenuButton');
    expect(call?.payload.menu_button).toEqual({
      type: 'web_app',
      text: 'Play',
      web_app: { url: PUBLIC_URL },
    });
  });
});

describe('in the player’s language', () => {
  it('answers in Telegram’s language, and in the one the player chose in the app once they have', async () => {
    const ru = {
      ...command(5060, '/start'),
      message: { ...command(5060, '/start').message, from: { ...from(5060), language_code: 'ru' } },
    };
    await webhook(t.app, ru);
    const [welcome] = fake.of('sendMessage', 5060);
    expect(welcome?.payload.text).toMatch(/^Добро пожаловать в Egg Rush!/);
    const markup = welcome?.payload.reply_markup as { inline_keyboard: { text: string }[][] };
    expect(markup.inline_keyboard[0]?.[0]?.text).toBe('Играть');

    // The player picks Spanish in the app's settings: the bot follows, whatever Telegram says.
    const token = await loginT(5060);
    const saved = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/settings',
      payload: { userid: 5060, language: 'es' },
    });
    expect(saved.statusCode).toBe(200);
    const help = {
      ...command(5060, '/help'),
      message: { ...command(5060, '/help').message, from: { ...from(5060), language_code: 'ru' } },
    };
    await webhook(t.app, help);
    expect(String(fake.of('sendMessage', 5060)[1]?.payload.text)).toMatch(/^Egg Rush se juega en la miniapp/);
  });

  it('sends notifications in the player’s language, with its plurals and digit grouping', async () => {
    t.clock.set(Date.UTC(2026, 9, 1, 12, 0));
    await loginT(5061);
    await t.deps.database.db.execute(sql`update users set language_code = 'ru' where id = 5061`);
    await loginT(5062, '5061');
    await botOf(t.app).notifier.runOnce();
    const reward = new Intl.NumberFormat('ru').format(REFERRAL_REWARD.regular.inviter);
    expect(fake.of('sendMessage', 5061).map((c) => String(c.payload.text))).toEqual([
      `🎉 “Player 5062” — по вашему приглашению: +${reward} монет для вас!`,
    ]);
  });

  it('writes to Persian and Hindi players in their language and digits', async () => {
    t.clock.set(Date.UTC(2026, 9, 1, 12, 0));
    await loginT(5063);
    await loginT(5064);
    await t.deps.database.db.execute(sql`update users set language_code = 'fa' where id = 5063`);
    await t.deps.database.db.execute(sql`update users set language_code = 'hi-IN' where id = 5064`);
    await loginT(5065, '5063');
    await loginT(5066, '5064');
    await botOf(t.app).notifier.runOnce();
    const fa = new Intl.NumberFormat('fa').format(REFERRAL_REWARD.regular.inviter);
    const hi = new Intl.NumberFormat('hi').format(REFERRAL_REWARD.regular.inviter);
    expect(fa).toMatch(/^[۰-۹٬]+$/);
    expect(fake.of('sendMessage', 5063).map((c) => String(c.payload.text))).toEqual([
      `🎉 “Player 5065” با دعوت تو آمد: +${fa} سکه برای تو!`,
    ]);
    expect(fake.of('sendMessage', 5064).map((c) => String(c.payload.text))).toEqual([
      `🎉 “Player 5066” आपके न्योते से जुड़े: आपके लिए +${hi} सिक्के!`,
    ]);
  });
});

describe('the Follow on Telegram task', () => {
  const claim = (token: string, id: number) =>
    t.call(token, {
      method: 'POST',
      url: '/api/v1/users/taskReward',
      payload: { userid: id, taskName: 'Follow_Telegram', taskType: 'earn_coin', dailyType: 'telegram' },
    });

  it('is refused while getChatMember says the player is not in the channel, and paid once they are', async () => {
    const token = await loginT(5010);
    const refused = await claim(token, 5010);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'NOT_COMPLETED', message: 'Task is not completed yet!' });
    expect(lastCall('getChatMember').payload).toEqual({ chat_id: '@EggRushNews', user_id: 5010 });

    fake.members.set(5010, 'member');
    t.clock.advance(MEMBERSHIP_CACHE_MS.notMember); // a "no" is kept a few seconds
    const paid = await claim(token, 5010);
    expect(paid.statusCode).toBe(200);
    expect(paid.json<{ taskData: { task: { isClaimed: boolean } } }>().taskData.task.isClaimed).toBe(true);
    expect((await claim(token, 5010)).statusCode).toBe(409);
  });

  it('asks Telegram at most once while its answer is kept, and never again once the task is claimed', async () => {
    const token = await loginT(5016);
    const before = fake.of('getChatMember').length;
    for (let i = 0; i < 150; i++) expect((await claim(token, 5016)).statusCode).toBe(409);
    expect(fake.of('getChatMember').length - before).toBe(1);

    fake.members.set(5016, 'member');
    t.clock.advance(MEMBERSHIP_CACHE_MS.notMember);
    expect((await claim(token, 5016)).statusCode).toBe(200);
    const asked = fake.of('getChatMember').length;
    t.clock.advance(MEMBERSHIP_CACHE_MS.member);
    const again = await Promise.all(Array.from({ length: 150 }, () => claim(token, 5016)));
    expect(again.every((res) => res.json<{ code: string }>().code === 'ALREADY_CLAIMED')).toBe(true);
    expect(fake.of('getChatMember').length).toBe(asked);
  });

  it('counts administrators, creators and restricted members; not those who left or were banned', async () => {
    for (const [id, status, ok] of [
      [5011, 'administrator', true],
      [5012, 'creator', true],
      [5013, 'restricted', true],
      [5014, 'kicked', false],
      [5015, 'left', false],
    ] as const) {
      const token = await loginT(id);
      fake.members.set(id, status);
      expect({ status, code: (await claim(token, id)).statusCode }).toEqual({ status, code: ok ? 200 : 409 });
    }
  });
});

describe("an operator's Telegram task for a partner's channel", () => {
  it("checks the partner's channel, never the game's: a follower of the game's channel alone is not paid", async () => {
    await createAdminService(t.deps, t.app.bans).createTask(1, {
      taskName: 'Partner_News',
      taskType: 'earn_coin',
      dailyType: 'telegram',
      title: 'Join Partner News',
      description: '',
      reward: { amount: 10_000, type: 'onion' },
      link: 'https://t.me/PartnerNews',
      position: 100,
      startsAt: null,
      endsAt: null,
    });
    const token = await loginT(5017);
    fake.memberships.set('@EggRushNews:5017', 'member');
    const claim = () =>
      t.call(token, {
        method: 'POST',
        url: '/api/v1/users/taskReward',
        payload: { userid: 5017, taskName: 'Partner_News', taskType: 'earn_coin', dailyType: 'telegram' },
      });
    const refused = await claim();
    expect(refused.statusCode).toBe(409);
    expect(lastCall('getChatMember').payload).toEqual({ chat_id: '@PartnerNews', user_id: 5017 });
    fake.memberships.set('@PartnerNews:5017', 'member');
    t.clock.advance(MEMBERSHIP_CACHE_MS.notMember);
    expect((await claim()).statusCode).toBe(200);
  });
});

/** Player ids whose sendMessage calls are counted (messages to each chat). */
const sentTo = (id: number) => fake.of('sendMessage', id).map((c) => String(c.payload.text));

describe('notifications', () => {
  // Each test starts at noon UTC (outside quiet hours) of a day of its own.
  let day = 0;
  beforeEach(() => t.clock.set(Date.UTC(2026, 6, 1 + 2 * day++, 12, 0)));

  it('farm ready: sent once when the farm is ready, never again for that farm', async () => {
    const token = await loginT(5020);
    expect((await t.call(token, { method: 'POST', url: '/api/v1/farm/start', payload: {} })).statusCode).toBe(
      200,
    );
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5020)).toEqual([]);
    t.clock.advance(FARM_DURATION_MS + 60_000);
    await botOf(t.app).notifier.runOnce();
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5020)).toEqual([expect.stringMatching(/farm is ready/)]);
  });

  it('a banned player is sent nothing: their farm is ready but no message goes out', async () => {
    const token = await loginT(5033);
    expect((await t.call(token, { method: 'POST', url: '/api/v1/farm/start', payload: {} })).statusCode).toBe(
      200,
    );
    await createAdminService(t.deps, t.app.bans).ban(1, 5033, 'bot', true);
    t.clock.advance(FARM_DURATION_MS + 60_000);
    await botOf(t.app).notifier.runOnce();
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5033)).toEqual([]);
  });

  it('energy full again after being spent: once per spend', async () => {
    await loginT(5021);
    const now = t.clock.now();
    await t.deps.database.db.execute(
      sql`update accounts set energy = 0, energy_at = ${new Date(now)} where user_id = 5021`,
    );
    t.clock.advance(10 * 60_000);
    await botOf(t.app).notifier.runOnce();
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5021)).toEqual([expect.stringMatching(/energy is full/)]);
  });

  it('a friend joined through your invite, with the reward: once per friend', async () => {
    await loginT(5022);
    await loginT(5023, '5022');
    await botOf(t.app).notifier.runOnce();
    await loginT(5023, '5022');
    await botOf(t.app).notifier.runOnce();
    const reward = REFERRAL_REWARD.regular.inviter.toLocaleString('en-US');
    expect(sentTo(5022)).toEqual([`🎉 “Player 5023” joined through your invite: +${reward} coins for you!`]);
  });

  it('a 429 from Telegram postpones a reminder by its retry_after, then it is sent', async () => {
    await loginT(5029);
    await loginT(5019, '5029');
    fake.limited.set('sendMessage', 7);
    try {
      await botOf(t.app).notifier.runOnce();
    } finally {
      fake.limited.delete('sendMessage');
    }
    const [row] = await sql1<{ status: string }>(sql`select status from notifications where user_id = 5029`);
    expect(row?.status).toBe('pending');
    expect(sentTo(5029)).toHaveLength(1); // asked once, answered 429
    t.clock.advance(7_000);
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5029)).toHaveLength(2);
    const [after] = await sql1<{ status: string }>(
      sql`select status from notifications where user_id = 5029`,
    );
    expect(after?.status).toBe('sent');
  });

  it("relays no player's words: an invitee's name is shortened, its link broken, quoted, with no preview", async () => {
    await loginT(5026);
    await login(
      t.app,
      t.clock.now(),
      5027,
      '5026',
      false,
      undefined,
      'Support: claim 500 Stars at t.me/EggRushFree',
    );
    await botOf(t.app).notifier.runOnce();
    const [sent] = fake.of('sendMessage', 5026);
    const text = String(sent?.payload.text);
    expect(text).toMatch(/^🎉 “Support∶ claim 500 Star…” joined through your invite/);
    expect(text).not.toMatch(/t\.me|:\/\/|@/);
    expect(sent?.payload.parse_mode).toBeUndefined();
    expect(sent?.payload.entities).toBeUndefined();
    expect(sent?.payload.link_preview_options).toEqual({ is_disabled: true });
  });

  it('launch-data names are stored cut at Telegram’s lengths (64, 64, 32)', async () => {
    await login(t.app, t.clock.now(), 5028, undefined, false, undefined, 'N'.repeat(500));
    const [row] = await sql1<{ first_name: string }>(sql`select first_name from users where id = 5028`);
    expect(row?.first_name).toBe('N'.repeat(64));
  });

  it('the daily streak will break within a few hours: once per game day, not after the check-in', async () => {
    await loginT(5024);
    await loginT(5025);
    const today = gameDay(t.clock.now());
    await t.deps.database.db.execute(
      sql`insert into daily_streaks (user_id, streak, last_day) values (5024, 3, ${today - 1}), (5025, 3, ${today - 1})`,
    );
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5024)).toEqual([]);
    // Nine hours before the reset (UTC-6 midnight is 06:00 UTC): 21:00 UTC, before quiet hours.
    t.clock.set(nextResetAt(t.clock.now()) - 9 * 3_600_000);
    await t.deps.database.db.execute(
      sql`update daily_streaks set last_day = ${gameDay(t.clock.now())} where user_id = 5025`,
    );
    await botOf(t.app).notifier.runOnce();
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5024)).toEqual([expect.stringMatching(/3-day check-in streak ends in 9 hours/)]);
    expect(sentTo(5025)).toEqual([]);
  });

  it('never to a player who turned them off in /settings; again once they turn them on', async () => {
    await loginT(5030);
    await webhook(t.app, command(5030, '/settings'));
    expect(sentTo(5030)).toEqual([expect.stringMatching(/Reminders are on/)]);
    const off = await webhook(t.app, {
      update_id: updateId++,
      callback_query: {
        id: 'cb-5030',
        from: from(5030),
        chat_instance: '1',
        data: 'notify:off',
        message: { message_id: 1, date: 1, chat: chat(5030), text: 'x' },
      },
    });
    expect(off.statusCode).toBe(200);
    expect(fake.of('answerCallbackQuery').at(-1)?.payload.callback_query_id).toBe('cb-5030');
    t.clock.advance(1_000);
    await loginT(5031, '5030');
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5030)).toHaveLength(1);
    const [skipped] = await sql1<{ n: number }>(
      sql`select count(*)::int as n from notifications where user_id = 5030`,
    );
    expect(Number(skipped?.n)).toBe(0);

    t.clock.advance(1_000);
    await webhook(t.app, {
      update_id: updateId++,
      callback_query: {
        id: 'cb-5030-on',
        from: from(5030),
        chat_instance: '1',
        data: 'notify:on',
        message: { message_id: 1, date: 1, chat: chat(5030), text: 'x' },
      },
    });
    t.clock.advance(1_000);
    await loginT(5032, '5030');
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5030).at(-1)).toMatch(/“Player 5032” joined/);
    // The friend who joined while they were off is never announced.
    expect(sentTo(5030).filter((text) => /Player 5031/.test(text))).toEqual([]);
  });

  it("the app's Settings turn the same switch as /settings: stored once, read by both", async () => {
    const token = await loginT(5035);
    const app = (method: 'GET' | 'PUT', payload?: Record<string, unknown>) =>
      t.call(token, { method, url: '/api/v1/bot/notifications', ...(payload ? { payload } : {}) });
    expect((await app('GET')).json()).toEqual({ on: true });

    // Off in the app: the bot's /settings says off, and no reminder goes out.
    expect((await app('PUT', { userid: 5035, on: false })).json()).toEqual({ on: false });
    await webhook(t.app, command(5035, '/settings'));
    expect(sentTo(5035).at(-1)).toMatch(/Reminders are off/);
    t.clock.advance(1_000);
    await loginT(5036, '5035');
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5035).filter((text) => /Player 5036/.test(text))).toEqual([]);

    // On in the bot: the app reads it on.
    await webhook(t.app, {
      update_id: updateId++,
      callback_query: {
        id: 'cb-5035-on',
        from: from(5035),
        chat_instance: '1',
        data: 'notify:on',
        message: { message_id: 1, date: 1, chat: chat(5035), text: 'x' },
      },
    });
    expect((await app('GET')).json()).toEqual({ on: true });
    const [rows] = await sql1<{ n: number }>(
      sql`select count(*)::int as n from bot_chats where user_id = 5035`,
    );
    expect(Number(rows?.n)).toBe(1);

    // Only the caller's own switch, and only a boolean.
    expect((await app('PUT', { userid: 5036, on: false })).statusCode).toBe(403);
    expect((await app('PUT', { on: 'no' })).statusCode).toBe(400);
  });

  it('a blocked bot (403) marks the player unreachable until they write to the bot again', async () => {
    await loginT(5040);
    fake.blocked.add(5040);
    await loginT(5041, '5040');
    await botOf(t.app).notifier.runOnce();
    const [chatRow] = await sql1<{ unreachable_at: Date | null }>(
      sql`select unreachable_at from bot_chats where user_id = 5040`,
    );
    expect(chatRow?.unreachable_at).not.toBeNull();
    const [status] = await sql1<{ status: string }>(
      sql`select status from notifications where user_id = 5040 and kind = 'friend'`,
    );
    expect(status?.status).toBe('blocked');

    // Unreachable: the next event is not even tried.
    fake.blocked.delete(5040);
    await loginT(5042, '5040');
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5040)).toHaveLength(1); // the refused attempt only

    // The player writes to the bot: reachable again.
    await webhook(t.app, command(5040, '/help'));
    await loginT(5043, '5040');
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5040).filter((text) => /“Player 5043” joined/.test(text))).toHaveLength(1);
  });

  it('waits for the end of quiet hours (23:00–08:00, UTC when the time zone is unknown)', async () => {
    const night = Date.UTC(2026, 5, 20, 23, 30);
    t.clock.set(night);
    await loginT(5050);
    await loginT(5051, '5050');
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5050)).toEqual([]);
    t.clock.set(Date.UTC(2026, 5, 21, 7, 59));
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5050)).toEqual([]);
    t.clock.set(Date.UTC(2026, 5, 21, 8, 0));
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5050)).toHaveLength(1);
  });

  it("uses the player's own time zone, as the mini-app reports it at login", async () => {
    // 15:00 UTC is midnight in Tokyo.
    t.clock.set(Date.UTC(2026, 5, 22, 15, 0));
    await login(t.app, t.clock.now(), 5052, undefined, false, 'Asia/Tokyo');
    await login(t.app, t.clock.now(), 5054, undefined, false, 'Not/AZone');
    const zones = await sql1<{ user_id: number; time_zone: string }>(
      sql`select user_id, time_zone from bot_chats where user_id in (5052, 5054)`,
    );
    expect(zones.map((z) => [Number(z.user_id), z.time_zone])).toEqual([[5052, 'Asia/Tokyo']]);
    await loginT(5053, '5052');
    await loginT(5055, '5054');
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5052)).toEqual([]);
    expect(sentTo(5054)).toHaveLength(1); // UTC for an unknown zone: 15:00, not quiet
    t.clock.set(Date.UTC(2026, 5, 22, 23, 0)); // 08:00 in Tokyo
    await botOf(t.app).notifier.runOnce();
    expect(sentTo(5052)).toHaveLength(1);
  });

  it('two server processes on one database send each message once', async () => {
    t.clock.set(Date.UTC(2026, 5, 23, 12, 0));
    let second: Database;
    let closeSecond: () => Promise<void>;
    if (t.deps.database.kind === 'postgres') {
      const [{ name }] = (await sql1<{ name: string }>(sql`select current_database() as name`)) as [
        { name: string },
      ];
      const databaseUrl = process.env.DATABASE_URL;
      assert(databaseUrl, 'DATABASE_URL for a postgres database');
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      second = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      closeSecond = () => second.close();
    } else {
      // The embedded database is one process's: two app instances share its one connection.
      second = t.deps.database;
      closeSecond = async () => undefined;
    }
    const other = await buildApp({ ...t.deps, database: second });
    await other.ready();
    try {
      const inviters = Array.from({ length: 12 }, (_, i) => 5100 + i);
      for (const id of inviters) {
        await loginT(id);
        await loginT(id + 100, String(id));
      }
      for (let round = 0; round < 3; round++) {
        await Promise.all([botOf(t.app).notifier.runOnce(), botOf(other).notifier.runOnce()]);
      }
      for (const id of inviters) expect({ id, sent: sentTo(id).length }).toEqual({ id, sent: 1 });
    } finally {
      await other.close();
      await closeSecond();
    }
  });
});

describe('ticket packs paid in Stars', () => {
  const pack = packAt(0);

  async function buy(id: number, packId = pack.id) {
    const token = await loginT(id);
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/v1/payments/invoice',
      payload: { pack: packId },
    });
    expect(res.statusCode).toBe(200);
    const call = lastCall('createInvoiceLink');
    return { token, link: res.json<{ link: string }>().link, payload: String(call.payload.payload), call };
  }
  const preCheckout = (id: number, payload: string, amount = pack.stars, currency = 'XTR') =>
    webhook(t.app, {
      update_id: updateId++,
      pre_checkout_query: {
        id: `pq-${updateId}`,
        from: from(id),
        currency,
        total_amount: amount,
        invoice_payload: payload,
      },
    });
  const lastAnswer = () => lastCall('answerPreCheckoutQuery').payload;
  const successfulPayment = (id: number, payload: string, chargeId: string, amount = pack.stars) => ({
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: Math.floor(t.clock.now() / 1000),
      chat: chat(id),
      from: from(id),
      successful_payment: {
        currency: 'XTR',
        total_amount: amount,
        invoice_payload: payload,
        telegram_payment_charge_id: chargeId,
        provider_payment_charge_id: '',
      },
    },
  });

  it('lists the packs', async () => {
    const token = await loginT(5200);
    const res = await t.call(token, { method: 'GET', url: '/api/v1/payments/packs' });
    expect(res.json()).toEqual({ packs: TICKET_PACKS.map((p) => ({ ...p })) });
    expect(TICKET_PACKS).toHaveLength(3);
  });

  it('end to end: invoice → pre-checkout → successful payment → tickets, once, with a ledger row', async () => {
    const { link, payload, call } = await buy(5201);
    expect(link).toMatch(/^https:\/\/t\.me\/\$/);
    expect(call.payload).toMatchObject({
      provider_token: '',
      currency: 'XTR',
      prices: [{ label: pack.title, amount: pack.stars }],
    });
    const before = await ticketsOf(5201);

    expect((await preCheckout(5201, payload)).statusCode).toBe(200);
    expect(lastAnswer()).toMatchObject({ ok: true });

    const paid = successfulPayment(5201, payload, 'charge-5201');
    expect((await webhook(t.app, paid)).statusCode).toBe(200);
    expect(await ticketsOf(5201)).toBe(before + pack.tickets);
    expect(sentTo(5201).at(-1)).toMatch(/10 tickets are in your balance/);

    // The same update again (Telegram retrying) and a duplicate with a new update id pay nothing.
    await webhook(t.app, paid);
    await webhook(t.app, { ...paid, update_id: updateId++ });
    expect(await ticketsOf(5201)).toBe(before + pack.tickets);
    const ledger = await sql1<{ kind: string; delta_ticket: number }>(
      sql`select kind, delta_ticket from economy_events where user_id = 5201 and kind = 'purchase'`,
    );
    expect(ledger.map((r) => [r.kind, Number(r.delta_ticket)])).toEqual([['purchase', pack.tickets]]);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it("declines a pre-checkout for another player's invoice, a forged payload or a wrong price", async () => {
    const { payload } = await buy(5210);
    await loginT(5211);
    await preCheckout(5211, payload);
    expect(lastAnswer()).toMatchObject({
      ok: false,
      error_message: 'This invoice was made for another player.',
    });
    for (const forged of [pack.id, '00000000-0000-4000-8000-000000000000', 'x'.repeat(60)]) {
      await preCheckout(5210, forged);
      expect(lastAnswer()).toMatchObject({ ok: false, error_message: 'This invoice is not valid.' });
    }
    await preCheckout(5210, payload, 1);
    expect(lastAnswer()).toMatchObject({ ok: false });
    await preCheckout(5210, payload, pack.stars, 'USD');
    expect(lastAnswer()).toMatchObject({ ok: false });
  });

  it('200 invoice requests in a burst: one Bot API call and one kept row per pack, the same link each time', async () => {
    const token = await loginT(5230);
    const before = fake.of('createInvoiceLink').length;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.call(token, {
          method: 'POST',
          url: '/api/v1/payments/invoice',
          payload: { pack: packAt(i % 3).id },
        }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(fake.of('createInvoiceLink').length - before).toBe(3);
    for (const [i, p] of TICKET_PACKS.entries()) {
      const links = new Set(
        answers.filter((_, j) => j % 3 === i).map((res) => res.json<{ link: string }>().link),
      );
      expect({ pack: p.id, links: links.size }).toEqual({ pack: p.id, links: 1 });
    }
    const rows = await sql1<{ n: number }>(sql`select count(*)::int as n from invoices where user_id = 5230`);
    expect(rows.map((r) => Number(r.n))).toEqual([3]);
  });

  it('a paid invoice is not handed out again; at most INVOICES_PER_DAY new ones a day, then 429 INVOICE_LIMIT', async () => {
    const token = await loginT(5231);
    const ask = () =>
      t.call(token, { method: 'POST', url: '/api/v1/payments/invoice', payload: { pack: pack.id } });
    const links = new Set<string>();
    for (let i = 0; i < INVOICES_PER_DAY; i++) {
      const res = await ask();
      expect(res.statusCode).toBe(200);
      links.add(res.json<{ link: string }>().link);
      const payload = String(lastCall('createInvoiceLink').payload.payload);
      await webhook(t.app, successfulPayment(5231, payload, `charge-5231-${i}`));
    }
    expect(links.size).toBe(INVOICES_PER_DAY);
    const asked = fake.of('createInvoiceLink').length;
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'INVOICE_LIMIT', message: expect.any(String) });
    expect(fake.of('createInvoiceLink').length).toBe(asked);

    t.clock.advance(86_400_000 + 1);
    expect((await ask()).statusCode).toBe(200);
  });

  it('a player banned after making an invoice: the pre-checkout is declined and a payment credits nothing, recorded for a refund', async () => {
    const { payload } = await buy(5215);
    const before = await ticketsOf(5215);
    await createAdminService(t.deps, t.app.bans).ban(1, 5215, 'stolen cards', true);
    await preCheckout(5215, payload);
    expect(lastAnswer()).toMatchObject({ ok: false });
    expect((await webhook(t.app, successfulPayment(5215, payload, 'charge-5215'))).statusCode).toBe(200);
    expect(await ticketsOf(5215)).toBe(before);
    const kept = await sql1<{ tickets: number; user_id: string }>(
      sql`select tickets, user_id from star_payments where charge_id = 'charge-5215'`,
    );
    expect(kept.map((r) => [Number(r.user_id), Number(r.tickets)])).toEqual([[5215, 0]]);
  });

  it('refuses an unknown pack', async () => {
    const token = await loginT(5212);
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/v1/payments/invoice',
      payload: { pack: 'free' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('a refund gives the Stars back and removes the tickets, never below zero, the shortfall in the ledger', async () => {
    const bigger = packAt(1);
    const { payload } = await buy(5220, bigger.id);
    const bought = bigger.tickets;
    await webhook(t.app, successfulPayment(5220, payload, 'charge-5220', bigger.stars));
    const held = await ticketsOf(5220);
    // The player spends all but 5 of their tickets on the wheel.
    const spend = held - 5;
    await t.deps.database.db.execute(
      sql`update accounts set ticket = ticket - ${spend} where user_id = 5220`,
    );
    await t.deps.database.db.execute(
      sql`insert into economy_events (user_id, kind, delta_ticket) values (5220, 'spin', ${-spend})`,
    );

    const payments = createPaymentsService(t.deps);
    const outcome = await payments.refund('charge-5220', botOf(t.app).api);
    expect(outcome).toEqual({ status: 'refunded', userId: 5220, removed: 5, shortfall: bought - 5 });
    expect(fake.of('refundStarPayment').at(-1)?.payload).toEqual({
      user_id: 5220,
      telegram_payment_charge_id: 'charge-5220',
    });
    expect(await ticketsOf(5220)).toBe(0);
    const rows = await sql1<{ kind: string; delta_ticket: number }>(
      sql`select kind, delta_ticket from economy_events where user_id = 5220 and kind like 'refund%' order by id`,
    );
    expect(rows.map((r) => [r.kind, Number(r.delta_ticket)])).toEqual([
      ['refund', -bought],
      ['refund:shortfall', bought - 5],
    ]);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);

    // Once only: a second run and Telegram's refunded_payment message change nothing.
    const calls = fake.of('refundStarPayment').length;
    expect(await payments.refund('charge-5220', botOf(t.app).api)).toEqual({ status: 'already-refunded' });
    expect(fake.of('refundStarPayment')).toHaveLength(calls);
    await webhook(t.app, {
      update_id: updateId++,
      message: {
        message_id: updateId,
        date: 1,
        chat: chat(5220),
        from: from(5220),
        refunded_payment: {
          currency: 'XTR',
          total_amount: bigger.stars,
          invoice_payload: payload,
          telegram_payment_charge_id: 'charge-5220',
        },
      },
    });
    expect(await ticketsOf(5220)).toBe(0);
    expect(await payments.refund('no-such-charge', botOf(t.app).api)).toEqual({ status: 'unknown' });
  });
});

describe('without a bot', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('has no bot: the webhook answers 404, packs are listed, buying says it works only in Telegram', async () => {
    expect(plain.app.bot).toBeUndefined();
    expect((await webhook(plain.app, command(1, '/start'))).statusCode).toBe(404);
    const token = await plain.login(5300);
    const packs = await plain.call(token, { method: 'GET', url: '/api/v1/payments/packs' });
    expect(packs.json<{ packs: unknown[] }>().packs).toHaveLength(3);
    const invoice = await plain.call(token, {
      method: 'POST',
      url: '/api/v1/payments/invoice',
      payload: { pack: packAt(0).id },
    });
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json()).toEqual({
      code: 'PAYMENTS_OFF',
      message: 'Buying tickets works only in Telegram.',
    });
  });
});
