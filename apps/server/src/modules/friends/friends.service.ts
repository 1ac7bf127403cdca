import { neutraliseName } from '@egg-rush/game/names';
import type { FriendsResponse } from '@egg-rush/contract/friends';
import {
  inviteLink,
  milestoneKey,
  reachedMilestones,
  referralReward,
  SHARE_TEXT,
} from '@egg-rush/game/referrals';
import type { GameConfig } from '@egg-rush/game/config';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { gameConfig } from '../config/index.ts';
import type { Effects } from '../ledger/index.ts';
import { countFriends, findUser } from '../users/index.ts';
import { claimOnce, creditCoins, creditTickets, listFriends } from './friends.repository.ts';

/**
 * Pays a referral: call it inside the login write that created the invitee. The inviter's
 * row is updated first, so concurrent invitees of one inviter queue behind each other and every
 * milestone reached is seen and paid once (reward_claims).
 */
export async function payReferralRewards(
  tx: Tx,
  fx: Effects,
  referral: {
    inviteeId: number;
    inviterId: number;
    premium: boolean;
    at: Date;
    /** The active configuration's referral rewards and milestones (today's by default). */
    config?: GameConfig['referral'];
  },
): Promise<void> {
  const { inviteeId, inviterId, at } = referral;
  const reward = referralReward(referral.premium, referral.config?.rewards);
  if (!(await creditCoins(tx, inviterId, reward.inviter))) return;
  await creditCoins(tx, inviteeId, reward.invitee);
  fx.ledger([
    { userId: inviterId, kind: 'referral', deltaCoins: reward.inviter, ref: `friend:${inviteeId}`, at },
    { userId: inviteeId, kind: 'referral', deltaCoins: reward.invitee, ref: `inviter:${inviterId}`, at },
  ]);
  const friends = await countFriends(tx, inviterId);
  for (const m of reachedMilestones(friends, referral.config?.milestones)) {
    const key = milestoneKey(m.count);
    if (!(await claimOnce(tx, inviterId, key, at))) continue;
    await creditTickets(tx, inviterId, m.ticket);
    fx.ledger({ userId: inviterId, kind: 'milestone', deltaTicket: m.ticket, ref: key, at });
  }
}

export function createFriendsService(deps: Deps) {
  // The friends list may lag the writes by a moment: read from the replica when there is one.
  const { replica: db } = deps.database;
  return {
    async friends(userId: number): Promise<FriendsResponse> {
      if (!(await findUser(db, userId))) throw notFound('Player not found.');
      const rows = await listFriends(db, userId);
      const count = await countFriends(db, userId);
      const { referral } = await gameConfig(deps);
      return {
        friends: rows.map((r) => ({
          id: r.id,
          firstname: neutraliseName(r.firstName),
          avatar: `/api/v1/users/avatar/${r.id}`,
          totalScore: r.totalScore,
          reward: r.reward,
          isPremium: r.isPremium,
        })),
        count,
        milestones: referral.milestones.map((m) => ({
          count: m.count,
          ticket: m.ticket,
          reached: count >= m.count,
        })),
        inviteLink: inviteLink(deps.env.botUsername, deps.env.appShortName, userId),
        shareText: SHARE_TEXT,
        rewards: referral.rewards,
      };
    },
  };
}
