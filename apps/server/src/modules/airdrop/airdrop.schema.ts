import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AllocationRule } from '@egg-rush/game/allocation-rule';
import type { AirdropCohort } from '@egg-rush/game/cohorts';
import { at, money } from '../../db/columns.ts';

/**
 * An airdrop allocation: a snapshot shared by the rule of packages/game/src/airdrop.ts. A draft
 * until published; publishing (once, and only one allocation ever) fixes its Merkle root.
 */
export const airdropAllocations = pgTable(
  'airdrop_allocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    snapshotId: money('snapshot_id').notNull(),
    /** Jetton smallest units, as decimal text. */
    supply: numeric('supply', { precision: 78, scale: 0 }).notNull(),
    decimals: integer('decimals').notNull(),
    /**
     * The rule's parameters (cap, minimum) as decimal texts, the weighing of players
     * (allocation-rule.ts; absent on allocations made before it) and the cohorts' distribution
     * computed with the allocation (cohorts.ts; medians as decimal texts).
     */
    params: jsonb('params')
      .$type<{
        cap: string | null;
        minimum: string;
        rule?: AllocationRule;
        cohorts?: (Omit<AirdropCohort, 'median'> & { median: string })[];
      }>()
      .notNull(),
    /** Unix seconds: when claiming opens and closes. */
    startFrom: money('start_from').notNull(),
    expiredAt: money('expired_at').notNull(),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    wallets: integer('wallets').notNull(),
    total: numeric('total', { precision: 78, scale: 0 }).notNull(),
    rootHex: text('root_hex'),
    dumpSha256: text('dump_sha256'),
    /** Fixed at publishing: the minter's admin (or none) and its TEP-64 content URI, so its address. */
    adminAddress: text('admin_address'),
    contentUri: text('content_uri'),
    createdBy: money('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    publishedBy: money('published_by'),
    publishedAt: at('published_at'),
  },
  (t) => [
    uniqueIndex('airdrop_allocations_published_idx')
      .on(t.status)
      .where(sql`${t.status} = 'published'`),
  ],
);

/** One allocated wallet (raw form) and its claim. */
export const airdropAllocationRows = pgTable(
  'airdrop_allocation_rows',
  {
    allocationId: money('allocation_id').notNull(),
    walletAddress: text('wallet_address').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    coins: money('coins').notNull(),
    playerIds: jsonb('player_ids').$type<number[]>().notNull(),
    claimStatus: text('claim_status')
      .$type<'unclaimed' | 'sent' | 'claimed'>()
      .notNull()
      .default('unclaimed'),
    claimSentAt: at('claim_sent_at'),
    claimedAt: at('claimed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.allocationId, t.walletAddress] }),
    index('airdrop_allocation_rows_amount_idx').on(t.allocationId, t.amount),
  ],
);

/** A snapshot's player the allocation refused, and why (a code of AIRDROP_REFUSALS). */
export const airdropAllocationRefusals = pgTable(
  'airdrop_allocation_refusals',
  {
    allocationId: money('allocation_id').notNull(),
    userId: money('user_id').notNull(),
    walletAddress: text('wallet_address'),
    reason: text('reason').notNull(),
    detail: text('detail'),
  },
  (t) => [primaryKey({ columns: [t.allocationId, t.userId] })],
);

/** Players an operator excluded from airdrop allocations made afterwards, with the reason. */
export const airdropExclusions = pgTable('airdrop_exclusions', {
  userId: money('user_id').primaryKey(),
  reason: text('reason').notNull(),
  excludedBy: money('excluded_by').notNull(),
  excludedAt: at('excluded_at').notNull().defaultNow(),
});
