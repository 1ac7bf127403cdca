import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { NEW_PLAYER } from '@egg-rush/game/profile';
import type { Tx } from '../../db/client.ts';
import { notBannedSql } from '../bans/index.ts';
import { accounts } from './accounts.schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

/** The most frequent read (every balance refresh): built once per database, planned once by it. */
const findStatements = new WeakMap<Tx, ReturnType<typeof prepareFind>>();
const prepareFind = (tx: Tx) =>
  tx
    .select()
    .from(accounts)
    .where(eq(accounts.userId, sql.placeholder('id')))
    .prepare('find_account');

/** The player's account; undefined for no player. */
export async function findAccount(tx: Tx, userId: number): Promise<AccountRow | undefined> {
  let statement = findStatements.get(tx);
  if (!statement) {
    statement = prepareFind(tx);
    findStatements.set(tx, statement);
  }
  const [row] = await statement.execute({ id: userId });
  return row;
}

/** The accounts of `ids` that exist, by player (one query). */
export async function accountsOf(tx: Tx, ids: readonly number[]): Promise<Map<number, AccountRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(accounts)
    .where(inArray(accounts.userId, [...ids]));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** The lifetime scores of `ids` that have an account, by player (one query). */
export async function lifetimeScoresOf(tx: Tx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: accounts.userId, score: accounts.totalScore })
    .from(accounts)
    .where(inArray(accounts.userId, [...ids]));
  return new Map(rows.map((r) => [r.id, r.score]));
}

/** Locks the player's account for the rest of the transaction. */
export async function lockAccount(tx: Tx, userId: number): Promise<AccountRow | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.userId, userId)).for('update');
  return row;
}

/**
 * Opens a new player's account with the new-player values (packages/game/src/profile.ts), in the
 * sign-in that creates the player; an account already open is left as it is.
 */
export async function openAccount(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .insert(accounts)
    .values({ userId, ...NEW_PLAYER, energyAt: now, incomeAt: now, tapClock: now })
    .onConflictDoNothing({ target: accounts.userId });
}

/**
 * How many of a player's latest request ids (tap batches and purchases) are kept: the app sends a
 * write again only until it is answered, so between the first attempt and the last at most a few
 * writes of the player's other devices are applied.
 */
export const REQUEST_IDS_KEPT = 32;

/**
 * Records the app's id of a write (a purchase) in the player's account, inside the write's
 * transaction: false when the id is there already (the write was applied before and its answer
 * lost), and the caller applies nothing. Locks the row.
 */
export async function recordRequest(tx: Tx, userId: number, id: number): Promise<boolean> {
  const rows = await tx
    .update(accounts)
    .set({
      requestIds: sql`(${id}::bigint || ${accounts.requestIds})[1:${sql.raw(String(REQUEST_IDS_KEPT))}]`,
    })
    .where(sql`${accounts.userId} = ${userId} and not (${id}::bigint = any(${accounts.requestIds}))`)
    .returning({ id: accounts.userId });
  return rows.length > 0;
}

/**
 * A change of a player's balances: each amount is added (a negative one takes), and `score` is
 * added to the lifetime score, which never goes below zero. What other modules pay a player, and
 * charge them, goes through `changeAccount`; the account's own writes (taps, income, boosts) have
 * statements of their own here.
 */
export interface AccountChange {
  coins?: number;
  tickets?: number;
  chests?: number;
  /** The lifetime score (the Leader Board's): earnings raise it by what they pay in coins. */
  score?: number;
  earnPerHour?: number;
  /** Applied only while, before it, the balances are at least these (a price, a cost). */
  atLeast?: { coins?: number; tickets?: number; chests?: number };
}

/**
 * Applies `change` in one statement; the account after it, or null when the player has no account
 * or a balance is below its `atLeast`. Concurrent changes never spend a balance twice.
 */
export async function changeAccount(
  tx: Tx,
  userId: number,
  change: AccountChange,
): Promise<AccountRow | null> {
  const { coins = 0, tickets = 0, chests = 0, score = 0, earnPerHour = 0, atLeast = {} } = change;
  const guards: SQL[] = [sql`${accounts.userId} = ${userId}`];
  if (atLeast.coins !== undefined) guards.push(sql`${accounts.coins} >= ${atLeast.coins}`);
  if (atLeast.tickets !== undefined) guards.push(sql`${accounts.ticket} >= ${atLeast.tickets}`);
  if (atLeast.chests !== undefined) guards.push(sql`${accounts.chests} >= ${atLeast.chests}`);
  const [row] = await tx
    .update(accounts)
    .set({
      coins: sql`${accounts.coins} + ${coins}`,
      ticket: sql`${accounts.ticket} + ${tickets}`,
      chests: sql`${accounts.chests} + ${chests}`,
      totalScore: sql`greatest(0, ${accounts.totalScore} + ${score})`,
      earnPerHour: sql`${accounts.earnPerHour} + ${earnPerHour}`,
    })
    .where(sql.join(guards, sql` and `))
    .returning();
  return row ?? null;
}

/**
 * Pays settled passive income: `coins` onto the balance and the lifetime score, and the new settle
 * instant. The caller holds the row lock (settleIncome in accounts.service.ts).
 */
export async function creditIncome(
  tx: Tx,
  userId: number,
  coins: number,
  incomeAt: Date,
): Promise<AccountRow> {
  const [row] = await tx
    .update(accounts)
    .set({
      coins: sql`${accounts.coins} + ${coins}`,
      totalScore: sql`${accounts.totalScore} + ${coins}`,
      incomeAt,
    })
    .where(eq(accounts.userId, userId))
    .returning();
  if (!row) throw new Error(`account ${userId} vanished while settling income`);
  return row;
}

/** What a boost changes of the account (modules/economy, packages/game/src/boosts.ts). */
export interface BoostWrite {
  cost: number;
  energy: number;
  energyAt: Date;
  maxEnergy: number;
  earnPerHour: number;
  earnPerTap: number;
  loseEnergyPerTap: number;
  boosts: string[];
  touchIncomeLevel: number;
  energyCapacityLevel: number;
  refillDay: number | null;
  refillCount: number;
}

/** Pays for a boost and applies it; the caller holds the row lock. Null if the balance is short. */
export async function applyBoost(tx: Tx, userId: number, w: BoostWrite): Promise<AccountRow | null> {
  const { cost, ...applied } = w;
  const [row] = await tx
    .update(accounts)
    .set({ coins: sql`${accounts.coins} - ${cost}`, ...applied })
    .where(sql`${accounts.userId} = ${userId} and ${accounts.coins} >= ${cost}`)
    .returning();
  return row ?? null;
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
      .select({ id: accounts.userId, totalScore: accounts.totalScore })
      .from(accounts)
      .where(sql`${accounts.userId} > ${after} and ${notBannedSql(sql`${accounts.userId}`)}`)
      .orderBy(accounts.userId)
      .limit(batch);
    const last = rows.at(-1);
    if (!last) return;
    yield rows.map((r) => ({ userid: r.id, totalScore: r.totalScore }));
    after = last.id;
  }
}

/**
 * The players' lifetime scores, as a table (`user_id`, `total_score`) for the boards', squads' and
 * friends' queries to join: read-only, the columns the account lends.
 */
export const lifetimeScoresSql = sql`(select user_id, total_score from ${accounts})`;

/** Whether the player `id` names has a lifetime score of at least `n` (a segment's league). */
export const lifetimeScoreAtLeastSql = (id: SQL, n: number) =>
  sql`exists (select 1 from ${accounts} a where a.user_id = ${id} and a.total_score >= ${n})`;

/**
 * The players' energy as last settled (`user_id`, `energy`, `max_energy`, `energy_at`), for the
 * bot's energy reminders: read-only.
 */
export const energySql = sql`(select user_id, energy, max_energy, energy_at from ${accounts})`;

/** The players' balances (`user_id`, `coins`, `ticket`), for the ledger's check: read-only. */
export const balancesSql = sql`(select user_id, coins, ticket from ${accounts})`;
