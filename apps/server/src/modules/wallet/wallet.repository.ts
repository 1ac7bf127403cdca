import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { walletEvents, walletProofs } from './wallet.schema.ts';
import { users } from '../users/users.schema.ts';

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
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.walletAddress, address));
  return row?.id;
}

/** Binds (or with null unbinds) the player's wallet, with an event in the append-only history. */
export async function bindAddress(tx: Tx, userId: number, address: string | null, at: Date) {
  await tx.update(users).set({ walletAddress: address }).where(eq(users.id, userId));
  await tx.insert(walletEvents).values({ userId, walletAddress: address, createdAt: at });
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
