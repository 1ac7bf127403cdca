import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PLAYER } from '@egg-rush/game/profile';
import { MILESTONES, REFERRAL_REWARD } from '@egg-rush/game/referrals';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BOT_USERNAME: 'EggRushBot', APP_SHORT_NAME: 'play' } });
});
afterAll(() => t.close());

const friends = async (token: string, id: number) =>
  t.call(token, { method: 'GET', url: `/api/v1/users/friends/${id}` });

describe('referrals', () => {
  it('pays the inviter and the invitee once, on the first login only', async () => {
    const inviter = await t.login(1200);
    const invitee = await t.login(1201, { start_param: '1200', first_name: 'Bea' });
    const a = await t.profile(inviter, 1200);
    expect(a.onion).toBe(REFERRAL_REWARD.regular.inviter);
    expect(a.totalScore).toBe(REFERRAL_REWARD.regular.inviter);
    const [first] = MILESTONES;
    assert(first, 'no referral milestone');
    expect(a.ticket).toBe(NEW_PLAYER.ticket + first.ticket);
    expect((await t.profile(invitee, 1201)).onion).toBe(REFERRAL_REWARD.regular.invitee);

    // A repeat login through the same link pays nothing more.
    await t.login(1201, { start_param: '1200', first_name: 'Bea' });
    expect((await t.profile(inviter, 1200)).onion).toBe(REFERRAL_REWARD.regular.inviter);
    expect((await t.profile(invitee, 1201)).onion).toBe(REFERRAL_REWARD.regular.invitee);

    const res = await friends(inviter, 1200);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(1);
    expect(body.friends).toEqual([
      {
        id: 1201,
        firstname: 'Bea',
        avatar: '/api/v1/users/avatar/1201',
        totalScore: REFERRAL_REWARD.regular.invitee,
        reward: REFERRAL_REWARD.regular.inviter,
        isPremium: false,
      },
    ]);
    expect(body.milestones.map((m: { reached: boolean }) => m.reached)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(body.inviteLink).toBe('https://t.me/EggRushBot/play?startapp=1200');
    expect(body.shareText).toBe('Join our telegram mini app.');
  });

  it('pays more for a Premium invitee', async () => {
    const inviter = await t.login(1210);
    const invitee = await t.login(1211, { start_param: '1210', is_premium: 'true' });
    expect((await t.profile(inviter, 1210)).onion).toBe(REFERRAL_REWARD.premium.inviter);
    expect((await t.profile(invitee, 1211)).onion).toBe(REFERRAL_REWARD.premium.invitee);
  });

  it('pays nothing for a self-invite, an unknown inviter or an existing player', async () => {
    const self = await t.login(1220, { start_param: '1220' });
    expect((await t.profile(self, 1220)).onion).toBe(0);
    const ghost = await t.login(1221, { start_param: '999999' });
    expect((await t.profile(ghost, 1221)).onion).toBe(0);
    const inviter = await t.login(1222);
    const existing = await t.login(1223);
    await t.login(1223, { start_param: '1222' });
    expect((await t.profile(existing, 1223)).onion).toBe(0);
    expect((await t.profile(inviter, 1222)).onion).toBe(0);
    expect((await friends(inviter, 1222)).json()).toMatchObject({ count: 0, friends: [] });
  });

  it('pays the referral exactly once under concurrent first logins', async () => {
    const inviter = await t.login(1230);
    const initData = await t.launch(1231, { start_param: '1230' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { userid: 1231, initData } }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await t.profile(inviter, 1230)).onion).toBe(REFERRAL_REWARD.regular.inviter);
    const [login] = results;
    assert(login, 'no login answered');
    const invitee = login.json().token as string;
    expect((await t.profile(invitee, 1231)).onion).toBe(REFERRAL_REWARD.regular.invitee);
  });

  it('pays each milestone once as friends join, also concurrently', async () => {
    const inviter = await t.login(1240);
    const logins = Array.from({ length: 5 }, (_, i) => t.login(1241 + i, { start_param: '1240' }));
    await Promise.all(logins);
    const body = (await friends(inviter, 1240)).json();
    expect(body.count).toBe(5);
    expect(body.milestones.map((m: { reached: boolean }) => m.reached)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    const p = await t.profile(inviter, 1240);
    const [first, second] = MILESTONES;
    assert(first && second, 'fewer than two referral milestones');
    expect(p.ticket).toBe(NEW_PLAYER.ticket + first.ticket + second.ticket);
    expect(p.onion).toBe(5 * REFERRAL_REWARD.regular.inviter);
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('shows a player only their own friends', async () => {
    const token = await t.login(1250);
    expect((await friends(token, 1200)).statusCode).toBe(403);
  });
});
