import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { walletEvents, walletProofs, wallets } from './wallet.schema.ts';

export async function createProofPayload(tx: Tx, payload: string, userId: number, expiresAt: Date) {
  await tx.insert(walletProofs).values({ payload, userId, expiresAt });
}

/** Marks the player's unexpired payload used, once. False when it is unknown, theirs not, stale or used. */
export async function usePayload(tx: Tx, payload: string, userId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(walletProofs)
    .set({ usedAt: now })
    .where(
      sql`${walletProofs.payload} = ${payload} and ${walletProofs.userId} = ${userId}
          and ${walletProofs.usedAt} is null and ${walletProofs.expiresAt} > ${now}`,
    )
    .returning({ payload: walletProofs.payload });
  return rows.length === 1;
}

export async function ownerOfAddress(tx: Tx, address: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: wallets.userId }).from(wallets).where(eq(wallets.address, address));
  return row?.id;
}

/**
 * Binds (or with null unbinds) the player's wallet, with an event in the append-only history.
 * An address bound to another player fails on the unique index.
 */
export async function bindAddress(tx: Tx, userId: number, address: string | null, at: Date) {
  if (address === null) await tx.delete(wallets).where(eq(wallets.userId, userId));
  else
    await tx
      .insert(wallets)
      .values({ userId, address })
      .onConflictDoUpdate({ target: wallets.userId, set: { address } });
  await tx.insert(walletEvents).values({ userId, walletAddress: address, createdAt: at });
}

/** The address the player has bound, or null. */
export async function walletOf(tx: Tx, userId: number): Promise<string | null> {
  const [row] = await tx.select({ address: wallets.address }).from(wallets).where(eq(wallets.userId, userId));
  return row?.address ?? null;
}

/** The bound address of each of `ids` that has one. */
export async function walletsOf(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ userId: wallets.userId, address: wallets.address })
    .from(wallets)
    .where(inArray(wallets.userId, [...ids]));
  return new Map(rows.map((r) => [r.userId, r.address]));
}

/** True (as SQL) when the player whose id is `id` (a column of the caller's query) has a wallet bound. */
export const walletBoundSql = (id: SQL) =>
  sql`exists (select 1 from ${wallets} where ${wallets.userId} = ${id})`;

/** Up to `limit` players whose bound address starts with `prefix` (through the prefix index). */
export async function addressPrefixOwners(tx: Tx, prefix: string, limit: number): Promise<number[]> {
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await tx
    .select({ id: wallets.userId })
    .from(wallets)
    .where(sql`${wallets.address} like ${like}`)
    .orderBy(wallets.userId)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The address the player whose id is `id` (a column of the caller's query) had bound at the
 * instant `at` (the latest bind or unbind of the append-only history up to then), or null: a
 * scalar subquery (the airdrop snapshot, as of its instant).
 */
export const walletAtSql = (id: SQL, at: Date) => sql`(
  select ${walletEvents.walletAddress} from ${walletEvents}
  where ${walletEvents.userId} = ${id} and ${walletEvents.createdAt} <= ${at}
  order by ${walletEvents.createdAt} desc, ${walletEvents.id} desc limit 1)`;

/** Groups of at least `min` players whose addresses share a pattern (`chars` leading and trailing hash characters). */
export async function addressPatternGroups(tx: Tx, chars: number, min: number) {
  const key = sql`left(split_part(${wallets.address}, ':', 2), ${chars}) || right(${wallets.address}, ${chars})`;
  const rows = await queryRows<{ user_id: string | number; address: string }>(
    tx,
    sql`select ${wallets.userId} as user_id, ${wallets.address} as address from ${wallets}
        where ${key} in (select ${key} from ${wallets} group by 1 having count(*) >= ${min})`,
  );
  return rows.map((r) => ({ userId: Number(r.user_id), address: String(r.address) }));
}

/**
 * Drops the player's used and expired payloads and all but the newest `keep` live ones, before a
 * new one is issued: at most `keep + 1` rows per player.
 */
export async function pruneProofPayloads(tx: Tx, userId: number, now: Date, keep: number) {
  await tx.execute(sql`
    delete from ${walletProofs}
    where ${walletProofs.userId} = ${userId}
      and (${walletProofs.usedAt} is not null or ${walletProofs.expiresAt} <= ${now.toISOString()}
        or ${walletProofs.payload} not in (
          select ${walletProofs.payload} from ${walletProofs}
          where ${walletProofs.userId} = ${userId}
          order by ${walletProofs.expiresAt} desc limit ${keep}))`);
}

/** Deletes up to `limit` expired payloads of any player, skipping rows others hold. */
export async function sweepExpiredPayloads(tx: Tx, now: Date, limit: number) {
  await tx.execute(sql`
    delete from ${walletProofs} where ${walletProofs.payload} in (
      select ${walletProofs.payload} from ${walletProofs}
      where ${walletProofs.expiresAt} <= ${now.toISOString()}
      limit ${limit} for update skip locked)`);
}
