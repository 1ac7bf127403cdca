import { z } from 'zod';

/** A Leader Board entry, with the rank. */
export const leaderboardEntry = z.object({
  userid: z.number(),
  firstname: z.string(),
  totalScore: z.number(),
  rank: z.number(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

/** GET /users/ranking/:id/total: the top players, the participant count and the caller's row. */
export const leaderboardResponse = z.object({
  ranking: z.array(leaderboardEntry),
  totalParticipants: z.number(),
  me: leaderboardEntry,
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponse>;

/** GET /users/avatar/:userid (public: images cannot carry the bearer token). */
export const avatarParams = z.object({
  userid: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** GET /users/avatar/:userid: an SVG image of the initials, or a redirect to the Telegram photo. */
export const avatarResponse = z.string().meta({ description: 'image/svg+xml' });
export const avatarRedirect = z.null().meta({ description: 'Redirect (Location) to the Telegram photo' });
