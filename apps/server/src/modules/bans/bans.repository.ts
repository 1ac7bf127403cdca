import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { banEvents } from './bans.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * Bans or unbans a player: the current state on the player's row and an event in the
 * append-only history (the state at any instant), in the caller's transaction. The row after,
 * or undefined when there is no such player.
 */
export async function setBan(
  tx: Tx,
  id: number,
  ban: { at: Date; reason: string } | null,
  change: { adminId: number | null; reason: string | null; at: Date },
) {
  const [row] = await tx
    .update(users)
    .set({ bannedAt: ban?.at ?? null, banReason: ban?.reason ?? null })
    .where(eq(users.id, id))
    .returning();
  if (row)
    await tx.insert(banEvents).values({
      userId: id,
      banned: ban !== null,
      adminId: change.adminId,
      reason: change.reason,
      createdAt: change.at,
    });
  return row;
}

/** Bans several players at once (with their history events); answers those newly banned. */
export async function banMany(tx: Tx, ids: readonly number[], at: Date, reason: string, adminId: number) {
  const rows = await tx
    .update(users)
    .set({ bannedAt: at, banReason: reason })
    .where(and(inArray(users.id, [...ids]), isNull(users.bannedAt)))
    .returning({ id: users.id, totalScore: users.totalScore });
  if (rows.length > 0)
    await tx
      .insert(banEvents)
      .values(rows.map((r) => ({ userId: r.id, banned: true, adminId, reason, createdAt: at })));
  return rows;
}
