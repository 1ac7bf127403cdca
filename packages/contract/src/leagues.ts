import { z } from 'zod';
import { userId } from './common.ts';
import { leaderboardEntry } from './leaderboard.ts';

export const leagueView = z.object({
  index: z.number(),
  id: z.string(),
  name: z.string(),
  threshold: z.number(),
  color: z.string(),
  reward: z.object({ onion: z.number(), ticket: z.number() }),
});
export type LeagueView = z.infer<typeof leagueView>;

/** GET /leagues/:id: every league, the caller's league, progress to the next and rewards to claim. */
export const leagueStatusResponse = z.object({
  leagues: z.array(leagueView),
  totalScore: z.number(),
  league: z.number(),
  /** The next league's index, null in the last one. */
  next: z.number().nullable(),
  /** 0 to 1: the way from this league's threshold to the next one's. */
  progress: z.number(),
  /** Leagues reached whose reward has not been claimed yet. */
  claimable: z.array(z.number()),
});
export type LeagueStatusResponse = z.infer<typeof leagueStatusResponse>;

/** POST /leagues/claim: the reward of one reached league, once. */
export const leagueClaimBody = z.object({ userid: userId, league: z.coerce.number().int().min(1).max(99) });
export type LeagueClaimBody = z.infer<typeof leagueClaimBody>;

export const leagueClaimResponse = z.object({
  success: z.literal(true),
  league: z.number(),
  onion: z.number(),
  ticket: z.number(),
  totalScore: z.number(),
});
export type LeagueClaimResponse = z.infer<typeof leagueClaimResponse>;

/** GET /leagues/:id/board?league=N (the caller's league when left out). */
export const leagueBoardQuery = z.object({ league: z.coerce.number().int().min(0).max(99).optional() });

export const leagueBoardResponse = z.object({
  league: z.number(),
  ranking: z.array(leaderboardEntry),
  totalParticipants: z.number(),
  /** The caller's row when they are in this league. */
  me: leaderboardEntry.nullable(),
});
export type LeagueBoardResponse = z.infer<typeof leagueBoardResponse>;
