import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  airdropAllocationRefusals,
  airdropAllocationRows,
  airdropAllocations,
  airdropExclusions,
} from './airdrop.schema.ts';

export type AllocationRow = typeof airdropAllocations.$inferSelect;
export type AllocatedWallet = typeof airdropAllocationRows.$inferSelect;
export type ExclusionRow = typeof airdropExclusions.$inferSelect;

const BATCH = 5000;

// --- Exclusions ----------------------------------------------------------------------------------

export async function exclusions(tx: Tx): Promise<ExclusionRow[]> {
  return tx.select().from(airdropExclusions).orderBy(asc(airdropExclusions.userId));
}

export async function findExclusion(tx: Tx, userId: number): Promise<ExclusionRow | undefined> {
  const [row] = await tx.select().from(airdropExclusions).where(eq(airdropExclusions.userId, userId));
  return row;
}

/** Sets (or replaces) a player's exclusion; answers the previous one. */
export async function upsertExclusion(tx: Tx, row: typeof airdropExclusions.$inferInsert) {
  await tx
    .insert(airdropExclusions)
    .values(row)
    .onConflictDoUpdate({
      target: airdropExclusions.userId,
      set: { reason: row.reason, excludedBy: row.excludedBy, excludedAt: row.excludedAt },
    });
}

export async function deleteExclusion(tx: Tx, userId: number) {
  await tx.delete(airdropExclusions).where(eq(airdropExclusions.userId, userId));
}

// --- Allocations ---------------------------------------------------------------------------------

export async function insertAllocation(tx: Tx, row: typeof airdropAllocations.$inferInsert) {
  const [saved] = await tx.insert(airdropAllocations).values(row).returning();
  if (!saved) throw new Error('airdrop allocation not inserted');
  return saved;
}

export async function insertAllocationRows(tx: Tx, rows: (typeof airdropAllocationRows.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += BATCH)
    await tx.insert(airdropAllocationRows).values(rows.slice(i, i + BATCH));
}

export async function insertRefusals(tx: Tx, rows: (typeof airdropAllocationRefusals.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += BATCH)
    await tx.insert(airdropAllocationRefusals).values(rows.slice(i, i + BATCH));
}

export async function deleteAllocation(tx: Tx, id: number) {
  await tx.delete(airdropAllocationRows).where(eq(airdropAllocationRows.allocationId, id));
  await tx.delete(airdropAllocationRefusals).where(eq(airdropAllocationRefusals.allocationId, id));
  await tx.delete(airdropAllocations).where(eq(airdropAllocations.id, id));
}

export async function findAllocation(tx: Tx, id: number): Promise<AllocationRow | undefined> {
  const [row] = await tx.select().from(airdropAllocations).where(eq(airdropAllocations.id, id));
  return row;
}

export async function lockAllocation(tx: Tx, id: number): Promise<AllocationRow | undefined> {
  const [row] = await tx.select().from(airdropAllocations).where(eq(airdropAllocations.id, id)).for('update');
  return row;
}

export async function listAllocations(tx: Tx, limit = 50): Promise<AllocationRow[]> {
  return tx.select().from(airdropAllocations).orderBy(desc(airdropAllocations.id)).limit(limit);
}

export async function publishedAllocation(tx: Tx): Promise<AllocationRow | undefined> {
  const [row] = await tx.select().from(airdropAllocations).where(eq(airdropAllocations.status, 'published'));
  return row;
}

export async function publishedCount(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${airdropAllocations} where status = 'published'`,
  );
  return Number(row?.n ?? 0);
}

/** Marks a draft published; undefined when it was not a draft. */
export async function markPublished(
  tx: Tx,
  id: number,
  set: {
    rootHex: string;
    dumpSha256: string;
    adminAddress: string | null;
    contentUri: string;
    publishedBy: number;
    publishedAt: Date;
  },
) {
  const [row] = await tx
    .update(airdropAllocations)
    .set({ ...set, status: 'published' })
    .where(and(eq(airdropAllocations.id, id), eq(airdropAllocations.status, 'draft')))
    .returning();
  return row;
}

/** Every allocated wallet, by wallet address. */
/**
 * An allocation's wallets in descending address order (the order the airdrop tree is written in:
 * raw addresses `0:<hex>` sort as their hashes do), a batch at a time by the primary key: one
 * batch in memory whatever their number.
 */
export async function* allocatedWalletBatches(tx: Tx, id: number, batch = BATCH) {
  let before: string | null = null;
  for (;;) {
    const rows = await tx
      .select({ walletAddress: airdropAllocationRows.walletAddress, amount: airdropAllocationRows.amount })
      .from(airdropAllocationRows)
      .where(
        and(
          eq(airdropAllocationRows.allocationId, id),
          before === null ? undefined : lt(airdropAllocationRows.walletAddress, before),
        ),
      )
      .orderBy(desc(airdropAllocationRows.walletAddress))
      .limit(batch);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    before = last.walletAddress;
  }
}

export async function allocatedWallet(
  tx: Tx,
  id: number,
  wallet: string,
): Promise<AllocatedWallet | undefined> {
  const [row] = await tx
    .select()
    .from(airdropAllocationRows)
    .where(and(eq(airdropAllocationRows.allocationId, id), eq(airdropAllocationRows.walletAddress, wallet)));
  return row;
}

export async function refusalOf(tx: Tx, id: number, userId: number) {
  const [row] = await tx
    .select()
    .from(airdropAllocationRefusals)
    .where(and(eq(airdropAllocationRefusals.allocationId, id), eq(airdropAllocationRefusals.userId, userId)));
  return row;
}

/** The allocated wallet a player belongs to, whatever wallet they have bound since. */
export async function walletOfPlayer(
  tx: Tx,
  id: number,
  userId: number,
): Promise<AllocatedWallet | undefined> {
  const [row] = await tx
    .select()
    .from(airdropAllocationRows)
    .where(
      and(
        eq(airdropAllocationRows.allocationId, id),
        sql`${airdropAllocationRows.playerIds} @> ${JSON.stringify([userId])}::jsonb`,
      ),
    )
    .limit(1);
  return row;
}

/** Marks a wallet's claim sent (once); the row as it is now. */
export async function markClaimSent(tx: Tx, id: number, wallet: string, at: Date) {
  await tx
    .update(airdropAllocationRows)
    .set({ claimStatus: 'sent', claimSentAt: at })
    .where(
      and(
        eq(airdropAllocationRows.allocationId, id),
        eq(airdropAllocationRows.walletAddress, wallet),
        eq(airdropAllocationRows.claimStatus, 'unclaimed'),
      ),
    );
  return allocatedWallet(tx, id, wallet);
}

/** Marks a wallet's claim confirmed on chain. */
export async function markClaimed(tx: Tx, id: number, wallet: string, at: Date) {
  await tx
    .update(airdropAllocationRows)
    .set({ claimStatus: 'claimed', claimedAt: at })
    .where(and(eq(airdropAllocationRows.allocationId, id), eq(airdropAllocationRows.walletAddress, wallet)));
}

/** Up to `limit` claims sent and not yet confirmed, by wallet address after `after`. */
export async function sentClaims(tx: Tx, id: number, after: string, limit: number) {
  return tx
    .select({ walletAddress: airdropAllocationRows.walletAddress, amount: airdropAllocationRows.amount })
    .from(airdropAllocationRows)
    .where(
      and(
        eq(airdropAllocationRows.allocationId, id),
        eq(airdropAllocationRows.claimStatus, 'sent'),
        gt(airdropAllocationRows.walletAddress, after),
      ),
    )
    .orderBy(asc(airdropAllocationRows.walletAddress))
    .limit(limit);
}

type Raw = Record<string, string | number | null>;

/** Totals of an allocation: eligible players, refused players, claims. */
export async function allocationTotals(tx: Tx, id: number) {
  const [row] = await queryRows<Raw>(
    tx,
    sql`select
          (select coalesce(sum(jsonb_array_length(player_ids)), 0)::int from ${airdropAllocationRows}
            where allocation_id = ${id}) as eligible,
          (select count(*)::int from ${airdropAllocationRefusals} where allocation_id = ${id}) as refused,
          (select count(*)::int from ${airdropAllocationRows}
            where allocation_id = ${id} and claim_status = 'claimed') as claimed,
          (select coalesce(sum(amount), 0)::text from ${airdropAllocationRows}
            where allocation_id = ${id} and claim_status = 'claimed') as claimed_amount`,
  );
  return {
    eligible: Number(row?.eligible ?? 0),
    refused: Number(row?.refused ?? 0),
    claimed: Number(row?.claimed ?? 0),
    claimedAmount: String(row?.claimed_amount ?? '0'),
  };
}

/** Wallets per range [from, to) of smallest units. */
export async function amountHistogram(tx: Tx, id: number, bounds: readonly bigint[]) {
  const edges = bounds.map((b) => b.toString());
  const rows = await queryRows<Raw>(
    tx,
    sql`select width_bucket(amount, ${sql.raw(`array[${edges.join(',')}]::numeric[]`)}) as bucket,
               count(*)::int as wallets
        from ${airdropAllocationRows} where allocation_id = ${id} group by 1 order by 1`,
  );
  return rows.map((r) => ({ bucket: Number(r.bucket), wallets: Number(r.wallets) }));
}

/** Claims confirmed per UTC day: wallets and amount. */
export async function claimsPerDay(tx: Tx, id: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select to_char(date_trunc('day', claimed_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
               count(*)::int as wallets, sum(amount)::text as amount
        from ${airdropAllocationRows}
        where allocation_id = ${id} and claim_status = 'claimed' and claimed_at is not null
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ day: String(r.day), wallets: Number(r.wallets), amount: String(r.amount) }));
}

export async function largestWallets(tx: Tx, id: number, limit: number) {
  return tx
    .select()
    .from(airdropAllocationRows)
    .where(eq(airdropAllocationRows.allocationId, id))
    .orderBy(desc(airdropAllocationRows.amount), asc(airdropAllocationRows.walletAddress))
    .limit(limit);
}

export async function refusalCounts(tx: Tx, id: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select reason, count(*)::int as players from ${airdropAllocationRefusals}
        where allocation_id = ${id} group by reason order by reason`,
  );
  return rows.map((r) => ({ reason: String(r.reason), players: Number(r.players) }));
}

export async function refusalsFor(tx: Tx, id: number, reasons: readonly string[], limit: number) {
  return queryRows<Raw>(
    tx,
    sql`select user_id, wallet_address, reason, detail from ${airdropAllocationRefusals}
        where allocation_id = ${id} and reason in ${reasons} order by user_id limit ${limit}`,
  ).then((rows) =>
    rows.map((r) => ({
      playerId: Number(r.user_id),
      wallet: r.wallet_address === null ? null : String(r.wallet_address),
      reason: String(r.reason),
      detail: r.detail === null ? null : String(r.detail),
    })),
  );
}

// --- For the fairness module (through index.ts) --------------------------------------------------

/** The newest draft allocation's id and total, or undefined. */
export async function newestDraft(tx: Tx) {
  const [row] = await tx
    .select({ id: airdropAllocations.id, total: airdropAllocations.total })
    .from(airdropAllocations)
    .where(eq(airdropAllocations.status, 'draft'))
    .orderBy(desc(airdropAllocations.id))
    .limit(1);
  return row;
}

/** The wallets of allocation `id` that hold any of `playerIds` (each wallet once), with their amounts. */
export async function walletsOfPlayers(tx: Tx, id: number, playerIds: readonly number[]) {
  if (playerIds.length === 0) return [];
  const rows = await queryRows<Raw>(
    tx,
    sql`select r.wallet_address, r.amount::text as amount, r.player_ids from ${airdropAllocationRows} r
        where r.allocation_id = ${id} and exists (
          select 1 from jsonb_array_elements_text(r.player_ids) p
          where p::bigint in (select jsonb_array_elements_text(${JSON.stringify(playerIds)}::jsonb)::bigint))`,
  );
  return rows.map((r) => {
    const ids = r.player_ids as unknown;
    return {
      wallet: String(r.wallet_address),
      amount: BigInt(String(r.amount)),
      playerIds: (typeof ids === 'string' ? (JSON.parse(ids) as unknown[]) : (ids as unknown[])).map(Number),
    };
  });
}

/**
 * Up to `limit` wallets of allocation `allocationId` that have neither claimed nor sent a claim,
 * after `after` in address order (keyset: the primary key's order), with their players.
 */
export async function unclaimedWallets(
  tx: Tx,
  allocationId: number,
  after: string | null,
  limit: number,
): Promise<{ walletAddress: string; playerIds: number[] }[]> {
  return tx
    .select({
      walletAddress: airdropAllocationRows.walletAddress,
      playerIds: airdropAllocationRows.playerIds,
    })
    .from(airdropAllocationRows)
    .where(
      and(
        eq(airdropAllocationRows.allocationId, allocationId),
        eq(airdropAllocationRows.claimStatus, 'unclaimed'),
        after === null ? undefined : gt(airdropAllocationRows.walletAddress, after),
      ),
    )
    .orderBy(asc(airdropAllocationRows.walletAddress))
    .limit(limit);
}
