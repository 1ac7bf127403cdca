import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQUAD_NAME_MAX, SQUAD_NAME_TEXT_MAX } from '@egg-rush/game/squads';
import { queryRows } from '../src/db/client.ts';
import { appendLedger } from '../src/modules/ledger/ledger.repository.ts';
import { rekeySquadNames } from '../src/modules/squads/squads.service.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Squads: names checked, one squad at a time, invites through the signed start parameter, and a
// score that leaving and rejoining cannot inflate.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function earn(userid: number, onion: number) {
  await t.deps.database.db.execute(
    sql`update accounts set coins = coins + ${onion}, total_score = total_score + ${onion} where user_id = ${userid}`,
  );
  await appendLedger(t.deps.database.db, { userId: userid, kind: 'grant', deltaCoins: onion });
}

const post = (token: string, userid: number, what: string, payload: Record<string, unknown> = {}) =>
  t.call(token, { method: 'POST', url: `/api/v1/squads/${what}`, payload: { userid, ...payload } });
const page = async (token: string, userid: number, squad?: number) =>
  (
    await t.call(token, {
      method: 'GET',
      url: `/api/v1/squads/${userid}/page${squad ? `?squad=${squad}` : ''}`,
    })
  ).json<{
    squad: {
      id: number;
      name: string;
      score: number;
      members: number;
      rank: number;
      startParam: string;
    } | null;
    members: { userid: number; contribution: number; owner: boolean }[];
    member: boolean;
  }>();

describe('squads', () => {
  it('refuses bad names: length, characters, profanity, a taken name', async () => {
    const a = await t.login(9501);
    for (const [name, code, message] of [
      ['a', 'BAD_SQUAD_NAME', /2 to 24/],
      ['x'.repeat(SQUAD_NAME_MAX + 1), 'BAD_SQUAD_NAME', /2 to 24/],
      ['<b>bold</b>', 'BAD_SQUAD_NAME', /letters/],
      ['Sh1t Happens', 'SQUAD_NAME_BLOCKED', /another/],
    ] as const) {
      const res = await post(a, 9501, 'create', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code, message: expect.stringMatching(message) });
    }
    expect(await page(a, 9501)).toEqual({ squad: null, members: [], member: false });
  });

  it('creates a squad; a second player joins through the invite link on first open', async () => {
    const a = await t.login(9502, { first_name: 'Ana' });
    const created = await post(a, 9502, 'create', { name: '  Egg   Hunters ' });
    expect(created.statusCode).toBe(200);
    const squad = created.json<{ squad: { id: number; name: string; startParam: string } }>().squad;
    expect(squad).toMatchObject({
      name: 'Egg Hunters',
      members: 1,
      score: 0,
      startParam: `squad_${squad.id}`,
    });

    // The same name in other case or spacing is taken; the creator cannot create another.
    const b0 = await t.login(9503);
    expect((await post(b0, 9503, 'create', { name: 'egg hunters' })).json()).toMatchObject({
      code: 'NAME_TAKEN',
    });
    expect((await post(a, 9502, 'create', { name: 'Second Squad' })).json()).toMatchObject({
      code: 'ALREADY_IN_SQUAD',
    });

    // A new player opening the squad's link joins it; no referrer comes with a squad link.
    const b = await t.login(9504, { first_name: 'Ben', start_param: squad.startParam });
    const seen = await page(b, 9504);
    expect(seen).toMatchObject({ squad: { id: squad.id, members: 2 }, member: true });
    expect(seen.members.map((m) => [m.userid, m.owner])).toEqual([
      [9502, true],
      [9504, false],
    ]);
    const [ref] = await queryRows<{ referrer_id: string | null }>(
      t.deps.database.db,
      sql`select referrer_id from users where id = 9504`,
    );
    expect(ref).toEqual({ referrer_id: null });

    // A player already in a squad who opens another squad's link stays where they are.
    const other = await post(b0, 9503, 'create', { name: 'Yolk Club' });
    const otherId = other.json<{ squad: { id: number } }>().squad.id;
    await t.login(9504, { start_param: `squad_${otherId}` });
    expect((await page(b, 9504)).squad?.id).toBe(squad.id);
    // An unknown squad in a link is ignored.
    const c = await t.login(9505, { start_param: 'squad_987654' });
    expect((await page(c, 9505)).squad).toBeNull();
  });

  it('one squad at a time, also for joins at once', async () => {
    const p = await t.login(9510);
    const ids = [];
    for (const [id, name] of [
      [9511, 'Alpha Eggs'],
      [9512, 'Beta Eggs'],
    ] as const) {
      const token = await t.login(id);
      ids.push((await post(token, id, 'create', { name })).json<{ squad: { id: number } }>().squad.id);
    }
    const replies = await Promise.all(
      [...ids, ...ids, ...ids].map((squad) => post(p, 9510, 'join', { squad })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200))
      expect(r.json()).toMatchObject({ code: 'ALREADY_IN_SQUAD' });
    expect((await post(p, 9510, 'join', { squad: 999_999 })).statusCode).toBe(404);
  });

  it('scores coins earned since joining; leaving and rejoining cannot inflate it', async () => {
    const owner = await t.login(9520);
    await earn(9520, 1_000_000); // before the squad: not counted
    const id = (await post(owner, 9520, 'create', { name: 'Golden Yolks' })).json<{ squad: { id: number } }>()
      .squad.id;
    const m = await t.login(9521);
    await earn(9521, 500); // before joining
    expect((await post(m, 9521, 'join', { squad: id })).statusCode).toBe(200);
    await earn(9520, 300);
    await earn(9521, 200);
    expect((await page(owner, 9520)).squad).toMatchObject({ score: 500, members: 2 });

    // Leave and rejoin: the member's 200 is given up, not counted twice.
    expect((await post(m, 9521, 'leave')).statusCode).toBe(200);
    expect((await page(owner, 9520)).squad).toMatchObject({ score: 300, members: 1 });
    expect((await post(m, 9521, 'join', { squad: id })).statusCode).toBe(200);
    expect((await page(owner, 9520)).squad).toMatchObject({ score: 300, members: 2 });
    await earn(9521, 50);
    const seen = await page(m, 9521);
    expect(seen.squad).toMatchObject({ score: 350 });
    expect(seen.members.map((x) => [x.userid, x.contribution])).toEqual([
      [9520, 300],
      [9521, 50],
    ]);

    // The squad board ranks by score and shows the caller's squad.
    const board = (await t.call(m, { method: 'GET', url: '/api/v1/squads/9521/board' })).json<{
      ranking: { id: number; score: number; rank: number }[];
      mine: { id: number; rank: number } | null;
      totalSquads: number;
    }>();
    expect(board.ranking[0]).toMatchObject({ id, score: 350, rank: 1 });
    expect(board.mine).toMatchObject({ id, rank: 1 });
    expect(board.totalSquads).toBe(board.ranking.length);
    const scores = board.ranking.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    // A non-member sees the page, not as a member.
    const outsider = await t.login(9529);
    expect(await page(outsider, 9529, id)).toMatchObject({ squad: { id }, member: false });
  });

  it('leaving: refused outside a squad; the last member leaving removes the squad', async () => {
    const p = await t.login(9530);
    expect((await post(p, 9530, 'leave')).json()).toMatchObject({ code: 'NOT_IN_SQUAD' });
    const id = (await post(p, 9530, 'create', { name: 'Lonely Egg' })).json<{ squad: { id: number } }>().squad
      .id;
    expect((await post(p, 9530, 'leave')).json()).toEqual({ success: true, squad: null });
    expect((await t.call(p, { method: 'GET', url: `/api/v1/squads/9530/page?squad=${id}` })).statusCode).toBe(
      404,
    );
    // The name is free again.
    expect((await post(p, 9530, 'create', { name: 'Lonely Egg' })).statusCode).toBe(200);
  });

  it('reads look-alike letters of other scripts as ours: in blocked words and in taken names', async () => {
    const a = await t.login(9540);
    // A Cyrillic "с" (U+0441) in a blocked word, and a word in full-width letters.
    for (const name of ['Fu\u0441k Squad', '\uff33\uff28\uff29\uff34 Crew']) {
      const res = await post(a, 9540, 'create', { name });
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({
        name,
        status: 400,
        body: { code: 'SQUAD_NAME_BLOCKED', message: expect.stringMatching(/another/) },
      });
    }
    expect((await post(a, 9540, 'create', { name: 'Omelet Club' })).statusCode).toBe(200);
    // Cyrillic "О" (U+041E) and "Е" (U+0415), Greek "Ο" (U+039F), full-width letters: the same name.
    const b = await t.login(9541);
    for (const name of ['\u041emelet Club', 'OM\u0415LET CLUB', '\u039fmelet club', '\uff2fmelet Club']) {
      const res = await post(b, 9541, 'create', { name });
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({
        name,
        status: 409,
        body: { code: 'NAME_TAKEN', message: expect.any(String) },
      });
    }
    expect(await page(b, 9541)).toEqual({ squad: null, members: [], member: false });
  });

  it('creates squads named in Hindi and Persian, their length counted in graphemes', async () => {
    // Vowel signs and conjuncts (प्रि is one grapheme of 4 code points), Persian's non-joiner.
    const names = [
      [9560, 'प्रिया'],
      [9561, 'रवि'],
      [9562, 'प्रिया 360'],
      [9563, 'प्रि'.repeat(SQUAD_NAME_MAX)],
      [9564, 'عقاب\u200cهای ایران'],
    ] as const;
    for (const [userid, name] of names) {
      const token = await t.login(userid);
      const res = await post(token, userid, 'create', { name });
      expect({ name, status: res.statusCode }).toEqual({ name, status: 200 });
      expect(res.json<{ squad: { name: string } }>().squad.name).toBe(name);
    }
    // One grapheme more is too long; the same name without the non-joiner is taken.
    const late = await t.login(9565);
    expect((await post(late, 9565, 'create', { name: 'प्रि'.repeat(SQUAD_NAME_MAX + 1) })).json()).toEqual({
      code: 'BAD_SQUAD_NAME',
      message: expect.stringMatching(/2 to 24/),
    });
    expect((await post(late, 9565, 'create', { name: 'عقابهای ایران' })).json()).toMatchObject({
      code: 'NAME_TAKEN',
    });
    // The request reads SQUAD_NAME_TEXT_MAX UTF-16 units (what the app's field holds), no more.
    const long = (units: number) => post(late, 9565, 'create', { name: 'x'.repeat(units) });
    expect((await long(SQUAD_NAME_TEXT_MAX)).json()).toMatchObject({ code: 'BAD_SQUAD_NAME' });
    expect((await long(SQUAD_NAME_TEXT_MAX + 1)).json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('re-keys squads named under an older key rule at start, the older of two look-alikes keeping its key', async () => {
    const db = t.deps.database.db;
    // Keys as the older rule wrote them (lower case only): a Cyrillic look-alike got a key of its own.
    await db.execute(
      sql`insert into squads (name, name_key, owner_id) values
            ('Moon Base', 'moon base', 9550), ('\u041c\u043e\u043en Base', '\u043c\u043e\u043en base', 9551)`,
    );
    expect(await rekeySquadNames(t.deps.database)).toBe(2);
    const rows = await queryRows<{ name: string; name_key: string }>(
      db,
      sql`select name, name_key from squads where owner_id in (9550, 9551) order by id`,
    );
    expect(rows.map((r) => r.name)).toEqual(['Moon Base', '\u041c\u043e\u043en Base']);
    expect(rows[0]?.name_key).toBe('rnoon base');
    expect(rows[1]?.name_key).toMatch(/^rnoon base#\d+$/);
    // Nothing left to change; and the name (in any script) is taken.
    expect(await rekeySquadNames(t.deps.database)).toBe(0);
    const c = await t.login(9552);
    expect((await post(c, 9552, 'create', { name: 'MOON BASE' })).json()).toMatchObject({
      code: 'NAME_TAKEN',
    });
  });
});
