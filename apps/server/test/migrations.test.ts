import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client.ts';

/**
 * The migrations that move a feature's state out of the players' row keep every player's state:
 * a database made by the migrations before the move, holding players as the old code wrote them,
 * is migrated to the end and read in the new tables.
 */

interface Journal {
  entries: { tag: string }[];
}

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database migrated up to, not including, the migration tagged `before`; then `finish` runs the rest. */
async function migratedBefore(before: string) {
  const cut = journal.entries.findIndex((e) => e.tag === before);
  expect(cut, `no migration ${before}`).toBeGreaterThan(0);
  const partial = mkdtempSync(join(tmpdir(), 'migrations-'));
  folders.push(partial);
  cpSync(migrationsFolder, partial, { recursive: true });
  writeFileSync(
    join(partial, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }),
  );
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: partial });
  return {
    query: async <T>(text: string) => (await client.query<T>(text)).rows,
    finish: () => migrate(drizzle(client), { migrationsFolder }),
  };
}

describe('migrations that move state out of the players row', () => {
  it("0025: each player's check-in streak moves to daily_streaks; a player who never checked in has no row", async () => {
    const db = await migratedBefore('0025_daily_streaks');
    await db.query(`insert into users (id, first_name, reward_streak, last_daily_day) values
      (1, 'streak', 4, 20400), (2, 'never', 0, null), (3, 'reset', 1, 20398)`);
    await db.finish();
    expect(await db.query('select user_id, streak, last_day from daily_streaks order by user_id')).toEqual([
      { user_id: 1, streak: 4, last_day: 20400 },
      { user_id: 3, streak: 1, last_day: 20398 },
    ]);
    const columns = await db.query<{ name: string }>(
      `select column_name as name from information_schema.columns where table_name = 'users'`,
    );
    expect(columns.map((c) => c.name)).not.toContain('reward_streak');
  });

  it('0026: each running farm moves to farms, with the instant it started', async () => {
    const db = await migratedBefore('0026_farms');
    await db.query(`insert into users (id, first_name, farm_started_at) values
      (1, 'farming', '2026-11-27 06:00:00.123+00'), (2, 'idle', null)`);
    await db.finish();
    const rows = await db.query<{ user_id: number; started_at: Date }>(
      'select user_id, started_at from farms',
    );
    expect(rows).toEqual([{ user_id: 1, started_at: new Date('2026-11-27T06:00:00.123Z') }]);
  });

  it('0027: each bound wallet moves to wallets, still one player per address', async () => {
    const db = await migratedBefore('0027_wallets');
    await db.query(`insert into users (id, first_name, wallet_address) values
      (1, 'bound', '0:${'ab'.repeat(32)}'), (2, 'unbound', null)`);
    await db.finish();
    expect(await db.query('select user_id, address from wallets')).toEqual([
      { user_id: 1, address: `0:${'ab'.repeat(32)}` },
    ]);
    await expect(
      db.query(`insert into wallets (user_id, address) values (2, '0:${'ab'.repeat(32)}')`),
    ).rejects.toThrow(/wallets_address_idx/);
  });

  it('0028: each ban moves to bans, and a ban kept without history gets its event', async () => {
    const db = await migratedBefore('0028_bans');
    await db.query(`insert into users (id, first_name, banned_at, ban_reason) values
      (1, 'old ban', '2026-01-01 00:00:00+00', 'farm'), (2, 'recorded ban', '2026-02-01 00:00:00+00', 'bot'),
      (3, 'unbanned', null, null)`);
    await db.query(`insert into ban_events (user_id, banned, reason, created_at) values
      (2, true, 'bot', '2026-02-01 00:00:00+00'), (3, true, 'x', '2026-01-05 00:00:00+00'),
      (3, false, null, '2026-01-06 00:00:00+00')`);
    await db.finish();
    expect(await db.query('select user_id, banned_at, reason from bans order by user_id')).toEqual([
      { user_id: 1, banned_at: new Date('2026-01-01T00:00:00Z'), reason: 'farm' },
      { user_id: 2, banned_at: new Date('2026-02-01T00:00:00Z'), reason: 'bot' },
    ]);
    expect(
      await db.query('select user_id, banned, created_at from ban_events order by user_id, created_at'),
    ).toEqual([
      { user_id: 1, banned: true, created_at: new Date('2026-01-01T00:00:00Z') },
      { user_id: 2, banned: true, created_at: new Date('2026-02-01T00:00:00Z') },
      { user_id: 3, banned: true, created_at: new Date('2026-01-05T00:00:00Z') },
      { user_id: 3, banned: false, created_at: new Date('2026-01-06T00:00:00Z') },
    ]);
  });

  it('0030: coins and chests keep their values under their own names, and the seasons still count coins', async () => {
    const db = await migratedBefore('0030_coins_and_chests');
    await db.query(`insert into users (id, first_name, onion, cheat_count) values (1, 'p', 1234, 2)`);
    await db.query(`insert into economy_events (user_id, kind, delta_onion) values (1, 'grant', 1234)`);
    await db.finish();
    expect(await db.query('select coins, chests from accounts')).toEqual([{ coins: 1234, chests: 2 }]);
    expect(await db.query('select delta_coins from economy_events')).toEqual([{ delta_coins: 1234 }]);
    await db.query(`insert into economy_events (user_id, kind, delta_coins) values (1, 'tap', 66)`);
    const [week] = await db.query<{ coins: number }>('select sum(coins)::int as coins from season_scores');
    expect(week?.coins).toBe(1234 + 66);
  });

  it("0031: each player's account moves to accounts, every column as it was, and leaves the players' row", async () => {
    const db = await migratedBefore('0031_accounts');
    await db.query(`insert into users (id, first_name, coins, ticket, total_score, earn_per_hour, chests,
        energy, max_energy, earn_per_tap, lose_energy_per_tap, boosts, boost_end_at, touch_income_level,
        energy_capacity_level, refill_day, refill_count, energy_at, income_at, tap_clock, request_ids)
      values (1, 'rich', 5000, 7, 9000, 120, 2, 350, 1500, 2, 20, '{double}', '2026-11-27 08:00:00+00', 3,
        1, 20419, 2, '2026-11-27 07:00:00+00', '2026-11-27 06:00:00+00', '2026-11-27 07:30:00+00', '{42,41}'),
      (2, 'new', 0, 3, 0, 0, 1, 1000, 1000, 1, 10, '{}', null, 0, 0, null, 0,
        '2026-11-27 05:00:00+00', '2026-11-27 05:00:00+00', '2026-11-27 05:00:00+00', '{}')`);
    await db.finish();
    expect(await db.query('select * from accounts order by user_id')).toEqual([
      {
        user_id: 1,
        coins: 5000,
        ticket: 7,
        total_score: 9000,
        earn_per_hour: 120,
        chests: 2,
        energy: 350,
        max_energy: 1500,
        earn_per_tap: 2,
        lose_energy_per_tap: 20,
        boosts: ['double'],
        boost_end_at: new Date('2026-11-27T08:00:00Z'),
        touch_income_level: 3,
        energy_capacity_level: 1,
        refill_day: 20419,
        refill_count: 2,
        energy_at: new Date('2026-11-27T07:00:00Z'),
        income_at: new Date('2026-11-27T06:00:00Z'),
        tap_clock: new Date('2026-11-27T07:30:00Z'),
        request_ids: [42, 41],
      },
      {
        user_id: 2,
        coins: 0,
        ticket: 3,
        total_score: 0,
        earn_per_hour: 0,
        chests: 1,
        energy: 1000,
        max_energy: 1000,
        earn_per_tap: 1,
        lose_energy_per_tap: 10,
        boosts: [],
        boost_end_at: null,
        touch_income_level: 0,
        energy_capacity_level: 0,
        refill_day: null,
        refill_count: 0,
        energy_at: new Date('2026-11-27T05:00:00Z'),
        income_at: new Date('2026-11-27T05:00:00Z'),
        tap_clock: new Date('2026-11-27T05:00:00Z'),
        request_ids: [],
      },
    ]);
    const columns = await db.query<{ name: string }>(
      `select column_name as name from information_schema.columns where table_name = 'users' order by name`,
    );
    expect(columns.map((c) => c.name)).toEqual([
      'created_at',
      'first_name',
      'id',
      'is_premium',
      'language_code',
      'last_name',
      'photo_url',
      'referrer_id',
      'seen_at',
      'settings',
      'username',
    ]);
    const [options] = await db.query<{ options: string[] }>(
      `select reloptions as options from pg_class where relname = 'accounts'`,
    );
    expect(options?.options).toEqual(['fillfactor=80']);
    await expect(db.query(`insert into accounts (user_id) values (1)`)).rejects.toThrow(/accounts_pkey/);
  });
});
