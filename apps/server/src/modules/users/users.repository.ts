import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Settings } from '@egg-rush/contract/users';
import type { Tx } from '../../db/client.ts';
import { users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The players as other modules read them, as a table to join (`id`, `first_name`, `username`,
 * `language_code`, `is_premium`, `referrer_id`, `created_at`, `seen_at`, `settings`): read-only.
 * PostgreSQL inlines it, so a query through it uses the players' indexes (users_referrer_idx,
 * users_created_idx).
 */
export const playersSql = sql`(select id, first_name, username, language_code, is_premium, referrer_id,
  created_at, seen_at, settings from ${users})`;

export interface LaunchIdentity {
  id: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
  languageCode: string | null;
  isPremium: boolean;
}

/** A frequent read (every profile): built once per database, planned once by it. */
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
 * Creates the player on first login (with who invited them) or refreshes the names and photo. `created` tells which; a concurrent first login is created once.
 */
export async function upsertFromLaunch(
  tx: Tx,
  identity: LaunchIdentity,
  firstLogin: { referrerId: number | null },
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
    })
    .onConflictDoNothing({ target: users.id })
    .returning();
  if (inserted) return { user: inserted, created: true };
  const [updated] = await tx.update(users).set(profile).where(eq(users.id, identity.id)).returning();
  if (!updated) throw new Error(`user ${identity.id} vanished during login`);
  return { user: updated, created: false };
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

// --- The console's reads (modules/admin) ---------------------------------------------------------

/** The newest players, newest first. */
export async function newestUsers(tx: Tx, limit: number): Promise<UserRow[]> {
  return tx.select().from(users).orderBy(desc(users.createdAt)).limit(limit);
}

/**
 * Players whose id is one of `ids` or whose username or first name starts with `prefix` (any
 * case; LIKE's wildcards in it taken as text), each prefix through its own index
 * (users_*_prefix_idx); by id.
 */
export async function usersMatching(
  tx: Tx,
  { ids, prefix, limit }: { ids: readonly number[]; prefix: string; limit: number },
): Promise<UserRow[]> {
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return tx
    .select()
    .from(users)
    .where(
      sql`${ids.length === 0 ? sql`false` : inArray(users.id, [...ids])}
          or lower(${users.username}) like lower(${like})
          or lower(${users.firstName}) like lower(${like})`,
    )
    .orderBy(users.id)
    .limit(limit);
}

/** The players of `ids` (any order). */
export async function usersByIds(tx: Tx, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Locks the player's row for the rest of the transaction. */
export async function lockUser(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** The players whom any of `inviterIds` invited, newest first, at most `limit`. */
export async function invitedBy(tx: Tx, inviterIds: readonly number[], limit: number) {
  if (inviterIds.length === 0) return [];
  return tx
    .select({
      id: users.id,
      referrerId: users.referrerId,
      firstName: users.firstName,
      username: users.username,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(inArray(users.referrerId, [...inviterIds]))
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

/** How many players there are, and how many joined at or after `since`. */
export async function countUsers(tx: Tx, since: Date): Promise<{ total: number; since: number }> {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      since: sql<number>`(count(*) filter (where ${users.createdAt} >= ${since}))::int`,
    })
    .from(users);
  return { total: Number(row?.total ?? 0), since: Number(row?.since ?? 0) };
}
