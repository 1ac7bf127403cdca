import { createHash } from 'node:crypto';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PLAYER } from '@egg-rush/game/profile';
import { createAdminService } from '../src/modules/admin/admin.service.ts';
import { bindAddress } from '../src/modules/wallet/wallet.repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The airdrop snapshot is a point in time: wallet binds, bans and coins as they were at its
// instant, read from the wallet and ban histories and the ledger; nothing after it counts.

const OPERATOR = 8300;
const SECOND = 8301;
const EARLY = 8310;
const LATE = 8311;
const BANNED_AFTER = 8312;
const BANNED_BEFORE = 8313;
const UNBOUND_AFTER = 8314;

let t: TestApp;
const wallet = (n: number) => `0:${n.toString(16).padStart(64, '0')}`;
const admin = () => createAdminService(t.deps, t.app.bans);
const bind = (id: number, address: string | null) =>
  t.deps.database.transaction((tx) => bindAddress(tx, id, address, new Date(t.clock.now())));

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: `${OPERATOR}, ${SECOND}` } });
  for (const id of [OPERATOR, SECOND, EARLY, LATE, BANNED_AFTER, BANNED_BEFORE, UNBOUND_AFTER])
    await t.login(id);
});
afterAll(() => t?.close());

describe('the airdrop snapshot at its instant', () => {
  it('a bind, a ban, an unbind and coins after the instant change nothing', async () => {
    for (const id of [EARLY, BANNED_AFTER, BANNED_BEFORE, UNBOUND_AFTER]) {
      await bind(id, wallet(id));
      await admin().adjust(OPERATOR, id, { coins: 20_000, tickets: 0, reason: 'contest prize' });
    }
    await admin().adjust(OPERATOR, LATE, { coins: 20_000, tickets: 0, reason: 'contest prize' });
    await admin().ban(SECOND, BANNED_BEFORE, 'farm', true);
    t.clock.advance(60_000);
    const instant = t.clock.now();

    // After the instant: a wallet bound two seconds later, a ban, an unbind, more coins, an unban.
    t.clock.advance(2_000);
    await bind(LATE, wallet(LATE));
    await admin().ban(SECOND, BANNED_AFTER, 'bot', true);
    await bind(UNBOUND_AFTER, null);
    await admin().adjust(OPERATOR, EARLY, { coins: 500_000, tickets: 0, reason: 'late prize' });
    await admin().ban(SECOND, BANNED_BEFORE, 'appeal', false);
    t.clock.advance(60_000);

    const { snapshot } = await admin().takeSnapshot(OPERATOR, { at: instant, minCoins: 1 });
    expect(snapshot.takenAt).toBe(instant);
    const csv = await admin().exportSnapshot(snapshot.id, 'csv');
    const rows = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    const coinsAtInstant = 20_000 + NEW_PLAYER.coins;
    expect(rows).toEqual([
      [String(EARLY), wallet(EARLY), String(coinsAtInstant)],
      [String(BANNED_AFTER), wallet(BANNED_AFTER), String(coinsAtInstant)],
      [String(UNBOUND_AFTER), wallet(UNBOUND_AFTER), String(coinsAtInstant)],
    ]);
    expect(createHash('sha256').update(csv).digest('hex')).toBe(snapshot.csvSha256);

    // Taken again later at the same instant: the same bytes, the same hash.
    t.clock.advance(3_600_000);
    await admin().adjust(SECOND, UNBOUND_AFTER, { coins: 1_000, tickets: 0, reason: 'more' });
    const again = await admin().takeSnapshot(OPERATOR, { at: instant, minCoins: 1 });
    expect(again.snapshot.csvSha256).toBe(snapshot.csvSha256);
  });

  it('the export carries its hash', async () => {
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { initData: await t.launch(OPERATOR) },
    });
    const token = session.json<{ token: string }>().token;
    const list = await t.call(token, { method: 'GET', url: '/api/v1/admin/snapshots' });
    const [latest] = list.json<{ snapshots: { id: number; csvSha256: string; jsonSha256: string }[] }>()
      .snapshots;
    assert(latest, 'no snapshot listed');
    for (const format of ['csv', 'json'] as const) {
      const res = await t.call(token, {
        method: 'GET',
        url: `/api/v1/admin/snapshots/${latest.id}/export.${format}`,
      });
      const hash = createHash('sha256').update(res.rawPayload).digest('hex');
      expect(hash).toBe(format === 'csv' ? latest.csvSha256 : latest.jsonSha256);
      expect(res.headers['x-content-sha256']).toBe(hash);
    }
  });
});
