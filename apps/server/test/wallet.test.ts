import type { Cell } from '@ton/core';
import { beginCell, contractAddress, storeStateInit, type Address } from '@ton/core';
import nacl from 'tweetnacl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTonAddress, tonProofMessage } from '../src/modules/wallet/ton-proof.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TON_PROOF_DOMAINS: 'egg.example,localhost:3000' } });
});
afterAll(() => t.close());

/**
 * A wallet's state init with the data layout of a v4r2 wallet (seqno, subwallet id, key, empty
 * plugins) or a W5 wallet (signature flag, seqno, wallet id, key, empty extensions). The code
 * cell stands in for the wallet code: the address is the hash of code and data together.
 */
function wallet(kind: 'v4r2' | 'w5', seed = 1) {
  const keys = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(seed));
  const data =
    kind === 'v4r2'
      ? beginCell()
          .storeUint(0, 32)
          .storeUint(698983191, 32)
          .storeBuffer(Buffer.from(keys.publicKey))
          .storeBit(0)
          .endCell()
      : beginCell()
          .storeBit(1)
          .storeUint(0, 32)
          .storeUint(2147483409, 32)
          .storeBuffer(Buffer.from(keys.publicKey))
          .storeBit(0)
          .endCell();
  const code = beginCell().storeStringTail(`egg-rush test ${kind} wallet code`).endCell();
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

const payload = async (token: string) =>
  (await t.call(token, { method: 'POST', url: '/api/v1/wallet/proof/payload', payload: {} })).json()
    .payload as string;
const check = (token: string, body: object) =>
  t.call(token, { method: 'POST', url: '/api/v1/wallet/proof/check', payload: body });

describe('TON proof of wallet ownership', () => {
  it.each(['v4r2', 'w5'] as const)(
    'accepts a proof signed by a %s wallet and binds the address',
    async (kind) => {
      const id = kind === 'v4r2' ? 9101 : 9102;
      const token = await t.login(id);
      const w = wallet(kind, id % 100);
      const res = await check(token, prove(w, await payload(token)));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ address: w.address.toRawString() });
      const profile = (await t.call(token, { method: 'GET', url: `/api/v1/users/get/${id}` })).json();
      expect(profile.walletAddress).toBe(w.address.toRawString());
    },
  );

  it('refuses a wrong domain, a stale timestamp, a tampered signature and a mismatched address', async () => {
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

describe('TON address validation (SPEC.md section 5)', () => {
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
