import { createHash } from 'node:crypto';
import { Address, Cell, CellType } from '@ton/core';
import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { weighPlayers, type AllocationRule, type ScoreFacts } from '@egg-rush/game/allocation-rule';
import { verifyAirdropProof } from '@egg-rush/jetton/tree';
import { queryRows } from '../src/db/client.ts';
import { markClaimed } from '../src/modules/airdrop/airdrop.repository.ts';
import { bindAddress } from '../src/modules/wallet/wallet.repository.ts';
import { appendLedger } from '../src/modules/ledger/ledger.repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The airdrop from a snapshot to the claim: allocation by the rule, preview, publishing (once,
// audited, frozen), TEP-177 proofs that verify against the published root, the dump, and the
// player's claim statuses, down to a claim sent from the player's wallet in the TON emulator.

const OPERATOR = 9100;
const A = 9101; // 1,000 coins granted
const B = 9102; // 3,000
const C = 9103; // 2,000
const EXCLUDED = 9104; // excluded by the operator
const NO_WALLET = 9105;
const LATE = 9106; // binds a wallet after the snapshot
const UNIT = 10n ** 9n;
/** A rule that weighs coins alone, as they are: shares in proportion to lifetime coins. */
const COINS_ONLY: AllocationRule = {
  coinsExponent: 1,
  weights: { coins: 1, activeDays: 0, tasks: 0, friendsStayed: 0, accountAge: 0, premium: 0 },
  reviewDiscount: 1,
};
const NO_FACTS: Omit<ScoreFacts, 'playerId'> = {
  coins: 0,
  operatorCoins: 0,
  activeDays: 0,
  tasks: 0,
  friendsStayed: 0,
  premium: false,
  registeredAt: 0,
  review: false,
};

const wallet = (byte: string) => `0:${byte.repeat(32)}`;
const WALLETS: Record<number, string> = {
  [A]: wallet('a1'),
  [B]: wallet('b2'),
  [C]: wallet('c3'),
  [EXCLUDED]: wallet('d4'),
};

let t: TestApp;
let op: string;
const tokens: Record<number, string> = {};
let snapshotId: number;
let allocationId: number;
let published: { root: string; dumpHash: string };

/** A player's token, from their login in beforeAll. */
const tokenOf = (id: number) => {
  const token = tokens[id];
  assert(token, `${id} has not logged in`);
  return token;
};
/** The wallet a player bound in beforeAll. */
const walletOf = (id: number) => {
  const address = WALLETS[id];
  assert(address, `no wallet for ${id}`);
  return address;
};

/** Coins credited at the test clock's instant (helpers' grant stamps the database's own clock). */
const credit = (id: number, onion: number) =>
  t.deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`update accounts set coins = coins + ${onion} where user_id = ${id}`);
    await appendLedger(tx, { userId: id, kind: 'grant', deltaCoins: onion, at: new Date(t.clock.now()) });
  });
/** Binds a wallet as the wallet check does (with its history event), now. */
const bind = (id: number, address: string) =>
  t.deps.database.transaction((tx) => bindAddress(tx, id, address, new Date(t.clock.now())));
/** An operator's adjustment of a player's coins, through the console's route. */
const adjust = async (id: number, coins: number) => {
  const res = await t.call(op, {
    method: 'POST',
    url: `/api/v1/admin/players/${id}/adjust`,
    payload: { coins, reason: 'contest prize' },
  });
  expect(res.statusCode).toBe(200);
};
const tableCounts = async () =>
  queryRows<{ a: number; r: number; x: number; audit: number }>(
    t.deps.database.db,
    sql`select (select count(*)::int from airdrop_allocations) as a,
               (select count(*)::int from airdrop_allocation_rows) as r,
               (select count(*)::int from airdrop_allocation_refusals) as x,
               (select count(*)::int from admin_audit) as audit`,
  );
const claim = async (id: number) => {
  const res = await t.call(tokenOf(id), { method: 'GET', url: '/api/v1/airdrop/claim' });
  expect(res.statusCode).toBe(200);
  return res.json<{
    status: string;
    reason: string | null;
    amount: string | null;
    wallet: string | null;
    opens: number | null;
    closes: number | null;
    messages: { address: string; amount: string; stateInit?: string; payload: string }[];
  }>();
};

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: String(OPERATOR), PUBLIC_URL: 'https://egg.example' } });
  op = await t.console(OPERATOR);
  for (const id of [A, B, C, EXCLUDED, NO_WALLET, LATE]) tokens[id] = await t.login(id);
  for (const [id, address] of Object.entries(WALLETS)) await bind(Number(id), address);
  await credit(A, 1000);
  await credit(B, 3000);
  await credit(C, 2000);
  await credit(EXCLUDED, 5000);
  await credit(NO_WALLET, 5000);
  const excluded = await t.call(op, {
    method: 'POST',
    url: '/api/v1/admin/airdrop/exclusions',
    payload: { playerId: EXCLUDED, reason: 'bot farm' },
  });
  expect(excluded.statusCode).toBe(200);
  // An operator's credits to B: before the snapshot (a debit does not take a credit back), and after it.
  await adjust(B, 700);
  await adjust(B, -200);
  t.clock.advance(60_000);
  const snap = await t.call(op, { method: 'POST', url: '/api/v1/admin/snapshots', payload: { minCoins: 1 } });
  expect(snap.statusCode).toBe(200);
  snapshotId = snap.json<{ snapshot: { id: number } }>().snapshot.id;
  await adjust(B, 300);
  await bind(LATE, wallet('e5'));
});
afterAll(() => t?.close());

describe('allocating a snapshot', () => {
  it('refuses bad input with a 400 (404 for an unknown snapshot) and writes nothing', async () => {
    const before = await tableCounts();
    const now = Math.floor(t.clock.now() / 1000);
    for (const [payload, status] of [
      [{ snapshotId, supply: 'abc' }, 400],
      [{ snapshotId, supply: '-5' }, 400],
      [{ snapshotId, supply: '1000' }, 400], // less than one whole jetton of 9 decimals
      [{ snapshotId, supply: String(1000n * UNIT), startFrom: now, expiredAt: now - 1 }, 400],
      [{ snapshotId, supply: String(1000n * UNIT), cap: String(UNIT), minimum: String(2n * UNIT) }, 400],
      [{ snapshotId: 999_999, supply: String(1000n * UNIT) }, 404],
    ] as const) {
      const res = await t.call(op, { method: 'POST', url: '/api/v1/admin/airdrop/allocations', payload });
      expect({ payload, status: res.statusCode }).toEqual({ payload, status });
    }
    const player = await t.call(tokenOf(A), {
      method: 'POST',
      url: '/api/v1/admin/airdrop/allocations',
      payload: { snapshotId, supply: String(1000n * UNIT) },
    });
    expect(player.statusCode).toBe(403);
    expect(await tableCounts()).toEqual(before);
  });

  /** Creation attempts that must each answer 400 with a message matching theirs, writing nothing. */
  const refusedAtCreation = async (cases: readonly [Record<string, unknown>, RegExp][]) => {
    const before = await tableCounts();
    for (const [payload, message] of cases) {
      const res = await t.call(op, {
        method: 'POST',
        url: '/api/v1/admin/airdrop/allocations',
        payload: { snapshotId, supply: String(1000n * UNIT), ...payload },
      });
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect(await tableCounts()).toEqual(before);
  };

  it('refuses a supply above what a jetton can hold (2^120 − 1 smallest units) with a 400', async () => {
    await refusedAtCreation([
      [{ supply: String(2n ** 120n) }, /2\^120 − 1/],
      [{ supply: String(2n ** 120n), decimals: 0 }, /2\^120 − 1/],
      [{ supply: `1${'0'.repeat(76)}` }, /2\^120 − 1/],
    ]);
  });

  it('refuses a claim window past 48 bits, the default end of a late start included, with a 400', async () => {
    const max = 2 ** 48 - 1;
    await refusedAtCreation([
      [{ startFrom: max - 1000 }, /48 bits/], // ends 180 days later by default
      [{ startFrom: max }, /48 bits/],
    ]);
  });

  it('refuses a claim window that has already closed, with a 400', async () => {
    const now = Math.floor(t.clock.now() / 1000);
    await refusedAtCreation([
      [{ startFrom: now - 30 * 86_400, expiredAt: now - 86_400 }, /already closed/],
      [{ startFrom: now - 30 * 86_400, expiredAt: now - 1 }, /already closed/],
      [{ startFrom: now - 200 * 86_400 }, /already closed/], // the default window, 180 days from then
    ]);
  });

  it('refuses a claim window that closes within a day of now, with a 400', async () => {
    const now = Math.floor(t.clock.now() / 1000);
    await refusedAtCreation([
      [{ startFrom: now - 60, expiredAt: now }, /at least a day/],
      [{ startFrom: now - 60, expiredAt: now + 3600 }, /at least a day/],
      [{ startFrom: now - 60, expiredAt: now + 86_399 }, /at least a day/],
    ]);
  });

  it('shares the supply by the rule and previews totals, histogram, largest wallets and exclusions', async () => {
    const now = Math.floor(t.clock.now() / 1000);
    const res = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/airdrop/allocations',
      payload: {
        snapshotId,
        supply: String(6000n * UNIT),
        startFrom: now - 60,
        expiredAt: now + 86_400,
        rule: COINS_ONLY,
      },
    });
    expect(res.statusCode).toBe(200);
    const { allocation } = res.json<{ allocation: { id: number; status: string; wallets: number } }>();
    allocationId = allocation.id;
    expect(allocation).toMatchObject({ status: 'draft', wallets: 3 });

    const preview = await t.call(op, {
      method: 'GET',
      url: `/api/v1/admin/airdrop/allocations/${allocationId}`,
    });
    expect(preview.statusCode).toBe(200);
    const p = preview.json<{
      totals: Record<string, string | number>;
      histogram: { from: string; to: string | null; wallets: number }[];
      largest: { wallet: string; amount: string; playerIds: number[]; operatorCoins: number }[];
      refusals: { reason: string; players: number }[];
      excluded: { playerId: number; reason: string; detail: string | null }[];
    }>();
    // The signup bonus counts as lifetime coins too: the shares follow each player's ledger.
    const coins = await queryRows<{ user_id: string; coins: string }>(
      t.deps.database.db,
      sql`select user_id, coins from airdrop_snapshot_rows where snapshot_id = ${snapshotId}`,
    );
    const coinsOf = new Map(coins.map((r) => [Number(r.user_id), BigInt(r.coins)]));
    // The rule's weights: with coins alone, counted as they are, each player's coins (less what
    // operators credited) over the largest.
    const credited = (id: number) => {
      const largest = p.largest.find((l) => l.playerIds.includes(id));
      assert(largest, `${id} is not among the largest`);
      return largest.operatorCoins;
    };
    const weights = weighPlayers(
      [A, B, C].map((id) => {
        const held = coinsOf.get(id);
        assert(held !== undefined, `${id} is not in the snapshot`);
        return {
          ...NO_FACTS,
          playerId: id,
          coins: Number(held),
          operatorCoins: credited(id),
          activeDays: 1,
        };
      }),
      COINS_ONLY,
      t.clock.now(),
    );
    const weightOf = (id: number) => {
      const w = weights.get(id);
      assert(w !== undefined, `no weight for ${id}`);
      return w;
    };
    const weight = [A, B, C].reduce((s, id) => s + weightOf(id), 0n);
    const expected = (id: number) => ((6000n * UNIT * weightOf(id)) / weight / UNIT) * UNIT;
    expect(p.largest.map((l) => [l.wallet, l.amount, l.playerIds])).toEqual(
      [B, C, A].map((id) => [WALLETS[id], String(expected(id)), [id]]),
    );
    // The part of each weight operators credited, up to the snapshot's instant.
    expect(p.largest.map((l) => [l.wallet, l.operatorCoins])).toEqual([
      [WALLETS[B], 700],
      [WALLETS[C], 0],
      [WALLETS[A], 0],
    ]);
    const total = [A, B, C].reduce((s, id) => s + expected(id), 0n);
    expect(p.totals).toMatchObject({
      supply: String(6000n * UNIT),
      allocated: String(total),
      unallocated: String(6000n * UNIT - total),
      wallets: 3,
      eligiblePlayers: 3,
      refusedPlayers: 1,
    });
    expect(p.histogram.reduce((s, h) => s + h.wallets, 0)).toBe(3);
    expect(p.refusals).toEqual([{ reason: 'excluded', players: 1 }]);
    expect(p.excluded).toEqual([
      { playerId: EXCLUDED, wallet: WALLETS[EXCLUDED], reason: 'excluded', detail: 'bot farm' },
    ]);
  });

  it('refuses to publish a draft whose claim window now closes within a day, or has closed, with a 400', async () => {
    const start = t.clock.now();
    const now = Math.floor(start / 1000);
    const created = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/airdrop/allocations',
      payload: { snapshotId, supply: String(10n * UNIT), startFrom: now - 60, expiredAt: now + 2 * 86_400 },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ allocation: { id: number } }>().allocation.id;
    const publish = async () =>
      t.call(await t.console(OPERATOR), {
        method: 'POST',
        url: `/api/v1/admin/airdrop/allocations/${id}/publish`,
        payload: {},
      });
    try {
      // The draft sat for a day and a second: its window now closes in less than a day.
      t.clock.set(start + (86_400 + 1) * 1000);
      const late = await publish();
      expect({ status: late.statusCode, message: late.json().message }).toEqual({
        status: 400,
        message: expect.stringMatching(/at least a day/),
      });
      t.clock.set(start + (2 * 86_400 + 1) * 1000);
      const closed = await publish();
      expect({ status: closed.statusCode, message: closed.json().message }).toEqual({
        status: 400,
        message: expect.stringMatching(/already closed/),
      });
    } finally {
      t.clock.set(start);
    }
    const [row] = await queryRows<{ status: string; root_hex: string | null }>(
      t.deps.database.db,
      sql`select status, root_hex from airdrop_allocations where id = ${id}`,
    );
    expect(row).toEqual({ status: 'draft', root_hex: null });
  });

  it('answers no_snapshot before publishing and no_wallet without a wallet', async () => {
    expect(await claim(A)).toMatchObject({ status: 'no_snapshot', messages: [] });
    expect(await claim(NO_WALLET)).toMatchObject({ status: 'no_wallet', messages: [] });
    const absent = await t.app.inject({ method: 'GET', url: `/api/v1/airdrop/wallet/${WALLETS[A]}` });
    expect(absent.statusCode).toBe(404);
  });
});

describe('publishing', () => {
  it('fixes the root and the dump hash once, audited; a second publish is refused', async () => {
    const res = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/airdrop/allocations/${allocationId}/publish`,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    published = res.json<{ root: string; dumpHash: string }>();
    expect(published.root).toMatch(/^[0-9a-f]{64}$/);
    expect(published.dumpHash).toMatch(/^[0-9a-f]{64}$/);
    const again = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/airdrop/allocations/${allocationId}/publish`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);

    // Another allocation of the same snapshot can be drafted, never published beside the first.
    const other = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/airdrop/allocations',
      payload: { snapshotId, supply: String(10n * UNIT) },
    });
    const otherId = other.json<{ allocation: { id: number } }>().allocation.id;
    const second = await t.call(op, {
      method: 'POST',
      url: `/api/v1/admin/airdrop/allocations/${otherId}/publish`,
      payload: {},
    });
    expect(second.json()).toMatchObject({ code: 'ANOTHER_PUBLISHED' });

    const audit = await queryRows<{ action: string }>(
      t.deps.database.db,
      sql`select action from admin_audit where target = ${`allocation:${allocationId}`} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['airdrop.allocate', 'airdrop.publish']);
  });

  it('freezes the allocation: a later exclusion changes nothing published', async () => {
    const before = await queryRows(
      t.deps.database.db,
      sql`select wallet_address, amount from airdrop_allocation_rows where allocation_id = ${allocationId} order by 1`,
    );
    const res = await t.call(op, {
      method: 'POST',
      url: '/api/v1/admin/airdrop/exclusions',
      payload: { playerId: A, reason: 'changed my mind' },
    });
    expect(res.statusCode).toBe(200);
    const after = await queryRows(
      t.deps.database.db,
      sql`select wallet_address, amount from airdrop_allocation_rows where allocation_id = ${allocationId} order by 1`,
    );
    expect(after).toEqual(before);
    expect((await claim(A)).status).toBe('allocated');
    await t.call(op, {
      method: 'DELETE',
      url: `/api/v1/admin/airdrop/exclusions/${A}`,
      payload: { reason: 'undo the test exclusion' },
    });
  });

  it("refuses an operator's exclusion or re-inclusion of their own player, and records the attempt", async () => {
    await t.login(OPERATOR);
    for (const call of [
      {
        method: 'POST',
        url: '/api/v1/admin/airdrop/exclusions',
        payload: { playerId: OPERATOR, reason: 'leave me out of it' },
      },
      {
        method: 'DELETE',
        url: `/api/v1/admin/airdrop/exclusions/${OPERATOR}`,
        payload: { reason: 'put me back in it' },
      },
    ] as const) {
      const res = await t.call(op, call);
      expect({ status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({
        status: 403,
        code: 'SELF_ACTION',
      });
    }
    const audits = await queryRows<{ reason: string }>(
      t.deps.database.db,
      sql`select reason from admin_audit where action = 'refused.self' and admin_id = ${OPERATOR} order by id`,
    );
    expect(audits.map((a) => a.reason).slice(-2)).toEqual([
      'POST /api/v1/admin/airdrop/exclusions',
      'DELETE /api/v1/admin/airdrop/exclusions/:playerId',
    ]);
    const rows = await queryRows(
      t.deps.database.db,
      sql`select 1 from airdrop_exclusions where user_id = ${OPERATOR}`,
    );
    expect(rows).toEqual([]);
  });

  it('serves the dump: its SHA-256 is the dump hash, its root cell hash the root', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/airdrop/dump.boc' });
    expect(res.statusCode).toBe(200);
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(published.dumpHash);
    expect(Cell.fromBoc(res.rawPayload)[0]?.hash().toString('hex')).toBe(published.root);
  });
});

describe('TEP-177 custom payload API', () => {
  it('serves, for every allocated wallet and in any address form, a proof that verifies against the root', async () => {
    const rows = await queryRows<{ wallet_address: string; amount: string }>(
      t.deps.database.db,
      sql`select wallet_address, amount from airdrop_allocation_rows where allocation_id = ${allocationId}`,
    );
    expect(rows).toHaveLength(3);
    const root = BigInt(`0x${published.root}`);
    for (const row of rows) {
      const address = Address.parseRaw(row.wallet_address);
      for (const form of [
        row.wallet_address,
        address.toString({ bounceable: true }),
        address.toString({ bounceable: false, urlSafe: false }),
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/v1/airdrop/wallet/${encodeURIComponent(form)}`,
        });
        expect(res.statusCode).toBe(200);
        const body = res.json<{
          custom_payload: string;
          state_init: string;
          compressed_info: { amount: string; start_from: string; expired_at: string };
        }>();
        expect(body.compressed_info.amount).toBe(row.amount);
        const payload = Cell.fromBase64(body.custom_payload).beginParse();
        expect(payload.loadUint(32)).toBe(0x0df602d6);
        const proof = payload.loadRef();
        expect(proof.type).toBe(CellType.MerkleProof);
        expect(proof.refs[0]?.hash(0).toString('hex')).toBe(published.root);
        expect(verifyAirdropProof(proof, root, address)).toEqual({
          amount: BigInt(row.amount),
          startFrom: Number(body.compressed_info.start_from),
          expiredAt: Number(body.compressed_info.expired_at),
        });
        // Not another wallet's proof.
        expect(verifyAirdropProof(proof, root, Address.parseRaw(wallet('00')))).toBeNull();
      }
    }
  });

  it('answers 404 for an address not in the tree and 400 for a non-address', async () => {
    for (const address of [walletOf(EXCLUDED), wallet('e5'), wallet('00')]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/airdrop/wallet/${address}` });
      expect(res.statusCode).toBe(404);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/airdrop/wallet/not-an-address' });
    expect(bad.statusCode).toBe(400);
  });

  it('serves the TEP-64 metadata pointing wallets at this API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/airdrop/jetton.json' });
    expect(res.json()).toMatchObject({
      symbol: 'EGG',
      decimals: '9',
      custom_payload_api_uri: 'https://egg.example/api/v1/airdrop',
    });
  });
});

describe('the claim', () => {
  it('tells each player their status', async () => {
    const a = await claim(A);
    expect(a).toMatchObject({ status: 'allocated', wallet: WALLETS[A] });
    expect(a.messages).toHaveLength(1);
    expect(await claim(EXCLUDED)).toMatchObject({ status: 'not_eligible', reason: 'excluded', messages: [] });
    expect(await claim(LATE)).toMatchObject({ status: 'not_eligible', reason: 'not_in_snapshot' });
    expect(await claim(NO_WALLET)).toMatchObject({ status: 'no_wallet' });
  });

  it('gives the claim messages from start_from to expired_at, both seconds included, as the jetton wallet accepts them', async () => {
    const { opens, closes } = await claim(A);
    assert(opens !== null && closes !== null, 'no claim window');
    const start = t.clock.now();
    const messagesAt = async (ms: number) => {
      t.clock.set(ms);
      const c = await claim(A);
      expect(c.status).toBe('allocated');
      return c.messages.length;
    };
    try {
      expect(await messagesAt((opens - 1) * 1000 + 999)).toBe(0);
      expect(await messagesAt(opens * 1000)).toBe(1);
      expect(await messagesAt((closes - 1) * 1000)).toBe(1);
      expect(await messagesAt(closes * 1000)).toBe(1); // the contract: now() <= expired_at
      expect(await messagesAt(closes * 1000 + 999)).toBe(1);
      expect(await messagesAt((closes + 1) * 1000)).toBe(0);
    } finally {
      t.clock.set(start);
    }
  });

  it('is remembered once sent, and shows as claimed once confirmed', async () => {
    const sent = await t.call(tokenOf(C), { method: 'POST', url: '/api/v1/airdrop/claim/sent', payload: {} });
    expect(sent.json()).toEqual({ status: 'claim_sent' });
    expect(await claim(C)).toMatchObject({ status: 'claim_sent', messages: [] });
    const nothing = await t.call(tokenOf(LATE), {
      method: 'POST',
      url: '/api/v1/airdrop/claim/sent',
      payload: {},
    });
    expect(nothing.statusCode).toBe(409);
    await markClaimed(t.deps.database.db, allocationId, walletOf(C), new Date(t.clock.now()));
    expect(await claim(C)).toMatchObject({ status: 'claimed' });
    const preview = await t.call(op, {
      method: 'GET',
      url: `/api/v1/admin/airdrop/allocations/${allocationId}`,
    });
    const amount = (await claim(C)).amount;
    expect(preview.json()).toMatchObject({
      totals: { claimedWallets: 1, claimedAmount: amount },
      claims: [{ day: new Date(t.clock.now()).toISOString().slice(0, 10), wallets: 1, amount }],
    });
  });

  it('answers not_eligible/wallet_changed when the player bound another wallet since', async () => {
    await bind(B, wallet('f6'));
    expect(await claim(B)).toMatchObject({
      status: 'not_eligible',
      reason: 'wallet_changed',
      wallet: WALLETS[B],
    });
    await bind(B, walletOf(B));
  });
});
