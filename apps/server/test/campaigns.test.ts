import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sign } from '@tma.js/init-data-node';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_REST_MS, TELEGRAM_MESSAGES_PER_SECOND } from '@egg-rush/game/campaigns';
import { playerLanguage } from '@egg-rush/game/language';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { createJobs, type Jobs } from '../src/lib/jobs.ts';
import {
  CAMPAIGN_SEND_JOB,
  createCampaignSender,
  registerCampaignJobs,
} from '../src/modules/campaigns/index.ts';
import { bannedAmong } from '../src/modules/bans/index.ts';
import { botEnv, createTestApp, freshDatabase, type TestApp } from './helpers.ts';

// Campaigns: segments resolved in the database, the durable queue sent at Telegram's pace by one
// sender at a time, at most once per player even when the sender is stopped halfway and another
// takes over, blocked players recorded and left out later, opens counted once. PGlite by default;
// PostgreSQL with DATABASE_URL.

const TOKEN = '7000000002:campaign-bot-token';
const OPERATOR = 9_000_001;
const PLAYERS = 1000;
/** A Persian-speaking player with a wallet who blocked the bot. */
const BLOCKED = 508;
/** The bulk's pace (a test's: the real pace is checked on a smaller campaign below). */
const BULK_RATE = 200;

interface Send {
  chat: number;
  at: number;
  status: number;
  text: string;
  url: string | undefined;
}

/**
 * A fake Bot API that keeps Telegram's limits as rules it checks: at most `perSecond` sendMessage
 * calls in any second and one per chat per second (each breach recorded in `violations`); 403 for
 * the chats in `blocked`; 429 with retry_after for the `limitAt`-th call.
 */
async function startFakeBotApi() {
  const sends: Send[] = [];
  const violations: string[] = [];
  const blocked = new Set<number>();
  const state = {
    perSecond: TELEGRAM_MESSAGES_PER_SECOND,
    limitAt: 0,
    retryAfter: 1,
    onSend: (_count: number) => {},
  };
  const times: number[] = [];
  const lastByChat = new Map<number, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = /\/bot[^/]+\/(\w+)/.exec(req.url ?? '')?.[1] ?? '';
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      const reply = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (method !== 'sendMessage') return reply(200, { ok: true, result: true });
      const now = performance.now();
      const chat = Number(payload.chat_id);
      while (times.length > 0 && (times[0] ?? now) <= now - 1000) times.shift();
      if (times.length >= state.perSecond) violations.push(`${times.length + 1} messages within a second`);
      const last = lastByChat.get(chat);
      if (last !== undefined && now - last < 1000) violations.push(`chat ${chat} twice within a second`);
      times.push(now);
      lastByChat.set(chat, now);
      const markup = payload.reply_markup as { inline_keyboard?: { url?: string }[][] } | undefined;
      const send: Send = {
        chat,
        at: now,
        status: 200,
        text: String(payload.text),
        url: markup?.inline_keyboard?.[0]?.[0]?.url,
      };
      sends.push(send);
      state.onSend(sends.length);
      if (sends.length === state.limitAt) {
        send.status = 429;
        return reply(429, {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${state.retryAfter}`,
          parameters: { retry_after: state.retryAfter },
        });
      }
      if (blocked.has(chat)) {
        send.status = 403;
        return reply(403, {
          ok: false,
          error_code: 403,
          description: 'Forbidden: bot was blocked by the user',
        });
      }
      reply(200, {
        ok: true,
        result: {
          message_id: sends.length,
          date: 0,
          chat: { id: chat, type: 'private' },
          text: payload.text,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sends,
    violations,
    blocked,
    state,
    reset() {
      sends.length = 0;
      violations.length = 0;
      times.length = 0;
      lastByChat.clear();
      state.limitAt = 0;
      state.onSend = () => {};
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let fake: Awaited<ReturnType<typeof startFakeBotApi>>;
let t: TestApp;
let op: string;
/** The outside client's breaker keeps the app's clock: it moves with real time while sending. */
let ticking: NodeJS.Timeout;

const LANGS = [null, 'en', 'fa', 'ru', 'pt-br', 'es_MX', 'kk', 'de', 'fa-IR', 'uk'];
const DAY = 86_400_000;

beforeAll(async () => {
  fake = await startFakeBotApi();
  fake.blocked.add(BLOCKED);
  t = await createTestApp({
    env: { ...botEnv(TOKEN, fake.url), ADMIN_IDS: String(OPERATOR) },
  });
  ticking = setInterval(() => t.clock.advance(50), 50);
  const now = t.clock.now();
  // 1,000 players: languages (chosen in the app or Telegram's), scores, wallets, joining days,
  // last visits and inviters spread over them; then three the bot must not write to.
  await t.deps.database.db.execute(sql`
    insert into users (id, first_name, language_code, settings,
                       referrer_id, created_at, seen_at)
    select g, 'P' || g,
           (array['', 'en', 'fa', 'ru', 'pt-br', 'es_MX', 'kk', 'de', 'fa-IR', 'uk'])[g % 10 + 1],
           case when g % 7 = 0 then '{"language":"tr"}'::jsonb else '{}'::jsonb end,
           case when g % 3 = 0 then 1 else null end,
           ${new Date(now)}::timestamptz - (g % 20) * interval '1 day',
           ${new Date(now)}::timestamptz - (g % 10) * interval '1 day'
    from generate_series(1, ${PLAYERS}) g`);
  await t.deps.database.db.execute(sql`
    insert into accounts (user_id, total_score)
    select g, (g % 5) * 30000 from generate_series(1, ${PLAYERS}) g`);
  await t.deps.database.db.execute(
    sql`insert into wallets (user_id, address) select g, 'EQ' || g from generate_series(4, ${PLAYERS}, 4) g`,
  );
  await t.deps.database.db.execute(sql`update users set language_code = null where language_code = ''`);
  await t.deps.database.db.execute(sql`
    insert into users (id, first_name) values (1001, 'Quiet'), (1002, 'Banned'), (1003, 'Gone')`);
  await t.deps.database.db.execute(sql`insert into accounts (user_id) values (1001), (1002), (1003)`);
  await t.deps.database.db.execute(sql`insert into bans (user_id, banned_at) values (1002, now())`);
  await t.deps.database.db.execute(sql`
    insert into bot_chats (user_id, notifications, unreachable_at) values (1001, false, null), (1003, true, now())`);
  await t.deps.database.db.execute(
    sql`insert into squads (id, name, name_key, owner_id) values (77, 'Eggs', 'eggs', 10)`,
  );
  await t.deps.database.db.execute(sql`
    insert into squad_members (user_id, squad_id, joined_total)
    select g, 77, 0 from generate_series(10, 40) g`);
  op = await session(OPERATOR);
}, 120_000);

afterAll(async () => {
  clearInterval(ticking);
  await t?.close();
  await fake?.close();
});

function launchData(id: number, startParam?: string) {
  return sign(
    {
      // The player's own Telegram language, as seeded: a login does not change their segment.
      user: { id, first_name: `P${id}`, language_code: LANGS[id % 10] ?? 'en' },
      ...(startParam ? { start_param: startParam } : {}),
      chat_instance: '1',
      chat_type: 'sender',
      signature: 'x',
    },
    TOKEN,
    new Date(t.clock.now()),
  );
}
async function session(id: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    payload: { initData: launchData(id) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}
async function login(id: number, startParam?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userid: id, initData: launchData(id, startParam) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}
const admin = (method: 'GET' | 'POST', url: string, payload?: object, token = op) =>
  t.call(token, { method, url: `/api/v1/admin/campaigns${url}`, ...(payload ? { payload } : {}) });

interface Campaign {
  id: number;
  status: string;
  recipients: number;
  sent: number;
  blocked: number;
  failed: number;
  skipped: number;
  pending: number;
  opened: number;
}
const campaign = async (id: number) => (await admin('GET', `/${id}`)).json<{ campaign: Campaign }>().campaign;
const preview = async (segment: object) => {
  const res = await admin('POST', '/preview', { segment });
  expect(res.statusCode).toBe(200);
  return res.json<{ recipients: number }>().recipients;
};

/** The seeded players' facts, as the segments should read them. */
const seeded = Array.from({ length: PLAYERS }, (_, i) => {
  const g = i + 1;
  const telegram = LANGS[g % 10];
  return {
    id: g,
    language: playerLanguage(g % 7 === 0 ? 'tr' : null, telegram),
    score: (g % 5) * 30000,
    wallet: g % 4 === 0,
    invited: g % 3 === 0,
    joinedDaysAgo: g % 20,
    seenDaysAgo: g % 10,
    squad: g >= 10 && g <= 40,
  };
});
const count = (f: (p: (typeof seeded)[number]) => boolean) => seeded.filter(f).length;

const botApi = () => {
  if (!t.app.bot) throw new Error('the bot is off');
  return t.app.bot.campaignApi;
};
const newRunner = (perSecond?: number): Jobs => {
  const jobs = createJobs(t.deps.database, t.app.log);
  registerCampaignJobs(jobs, t.deps, botApi(), t.app.log, perSecond ? { perSecond } : {});
  return jobs;
};
/** The sender alone (what the runner's job runs), at its default pace unless given. */
const sender = (perSecond?: number) =>
  createCampaignSender(t.deps, botApi(), () => {}, perSecond ? { perSecond } : {});
/**
 * The counts kept on the campaign's row (what the console reads) equal a full count of its
 * recipient rows.
 */
async function expectKeptCounts(id: number) {
  const [kept] = await queryRows<Record<string, number>>(
    t.deps.database.db,
    sql`select recipients, sent, blocked, failed, skipped, opened from campaigns where id = ${id}`,
  );
  const [full] = await queryRows<Record<string, number>>(
    t.deps.database.db,
    sql`select count(*)::int as recipients,
               (count(*) filter (where state = 'sent'))::int as sent,
               (count(*) filter (where state = 'blocked'))::int as blocked,
               (count(*) filter (where state = 'failed'))::int as failed,
               (count(*) filter (where state = 'skipped'))::int as skipped,
               count(opened_at)::int as opened
        from campaign_recipients where campaign_id = ${id}`,
  );
  expect(kept).toEqual(full);
  return kept;
}

/** Runs the sender until the campaign is done (each run sends for its budget at most). */
async function sendAll(jobs: Jobs, id: number) {
  for (let i = 0; i < 20 && (await campaign(id)).status !== 'done'; i++) await jobs.runNow(CAMPAIGN_SEND_JOB);
}

describe('campaigns', { timeout: 120_000 }, () => {
  it('refuses a bad segment or texts with 400, and players with 403', async () => {
    const texts = { en: 'Hello' };
    for (const segment of [
      { languages: ['xx'] },
      { languages: [] },
      { country: 'br' },
      { minLeague: 'wood' },
      { inactiveDays: -1 },
      { walletBound: 'yes' },
      { cohort: { from: '2026-02-30' } },
      { cohort: { from: '2026-06-10', to: '2026-06-01' } },
      { source: 'channel' },
    ]) {
      const res = await admin('POST', '', { segment, texts });
      expect(res.statusCode, JSON.stringify(segment)).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('BAD_REQUEST');
    }
    expect((await admin('POST', '', { segment: {}, texts: { fa: 'سلام' } })).statusCode).toBe(400);
    expect((await admin('POST', '', { segment: {}, texts: { en: '   ' } })).statusCode).toBe(400);
    expect((await admin('POST', '', { segment: {}, texts: { en: 'x'.repeat(4097) } })).statusCode).toBe(400);
    expect((await admin('POST', '', { segment: {}, texts, screen: 'casino' })).statusCode).toBe(400);
    const rows = await queryRows(t.deps.database.db, sql`select id from campaigns`);
    expect(rows).toHaveLength(0);

    const player = await login(42);
    expect((await admin('POST', '', { segment: {}, texts }, player)).statusCode).toBe(403);
    expect((await admin('GET', '', undefined, player)).statusCode).toBe(403);
    expect((await admin('POST', '/preview', { segment: {} }, player)).statusCode).toBe(403);
  });

  it('counts each segment condition as the players are', async () => {
    const now = t.clock.now();
    expect(await preview({})).toBe(PLAYERS);
    expect(await preview({ languages: ['fa'] })).toBe(count((p) => p.language === 'fa'));
    expect(await preview({ languages: ['tr', 'pt-BR', 'ru'] })).toBe(
      count((p) => ['tr', 'pt-BR', 'ru'].includes(p.language)),
    );
    expect(await preview({ minLeague: 'silver' })).toBe(count((p) => p.score >= 25_000));
    expect(await preview({ minLeague: 'gold' })).toBe(count((p) => p.score >= 100_000));
    expect(await preview({ walletBound: true })).toBe(count((p) => p.wallet));
    expect(await preview({ walletBound: false })).toBe(count((p) => !p.wallet));
    expect(await preview({ inactiveDays: 7 })).toBe(count((p) => p.seenDaysAgo >= 7));
    expect(await preview({ squadId: 77 })).toBe(count((p) => p.squad));
    expect(await preview({ source: 'invite' })).toBe(count((p) => p.invited));
    expect(await preview({ source: 'direct' })).toBe(count((p) => !p.invited));
    // Joined between two game days, inclusive (a day starts at 06:00 UTC).
    const dayOf = (ms: number) => new Date(ms - 6 * 3_600_000).toISOString().slice(0, 10);
    const from = dayOf(now - 5 * DAY);
    const to = dayOf(now - 2 * DAY);
    expect(await preview({ cohort: { from, to } })).toBe(
      count((p) => p.joinedDaysAgo >= 2 && p.joinedDaysAgo <= 5),
    );
    expect(await preview({ languages: ['en'], walletBound: true, minLeague: 'silver' })).toBe(
      count((p) => p.language === 'en' && p.wallet && p.score >= 25_000),
    );
  });

  it('sends a campaign to 1,000 players once each at the pace, through a stop halfway, and records the blocked', async () => {
    const created = await admin('POST', '', {
      segment: {},
      texts: { en: 'Come back!\nEggs are waiting.', fa: 'برگرد!' },
      screen: 'spin',
    });
    expect(created.statusCode).toBe(200);
    const { id, recipients } = created.json<{ campaign: Campaign }>().campaign;
    expect(recipients).toBe(PLAYERS);
    // Every recipient's language is the one the game shows them.
    const langs = await queryRows<{ user_id: number; language: string }>(
      t.deps.database.db,
      sql`select user_id, language from campaign_recipients where campaign_id = ${id}`,
    );
    for (const row of langs)
      expect(row.language, `player ${row.user_id}`).toBe(seeded[Number(row.user_id) - 1]?.language);

    // Nothing goes out before Send.
    await sender().run();
    expect(fake.sends).toHaveLength(0);

    const sent = await admin('POST', `/${id}/send`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json<{ campaign: Campaign }>().campaign.status).toBe('sending');
    expect((await admin('POST', `/${id}/send`)).statusCode).toBe(409);

    // The fake's limit is the bulk's pace plus a tenth (the network's jitter); Telegram answers
    // the 300th message 429 retry_after 1; the sender is stopped at the 500th.
    fake.reset();
    fake.state.perSecond = Math.ceil(BULK_RATE * 1.1);
    fake.state.limitAt = 300;
    const first = newRunner(BULK_RATE);
    let stopping: Promise<void> | undefined;
    fake.state.onSend = (n) => {
      if (n === 500) stopping = first.stop();
    };
    await first.runNow(CAMPAIGN_SEND_JOB);
    await stopping;
    const halfway = await campaign(id);
    expect(halfway.pending).toBeGreaterThan(0);
    expect(halfway.sent).toBeLessThan(PLAYERS);
    // A crash between marking a row and sending it: the row is left `sending`.
    const [crashed] = await queryRows<{ user_id: number }>(
      t.deps.database.db,
      sql`update campaign_recipients set state = 'sending'
            where campaign_id = ${id} and user_id = (
              select max(user_id) from campaign_recipients where campaign_id = ${id} and state = 'pending')
            returning user_id`,
    );
    const crashedId = Number(crashed?.user_id);

    // Another runner (a restarted process) takes over.
    const second = newRunner(BULK_RATE);
    await sendAll(second, id);
    await second.stop();

    const done = await campaign(id);
    expect(done).toMatchObject({
      status: 'done',
      recipients: PLAYERS,
      sent: PLAYERS - 2,
      blocked: 1,
      failed: 1,
      pending: 0,
      skipped: 0,
    });
    expect(fake.violations).toEqual([]);
    // Delivered once each; the blocked chat and the crashed row got nothing delivered.
    const delivered = new Map<number, number>();
    for (const s of fake.sends) if (s.status === 200) delivered.set(s.chat, (delivered.get(s.chat) ?? 0) + 1);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
    expect(delivered.size).toBe(PLAYERS - 2);
    expect(delivered.has(BLOCKED)).toBe(false);
    expect(fake.sends.filter((s) => s.chat === crashedId)).toHaveLength(0);
    const [unknown] = await queryRows<{ state: string; error: string }>(
      t.deps.database.db,
      sql`select state, error from campaign_recipients where campaign_id = ${id} and user_id = ${crashedId}`,
    );
    expect(unknown).toEqual({ state: 'failed', error: 'unknown after restart' });
    // The 429: that chat got its message later, and nothing left for retry_after.
    const limited = fake.sends[299] as Send;
    expect(limited.status).toBe(429);
    expect(delivered.get(limited.chat)).toBe(1);
    // Only the calls already on their way when the 429 came back reached the fake after it (none
    // on a quiet machine, where the answer is back before the next call leaves); then nothing for
    // about a second.
    const after = fake.sends.filter((s) => s.at >= limited.at);
    const gap = after.findIndex((s, i) => i + 1 < after.length && (after[i + 1]?.at ?? 0) - s.at >= 900);
    expect(gap).toBeGreaterThanOrEqual(0);
    // (at 200 a second nothing else leaves a gap of 0.9 s; a loaded machine delays the calls in flight)
    expect((after[gap]?.at ?? Infinity) - limited.at).toBeLessThan(1000);
    // Each player's text in their language (else English), the button opening the chosen screen.
    const fa = fake.sends.find((s) => s.status === 200 && seeded[s.chat - 1]?.language === 'fa');
    expect(fa?.text).toBe('برگرد!');
    const ru = fake.sends.find((s) => s.status === 200 && seeded[s.chat - 1]?.language === 'ru');
    expect(ru?.text).toBe('Come back!\nEggs are waiting.');
    expect(ru?.url).toBe(`https://t.me/EggRushBot/play?startapp=c${id}-spin`);
    // The blocked player is recorded where the bot keeps it.
    const [chat] = await queryRows<{ unreachable: boolean }>(
      t.deps.database.db,
      sql`select unreachable_at is not null as unreachable from bot_chats where user_id = ${BLOCKED}`,
    );
    expect(chat?.unreachable).toBe(true);

    // Opens: a delivered player's login from the button counts once; others do not count.
    const opener = [...delivered.keys()][0] ?? 0;
    await login(opener, `c${id}-spin`);
    await login(opener, `c${id}`);
    await login(crashedId, `c${id}`);
    await login(BLOCKED, `c${id}-spin`);
    expect((await campaign(id)).opened).toBe(1);
    // Every outcome but skipped here (sent, blocked, failed unknown, opened): the kept counts.
    expect(await expectKeptCounts(id)).toMatchObject({ sent: PLAYERS - 2, blocked: 1, failed: 1, opened: 1 });

    // The console's list and the audit.
    const list = (await admin('GET', '')).json<{ campaigns: Campaign[] }>().campaigns;
    expect(list[0]).toMatchObject({ id, sent: PLAYERS - 2, opened: 1 });
    const audit = await queryRows<{ action: string }>(
      t.deps.database.db,
      sql`select action from admin_audit where target = ${`campaign:${id}`} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['campaign.create', 'campaign.send']);
  });

  it("keeps Telegram's real pace and leaves out the blocked and opted-out", async () => {
    // A day later (everyone was sent the campaign above).
    t.clock.advance(CAMPAIGN_REST_MS + 60_000);
    op = await session(OPERATOR);
    // Players in Persian with a wallet: the blocked player among them is left out now.
    expect(seeded[BLOCKED - 1]).toMatchObject({ language: 'fa', wallet: true });
    const created = await admin('POST', '', {
      segment: { languages: ['fa'], walletBound: true },
      texts: { en: 'Hi', fa: 'سلام' },
    });
    const { id, recipients } = created.json<{ campaign: Campaign }>().campaign;
    const expected = count((p) => p.language === 'fa' && p.wallet) - 1;
    expect(recipients).toBe(expected);
    expect(expected).toBeGreaterThan(40);
    // One of them turns notifications off after the campaign was made: skipped at sending time.
    const [quiet] = await queryRows<{ user_id: number }>(
      t.deps.database.db,
      sql`select min(user_id) as user_id from campaign_recipients where campaign_id = ${id}`,
    );
    await t.deps.database.db.execute(
      sql`insert into bot_chats (user_id, notifications) values (${quiet?.user_id}, false)`,
    );
    await admin('POST', `/${id}/send`);
    fake.reset();
    fake.state.perSecond = TELEGRAM_MESSAGES_PER_SECOND;
    const started = performance.now();
    // The sender as the runner runs it, at its own pace (25 a second).
    await sender().run();
    const took = performance.now() - started;
    expect(fake.violations).toEqual([]);
    expect(fake.sends).toHaveLength(expected - 1);
    expect(fake.sends.some((s) => s.chat === BLOCKED || s.chat === Number(quiet?.user_id))).toBe(false);
    // 25 a second: the messages took at least (n - 1) / 25 s.
    expect(took).toBeGreaterThanOrEqual(((expected - 2) / 25) * 1000 - 50);
    expect(await campaign(id)).toMatchObject({ status: 'done', sent: expected - 1, skipped: 1, blocked: 0 });
    expect(await expectKeptCounts(id)).toMatchObject({ sent: expected - 1, skipped: 1 });
  });

  it('sends a player at most one campaign a day, however many are made', async () => {
    // Those just sent the Persian campaign are left out of the next ones, at creation…
    const rested = await queryRows<{ user_id: number }>(
      t.deps.database.db,
      sql`select user_id from campaign_recipients where sent_at > ${new Date(t.clock.now() - CAMPAIGN_REST_MS)}`,
    );
    const restedIds = new Set(rested.map((r) => Number(r.user_id)));
    expect(restedIds.size).toBeGreaterThan(40);
    // (everyone but the blocked, the one who turned notifications off and those)
    expect(await preview({})).toBe(PLAYERS - 2 - restedIds.size);
    const all = (await admin('POST', '', { segment: {}, texts: { en: 'All' } })).json<{
      campaign: Campaign;
    }>().campaign;
    expect(all.recipients).toBe(PLAYERS - 2 - restedIds.size);
    const chosen = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from campaign_recipients
          where campaign_id = ${all.id} and user_id in (${sql.join([...restedIds], sql`, `)})`,
    );
    expect(chosen[0]?.n).toBe(0);

    // …and at sending time: two campaigns made together, both sent; the second's players already
    // sent the first are skipped, and nobody gets two.
    const make = async (languages: string[]) =>
      (await admin('POST', '', { segment: { languages }, texts: { en: languages.join() } })).json<{
        campaign: Campaign;
      }>().campaign;
    const first = await make(['en']);
    const second = await make(['en', 'ru']);
    const english = first.recipients;
    expect(english).toBeGreaterThan(20);
    expect(second.recipients).toBeGreaterThan(english);
    await admin('POST', `/${first.id}/send`);
    await admin('POST', `/${second.id}/send`);
    fake.reset();
    fake.state.perSecond = Math.ceil(BULK_RATE * 1.1);
    // A player banned after the campaigns were made is skipped too (checked among the taken ids).
    const [bannedLater] = await queryRows<{ user_id: number }>(
      t.deps.database.db,
      sql`select max(user_id) as user_id from campaign_recipients
          where campaign_id = ${second.id} and language = 'ru'`,
    );
    await t.deps.database.db.execute(
      sql`insert into bans (user_id, banned_at) values (${bannedLater?.user_id}, now())`,
    );
    expect(await bannedAmong(t.deps.database.db, [1002, 42, Number(bannedLater?.user_id)])).toEqual(
      new Set([1002, Number(bannedLater?.user_id)]),
    );
    await sender(BULK_RATE).run();
    expect(fake.violations).toEqual([]);
    const perChat = new Map<number, number>();
    for (const s of fake.sends) perChat.set(s.chat, (perChat.get(s.chat) ?? 0) + 1);
    expect([...perChat.values()].every((n) => n === 1)).toBe(true);
    expect(fake.sends.some((s) => restedIds.has(s.chat))).toBe(false);
    expect(await expectKeptCounts(first.id)).toMatchObject({ sent: english, skipped: 0 });
    expect(await expectKeptCounts(second.id)).toMatchObject({
      sent: second.recipients - english - 1,
      skipped: english + 1,
    });
    expect(fake.sends).toHaveLength(second.recipients - 1);
    expect((await campaign(second.id)).status).toBe('done');

    // The check at sending time reads the index, not the table.
    if (process.env.DATABASE_URL) await t.deps.database.db.execute(sql`analyze campaign_recipients`);
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      t.deps.database.db,
      sql`explain select distinct user_id from campaign_recipients
          where user_id in (${sql.join(
            [1, 2, 3, 4, 5].map((n) => sql`${n}::bigint`),
            sql`, `,
          )})
            and sent_at is not null and sent_at > now() - interval '1 day'`,
    );
    const text = plan.map((p) => p['QUERY PLAN']).join('\n');
    expect(text).toContain('campaign_recipients_user_sent_idx');
    expect(text).not.toContain('Seq Scan');
  });

  it('sends each player at most once when the sending process is killed halfway', async () => {
    // A database of its own that a child process can open: PostgreSQL, or a PGlite directory
    // (opened by one process at a time: the child while it runs, this one before and after).
    const tmp = mkdtempSync('/tmp/campaign-kill-');
    const fresh = process.env.DATABASE_URL ? await freshDatabase() : undefined;
    const open = async (): Promise<Database> => {
      if (fresh) return fresh.database;
      const database = await openDatabase({ dataDir: tmp });
      await database.migrate();
      return database;
    };
    const N = 120;
    const RATE = 40;
    let database = await open();
    await database.db.execute(sql`
      insert into users (id, first_name) select g, 'K' || g from generate_series(5001, ${5000 + N}) g`);
    await database.db.execute(sql`
      insert into campaigns (id, segment, texts, status, created_by, recipients)
      values (1, '{}', '{"en":"Hi"}', 'sending', ${OPERATOR}, ${N})`);
    await database.db.execute(sql`
      insert into campaign_recipients (campaign_id, user_id, language)
      select 1, g, 'en' from generate_series(5001, ${5000 + N}) g`);
    if (!fresh) await database.close();

    fake.reset();
    fake.state.perSecond = Math.ceil(RATE * 1.1);
    const child = fork(new URL('./campaign-sender-child.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        CHILD_DATABASE_URL: fresh?.url ?? '',
        CHILD_DATA_DIR: fresh ? '' : tmp,
        CHILD_API_ROOT: fake.url,
        CHILD_BOT_TOKEN: TOKEN,
        CHILD_PER_SECOND: String(RATE),
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    fake.state.onSend = (n) => {
      if (n === N / 2) child.kill('SIGKILL');
    };
    await exited;
    const atKill = fake.sends.length;
    expect(atKill).toBeGreaterThanOrEqual(N / 2);
    expect(atKill).toBeLessThan(N);

    // The sender again, in this process: it finishes the campaign.
    database = await open();
    const deps = { ...t.deps, database };
    await createCampaignSender(deps, botApi(), () => {}, { perSecond: RATE }).run();
    const rows = await queryRows<{ user_id: number; state: string; error: string | null }>(
      database.db,
      sql`select user_id, state, error from campaign_recipients where campaign_id = 1`,
    );
    const perChat = new Map<number, number>();
    for (const s of fake.sends) perChat.set(s.chat, (perChat.get(s.chat) ?? 0) + 1);
    // At most one message each.
    expect([...perChat.values()].every((n) => n === 1)).toBe(true);
    // The rows the killed process had taken and not recorded: counted failed, never sent again;
    // at most one batch of them. Every other player got exactly one.
    const unknown = rows.filter((r) => r.error === 'unknown after restart').map((r) => Number(r.user_id));
    expect(unknown.length).toBeLessThanOrEqual(RATE);
    for (const r of rows) {
      if (unknown.includes(Number(r.user_id))) continue;
      expect(r.state, `player ${r.user_id}`).toBe('sent');
      expect(perChat.get(Number(r.user_id)), `player ${r.user_id}`).toBe(1);
    }
    const [kept] = await queryRows<{ sent: number; failed: number; done: string }>(
      database.db,
      sql`select sent, failed, status as done from campaigns where id = 1`,
    );
    expect(kept).toEqual({ sent: N - unknown.length, failed: unknown.length, done: 'done' });
    if (fresh) await fresh.drop();
    else await database.close();
    rmSync(tmp, { recursive: true, force: true });
  });
});
