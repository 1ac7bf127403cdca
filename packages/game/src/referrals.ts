/**
 * Referrals.
 */

/**
 * Paid once, on the invitee's first login, to the inviter and to the invitee (design choice:
 * Telegram Premium players are rarer and worth more, as in comparable games).
 */
export const REFERRAL_REWARD = {
  regular: { inviter: 5_000, invitee: 5_000 },
  premium: { inviter: 25_000, invitee: 25_000 },
} as const;

export interface ReferralRewards {
  regular: { inviter: number; invitee: number };
  premium: { inviter: number; invitee: number };
}

export interface Milestone {
  count: number;
  ticket: number;
}

/** What a referral pays by `rewards` (the active configuration's referral rewards). */
export function referralReward(
  inviteeIsPremium: boolean,
  rewards: ReferralRewards = REFERRAL_REWARD,
): { inviter: number; invitee: number } {
  return inviteeIsPremium ? rewards.premium : rewards.regular;
}

/** Friend counts that fill a dot, and the tickets each pays. */
export const MILESTONES: readonly Milestone[] = [
  { count: 1, ticket: 2 },
  { count: 5, ticket: 5 },
  { count: 10, ticket: 10 },
  { count: 25, ticket: 25 },
  { count: 50, ticket: 60 },
];

/** The milestones a friend count has reached. */
export function reachedMilestones(friends: number, milestones: readonly Milestone[] = MILESTONES) {
  return milestones.filter((m) => friends >= m.count);
}

/** The reward_claims key of a milestone: each pays once per player. */
export const milestoneKey = (count: number) => `friends:${count}`;

/** The start parameter as an inviter id: digits only, never oneself. */
export function parseInviter(startParam: string | undefined, self: number): number | null {
  if (!startParam || !/^\d{1,16}$/.test(startParam)) return null;
  const id = Number(startParam);
  if (!Number.isSafeInteger(id) || id <= 0 || id === self) return null;
  return id;
}

/** The bot link with the start parameter set to the user id. */
export function inviteLink(botUsername: string, appShortName: string, userId: number): string {
  return `https://t.me/${botUsername}/${appShortName}?startapp=${userId}`;
}

/** The share text. */
export const SHARE_TEXT = 'Join our telegram mini app.';
