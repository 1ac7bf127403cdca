import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { miningLevels } from './mining.schema.ts';
import { changeAccount } from '../accounts/index.ts';

/** The player's levels by item id (items never bought are absent). */
export async function findLevels(tx: Tx, userId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ item: miningLevels.item, level: miningLevels.level })
    .from(miningLevels)
    .where(eq(miningLevels.userId, userId));
  return new Map(rows.map((r) => [r.item, r.level]));
}

export async function findLevel(tx: Tx, userId: number, item: string): Promise<number> {
  const [row] = await tx
    .select({ level: miningLevels.level })
    .from(miningLevels)
    .where(and(eq(miningLevels.userId, userId), eq(miningLevels.item, item)));
  return row?.level ?? 0;
}

/**
 * One statement: takes the price and raises earnPerHour, only while the balance is strictly
 * greater than the price. Returns null when refused.
 */
export async function applyPurchase(
  tx: Tx,
  p: { userId: number; price: number; profitGain: number },
): Promise<{ onion: number; earnPerHour: number } | null> {
  const row = await changeAccount(tx, p.userId, {
    coins: -p.price,
    earnPerHour: p.profitGain,
    atLeast: { coins: p.price + 1 },
  });
  return row && { onion: row.coins, earnPerHour: row.earnPerHour };
}

/** Moves an item from `from` to `from + 1`; false when another purchase got there first. */
export async function raiseLevel(tx: Tx, userId: number, item: string, from: number): Promise<boolean> {
  if (from === 0) {
    const [row] = await tx
      .insert(miningLevels)
      .values({ userId, item, level: 1 })
      .onConflictDoNothing()
      .returning({ level: miningLevels.level });
    return Boolean(row);
  }
  const [row] = await tx
    .update(miningLevels)
    .set({ level: from + 1 })
    .where(and(eq(miningLevels.userId, userId), eq(miningLevels.item, item), eq(miningLevels.level, from)))
    .returning({ level: miningLevels.level });
  return Boolean(row);
}
