import { afterAll, assert, beforeAll, describe, expect, it, vi } from 'vitest';
import { TICKET_PACKS } from '@egg-rush/game/payments';
import { createOutside, OUTSIDE_DEFAULTS, OutsideBusy, sharedOutside } from '../src/lib/outside.ts';
import { startFakeTelegram, type FakeTelegram } from './fake-telegram.ts';
import { botEnv, createTestApp, signedLogin, type TestApp } from './helpers.ts';

// Every outside call gives up: a Bot API that hangs or answers 429 is answered 503 BUSY with
// Retry-After at once (never held), calls in flight are bounded, and a service that keeps
// failing is not called while its breaker is open.

const TOKEN = '7000000002:test-bot-token';
const TIMEOUT_MS = 400;
const RATE_LIMIT_MAX = 40;
const SECRET = 'webhook-secret';

let fake: FakeTelegram;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeTelegram();
  t = await createTestApp({
    env: {
      ...botEnv(TOKEN, fake.url, SECRET),
      TELEGRAM_CHANNEL: '@EggRushNews',
      OUTSIDE_TIMEOUT_MS: String(TIMEOUT_MS),
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      RATE_LIMIT_WINDOW_MS: '60000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const login = (id: number) => signedLogin(t, TOKEN, id);

const invoice = (token: string, pack = TICKET_PACKS[0]) => {
  assert(pack, 'no ticket pack');
  return t.call(token, { method: 'POST', url: '/api/v1/payments/invoice', payload: { pack: pack.id } });
};

describe('the outside client', () => {
  it('is one per service for one owner, closed when its last taker releases it', async () => {
    const owner = {};
    const a = sharedOutside(owner, { name: 'ton-api', totalTimeoutMs: 1_000 });
    const b = sharedOutside(owner, { name: 'ton-api', totalTimeoutMs: 1_000 });
    expect(b.outside).toBe(a.outside);
    expect(sharedOutside({}, { name: 'ton-api', totalTimeoutMs: 1_000 }).outside).not.toBe(a.outside);
    const close = vi.spyOn(a.outside, 'close');
    await a.release();
    await a.release(); // twice: still one taker left
    expect(close).not.toHaveBeenCalled();
    await b.release();
    expect(close).toHaveBeenCalledTimes(1);
    const c = sharedOutside(owner, { name: 'ton-api', totalTimeoutMs: 1_000 });
    expect(c.outside).not.toBe(a.outside);
    await c.release();
  });

  it('gives up on a call that hangs, after the total timeout', async () => {
    const outside = createOutside({ name: 'test', totalTimeoutMs: 200 });
    fake.hang.add('getMe');
    try {
      const started = Date.now();
      const error = await outside
        .fetch(`${fake.url}/botX/getMe`, { method: 'POST' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutsideBusy);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      fake.hang.delete('getMe');
      await outside.close();
    }
  });

  it('refuses at once a call beyond the bound in flight, without sending it', async () => {
    const outside = createOutside({ name: 'test', totalTimeoutMs: 1_000, maxInFlight: 2 });
    fake.hang.add('getMe');
    try {
      const before = fake.of('getMe').length;
      const held = [1, 2].map(() =>
        outside.fetch(`${fake.url}/botX/getMe`, { method: 'POST' }).catch((e: unknown) => e),
      );
      const third = await outside
        .fetch(`${fake.url}/botX/getMe`, { method: 'POST' })
        .catch((e: unknown) => e);
      expect(third).toBeInstanceOf(OutsideBusy);
      expect(outside.state().inFlight).toBe(2);
      for (const e of await Promise.all(held)) expect(e).toBeInstanceOf(OutsideBusy);
      expect(fake.of('getMe').length - before).toBe(2);
    } finally {
      fake.hang.delete('getMe');
      await outside.close();
    }
  });

  it('opens its breaker after failures in a row: calls fail fast without being sent, then resume', async () => {
    let now = 1_000_000;
    const outside = createOutside({
      name: 'test',
      totalTimeoutMs: 100,
      failuresToOpen: 2,
      coolDownMs: 10_000,
      now: () => now,
    });
    fake.hang.add('getMe');
    try {
      for (let i = 0; i < 2; i++) {
        await expect(outside.fetch(`${fake.url}/botX/getMe`, { method: 'POST' })).rejects.toBeInstanceOf(
          OutsideBusy,
        );
      }
      const sent = fake.of('getMe').length;
      const refused = await outside
        .fetch(`${fake.url}/botX/getMe`, { method: 'POST' })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(OutsideBusy);
      expect((refused as OutsideBusy).retryAfter).toBe(10);
      expect(fake.of('getMe').length).toBe(sent);

      fake.hang.delete('getMe');
      now += 10_000;
      const res = await outside.fetch(`${fake.url}/botX/getMe`, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(outside.state()).toEqual({ inFlight: 0, open: false, failures: 0 });
    } finally {
      fake.hang.delete('getMe');
      await outside.close();
    }
  });
});

describe('POST /payments/invoice when the Bot API misbehaves', () => {
  it('a hanging Bot API: every player is answered 503 BUSY with Retry-After, sockets stay bounded', async () => {
    const tokens = await Promise.all([login(6001), login(6002), login(6003)]);
    fake.hang.add('createInvoiceLink');
    try {
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          tokens.map((token) => invoice(token, TICKET_PACKS[i % 3])),
        ).flat(),
      );
      expect(Date.now() - started).toBeLessThan(15_000);
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ code: 'BUSY', message: expect.any(String) });
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      expect(await fake.connections()).toBeLessThanOrEqual(OUTSIDE_DEFAULTS.maxInFlight);
      // The breaker opened: the next request is refused at once, without reaching Telegram.
      const { bot } = t.app;
      assert(bot, 'the app runs with the bot');
      await vi.waitFor(() => expect(bot.outside.state().inFlight).toBe(0), { timeout: 10_000 });
      expect(bot.outside.state().open).toBe(true);
      const sent = fake.of('createInvoiceLink').length;
      expect((await invoice(tokens[0])).statusCode).toBe(503);
      expect(fake.of('createInvoiceLink').length).toBe(sent);
    } finally {
      fake.hang.delete('createInvoiceLink');
      t.clock.advance(OUTSIDE_DEFAULTS.coolDownMs);
    }
  });

  it('a 429 retry_after=20 answers 503 at once with Retry-After: 20, and Telegram is not asked again meanwhile', async () => {
    const token = await login(6004);
    fake.limited.set('createInvoiceLink', 20);
    try {
      const started = Date.now();
      const res = await invoice(token);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('20');

      const asked = fake.of('createInvoiceLink').length;
      const again = await invoice(await login(6005));
      expect(again.statusCode).toBe(503);
      expect(fake.of('createInvoiceLink').length).toBe(asked);

      fake.limited.delete('createInvoiceLink');
      t.clock.advance(20_000);
      const after = await invoice(token);
      expect(after.statusCode).toBe(200);
    } finally {
      fake.limited.delete('createInvoiceLink');
    }
  });
});

describe('the webhook', () => {
  const update = (i: number) => ({ update_id: 90_000 + i, purchased_paid_media: { from: { id: 6100 } } });
  const webhook = (i: number, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/webhook',
      headers: { 'x-telegram-bot-api-secret-token': secret },
      payload: update(i),
    });

  it('a flood without the secret is rate limited per address; Telegram’s calls with it are not', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMIT_MAX; i++) codes.push((await webhook(i, 'wrong')).statusCode);
    expect(codes.slice(0, RATE_LIMIT_MAX).every((c) => c === 401)).toBe(true);
    expect(codes[RATE_LIMIT_MAX]).toBe(429);
    for (let i = 0; i <= RATE_LIMIT_MAX; i++) expect((await webhook(1000 + i, SECRET)).statusCode).toBe(200);
  });
});
