import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { banEvents, bans } from './bans.schema.ts';

/** A player's ban as the console shows it: when and why, or nulls. */
export interface BanState {
  bannedAt: Date | null;
  banReason: string | null;
}

const NOT_BANNED: BanState = { bannedAt: null, banReason: null };

/**
 * Bans or unbans a player: the current state and an event in the append-only history (the state
 * at any instant), in the caller's transaction. The state after.
 */
export async function setBan(
  tx: Tx,
  id: number,
  ban: { at: Date; reason: string } | null,
  change: { adminId: number | null; reason: string | null; at: Date },
): Promise<BanState> {
  // The state as stored (the text as the database keeps it), not as given.
  const [stored] = ban
    ? await tx
        .insert(bans)
        .values({ userId: id, bannedAt: ban.at, reason: ban.reason })
        .onConflictDoUpdate({ target: bans.userId, set: { bannedAt: ban.at, reason: ban.reason } })
        .returning({ bannedAt: bans.bannedAt, banReason: bans.reason })
    : [];
  if (!ban) await tx.delete(bans).where(eq(bans.userId, id));
  await tx.insert(banEvents).values({
    userId: id,
    banned: ban !== null,
    adminId: change.adminId,
    reason: change.reason,
    createdAt: change.at,
  });
  return stored ?? NOT_BANNED;
}

/** Bans several players at once (with their history events); answers those newly banned. */
export async function banMany(tx: Tx, ids: readonly number[], at: Date, reason: string, adminId: number) {
  if (ids.length === 0) return [];
  const rows = await tx
    .insert(bans)
    .values(ids.map((userId) => ({ userId, bannedAt: at, reason })))
    .onConflictDoNothing({ target: bans.userId })
    .returning({ id: bans.userId });
  if (rows.length > 0)
    await tx
      .insert(banEvents)
      .values(rows.map((r) => ({ userId: r.id, banned: true, adminId, reason, createdAt: at })));
  return rows;
}

/** The ids of every banned player (a short list: operators ban by hand or from the suspicion list). */
export async function bannedIds(tx: Tx): Promise<number[]> {
  const rows = await tx.select({ id: bans.userId }).from(bans);
  return rows.map((r) => r.id);
}

/** Of `ids`, the banned players. */
export async function bannedAmong(tx: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: bans.userId })
    .from(bans)
    .where(inArray(bans.userId, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** The ban of each of `ids` (the players not banned left out). */
export async function banStates(tx: Tx, ids: readonly number[]): Promise<Map<number, BanState>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: bans.userId, bannedAt: bans.bannedAt, banReason: bans.reason })
    .from(bans)
    .where(inArray(bans.userId, [...ids]));
  return new Map(rows.map(({ id, ...state }) => [id, state]));
}

export async function countBanned(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(bans);
  return Number(row?.n ?? 0);
}

/**
 * True (as SQL) when the player whose id is `id` (a column of the caller's query) is not banned:
 * how every query over players leaves the banned out (the Leader Board, leagues, squads,
 * seasons, campaigns, notifications).
 */
export const notBannedSql = (id: SQL) => sql`not exists (select 1 from ${bans} where ${bans.userId} = ${id})`;

/**
 * True (as SQL) when the player whose id is `id` was banned at the instant `at`: the latest ban
 * or unban of the append-only history up to then (the airdrop snapshot, as of its instant).
 */
export const bannedAtSql = (id: SQL, at: Date) => sql`coalesce(
  (select ${banEvents.banned} from ${banEvents} where ${banEvents.userId} = ${id} and ${banEvents.createdAt} <= ${at}
   order by ${banEvents.createdAt} desc, ${banEvents.id} desc limit 1),
  false)`;
