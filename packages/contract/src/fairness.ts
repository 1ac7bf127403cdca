import { z } from 'zod';
import { RECOMMENDATIONS } from '@egg-rush/game/clusters';

/**
 * Fairness of the airdrop: clusters of linked accounts with their evidence and the operators'
 * decisions on them (console), a player's review and appeal (app), and the published rule.
 */

const reason = z.string().trim().min(3).max(500);

/** The allocation rule (packages/game/src/allocation-rule.ts), bounded. */
export const allocationRule = z.object({
  coinsExponent: z.number().gt(0).max(1),
  weights: z.object({
    coins: z.number().min(0).max(100),
    activeDays: z.number().min(0).max(100),
    tasks: z.number().min(0).max(100),
    friendsStayed: z.number().min(0).max(100),
    accountAge: z.number().min(0).max(100),
    premium: z.number().min(0).max(100),
  }),
  reviewDiscount: z.number().min(0).max(1),
});

export const clusterDecision = z.object({
  action: z.enum(['exclude', 'clear']),
  reason: z.string(),
  by: z.number(),
  at: z.number(),
});

export const airdropCluster = z.object({
  id: z.string(),
  size: z.number(),
  score: z.number(),
  recommendation: z.enum(RECOMMENDATIONS as ['exclude', 'review', 'clear']),
  evidence: z.array(z.string()),
  members: z.array(z.number()),
  /** The operator's decision, null while none. */
  decision: clusterDecision.nullable(),
  /** The members' share of the newest draft allocation's total (0..1), null without one. */
  share: z.number().nullable(),
});
export type AirdropCluster = z.infer<typeof airdropCluster>;

/** GET /admin/airdrop/clusters */
export const adminClustersResponse = z.object({ clusters: z.array(airdropCluster) });
export const adminClusterParams = z.object({ clusterId: z.string().regex(/^c[0-9]{1,20}$/) });
/** POST /admin/airdrop/clusters/:clusterId/exclude and …/clear */
export const adminClusterDecisionBody = z.object({ reason });
export const adminClusterResponse = z.object({ cluster: airdropCluster });

export const APPEAL_STATUSES = ['pending', 'upheld', 'rejected'] as const;
export const airdropAppeal = z.object({
  id: z.number(),
  playerId: z.number(),
  clusterId: z.string().nullable(),
  text: z.string(),
  status: z.enum(APPEAL_STATUSES),
  createdAt: z.number(),
  answer: z.string().nullable(),
  answeredBy: z.number().nullable(),
  answeredAt: z.number().nullable(),
});
/** GET /admin/airdrop/appeals: pending first. */
export const adminAppealsResponse = z.object({ appeals: z.array(airdropAppeal) });
export const adminAppealParams = z.object({ appealId: z.coerce.number().int().positive() });
/** POST /admin/airdrop/appeals/:appealId: upheld clears the player; the bot tells them. */
export const adminAppealAnswerBody = z.object({ outcome: z.enum(['upheld', 'rejected']), reason });
export const adminAppealResponse = z.object({ appeal: airdropAppeal });

/**
 * GET /airdrop/review: where the player stands. `review`: in a cluster under review; `excluded`:
 * an operator excluded them; `cleared`: reviewed and cleared (or an appeal upheld).
 */
export const airdropReviewResponse = z.object({
  status: z.enum(['none', 'review', 'excluded', 'cleared']),
  /**
   * The evidence of the stored cluster the player is in, as operators read it (English sentences
   * of counts, no ids); [] when none.
   */
  evidence: z.array(z.string()),
  /** The operator's reason of the decision standing for the player, or of their own exclusion. */
  reason: z.string().nullable(),
  appeal: z
    .object({
      status: z.enum(APPEAL_STATUSES),
      createdAt: z.number(),
      answeredAt: z.number().nullable(),
      /** The operator's reason, once answered. */
      answer: z.string().nullable(),
    })
    .nullable(),
  /** Whether an appeal can be sent now (under review or excluded, none pending, before publishing). */
  canAppeal: z.boolean(),
});
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder
 * the text an operator reads after them, so an appeal cannot hold them.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * POST /airdrop/appeal: a short text, once while one is pending; paragraphs (\n) allowed, no other
 * control character (the server's control-character rule) nor bidi control.
 */
export const airdropAppealBody = z.object({
  text: z
    .string()
    .trim()
    .min(10)
    .max(1000)
    .refine((text) => !BIDI_CONTROL.test(text), 'bidirectional control characters are not allowed'),
});

/** GET /airdrop/criteria: the rule published with the root, null before publishing. */
export const airdropCriteriaResponse = z.object({
  rule: allocationRule.nullable(),
  publishedAt: z.number().nullable(),
});
