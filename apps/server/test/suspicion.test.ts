import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { sealResult } from '../src/modules/play/play.seal.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The suspicion list against a simulated script and a simulated diligent player, both driven
// through the API for four days on the server's clock, and a referral farm whose invitees each
// tap once.

const OPERATOR = 9700;
const SCRIPT = 9701;
const DILIGENT = 9702;
const INVITER = 9703;
const HOUR = 3_600_000;
const DAYS = 4;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_IDS: String(OPERATOR) } });
});
afterAll(() => t?.close());

/** A result sealed with its round's key, as the web app seals it. */
const seal = (payload: unknown, key: string) => sealResult(JSON.stringify(payload), key);

async function tap(token: string, userid: number, count: number) {
  const res = await t.call(token, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid, count } });
  expect(res.statusCode).toBe(200);
}

/** One mole game: started now, its result `afterMs` later. */
async function game(token: string, userid: number, score: number, afterMs: number) {
  const start = await t.call(token, { method: 'POST', url: '/api/v1/play/start', payload: { userid } });
  const { gameId, key } = start.json<{ gameId: string; key: string }>();
  t.clock.advance(afterMs);
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/v1/play/result',
    payload: { userid, data: seal({ score, gameId }, key) },
  });
  expect(res.json()).toMatchObject({ success: true });
}

interface Suspect {
  id: number;
  rules: string[];
  evidence: string[];
}

describe('the suspicion list finds scripts', () => {
  it('lists a script tapping around the clock with mole results at the cap, and not a diligent player', async () => {
    const base = t.clock.now();
    const tokens = new Map<number, string>();
    const token = (id: number) => {
      const found = tokens.get(id);
      assert(found, `no token for ${id}`);
      return found;
    };
    for (const id of [SCRIPT, DILIGENT]) {
      tokens.set(id, await t.login(id));
      await t.setTickets(id, 100);
    }
    const scores = [180, 420, 655, 310, 515, 240, 720, 390];
    for (let h = 0; h < DAYS * 24; h++) {
      t.clock.set(base + h * HOUR + 60_000);
      if (h % 24 === 0) for (const id of tokens.keys()) tokens.set(id, await t.login(id));
      // The script: every hour, and a game every eight hours whose capped result comes 6 s after its start.
      await tap(token(SCRIPT), SCRIPT, 20);
      if (h % 8 === 0) await game(token(SCRIPT), SCRIPT, 1_000, 6_000);
      // The diligent player sleeps eight hours a night and plays whole games with varied scores.
      t.clock.set(base + h * HOUR + 20 * 60_000);
      if (h % 24 < 16) {
        await tap(token(DILIGENT), DILIGENT, 15 + (h % 7));
        if (h % 24 === 2 || h % 24 === 11) {
          const score = scores[h % scores.length];
          assert(score !== undefined);
          await game(token(DILIGENT), DILIGENT, score, 64_500 + (h % 5) * 300);
        }
      }
    }
    const op = await t.console(OPERATOR);
    const res = await t.call(op, { method: 'GET', url: '/api/v1/admin/suspicion' });
    expect(res.statusCode).toBe(200);
    const suspects = res.json<{ suspects: Suspect[] }>().suspects;
    const script = suspects.find((s) => s.id === SCRIPT);
    expect(script?.rules).toEqual(expect.arrayContaining(['no-sleep', 'mole-cap']));
    expect(script?.evidence).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^active in 96 of 96 hours from .* UTC without a pause of 6 hours/),
        expect.stringMatching(/^12 of 12 mole games at the 1000-coin reward cap, results a median 6 s after/),
      ]),
    );
    expect(suspects.map((s) => s.id)).not.toContain(DILIGENT);
  });

  it('lists an inviter whose invitees joined within minutes and each tapped once, and the invitees', async () => {
    const base = t.clock.now();
    await t.login(INVITER);
    const invitees = Array.from({ length: 6 }, (_, i) => INVITER + 1 + i);
    for (const [i, id] of invitees.entries()) {
      t.clock.set(base + i * 60_000);
      await tap(await t.login(id, { start_param: String(INVITER) }), id, 1);
    }
    t.clock.set(base + 2 * 86_400_000);
    const op = await t.console(OPERATOR);
    const suspects = (await t.call(op, { method: 'GET', url: '/api/v1/admin/suspicion' })).json<{
      suspects: Suspect[];
    }>().suspects;
    const inviter = suspects.find((s) => s.id === INVITER);
    expect(inviter?.rules).toContain('invite-burst');
    expect(inviter?.evidence).toContainEqual(
      expect.stringMatching(/^invited 6 accounts within 5 min: 0 never played, 6 acted once and stopped/),
    );
    expect(suspects.filter((s) => invitees.includes(s.id)).map((s) => s.id)).toEqual(invitees);
  });
});
