import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTDOWN_MS,
  GAME_EXPIRY_MS,
  GAME_REWARD_CAP,
  gameReward,
  maxScoreAfterStart,
  simulatePerfectPlay,
  TIME_LIMIT_MS,
} from '@egg-rush/game/mole';
import { seededRng } from '@egg-rush/game/rng';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { legacyRoundKey, sealResult } from '../src/modules/play/play.seal.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { legacySeal } from './legacy-seal.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Seals a result as the web app does, with the round's key from /play/start. */
const seal = (payload: unknown, key: string) => sealResult(JSON.stringify(payload), key);
const start = (token: string, userid: number) =>
  t.call(token, { method: 'POST', url: '/api/v1/play/start', payload: { userid } });
const result = (token: string, userid: number, data: string) =>
  t.call(token, { method: 'POST', url: '/api/v1/play/result', payload: { userid, data } });

describe('POST /play/start', () => {
  it('spends one ticket and answers a game id', async () => {
    const token = await t.login(6101);
    const before = await t.profile(token, 6101);
    const res = await start(token, 6101);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.ticket).toBe(before.ticket - 1);
    expect(body.gameId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.profile(token, 6101)).ticket).toBe(before.ticket - 1);
  });

  it('refuses without tickets, with a message, and changes nothing', async () => {
    const token = await t.login(6102);
    await t.setTickets(6102, 0);
    const res = await start(token, 6102);
    expect(res.json()).toEqual({ success: false, code: 'NOT_ENOUGH_TICKET', msg: 'Not Enough Ticket.' });
    expect((await t.profile(token, 6102)).ticket).toBe(0);
  });

  it('gives exactly 5 games for 20 concurrent starts with 5 tickets', async () => {
    const token = await t.login(6103);
    await t.setTickets(6103, 5);
    const replies = (await Promise.all(Array.from({ length: 20 }, () => start(token, 6103)))).map((r) =>
      r.json(),
    );
    expect(replies.filter((r) => r.success)).toHaveLength(5);
    expect(new Set(replies.filter((r) => r.success).map((r) => r.gameId)).size).toBe(5);
    expect((await t.profile(token, 6103)).ticket).toBe(0);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });
});

describe('POST /play/result', () => {
  async function played(userid: number, ms: number) {
    const token = await t.login(userid);
    const { gameId, key } = (await start(token, userid)).json();
    t.clock.advance(ms);
    return { token, gameId, key };
  }

  it('pays the documented reward for a possible score, once', async () => {
    const { token, gameId, key } = await played(6201, 45_000);
    const before = await t.profile(token, 6201);
    const res = await result(token, 6201, seal({ score: 420, gameId }, key));
    expect(res.json()).toMatchObject({ success: true, reward: gameReward(420) });
    const after = await t.profile(token, 6201);
    expect(after.onion).toBe(before.onion + gameReward(420));
    expect(after.totalScore).toBe(before.totalScore + gameReward(420));

    const replay = await result(token, 6201, seal({ score: 420, gameId }, key));
    expect(replay.json()).toEqual({
      success: false,
      code: 'BAD_RESULT',
      msg: 'This game has already been scored.',
    });
    expect((await t.profile(token, 6201)).onion).toBe(after.onion);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it("refuses another player's game and pays nothing", async () => {
    const { gameId, key } = await played(6202, 30_000);
    const thief = await t.login(6203);
    const own = (await start(thief, 6203)).json();
    const before = await t.profile(thief, 6203);
    // Sealed with the thief's own round key, or with the owner's (which opens only the owner's).
    const res = await result(thief, 6203, seal({ score: 100, gameId }, own.key));
    expect(res.json()).toEqual({
      success: false,
      code: 'BAD_RESULT',
      msg: 'This game belongs to another player.',
    });
    expect((await result(thief, 6203, seal({ score: 100, gameId }, key))).json()).toEqual({
      success: false,
      code: 'BAD_RESULT',
      msg: 'This result could not be read.',
    });
    expect((await t.profile(thief, 6203)).onion).toBe(before.onion);
  });

  it('refuses a tampered ciphertext and one sealed with another passphrase', async () => {
    const { token, gameId, key } = await played(6204, 30_000);
    const sealed = seal({ score: 100, gameId }, key);
    const tampered = sealed.slice(0, 20) + (sealed[20] === 'A' ? 'B' : 'A') + sealed.slice(21);
    expect((await result(token, 6204, tampered)).json()).toEqual({
      success: false,
      code: 'BAD_RESULT',
      msg: 'This result could not be read.',
    });
    // A guess, the server's GAME_SECRET itself, another round's key: none opens it.
    for (const other of ['guessed', t.env.gameSecret, (await played(6212, 0)).key]) {
      expect((await result(token, 6204, seal({ score: 100, gameId }, other))).json()).toEqual({
        success: false,
        code: 'BAD_RESULT',
        msg: 'This result could not be read.',
      });
    }
    // The game is still open for the honest result.
    expect((await result(token, 6204, sealed)).json()).toMatchObject({ success: true });
  });

  it('refuses a score impossible in the time played', async () => {
    const { token, gameId, key } = await played(6205, 5_000);
    const res = await result(token, 6205, seal({ score: maxScoreAfterStart(5_000) + 1, gameId }, key));
    expect(res.json()).toEqual({
      success: false,
      code: 'BAD_RESULT',
      msg: 'This score is not possible in the time played.',
    });
  });

  it('refuses any score sent during the countdown or right after it, and pays nothing', async () => {
    // The outside tester's attack: start, then a sealed high score 0 to 2.5 s later.
    const attempts = [
      { ms: 0, score: 900 },
      { ms: 1_000, score: 900 },
      { ms: 2_000, score: 1_800 },
      { ms: 2_500, score: 2_000 },
      { ms: COUNTDOWN_MS, score: 10 },
    ];
    const token = await t.login(6208);
    await t.setTickets(6208, attempts.length);
    const before = await t.profile(token, 6208);
    for (const { ms, score } of attempts) {
      const { gameId, key } = (await start(token, 6208)).json();
      t.clock.advance(ms);
      const res = await result(token, 6208, seal({ score, gameId }, key));
      expect(res.json(), `${score} after ${ms} ms`).toEqual({
        success: false,
        code: 'BAD_RESULT',
        msg: 'This score is not possible in the time played.',
      });
    }
    expect((await t.profile(token, 6208)).onion).toBe(before.onion);
  });

  it("pays a perfect player's best full game and a perfect game ended early", async () => {
    // The best of many honest games played perfectly with the real spawn rules.
    const best = (ms: number) =>
      Math.max(...Array.from({ length: 2_000 }, (_, seed) => simulatePerfectPlay(seededRng(seed), ms)));
    const full = best(TIME_LIMIT_MS);
    const early = best(10_000);
    expect(full).toBeGreaterThan(early);
    // A full game: the countdown, 60 s of play, and the result a moment later.
    const a = await played(6209, COUNTDOWN_MS + TIME_LIMIT_MS + 300);
    expect(
      (await result(a.token, 6209, seal({ score: full, gameId: a.gameId }, a.key))).json(),
    ).toMatchObject({
      success: true,
      reward: Math.min(GAME_REWARD_CAP, full),
    });
    // Ended after 10 s of play.
    const b = await played(6210, COUNTDOWN_MS + 10_000 + 200);
    expect(
      (await result(b.token, 6210, seal({ score: early, gameId: b.gameId }, b.key))).json(),
    ).toMatchObject({
      success: true,
      reward: early,
    });
  });

  it('refuses a result that arrives too late', async () => {
    const { token, gameId, key } = await played(6206, GAME_EXPIRY_MS + 1);
    const res = await result(token, 6206, seal({ score: 10, gameId }, key));
    expect(res.json()).toEqual({ success: false, code: 'GAME_EXPIRED', msg: 'This game has expired.' });
    const onTime = await played(6211, GAME_EXPIRY_MS);
    expect(
      (await result(onTime.token, 6211, seal({ score: 10, gameId: onTime.gameId }, onTime.key))).json(),
    ).toMatchObject({ success: true });
  });

  it('pays once when the same result arrives ten times at once', async () => {
    const { token, gameId, key } = await played(6207, 40_000);
    const before = await t.profile(token, 6207);
    const data = seal({ score: 300, gameId }, key);
    const replies = (await Promise.all(Array.from({ length: 10 }, () => result(token, 6207, data)))).map(
      (r) => r.json(),
    );
    expect(replies.filter((r) => r.success)).toHaveLength(1);
    expect((await t.profile(token, 6207)).onion).toBe(before.onion + gameReward(300));
  });
});

describe("the round's key", () => {
  it('pays a result sealed with the key from /play/start when GAME_SECRET is random, as a deployment sets it', async () => {
    const secret = randomBytes(32).toString('hex');
    const deployed = await createTestApp({ env: { GAME_SECRET: secret } });
    try {
      expect(deployed.env.gameSecret).toBe(secret);
      const token = await deployed.login(6401);
      const before = await deployed.profile(token, 6401);
      const call = (url: string, payload: Record<string, unknown>) =>
        deployed.call(token, {
          method: 'POST',
          url: `/api/v1/play/${url}`,
          payload: { userid: 6401, ...payload },
        });
      const round = (await call('start', {})).json();
      expect(round).toMatchObject({ success: true, key: expect.stringMatching(/^[0-9a-f]{64}$/) });
      deployed.clock.advance(30_000);
      const paid = await call('result', { data: seal({ score: 250, gameId: round.gameId }, round.key) });
      expect(paid.json()).toMatchObject({ success: true, reward: gameReward(250) });
      expect((await deployed.profile(token, 6401)).onion).toBe(before.onion + gameReward(250));
    } finally {
      await deployed.close();
    }
  });

  it("answers each round its own key, and reads a result among the player's other rounds", async () => {
    const token = await t.login(6402);
    await t.setTickets(6402, 4);
    const rounds = [];
    for (let i = 0; i < 4; i++) {
      rounds.push((await start(token, 6402)).json());
      t.clock.advance(1_000);
    }
    expect(new Set(rounds.map((r) => r.key)).size).toBe(4);
    t.clock.advance(20_000);
    // The pruned oldest round is gone; the next oldest and the newest still pay, each once.
    const [, older, , newest] = rounds;
    for (const round of [older, newest]) {
      const data = seal({ score: 50, gameId: round.gameId }, round.key);
      expect((await result(token, 6402, data)).json()).toMatchObject({
        success: true,
        reward: gameReward(50),
      });
      expect((await result(token, 6402, data)).json()).toEqual({
        success: false,
        code: 'BAD_RESULT',
        msg: 'This game has already been scored.',
      });
    }
  });
});

describe('a round started before v1 of the seal (crypto-js) and finished after it', () => {
  /**
   * A round started before the upgrade: the app that started it holds the key /play/start
   * answered then (legacyRoundKey) and seals its result as crypto-js did.
   */
  async function startedBefore(userid: number, ms: number) {
    const token = await t.login(userid);
    const { gameId, key } = (await start(token, userid)).json();
    t.clock.advance(ms);
    return { token, gameId, key: legacyRoundKey(t.env.gameSecret, gameId), v1Key: key as string };
  }
  const sealedBefore = (payload: unknown, key: string) => legacySeal(JSON.stringify(payload), key);
  const unreadable = { success: false, code: 'BAD_RESULT', msg: 'This result could not be read.' };

  it('pays its result, sealed as the app sealed it then, once', async () => {
    const { token, gameId, key } = await startedBefore(6501, 45_000);
    const before = await t.profile(token, 6501);
    const data = sealedBefore({ score: 420, gameId }, key);
    expect((await result(token, 6501, data)).json()).toMatchObject({
      success: true,
      reward: gameReward(420),
    });
    expect((await t.profile(token, 6501)).onion).toBe(before.onion + gameReward(420));
    expect((await result(token, 6501, data)).json()).toEqual({
      success: false,
      code: 'BAD_RESULT',
      msg: 'This game has already been scored.',
    });
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('holds it to the same rules: within its lifetime, and possible in the time played', async () => {
    const late = await startedBefore(6502, GAME_EXPIRY_MS + 1);
    expect(
      (await result(late.token, 6502, sealedBefore({ score: 10, gameId: late.gameId }, late.key))).json(),
    ).toEqual({ success: false, code: 'GAME_EXPIRED', msg: 'This game has expired.' });
    const early = await startedBefore(6503, 5_000);
    const score = maxScoreAfterStart(5_000) + 1;
    expect(
      (await result(early.token, 6503, sealedBefore({ score, gameId: early.gameId }, early.key))).json(),
    ).toEqual({ success: false, code: 'BAD_RESULT', msg: 'This score is not possible in the time played.' });
  });

  it('refuses it changed, sealed as before with the v1 key (a round started after the upgrade), or under an unknown version', async () => {
    const { token, gameId, key, v1Key } = await startedBefore(6504, 30_000);
    const before = await t.profile(token, 6504);
    const sealed = sealedBefore({ score: 100, gameId }, key);
    const changed = sealed.slice(0, 30) + (sealed[30] === 'A' ? 'B' : 'A') + sealed.slice(31);
    const body = sealResult(JSON.stringify({ score: 100, gameId }), v1Key).slice('v1.'.length);
    for (const data of [changed, sealedBefore({ score: 100, gameId }, v1Key), `v2.${body}`, `v0.${body}`]) {
      expect((await result(token, 6504, data)).json()).toEqual(unreadable);
    }
    expect((await t.profile(token, 6504)).onion).toBe(before.onion);
    // The game is still open for the honest result.
    expect((await result(token, 6504, sealed)).json()).toMatchObject({ success: true });
  });
});

describe('unfinished games', () => {
  const openGames = async (userid: number) => {
    const res = await t.deps.database.db.execute(
      sql`select count(*)::int as n from games where user_id = ${userid} and finished_at is null`,
    );
    return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n);
  };

  it('keeps at most three per player however many are abandoned, and sweeps expired ones', async () => {
    const token = await t.login(6301);
    await t.setTickets(6301, 50);
    for (let i = 0; i < 50; i++) {
      expect((await start(token, 6301)).json()).toMatchObject({ success: true });
      t.clock.advance(1_000);
    }
    expect(await openGames(6301)).toBeLessThanOrEqual(3);
    // The newest game can still be scored.
    const last = await start(token, 6301);
    expect(last.statusCode).toBe(200);
    // Once expired, another player's start sweeps them away.
    t.clock.advance(GAME_EXPIRY_MS + 1);
    const other = await t.login(6302);
    await start(other, 6302);
    expect(await openGames(6301)).toBe(0);
  });
});
