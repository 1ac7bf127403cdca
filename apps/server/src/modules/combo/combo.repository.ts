import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { comboFinds } from './combo.schema.ts';

/** Records that a player upgraded one of the day's combo items (once per item and day). */
export async function recordComboFind(
  tx: Tx,
  userId: number,
  day: number,
  item: string,
  at: Date,
): Promise<void> {
  await tx.insert(comboFinds).values({ userId, day, item, createdAt: at }).onConflictDoNothing();
}

/** The combo items a player found on a game day. */
export async function comboFindsOf(tx: Tx, userId: number, day: number): Promise<Set<string>> {
  const rows = await tx
    .select({ item: comboFinds.item })
    .from(comboFinds)
    .where(and(eq(comboFinds.userId, userId), eq(comboFinds.day, day)));
  return new Set(rows.map((r) => r.item));
}
