import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

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

/** Locks the player's row for the rest of the transaction. */
export async function lockUser(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
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
 * Pays settled passive income: `coins` onto onion and the lifetime score, and the new settle
 * instant. The caller holds the row lock (settleIncome in users.service.ts).
 */
export async function creditIncome(tx: Tx, id: number, coins: number, incomeAt: Date): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({
      onion: sql`${users.onion} + ${coins}`,
      totalScore: sql`${users.totalScore} + ${coins}`,
      incomeAt,
    })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished while settling income`);
  return row;
}
