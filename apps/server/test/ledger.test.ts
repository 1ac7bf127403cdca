import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('economy ledger', () => {
  it('balances equal ledger sums after sign-up and check-in', async () => {
    const token = await t.login(700);
    await t.login(701);
    await t.call(token, { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: 700 } });
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('finds a balance changed behind the ledger’s back', async () => {
    await t.deps.database.db.execute(sql`update accounts set coins = coins + 7 where user_id = 701`);
    const mismatches = await findLedgerMismatches(t.deps.database.db);
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]).toMatchObject({ userId: 701, coins: 7, ledgerCoins: 0 });
  });
});
