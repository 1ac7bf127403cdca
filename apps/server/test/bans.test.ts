import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// A ban is decided in one place (lib/bans.ts over users.banned_at and its ban_events history)
// and every path goes through it: players and operators alike.

const OPERATOR = 8100;
const SECOND = 8101;
const PLAYER = 8102;

let t: TestApp;

/** A console session, as the console signs in (launch data at POST /admin/session). */
export async function consoleSession(app: TestApp, id: number): Promise<string> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    payload: { initData: await app.launch(id) },
  });
  if (res.statusCode !== 200) throw new Error(`console sign-in failed: ${res.body}`);
  return res.json<{ token: string }>().token;
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: `${OPERATOR}, ${SECOND}` } });
  await t.login(OPERATOR);
  await t.login(SECOND);
  await t.login(PLAYER);
});
afterAll(() => t?.close());

describe('a banned operator', () => {
  it('loses the console at once, cannot sign in again, and the ban is in the history', async () => {
    const first = await consoleSession(t, OPERATOR);
    const second = await consoleSession(t, SECOND);
    const ban = await t.call(second, {
      method: 'POST',
      url: `/api/v1/admin/players/${OPERATOR}/ban`,
      payload: { reason: 'sold accounts' },
    });
    expect(ban.statusCode).toBe(200);
    // The session held before the ban is refused on its very next call.
    const me = await t.call(first, { method: 'GET', url: '/api/v1/admin/me' });
    expect({ status: me.statusCode, code: me.json<{ code: string }>().code }).toEqual({
      status: 403,
      code: 'BANNED',
    });
    const unban = await t.call(first, {
      method: 'POST',
      url: `/api/v1/admin/players/${OPERATOR}/unban`,
      payload: { reason: 'not me' },
    });
    expect(unban.statusCode).toBe(403);
    // Signing in again gives no new session.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { initData: await t.launch(OPERATOR) },
    });
    expect({ status: again.statusCode, code: again.json<{ code: string }>().code }).toEqual({
      status: 403,
      code: 'BANNED',
    });
    const history = await queryRows<{ banned: boolean; admin_id: string; reason: string }>(
      t.deps.database.db,
      sql`select banned, admin_id, reason from ban_events where user_id = ${OPERATOR} order by id`,
    );
    expect(history.map((h) => ({ ...h, admin_id: Number(h.admin_id) }))).toEqual([
      { banned: true, admin_id: SECOND, reason: 'sold accounts' },
    ]);
  });
});
