import { z } from 'zod';
import { AIRDROP_REFUSALS, MAX_DECIMALS } from '@egg-rush/game/airdrop';
import { AIRDROP_COHORTS } from '@egg-rush/game/cohorts';
import { userId } from './common.ts';
import { allocationRule } from './fairness.ts';

/**
 * The airdrop: allocations of a snapshot (operators, under /api/v1/admin/airdrop/), the Merkle
 * proofs wallets ask for (TEP-177's custom payload API) and the player's claim.
 */

/** A non-negative integer in a jetton's smallest units, as decimal text (no sign, no leading zeros). */
export const jettonAmount = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,76})$/, 'a decimal integer in the jetton’s smallest units');
/** Unix seconds that fit TEP-176's uint48. */
const unixSeconds = z
  .number()
  .int()
  .min(0)
  .max(2 ** 48 - 1);
const reason = z.string().trim().min(3).max(500);

/** POST /admin/airdrop/allocations: share a snapshot's players out of `supply`. */
export const adminAllocationBody = z
  .object({
    snapshotId: z.number().int().positive(),
    supply: jettonAmount,
    startFrom: unixSeconds.optional(),
    expiredAt: unixSeconds.optional(),
    /** Most one wallet receives (smallest units); none when absent. */
    cap: jettonAmount.optional(),
    /** Fewest a wallet receives (smallest units); one whole jetton when absent. */
    minimum: jettonAmount.optional(),
    decimals: z.number().int().min(0).max(MAX_DECIMALS).optional(),
    /** The weighing of players (packages/game/src/allocation-rule.ts); the recommended rule when absent. */
    rule: allocationRule.optional(),
  })
  .refine((b) => b.startFrom === undefined || b.expiredAt === undefined || b.expiredAt > b.startFrom, {
    message: 'expiredAt must be after startFrom',
    path: ['expiredAt'],
  });
export type AdminAllocationBody = z.infer<typeof adminAllocationBody>;

export const airdropAllocation = z.object({
  id: z.number(),
  snapshotId: z.number(),
  supply: jettonAmount,
  decimals: z.number(),
  cap: jettonAmount.nullable(),
  minimum: jettonAmount,
  startFrom: z.number(),
  expiredAt: z.number(),
  status: z.enum(['draft', 'published']),
  wallets: z.number(),
  total: jettonAmount,
  root: z.string().nullable(),
  dumpHash: z.string().nullable(),
  createdBy: z.number(),
  createdAt: z.number(),
  publishedBy: z.number().nullable(),
  publishedAt: z.number().nullable(),
  /** The weighing of players the allocation used; null for allocations made before rules were. */
  rule: allocationRule.nullable(),
});
export type AirdropAllocation = z.infer<typeof airdropAllocation>;
export const adminAllocationResponse = z.object({ allocation: airdropAllocation });
export const adminAllocationsResponse = z.object({ allocations: z.array(airdropAllocation) });
export const adminAllocationParams = z.object({ allocationId: z.coerce.number().int().positive() });

export const airdropRefusal = z.enum(AIRDROP_REFUSALS);

/** GET /admin/airdrop/allocations/:allocationId: what publishing would fix. */
export const adminAllocationPreview = z.object({
  allocation: airdropAllocation,
  totals: z.object({
    supply: jettonAmount,
    allocated: jettonAmount,
    unallocated: jettonAmount,
    wallets: z.number(),
    eligiblePlayers: z.number(),
    refusedPlayers: z.number(),
    claimedWallets: z.number(),
    claimedAmount: jettonAmount,
  }),
  /** Wallets per range of whole jettons: [from, to), `to` null for the last. */
  histogram: z.array(z.object({ from: jettonAmount, to: jettonAmount.nullable(), wallets: z.number() })),
  largest: z.array(
    z.object({
      wallet: z.string(),
      amount: jettonAmount,
      /** The wallet's weight: the largest lifetime coins among its players. */
      coins: z.number(),
      /** Coins credited by operators (`admin:adjust`, credits only) to the wallet's players, up to the snapshot's instant. */
      operatorCoins: z.number(),
      playerIds: z.array(z.number()),
    }),
  ),
  refusals: z.array(z.object({ reason: airdropRefusal, players: z.number() })),
  /** Claims confirmed per UTC day (YYYY-MM-DD). */
  claims: z.array(z.object({ day: z.string(), wallets: z.number(), amount: jettonAmount })),
  /**
   * How the allocation falls on groups of players (packages/game/src/cohorts.ts): the top 1 % of
   * wallets, the median wallet, new accounts (registered within 30 days of the snapshot), Premium
   * players and players under review; a wallet is in a group when one of its players is. `share`:
   * of the total (0..1); `median`: of the group's wallets.
   */
  cohorts: z.array(
    z.object({
      cohort: z.enum(AIRDROP_COHORTS),
      players: z.number(),
      wallets: z.number(),
      share: z.number(),
      median: jettonAmount,
    }),
  ),
  /** The players refused by an operator's exclusion or a ban, with the reason. */
  excluded: z.array(
    z.object({
      playerId: z.number(),
      wallet: z.string().nullable(),
      reason: airdropRefusal,
      detail: z.string().nullable(),
    }),
  ),
});
export type AdminAllocationPreview = z.infer<typeof adminAllocationPreview>;

/**
 * POST /admin/airdrop/allocations/:allocationId/publish: irreversible. `admin`: the operator's own wallet
 * address, made the minter's admin (none when absent: nobody can change the jetton afterwards).
 */
export const adminPublishBody = z.object({ admin: z.string().min(1).max(100).optional() });
export const adminPublishResponse = z.object({
  root: z.string().regex(/^[0-9a-f]{64}$/),
  dumpHash: z.string().regex(/^[0-9a-f]{64}$/),
  allocation: airdropAllocation,
});

/** POST /admin/airdrop/exclusions: leave a player out of the allocations made afterwards. */
export const adminExclusionBody = z.object({ playerId: userId, reason });
export const adminExclusionParams = z.object({ playerId: userId });
export const adminUnexcludeBody = z.object({ reason });
export const airdropExclusion = z.object({
  playerId: z.number(),
  reason: z.string(),
  excludedBy: z.number(),
  excludedAt: z.number(),
});
export const adminExclusionsResponse = z.object({ exclusions: z.array(airdropExclusion) });
export const adminExclusionResponse = z.object({ exclusion: airdropExclusion.nullable() });

/** GET /airdrop/wallet/:address (public): any address form. */
export const airdropWalletParams = z.object({ address: z.string().min(1).max(100) });
/** TEP-177's custom payload response: what a wallet attaches to its first transfer. */
export const airdropWalletResponse = z.object({
  custom_payload: z.string(),
  state_init: z.string(),
  compressed_info: z.object({
    amount: z.string(),
    start_from: z.union([z.string(), z.number()]),
    expired_at: z.union([z.string(), z.number()]),
  }),
});

/** A TON Connect message: base64 BOCs. */
export const tonConnectMessage = z.object({
  address: z.string(),
  amount: z.string(),
  stateInit: z.string().optional(),
  payload: z.string(),
});

export const AIRDROP_CLAIM_STATUSES = [
  'no_wallet',
  'no_snapshot',
  'not_eligible',
  'allocated',
  'claim_sent',
  'claimed',
] as const;
/** Why a player with a wallet has no allocation: a refusal of the rule, or not in the snapshot. */
export const airdropIneligible = z.enum([...AIRDROP_REFUSALS, 'not_in_snapshot', 'wallet_changed']);

/** GET /airdrop/claim: the player's status and, when claimable, the messages to send. */
export const airdropClaimResponse = z.object({
  status: z.enum(AIRDROP_CLAIM_STATUSES),
  reason: airdropIneligible.nullable(),
  /** Smallest units, with `decimals`; null without an allocation. */
  amount: jettonAmount.nullable(),
  decimals: z.number().nullable(),
  /** The wallet the allocation is for (raw form). */
  wallet: z.string().nullable(),
  /** Unix seconds: when claiming opens and closes. */
  opens: z.number().nullable(),
  closes: z.number().nullable(),
  messages: z.array(tonConnectMessage),
});
export type AirdropClaimResponse = z.infer<typeof airdropClaimResponse>;

/** POST /airdrop/claim/sent: the app sent the claim (so a reload shows it). */
/** GET /airdrop/dump.boc: the published tree, a bag of cells. */
export const airdropDump = z.string();

export const airdropClaimSentResponse = z.object({ status: z.enum(AIRDROP_CLAIM_STATUSES) });
