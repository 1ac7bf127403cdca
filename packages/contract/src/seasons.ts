import { z } from 'zod';

export const seasonPrizeView = z.object({ ticket: z.number(), chests: z.number() });

export const seasonEntry = z.object({
  userid: z.number(),
  firstname: z.string(),
  /** Coins earned in the week. */
  coins: z.number(),
  rank: z.number(),
  prize: seasonPrizeView.nullable(),
});
export type SeasonEntry = z.infer<typeof seasonEntry>;

/** GET /seasons/:id: this week's board (coins earned since Monday) and the caller's row. */
export const seasonBoardResponse = z.object({
  week: z.number(),
  startsAt: z.number(),
  endsAt: z.number(),
  ranking: z.array(seasonEntry),
  totalParticipants: z.number(),
  /** The caller's row, null before they earn anything this week. */
  me: seasonEntry.nullable(),
  prizes: z.array(z.object({ from: z.number(), to: z.number(), prize: seasonPrizeView })),
});
export type SeasonBoardResponse = z.infer<typeof seasonBoardResponse>;

/** GET /seasons/:id/results?week=N (the last finished week when left out). */
export const seasonResultsQuery = z.object({
  week: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export const seasonResultsResponse = z.object({
  week: z.number(),
  startsAt: z.number(),
  endsAt: z.number(),
  /** False until the payout job has paid the week (a minute or so after it ends). */
  settled: z.boolean(),
  ranking: z.array(seasonEntry),
  me: seasonEntry.nullable(),
});
export type SeasonResultsResponse = z.infer<typeof seasonResultsResponse>;
