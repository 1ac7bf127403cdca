import { z } from 'zod';

/** One invited friend. */
export const friend = z.object({
  id: z.number(),
  firstname: z.string(),
  /** GET /api/v1/users/avatar/:userid. */
  avatar: z.string(),
  totalScore: z.number(),
  /** Coins the inviter earned for this friend. */
  reward: z.number(),
  isPremium: z.boolean(),
});
export type Friend = z.infer<typeof friend>;

export const milestone = z.object({
  count: z.number(),
  ticket: z.number(),
  reached: z.boolean(),
});

/** GET /users/friends/:id. */
export const friendsResponse = z.object({
  friends: z.array(friend),
  count: z.number(),
  milestones: z.array(milestone),
  /** https://t.me/<bot>/<app>?startapp=<userid> */
  inviteLink: z.string(),
  shareText: z.string(),
  rewards: z.object({
    regular: z.object({ inviter: z.number(), invitee: z.number() }),
    premium: z.object({ inviter: z.number(), invitee: z.number() }),
  }),
});
export type FriendsResponse = z.infer<typeof friendsResponse>;
