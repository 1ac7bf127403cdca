import { eq, sql } from 'drizzle-orm';
import type { Settings } from '@egg-rush/contract/users';
import type { Tx } from '../../db/client.ts';
import { notBannedSql } from '../bans/index.ts';
import { users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;

export interface LaunchIdentity {
  id: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
  languageCode: string | null;
  isPremium: boolean;
}

/** The most frequent read (every balance refresh): built once per database, planned once by it. */
const findUserStatements = new WeakMap<Tx, ReturnType<typeof prepareFindUser>>();
const prepareFindUser = (tx: Tx) =>
  tx
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('find_user');

export async function findUser(tx: Tx, id: number): Promise<UserRow | undefined> {
  let statement = findUserStatements.get(tx);
  if (!statement) {
    statement = prepareFindUser(tx);
    findUserStatements.set(tx, statement);
  }
  const [row] = await statement.execute({ id });
  return row;
}

/**
 * How many of a player's latest request ids (users.request_ids: tap batches and purchases) are
 * kept: the app sends a write again only until it is answered, so between the first attempt and
 * the last at most a few writes of the player's other devices are applied.
 */
export const REQUEST_IDS_KEPT = 32;

/**
 * Records the app's id of a write (a purchase) in the player's row, inside the write's
 * transaction: false when the id is there already (the write was applied before and its answer
 * lost), and the caller applies nothing. Locks the row.
 */
export async function recordRequest(tx: Tx, userId: number, id: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ requestIds: sql`(${id}::bigint || ${users.requestIds})[1:${sql.raw(String(REQUEST_IDS_KEPT))}]` })
    .where(sql`${users.id} = ${userId} and not (${id}::bigint = any(${users.requestIds}))`)
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Locks the player's row for the rest of the transaction. */
export async function lockUser(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Whether the player exists (a point read by the primary key). */
export async function playerExists(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/** The names and photo Telegram gave the player (what their avatar is drawn from). */
export async function namesAndPhoto(tx: Tx, id: number) {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, photoUrl: users.photoUrl })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function countFriends(tx: Tx, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.referrerId, id));
  return row?.n ?? 0;
}

/**
 * Creates the player on first login (with the new-player values given) or refreshes the names
 * and photo. `created` tells which; a concurrent first login is created once.
 */
export async function upsertFromLaunch(
  tx: Tx,
  identity: LaunchIdentity,
  firstLogin: Partial<typeof users.$inferInsert>,
  now: Date,
): Promise<{ user: UserRow; created: boolean }> {
  const profile = {
    firstName: identity.firstName,
    lastName: identity.lastName,
    username: identity.username,
    photoUrl: identity.photoUrl,
    languageCode: identity.languageCode,
    isPremium: identity.isPremium,
    seenAt: now,
  };
  const [inserted] = await tx
    .insert(users)
    .values({
      id: identity.id,
      ...firstLogin,
      ...profile,
      createdAt: now,
      energyAt: now,
      incomeAt: now,
      tapClock: now,
    })
    .onConflictDoNothing({ target: users.id })
    .returning();
  if (inserted) return { user: inserted, created: true };
  const [updated] = await tx.update(users).set(profile).where(eq(users.id, identity.id)).returning();
  if (!updated) throw new Error(`user ${identity.id} vanished during login`);
  return { user: updated, created: false };
}

/**
 * Pays settled passive income: `coins` onto the balance and the lifetime score, and the new settle
 * instant. The caller holds the row lock (settleIncome in users.service.ts).
 */
export async function creditIncome(tx: Tx, id: number, coins: number, incomeAt: Date): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({
      coins: sql`${users.coins} + ${coins}`,
      totalScore: sql`${users.totalScore} + ${coins}`,
      incomeAt,
    })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished while settling income`);
  return row;
}

/**
 * Every player who is not banned, with their lifetime score, in pages of `batch` by id: what the
 * Redis boards are rebuilt from.
 */
export async function* playerTotals(
  tx: Tx,
  batch: number,
): AsyncGenerator<{ userid: number; totalScore: number }[]> {
  let after = -1;
  for (;;) {
    const rows = await tx
      .select({ id: users.id, totalScore: users.totalScore })
      .from(users)
      .where(sql`${users.id} > ${after} and ${notBannedSql(sql`${users.id}`)}`)
      .orderBy(users.id)
      .limit(batch);
    const last = rows.at(-1);
    if (!last) return;
    yield rows.map((r) => ({ userid: r.id, totalScore: r.totalScore }));
    after = last.id;
  }
}

/** Merges `changes` into the player's stored settings; returns the stored settings after. */
export async function mergeSettings(
  tx: Tx,
  id: number,
  changes: Partial<Settings>,
): Promise<Partial<Settings> | undefined> {
  const [row] = await tx
    .update(users)
    .set({ settings: sql`${users.settings} || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(users.id, id))
    .returning({ settings: users.settings });
  return row?.settings;
}

/** A list of player ids as one `bigint[]` parameter (any length, one bind value). */
const idArray = (ids: readonly number[]) =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[]`;

/** What the fairness signals read of a player (modules/fairness, signalsOf). */
export interface AccountFacts {
  id: number;
  createdAt: Date;
  isPremium: boolean;
  referrerId: number | null;
  totalScore: number;
}

/** The account facts of each of `ids` that exists, in one query. */
export async function accountFacts(tx: Tx, ids: readonly number[]): Promise<AccountFacts[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: users.id,
      createdAt: users.createdAt,
      isPremium: users.isPremium,
      referrerId: users.referrerId,
      totalScore: users.totalScore,
    })
    .from(users)
    .where(sql`${users.id} = any(${idArray(ids)})`);
}

/**
 * The players who launched the game (logged in) at or after `since`. A scan of the players
 * table (no index on `seen_at`, which every login writes): for batch jobs, not for a request.
 */
export async function seenSince(tx: Tx, since: Date): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.seenAt} >= ${since}`);
  return rows.map((r) => r.id);
}
