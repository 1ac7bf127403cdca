import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIPHER_REWARD, CIPHER_TRIES_PER_DAY, CIPHER_WORDS, dayDate } from '@egg-rush/game/cipher';
import { DAY_MS, gameDay } from '@egg-rush/game/time';
import { queryRows } from '../src/db/client.ts';
import { DEV_COMBO_SECRET } from '../src/env.ts';
import { drawnWord } from '../src/modules/cipher/index.ts';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The daily cipher: its word never sent, paid once per player and day, wrong answers bounded, a
// new word with the game's day; operators set a day's word (today or later), audited.

const OPERATOR = 8600;
let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: String(OPERATOR) } });
  op = await t.console(OPERATOR);
});
afterAll(() => t.close());

const today = () => gameDay(t.clock.now());
const get = async (token: string) => {
  const res = await t.call(token, { method: 'GET', url: '/api/v1/cipher' });
  expect(res.statusCode).toBe(200);
  return {
    body: res.json<{ day: string; length: number; solved: boolean; triesLeft: number }>(),
    text: res.body,
  };
};
const solve = (token: string, userid: number, word: string) =>
  t.call(token, { method: 'POST', url: '/api/v1/cipher/solve', payload: { userid, word } });
const setWord = (day: string, word: string, token = op) =>
  t.call(token, { method: 'PUT', url: `/api/v1/admin/cipher/${day}`, payload: { word } });

async function wallet(userid: number) {
  const [row] = await queryRows<{ coins: string; ticket: number; paid: number }>(
    t.deps.database.db,
    sql`select coins, ticket,
               (select count(*)::int from economy_events where user_id = ${userid} and kind = 'cipher') as paid
        from accounts where user_id = ${userid}`,
  );
  if (!row) throw new Error(`no player ${userid}`);
  return { coins: Number(row.coins), ticket: row.ticket, paid: row.paid };
}

describe('daily cipher', () => {
  it('shows the length of the player’s language’s word, never the word', async () => {
    const me = await t.login(8601, { language_code: 'ru' });
    const word = drawnWord(DEV_COMBO_SECRET, today(), 'ru');
    expect(CIPHER_WORDS.ru).toContain(word);
    const { body, text } = await get(me);
    expect(body).toMatchObject({ day: dayDate(today()), length: word.length, solved: false });
    expect(body.triesLeft).toBe(CIPHER_TRIES_PER_DAY);
    expect(text.toUpperCase()).not.toContain(word);
    // A day is written as its date: midday UTC on 15 June 2026 is game day 2026-06-15.
    expect(body.day).toBe('2026-06-15');
  });

  it('pays the right word once, in any case; a wrong one pays nothing; a repeat is refused', async () => {
    const me = await t.login(8602, { language_code: 'en' });
    const word = drawnWord(DEV_COMBO_SECRET, today(), 'en');
    const before = await wallet(8602);

    const wrong = await solve(me, 8602, word === 'EGG' ? 'COIN' : 'EGG');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ success: false, reward: null, triesLeft: CIPHER_TRIES_PER_DAY - 1 });
    expect(await wallet(8602)).toEqual(before);

    const right = await solve(me, 8602, word.toLowerCase());
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ success: true, reward: CIPHER_REWARD });
    const after = await wallet(8602);
    expect(after.coins - before.coins).toBe(CIPHER_REWARD.onion);
    expect(after.ticket - before.ticket).toBe(CIPHER_REWARD.ticket);
    expect(after.paid).toBe(1);

    const again = await solve(me, 8602, word);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_CLAIMED' });
    expect(await wallet(8602)).toEqual(after);
    expect((await get(me)).body.solved).toBe(true);
  });

  it('pays once of 50 answers sent at once', async () => {
    const me = await t.login(8603, { language_code: 'fa' });
    const word = drawnWord(DEV_COMBO_SECRET, today(), 'fa');
    const before = await wallet(8603);
    const replies = await Promise.all(Array.from({ length: 50 }, () => solve(me, 8603, word)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200))
      expect(r.json()).toMatchObject({ code: 'ALREADY_CLAIMED' });
    const after = await wallet(8603);
    expect(after.coins - before.coins).toBe(CIPHER_REWARD.onion);
    expect(after.paid).toBe(1);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('bounds wrong answers to three a day: the fourth is refused, even the right word, until the next day', async () => {
    expect(CIPHER_TRIES_PER_DAY).toBe(3);
    const me = await t.login(8604, { language_code: 'en' });
    const word = drawnWord(DEV_COMBO_SECRET, today(), 'en');
    const misses = CIPHER_WORDS.en.filter((w) => w !== word).slice(0, 4);
    for (const [k, miss] of misses.slice(0, 3).entries()) {
      const r = await solve(me, 8604, miss);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ success: false, reward: null, triesLeft: 2 - k });
    }
    const fourth = await solve(me, 8604, misses[3] ?? 'ZZZ');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'CIPHER_NO_TRIES' });
    expect(fourth.json<{ message: string }>().message).toMatch(/No tries left today: 3 wrong answers/);
    const refused = await solve(me, 8604, word);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'CIPHER_NO_TRIES' });
    expect((await wallet(8604)).paid).toBe(0);
    expect((await get(me)).body.triesLeft).toBe(0);
  });

  it('refuses an answer that is not 3–10 letters A–Z without counting it', async () => {
    const me = await t.login(8605);
    for (const bad of ['AB', 'ÉCOLE', 'EGG1', 'ABCDEFGHIJK', 'تخم'])
      expect((await solve(me, 8605, bad)).statusCode, bad).toBe(400);
    expect((await get(me)).body.triesLeft).toBe(CIPHER_TRIES_PER_DAY);
  });

  it('lets no one answer for another player', async () => {
    const stranger = await t.login(8606);
    const victim = await t.login(8607, { language_code: 'en' });
    const word = drawnWord(DEV_COMBO_SECRET, today(), 'en');
    const r = await solve(stranger, 8607, word);
    expect(r.statusCode).toBe(403);
    expect((await wallet(8607)).paid).toBe(0);
    expect((await wallet(8606)).paid).toBe(0);
    expect((await get(victim)).body.solved).toBe(false);
  });

  it('uses an operator’s word for everyone that day, in every language; audited; a past day or a bad word refused', async () => {
    const day = dayDate(today());
    const en = await t.login(8608, { language_code: 'en' });
    const fa = await t.login(8609, { language_code: 'fa' });
    expect((await setWord(day, 'é')).json()).toMatchObject({ code: 'BAD_CIPHER_WORD' });
    for (const bad of ['EG', 'EGG EGG', 'ЯЙЦО', 'ABCDEFGHIJK', 'EGG1']) {
      const r = await setWord(day, bad);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json()).toMatchObject({ code: 'BAD_CIPHER_WORD' });
    }
    const past = await setWord(dayDate(today() - 1), 'TOMATO');
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ code: 'CIPHER_PAST_DAY' });
    expect((await setWord('2026-02-30', 'TOMATO')).statusCode).toBe(400);
    expect((await setWord(day, 'TOMATO', en)).statusCode).toBe(403);

    const set = await setWord(day, 'zebra');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ cipher: { day, word: 'ZEBRA', setBy: OPERATOR } });
    expect((await get(en)).body.length).toBe(5);
    expect((await get(fa)).body.length).toBe(5);
    expect((await get(en)).text).not.toContain('ZEBRA');
    expect((await solve(en, 8608, drawnWord(DEV_COMBO_SECRET, today(), 'en'))).json()).toMatchObject({
      success: false,
    });
    expect((await solve(en, 8608, 'Zebra')).json()).toMatchObject({ success: true });
    expect((await solve(fa, 8609, 'ZEBRA')).json()).toMatchObject({ success: true });

    const [audit] = await queryRows<{ admin_id: string; action: string; target: string }>(
      t.deps.database.db,
      sql`select admin_id, action, target from admin_audit where action = 'cipher.set' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ action: 'cipher.set', target: `cipher:${day}` });
    expect(Number(audit?.admin_id)).toBe(OPERATOR);

    const later = dayDate(today() + 3);
    expect((await setWord(later, 'PANDA')).statusCode).toBe(200);
    const list = await t.call(op, { method: 'GET', url: '/api/v1/admin/cipher' });
    expect(list.json()).toMatchObject({
      today: day,
      days: [
        { day, word: 'ZEBRA' },
        { day: later, word: 'PANDA' },
      ],
    });
    expect((await t.call(en, { method: 'GET', url: '/api/v1/admin/cipher' })).statusCode).toBe(403);
  });

  it('rolls over with the game day: a new word, tries and pay again', async () => {
    const me = await t.login(8602);
    // The game day ends at midnight UTC-6: 06:00 UTC.
    t.clock.set(Date.UTC(2026, 5, 16, 5, 59));
    expect((await get(me)).body).toMatchObject({ day: '2026-06-15', solved: true });
    t.clock.set(Date.UTC(2026, 5, 16, 6, 0));
    const { body } = await get(me);
    expect(body).toMatchObject({ day: '2026-06-16', solved: false, triesLeft: CIPHER_TRIES_PER_DAY });
    const word = drawnWord(DEV_COMBO_SECRET, today(), 'en');
    expect(body.length).toBe(word.length);
    const before = await wallet(8602);
    expect((await solve(me, 8602, word)).json()).toMatchObject({ success: true });
    expect((await wallet(8602)).paid).toBe(before.paid + 1);
    // The player with no tries left yesterday has them back.
    const tired = await t.login(8604);
    expect((await get(tired)).body.triesLeft).toBe(CIPHER_TRIES_PER_DAY);
    // The word set three days after the 15th is used on the 18th.
    t.clock.advance(2 * DAY_MS);
    expect((await get(tired)).body).toMatchObject({ day: '2026-06-18', length: 5 });
    expect((await solve(tired, 8604, 'panda')).json()).toMatchObject({ success: true });
  });
});
