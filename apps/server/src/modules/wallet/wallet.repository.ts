import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users, walletProofs } from '../../db/schema.ts';

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

export async function bindAddress(tx: Tx, userId: number, address: string | null) {
  await tx.update(users).set({ walletAddress: address }).where(eq(users.id, userId));
}
