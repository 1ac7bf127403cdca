import { z } from 'zod';
import { userId } from './common.ts';

export const squadSummary = z.object({
  id: z.number(),
  name: z.string(),
  score: z.number(),
  members: z.number(),
  rank: z.number(),
  /** The invite start parameter (`squad_<id>`). */
  startParam: z.string(),
});
export type SquadSummary = z.infer<typeof squadSummary>;

export const squadMember = z.object({
  userid: z.number(),
  firstname: z.string(),
  /** Coins earned since joining. */
  contribution: z.number(),
  joinedAt: z.number(),
  owner: z.boolean(),
});

/** POST /squads/create: a new squad, the caller its first member. */
export const createSquadBody = z.object({ userid: userId, name: z.string().max(200) });
/** POST /squads/join */
export const joinSquadBody = z.object({
  userid: userId,
  squad: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
/** POST /squads/leave */
export const leaveSquadBody = z.object({ userid: userId });

export const squadReply = z.object({ success: z.literal(true), squad: squadSummary.nullable() });
export type SquadReply = z.infer<typeof squadReply>;

/** GET /squads/:id/board: the top squads and the caller's squad. */
export const squadBoardResponse = z.object({
  ranking: z.array(squadSummary),
  totalSquads: z.number(),
  mine: squadSummary.nullable(),
});
export type SquadBoardResponse = z.infer<typeof squadBoardResponse>;

/** GET /squads/:id/page?squad=N (the caller's squad when left out). */
export const squadPageQuery = z.object({
  squad: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export const squadPageResponse = z.object({
  squad: squadSummary.nullable(),
  members: z.array(squadMember),
  /** Whether the caller is a member of this squad. */
  member: z.boolean(),
});
export type SquadPageResponse = z.infer<typeof squadPageResponse>;
