import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { claimReminderDue } from '@egg-rush/game/airdrop';
import { createClaimReminder } from '../src/modules/airdrop/airdrop.reminders.ts';
import { airdropAllocationRows, airdropAllocations } from '../src/modules/airdrop/airdrop.schema.ts';
import { startFakeTelegram, type FakeTelegram } from './fake-telegram.ts';
import { botEnv, createTestApp, signedLogin, type TestApp } from './helpers.ts';

// The bot reminds players who have not claimed their airdrop a week and a day before the window
// closes: on a moved clock, through the notifications' queue and the fake Bot API, in the player's
// language; never to one who claimed or turned notifications off, and once per milestone however
// many runs or processes.

const TOKEN = '7000000002:test-bot-token';
const DAY = 86_400;
const EN = 9501;
const RU = 9502;
const CLAIMED = 9503;
const SENT = 9504;
const OPTED_OUT = 9505;
const SHARED = 9506; // shares EN's wallet
/** Noon UTC (outside quiet hours in UTC, the zone of players whose zone is unknown). */
const EXPIRED_AT = Date.UTC(2026, 11, 31, 12, 0) / 1000;

let fake: FakeTelegram;
let t: TestApp;
let allocationId = 0;

const login = (id: number) => signedLogin(t, TOKEN, id);

/** The bot's delivery of what is due, as its job does. */
const deliver = async () => {
  if (!t.app.bot) throw new Error('the bot is off');
  return t.app.bot.notifier.deliver();
};
const sentTo = (id: number) => fake.of('sendMessage', id).map((c) => String(c.payload.text));
const queued = async () =>
  queryRows<{ user_id: number; event_key: string }>(
    t.deps.database.db,
    sql`select user_id::int as user_id, event_key from notifications where kind = 'airdrop-deadline'
        order by user_id, event_key`,
  );

beforeAll(async () => {
  fake = await startFakeTelegram();
  t = await createTestApp({
    env: botEnv(TOKEN, fake.url),
  });
  t.clock.set((EXPIRED_AT - 30 * DAY) * 1000);
  for (const id of [EN, RU, CLAIMED, SENT, OPTED_OUT, SHARED]) await login(id);
  const { db } = t.deps.database;
  await db.execute(sql`update users set language_code = 'ru' where id = ${RU}`);
  await db.execute(sql`insert into bot_chats (user_id, notifications) values (${OPTED_OUT}, false)`);
  const [a] = await db
    .insert(airdropAllocations)
    .values({
      snapshotId: 1,
      supply: '1000000000000',
      decimals: 9,
      params: { cap: null, minimum: '0' },
      startFrom: EXPIRED_AT - 60 * DAY,
      expiredAt: EXPIRED_AT,
      status: 'published',
      wallets: 5,
      total: '5000',
      rootHex: 'ab'.repeat(32),
      createdBy: 1,
    })
    .returning();
  allocationId = a?.id ?? 0;
  const row = (
    byte: string,
    playerIds: number[],
    claimStatus: 'unclaimed' | 'sent' | 'claimed' = 'unclaimed',
  ) => ({
    allocationId,
    walletAddress: `0:${byte.repeat(32)}`,
    amount: '1000',
    coins: 1000,
    playerIds,
    claimStatus,
  });
  await db
    .insert(airdropAllocationRows)
    .values([
      row('a1', [EN, SHARED]),
      row('b2', [RU]),
      row('c3', [CLAIMED], 'claimed'),
      row('d4', [SENT], 'sent'),
      row('e5', [OPTED_OUT]),
    ]);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the milestones', () => {
  it('are 7 days and 1 day before the window closes, the nearest one passed, none after it closed', () => {
    expect(claimReminderDue(EXPIRED_AT, EXPIRED_AT - 7 * DAY - 1)).toBeNull();
    expect(claimReminderDue(EXPIRED_AT, EXPIRED_AT - 7 * DAY)).toBe(7);
    expect(claimReminderDue(EXPIRED_AT, EXPIRED_AT - DAY - 1)).toBe(7);
    expect(claimReminderDue(EXPIRED_AT, EXPIRED_AT - DAY)).toBe(1);
    expect(claimReminderDue(EXPIRED_AT, EXPIRED_AT - 1)).toBe(1);
    expect(claimReminderDue(EXPIRED_AT, EXPIRED_AT)).toBeNull();
  });
});

describe('reminding players who have not claimed', () => {
  it('queues nothing before the 7-day mark', async () => {
    t.clock.set((EXPIRED_AT - 7 * DAY - 60) * 1000);
    expect(await createClaimReminder(t.deps)()).toBe(0);
    expect(await queued()).toEqual([]);
  });

  it('at 7 days: queues each unclaimed player once, across runs and processes, and sends in their language', async () => {
    t.clock.set((EXPIRED_AT - 7 * DAY) * 1000);
    // Two wallets at a time: three batches over the allocation's rows.
    const first = createClaimReminder(t.deps, 2);
    expect(await first()).toBe(3);
    // The same process again, and another process (or a restart): nothing more.
    expect(await first()).toBe(0);
    expect(await createClaimReminder(t.deps)()).toBe(0);
    const k7 = `airdrop:${allocationId}:7d`;
    expect(await queued()).toEqual([
      { user_id: EN, event_key: k7 },
      { user_id: RU, event_key: k7 },
      { user_id: SHARED, event_key: k7 },
    ]);
    await deliver();
    expect(sentTo(EN)).toEqual([
      '⏳ The airdrop closes in 7 days: open the game and claim your tokens before then.',
    ]);
    expect(sentTo(SHARED)).toHaveLength(1);
    expect(sentTo(RU)).toEqual([
      '⏳ Аирдроп закрывается через 7 дней: откройте игру и заберите свои токены до этого.',
    ]);
    for (const id of [CLAIMED, SENT, OPTED_OUT]) expect(sentTo(id)).toEqual([]);
  });

  it('at 1 day: once more, with the day in the language’s form; not to one who claimed meanwhile', async () => {
    await t.deps.database.db.execute(
      sql`update airdrop_allocation_rows set claim_status = 'claimed' where wallet_address = ${`0:${'a1'.repeat(32)}`}`,
    );
    t.clock.set((EXPIRED_AT - DAY + 3600) * 1000);
    expect(await createClaimReminder(t.deps, 1)()).toBe(1);
    expect(await createClaimReminder(t.deps)()).toBe(0);
    await deliver();
    expect(sentTo(RU)).toEqual([
      '⏳ Аирдроп закрывается через 7 дней: откройте игру и заберите свои токены до этого.',
      '⏳ Аирдроп закрывается через 1 день: откройте игру и заберите свои токены до этого.',
    ]);
    expect(sentTo(EN)).toHaveLength(1);
    for (const id of [CLAIMED, SENT, OPTED_OUT]) expect(sentTo(id)).toEqual([]);
  });

  it('queues nothing once the window has closed', async () => {
    t.clock.set((EXPIRED_AT + 60) * 1000);
    expect(await createClaimReminder(t.deps)()).toBe(0);
  });
});
