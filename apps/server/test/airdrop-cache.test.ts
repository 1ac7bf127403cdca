import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindAddress } from '../src/modules/wallet/wallet.repository.ts';
import { createTestApp, draftAllocation, publishAllocation, type TestApp } from './helpers.ts';

// The airdrop's public answers (TEP-177's wallet, the dump, the jetton's metadata) and the player's
// claim as caches see them: nothing kept before publishing; once published, the same bytes for ever
// (immutable, with an ETag and 304 on If-None-Match); the claim private and revalidated.

const OPERATOR = 9400;
const A = 9401;
const B = 9402;
const NOBODY = `0:${'f0'.repeat(32)}`;
const WALLETS = { [A]: `0:${'a1'.repeat(32)}`, [B]: `0:${'b2'.repeat(32)}` } as const;
const YEAR = 365 * 86_400;

let t: TestApp;
let op: string;
const tokens: Record<number, string | undefined> = {};

const get = (url: string, headers: Record<string, string> = {}, token?: string) =>
  token ? t.call(token, { method: 'GET', url, headers }) : t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: String(OPERATOR), PUBLIC_URL: 'https://egg.example' } });
  op = await t.console(OPERATOR);
  const at = new Date(t.clock.now());
  for (const id of [A, B] as const) {
    tokens[id] = await t.login(id);
    await t.deps.database.transaction((tx) => bindAddress(tx, id, WALLETS[id], at));
    await t.grant(id, { onion: 1000 }, at);
  }
  t.clock.advance(60_000);
});
afterAll(() => t?.close());

describe('before publishing', () => {
  it('keeps nothing: the wallet and the dump answer 404 with no-store, the metadata briefly', async () => {
    for (const url of [`/api/v1/airdrop/wallet/${WALLETS[A]}`, '/api/v1/airdrop/dump.boc']) {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    const meta = await get('/api/v1/airdrop/jetton.json');
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['cache-control']).toBe('public, max-age=60');
    const claim = await get('/api/v1/airdrop/claim', {}, tokens[A]);
    expect(claim.statusCode).toBe(200);
    expect(claim.json<{ status: string }>().status).toBe('no_snapshot');
    expect(claim.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('once published', () => {
  beforeAll(async () => {
    const created = await draftAllocation(t, op, 1000n * 10n ** 9n);
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ allocation: { id: number } }>().allocation;
    const published = await publishAllocation(t, op, id);
    expect(published.statusCode).toBe(200);
  });

  it("answers a wallet's proof immutable for a year, with an ETag, and 304 when it is held", async () => {
    const url = `/api/v1/airdrop/wallet/${WALLETS[A]}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(`public, max-age=${YEAR}, immutable`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get(url);
    expect(again.headers.etag).toBe(etag);
    const held = await get(url, { 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    // No body announced either: a kept-alive client reads the next answer, not four bytes of `null`.
    expect(held.headers['content-length'] ?? '0').toBe('0');
    expect(held.headers.etag).toBe(etag);
    expect(held.headers['cache-control']).toBe(`public, max-age=${YEAR}, immutable`);
    // Among others, and in its weak form.
    expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    // A stale or foreign tag: the whole answer.
    const other = await get(url, { 'if-none-match': '"stale"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('gives another address another ETag, and an address with no airdrop a 404 kept nowhere', async () => {
    const a = await get(`/api/v1/airdrop/wallet/${WALLETS[A]}`);
    const b = await get(`/api/v1/airdrop/wallet/${WALLETS[B]}`);
    expect(b.statusCode).toBe(200);
    expect(b.headers.etag).not.toBe(a.headers.etag);
    expect(
      (await get(`/api/v1/airdrop/wallet/${WALLETS[B]}`, { 'if-none-match': String(a.headers.etag) }))
        .statusCode,
    ).toBe(200);
    const none = await get(`/api/v1/airdrop/wallet/${NOBODY}`);
    expect(none.statusCode).toBe(404);
    expect(none.headers['cache-control']).toBe('no-store');
    expect(none.headers.etag).toBeUndefined();
  });

  it('answers the dump immutable with its SHA-256 as ETag, and the metadata for an hour', async () => {
    const dump = await get('/api/v1/airdrop/dump.boc');
    expect(dump.statusCode).toBe(200);
    expect(dump.headers['cache-control']).toBe(`public, max-age=${YEAR}, immutable`);
    const etag = String(dump.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const held = await get('/api/v1/airdrop/dump.boc', { 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    // No body announced either: a kept-alive client reads the next answer, not four bytes of `null`.
    expect(held.headers['content-length'] ?? '0').toBe('0');
    const meta = await get('/api/v1/airdrop/jetton.json');
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['cache-control']).toBe('public, max-age=3600');
    expect(
      (await get('/api/v1/airdrop/jetton.json', { 'if-none-match': String(meta.headers.etag) })).statusCode,
    ).toBe(304);
  });

  it("answers the player's claim private and revalidated, 304 while it has not changed", async () => {
    const first = await get('/api/v1/airdrop/claim', {}, tokens[A]);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const held = await get('/api/v1/airdrop/claim', { 'if-none-match': etag }, tokens[A]);
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    // No body announced either: a kept-alive client reads the next answer, not four bytes of `null`.
    expect(held.headers['content-length'] ?? '0').toBe('0');
    // Another player's claim is another body: their tag does not match.
    const b = await get('/api/v1/airdrop/claim', { 'if-none-match': etag }, tokens[B]);
    expect(b.statusCode).toBe(200);
    expect(b.headers.etag).not.toBe(etag);
    // Sent: the claim changed, so the held tag no longer answers 304.
    expect(
      (await t.call(tokens[A] ?? '', { method: 'POST', url: '/api/v1/airdrop/claim/sent', payload: {} }))
        .statusCode,
    ).toBe(200);
    const changed = await get('/api/v1/airdrop/claim', { 'if-none-match': etag }, tokens[A]);
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ status: string }>().status).toBe('claim_sent');
  });
});
