import type { Cell, Address } from '@ton/core';
import { beginCell, contractAddress, storeStateInit } from '@ton/core';
import nacl from 'tweetnacl';
import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { parseTonAddress, TON_PROOF_TTL_MS, tonProofMessage } from '../src/modules/wallet/ton-proof.ts';
import { WALLET_CODES, type WalletKind } from '../src/modules/wallet/wallet-codes.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TON_PROOF_DOMAINS: 'egg.example,localhost:3000' } });
});
afterAll(() => t.close());

/**
 * A wallet as its app deploys it: the standard v3r2, v4r2 or W5 code with that wallet's initial
 * data (v3r2: seqno, subwallet id, key; v4r2: the same and empty plugins; W5: signature flag,
 * seqno, wallet id, key, empty extensions). The address is the hash of code and data together.
 */
function wallet(kind: WalletKind, seed = 1, code: Cell = WALLET_CODES[kind].code) {
  const keys = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(seed));
  const key = Buffer.from(keys.publicKey);
  const data = {
    v3r2: () => beginCell().storeUint(0, 32).storeUint(698983191, 32).storeBuffer(key).endCell(),
    v4r2: () => beginCell().storeUint(0, 32).storeUint(698983191, 32).storeBuffer(key).storeBit(0).endCell(),
    w5: () =>
      beginCell()
        .storeBit(1)
        .storeUint(0, 32)
        .storeUint(2147483409, 32)
        .storeBuffer(key)
        .storeBit(0)
        .endCell(),
  }[kind]();
  const init = { code, data };
  const address = contractAddress(0, init);
  const stateInit = beginCell().store(storeStateInit(init)).endCell();
  return { keys, address, stateInit };
}

function prove(
  w: ReturnType<typeof wallet>,
  payload: string,
  opts: { domain?: string; timestamp?: number; address?: Address; stateInit?: Cell } = {},
) {
  const domain = opts.domain ?? 'egg.example';
  const timestamp = opts.timestamp ?? Math.floor(t.clock.now() / 1000);
  const address = opts.address ?? w.address;
  const proof = { timestamp, domain: { lengthBytes: Buffer.byteLength(domain), value: domain }, payload };
  const signature = nacl.sign.detached(tonProofMessage(address, proof), w.keys.secretKey);
  return {
    address: address.toRawString(),
    network: '-239',
    proof: {
      ...proof,
      signature: Buffer.from(signature).toString('base64'),
      stateInit: (opts.stateInit ?? w.stateInit).toBoc().toString('base64'),
    },
  };
}

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows);
const payload = async (token: string) =>
  (await t.call(token, { method: 'POST', url: '/api/v1/wallet/proof/payload', payload: {} })).json()
    .payload as string;
const check = (token: string, body: object) =>
  t.call(token, { method: 'POST', url: '/api/v1/wallet/proof/check', payload: body });

describe('TON proof of wallet ownership', () => {
  it('knows the standard wallet codes by their published hashes', () => {
    expect(WALLET_CODES.v3r2.code.hash().toString('hex')).toBe(
      '84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599',
    );
    expect(WALLET_CODES.v4r2.code.hash().toString('hex')).toBe(
      'feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0',
    );
    expect(WALLET_CODES.w5.code.hash().toString('hex')).toBe(
      '20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f',
    );
  });

  it.each([
    ['v3r2', 9100],
    ['v4r2', 9101],
    ['w5', 9102],
  ] as const)('accepts a proof signed by a %s wallet and binds the address', async (kind, id) => {
    const token = await t.login(id);
    const w = wallet(kind, id % 100);
    const res = await check(token, prove(w, await payload(token)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ address: w.address.toRawString() });
    const profile = (await t.call(token, { method: 'GET', url: `/api/v1/users/get/${id}` })).json();
    expect(profile.walletAddress).toBe(w.address.toRawString());
  });

  it('refuses a wrong domain, a stale timestamp, a tampered signature, a mismatched address and an unknown contract', async () => {
    const token = await t.login(9103);
    const w = wallet('v4r2', 3);
    const other = wallet('v4r2', 4);
    const cases = [
      prove(w, await payload(token), { domain: 'evil.example' }),
      prove(w, await payload(token), { timestamp: Math.floor(t.clock.now() / 1000) - 16 * 60 }),
      (() => {
        const body = prove(w, 'x'.repeat(64));
        const sig = Buffer.from(body.proof.signature, 'base64');
        sig[0] = (sig[0] ?? 0) ^ 0xff;
        return { ...body, proof: { ...body.proof, signature: sig.toString('base64') } };
      })(),
      prove(w, await payload(token), { address: other.address }),
      prove(wallet('v4r2', 3, beginCell().storeStringTail('not a wallet').endCell()), await payload(token)),
    ];
    for (const body of cases) {
      const res = await check(token, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'BAD_PROOF',
        message: 'The wallet could not prove it owns this address.',
      });
    }
    const profile = (await t.call(token, { method: 'GET', url: '/api/v1/users/get/9103' })).json();
    expect(profile.walletAddress).toBeNull();
  });

  it('refuses a reused or unknown payload', async () => {
    const token = await t.login(9104);
    const w = wallet('w5', 5);
    const p = await payload(token);
    expect((await check(token, prove(w, p))).statusCode).toBe(200);
    const again = await check(token, prove(w, p));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BAD_PAYLOAD');
    expect((await check(token, prove(w, 'f'.repeat(64)))).json().code).toBe('BAD_PAYLOAD');
  });

  it("refuses another player's payload and an address bound to another player", async () => {
    const a = await t.login(9105);
    const b = await t.login(9106);
    const w = wallet('v4r2', 6);
    expect((await check(b, prove(w, await payload(a)))).json().code).toBe('BAD_PAYLOAD');
    expect((await check(a, prove(w, await payload(a)))).statusCode).toBe(200);
    const taken = await check(b, prove(w, await payload(b)));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'WALLET_TAKEN',
      message: 'This wallet is already linked to another player.',
    });
  });

  it('two players binding one wallet at the same moment get one 200 and one WALLET_TAKEN, never a 500', async () => {
    // Several rounds, so that on PostgreSQL the two binds interleave between check and bind.
    for (let round = 0; round < 8; round++) {
      const [a, b] = [9200 + 2 * round, 9201 + 2 * round];
      const [ta, tb] = await Promise.all([t.login(a), t.login(b)]);
      const w = wallet('v4r2', 40 + round);
      const [pa, pb] = await Promise.all([payload(ta), payload(tb)]);
      const replies = await Promise.all([check(ta, prove(w, pa)), check(tb, prove(w, pb))]);
      const statuses = replies.map((r) => r.statusCode).sort();
      expect(statuses, replies.map((r) => r.body).join(' ')).toEqual([200, 409]);
      expect(replies.find((r) => r.statusCode === 409)?.json()).toEqual({
        code: 'WALLET_TAKEN',
        message: 'This wallet is already linked to another player.',
      });
      const owners = await t.deps.database.db.execute(
        sql`select user_id from wallets where address = ${w.address.toRawString()}`,
      );
      expect(rowsOf(owners)).toHaveLength(1);
    }
  });

  it('keeps at most three payloads per player under 200 requests, the newest still usable', async () => {
    const token = await t.login(9300);
    const issued: string[] = [];
    for (let i = 0; i < 200; i++) issued.push(await payload(token));
    const rows = await t.deps.database.db.execute(
      sql`select count(*)::int as n from wallet_proofs where user_id = ${9300}`,
    );
    expect(Number((rowsOf(rows)[0] as { n: number }).n)).toBeLessThanOrEqual(3);
    const w = wallet('v4r2', 90);
    assert(issued[0] && issued[199]);
    expect((await check(token, prove(w, issued[0]))).json().code).toBe('BAD_PAYLOAD');
    expect((await check(token, prove(w, issued[199]))).statusCode).toBe(200);
  });

  it('sweeps expired payloads of every player', async () => {
    const tokens = await Promise.all([9301, 9302, 9303].map((id) => t.login(id)));
    for (const token of tokens) await payload(token);
    t.clock.advance(TON_PROOF_TTL_MS + 1);
    await payload(await t.login(9304));
    const rows = await t.deps.database.db.execute(
      sql`select count(*)::int as n from wallet_proofs where expires_at <= ${new Date(t.clock.now()).toISOString()}`,
    );
    expect(Number((rowsOf(rows)[0] as { n: number }).n)).toBe(0);
  });

  it('unbinds on disconnect', async () => {
    const token = await t.login(9107);
    const w = wallet('v4r2', 7);
    await check(token, prove(w, await payload(token)));
    const res = await t.call(token, { method: 'DELETE', url: '/api/v1/wallet' });
    expect(res.json()).toEqual({ address: null });
    expect(
      (await t.call(token, { method: 'GET', url: '/api/v1/users/get/9107' })).json().walletAddress,
    ).toBeNull();
  });
});

describe('TON address validation', () => {
  it('takes raw addresses with one colon, workchain 0 or -1 and 64 hex characters', () => {
    const hex = 'a'.repeat(64);
    expect(parseTonAddress(`0:${hex}`)).not.toBeNull();
    expect(parseTonAddress(`-1:${hex}`)).not.toBeNull();
    expect(parseTonAddress(`1:${hex}`)).toBeNull();
    expect(parseTonAddress(`0:${hex.slice(1)}`)).toBeNull();
    expect(parseTonAddress(`0:0:${hex}`)).toBeNull();
    expect(parseTonAddress(`0:${'g'.repeat(64)}`)).toBeNull();
  });

  it('takes user-friendly addresses checked by @ton/core', () => {
    const w = wallet('v4r2', 9);
    expect(parseTonAddress(w.address.toString())?.equals(w.address)).toBe(true);
    expect(parseTonAddress('EQ-not-an-address')).toBeNull();
  });

  it('answers 400 to a proof for an invalid address', async () => {
    const token = await t.login(9108);
    const body = prove(wallet('v4r2', 8), await payload(token));
    const res = await check(token, { ...body, address: '2:abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This is not a valid TON address.');
  });
});
