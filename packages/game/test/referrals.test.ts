import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inviteLink,
  milestoneKey,
  MILESTONES,
  parseInviter,
  reachedMilestones,
  referralReward,
  REFERRAL_REWARD,
} from '../src/referrals.ts';

describe('referrals', () => {
  it('pays more for a Premium invitee', () => {
    expect(referralReward(false)).toEqual(REFERRAL_REWARD.regular);
    expect(referralReward(true)).toEqual(REFERRAL_REWARD.premium);
    expect(REFERRAL_REWARD.premium.inviter).toBeGreaterThan(REFERRAL_REWARD.regular.inviter);
    expect(REFERRAL_REWARD.premium.invitee).toBeGreaterThan(REFERRAL_REWARD.regular.invitee);
  });

  it('has the milestones 1, 5, 10, 25 and 50 with ticket rewards', () => {
    expect(MILESTONES.map((m) => m.count)).toEqual([1, 5, 10, 25, 50]);
    for (const m of MILESTONES) expect(m.ticket).toBeGreaterThan(0);
    expect(milestoneKey(5)).toBe('friends:5');
  });

  it('reaches milestones by friend count', () => {
    expect(reachedMilestones(0)).toEqual([]);
    expect(reachedMilestones(1).map((m) => m.count)).toEqual([1]);
    expect(reachedMilestones(9).map((m) => m.count)).toEqual([1, 5]);
    expect(reachedMilestones(50).map((m) => m.count)).toEqual([1, 5, 10, 25, 50]);
    fc.assert(
      fc.property(fc.nat(200), (n) => {
        expect(reachedMilestones(n).every((m) => m.count <= n)).toBe(true);
        expect(reachedMilestones(n + 1).length).toBeGreaterThanOrEqual(reachedMilestones(n).length);
      }),
    );
  });

  it('reads the inviter from the start parameter, never oneself', () => {
    expect(parseInviter('42', 7)).toBe(42);
    expect(parseInviter('7', 7)).toBeNull();
    expect(parseInviter('debug', 7)).toBeNull();
    expect(parseInviter('0', 7)).toBeNull();
    expect(parseInviter(undefined, 7)).toBeNull();
  });

  it('builds the invite link', () => {
    expect(inviteLink('EggRushBot', 'play', 42)).toBe('https://t.me/EggRushBot/play?startapp=42');
  });
});
