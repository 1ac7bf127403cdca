import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { adminAdjustDays, adminLinks, airdropSnapshotRows, airdropSnapshots } from './admin.schema.ts';
import { ledgerReads } from '../ledger/index.ts';
import {
  countUsers,
  invitedBy,
  lockUser,
  newestUsers,
  playersSql,
  usersByIds,
  usersMatching,
  type UserRow,
} from '../users/index.ts';
import { accountsOf, changeAccount, lockAccount, type AccountRow } from '../accounts/index.ts';
import { addressPrefixOwners, walletAtSql, walletsOf } from '../wallet/index.ts';
import { bannedAtSql, banStates, countBanned, type BanState } from '../bans/index.ts';

/** What the console shows of a player's account. */
type Balances = Pick<AccountRow, 'coins' | 'ticket' | 'totalScore' | 'energy' | 'maxEnergy' | 'earnPerHour'>;
const NO_ACCOUNT: Balances = { coins: 0, ticket: 0, totalScore: 0, energy: 0, maxEnergy: 0, earnPerHour: 0 };

/**
 * A player as the console shows them: the players' row, their account's balances, the wallet
 * they have bound and their ban.
 */
export type PlayerRow = UserRow & Balances & { walletAddress: string | null } & BanState;

/**
 * The players' rows with what the accounts, wallet and bans modules keep of them (three queries,
 * whatever their number).
 */
async function withWallets(tx: Tx, rows: UserRow[]): Promise<PlayerRow[]> {
  const ids = rows.map((r) => r.id);
  const [accounts, wallets, banned] = [
    await accountsOf(tx, ids),
    await walletsOf(tx, ids),
    await banStates(tx, ids),
  ];
  return rows.map((r) => {
    const { coins, ticket, totalScore, energy, maxEnergy, earnPerHour } = accounts.get(r.id) ?? NO_ACCOUNT;
    return {
      ...r,
      coins,
      ticket,
      totalScore,
      energy,
      maxEnergy,
      earnPerHour,
      walletAddress: wallets.get(r.id) ?? null,
      ...(banned.get(r.id) ?? { bannedAt: null, banReason: null }),
    };
  });
}
export type SnapshotRow = typeof airdropSnapshots.$inferSelect;

const SEARCH_LIMIT = 50;

/**
 * Players by id (exact), username or first name (prefix, any case) or wallet address (exact or
 * prefix: the wallet module's owners of it); each prefix through its own index (users_*_prefix_idx,
 * wallets_address_prefix_idx), LIKE's wildcards taken as text.
 */
export async function searchPlayers(tx: Tx, q: string): Promise<PlayerRow[]> {
  const text = q.trim().replace(/^@/, '');
  if (text === '') return withWallets(tx, await newestUsers(tx, SEARCH_LIMIT));
  const byId = /^\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
  const ids = await addressPrefixOwners(tx, text, SEARCH_LIMIT);
  if (byId !== null) ids.push(byId);
  return withWallets(tx, await usersMatching(tx, { ids, prefix: text, limit: SEARCH_LIMIT }));
}

export async function findPlayer(tx: Tx, id: number): Promise<PlayerRow | undefined> {
  const [row] = await withWallets(tx, await usersByIds(tx, [id]));
  return row;
}

/** Of `ids`, those of players. */
export async function existingPlayers(tx: Tx, ids: readonly number[]): Promise<number[]> {
  return (await usersByIds(tx, ids)).map((r) => r.id);
}

export async function lockPlayer(tx: Tx, id: number): Promise<PlayerRow | undefined> {
  // The player's row (operators' changes of one player queue up) and their account (the balances
  // read here are the ones the change starts from: taps wait).
  const user = await lockUser(tx, id);
  if (user) await lockAccount(tx, id);
  const [row] = await withWallets(tx, user ? [user] : []);
  return row;
}

const REFERRALS_LIMIT = 200;

/** The players a player invited (at most 200, newest first) and whom each of them invited. */
export async function referralTree(tx: Tx, id: number) {
  const invited = await invitedBy(tx, [id], REFERRALS_LIMIT);
  const banned = await banStates(
    tx,
    invited.map((f) => f.id),
  );
  const first = invited.map(({ referrerId: _inviter, ...f }) => ({
    ...f,
    bannedAt: banned.get(f.id)?.bannedAt ?? null,
  }));
  const second =
    first.length === 0
      ? []
      : await invitedBy(
          tx,
          first.map((f) => f.id),
          REFERRALS_LIMIT * 5,
        );
  return { first, second };
}

/**
 * Adds coins and tickets (either sign) to a locked player; the lifetime score follows the coins
 * (never below zero). Undefined when a balance would go below zero.
 */
export async function adjustBalances(
  tx: Tx,
  id: number,
  coins: number,
  tickets: number,
): Promise<AccountRow | undefined> {
  const row = await changeAccount(tx, id, {
    coins,
    tickets,
    score: coins,
    atLeast: { coins: -coins, tickets: -tickets },
  });
  return row ?? undefined;
}

/**
 * Adds an adjustment to what the operator moved on `day` (absolute amounts) unless that would pass
 * the day's limits; the day's totals after, or undefined when refused. The row is locked until
 * the caller's transaction ends, so two adjustments at once cannot both pass.
 */
export async function addToAdjustDay(
  tx: Tx,
  adminId: number,
  day: number,
  moved: { coins: number; tickets: number },
  limits: { coins: number; tickets: number },
): Promise<{ coins: number; tickets: number } | undefined> {
  const rows = await queryRows<{ coins: string | number; tickets: string | number }>(
    tx,
    sql`insert into ${adminAdjustDays} (admin_id, day, coins, tickets)
        select ${adminId}::bigint, ${day}::int, ${moved.coins}::bigint, ${moved.tickets}::bigint
        where ${moved.coins}::bigint <= ${limits.coins}::bigint
          and ${moved.tickets}::bigint <= ${limits.tickets}::bigint
        on conflict (admin_id, day) do update
          set coins = admin_adjust_days.coins + excluded.coins,
              tickets = admin_adjust_days.tickets + excluded.tickets
          where admin_adjust_days.coins + excluded.coins <= ${limits.coins}::bigint
            and admin_adjust_days.tickets + excluded.tickets <= ${limits.tickets}::bigint
        returning coins, tickets`,
  );
  const [row] = rows;
  return row ? { coins: Number(row.coins), tickets: Number(row.tickets) } : undefined;
}

// --- One-time sign-in links ----------------------------------------------------------------------

/** Records a (checked) link as used: false when it was used before. */
export async function useLink(
  tx: Tx,
  row: { tokenHash: string; adminId: number; expiresAt: Date; usedAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(adminLinks)
    .values(row)
    .onConflictDoNothing({ target: adminLinks.tokenHash })
    .returning({ tokenHash: adminLinks.tokenHash });
  return inserted.length === 1;
}

// --- Dashboard -------------------------------------------------------------------------------------

type Raw = Record<string, string | number | null>;

export async function playerCounts(tx: Tx, dayStart: Date) {
  const counted = await countUsers(tx, dayStart);
  return {
    total: counted.total,
    newToday: counted.since,
    banned: await countBanned(tx),
  };
}

// --- Suspicion -----------------------------------------------------------------------------------

export async function playerNames(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = (await usersByIds(tx, ids)).map(({ id, firstName, username }) => ({
    id,
    firstName,
    username,
  }));
  const banned = await banStates(tx, ids);
  return rows.map((r) => ({ ...r, bannedAt: banned.get(r.id)?.bannedAt ?? null }));
}

// --- Airdrop snapshot ----------------------------------------------------------------------------

/**
 * A batch of eligible players (id above `after`) as they were at `at`, whatever happened since:
 * joined by then, a wallet bound at that instant (the latest bind or unbind up to `at` in the
 * append-only wallet history), not banned at that instant (the latest ban or unban up to `at`),
 * with their lifetime coins as of `at` (the sum of the coins credited to them up to then); each
 * read through its owner (the wallet, bans and ledger modules).
 */
export async function eligibleBatch(tx: Tx, after: number, at: Date, minCoins: number, limit: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select u.id, u.wallet_address, ${ledgerReads.creditedUpToSql(sql`u.id`, at)} as coins
        from (select p.id, ${walletAtSql(sql`p.id`, at)} as wallet_address
              from ${playersSql} p
              where p.id > ${after} and p.created_at <= ${at} and not ${bannedAtSql(sql`p.id`, at)}) u
        where u.wallet_address is not null
        order by u.id limit ${limit}`,
  );
  // A full batch (limit ≥ 1 rows) has a last row: the next batch starts after it.
  const last = rows.at(-1);
  return {
    last: last && rows.length === limit ? Number(last.id) : null,
    rows: rows
      .map((r) => ({ userId: Number(r.id), walletAddress: String(r.wallet_address), coins: Number(r.coins) }))
      .filter((r) => r.coins >= minCoins),
  };
}

export async function insertSnapshot(
  tx: Tx,
  row: typeof airdropSnapshots.$inferInsert,
): Promise<SnapshotRow> {
  const [saved] = await tx.insert(airdropSnapshots).values(row).returning();
  if (!saved) throw new Error('airdrop snapshot not inserted');
  return saved;
}

export async function updateSnapshot(tx: Tx, id: number, set: Partial<typeof airdropSnapshots.$inferInsert>) {
  const [saved] = await tx.update(airdropSnapshots).set(set).where(eq(airdropSnapshots.id, id)).returning();
  if (!saved)
    throw new Error(`airdrop snapshot ${id} not found: it is updated only by the run that inserted it`);
  return saved;
}

export async function deleteSnapshot(tx: Tx, id: number) {
  await tx.delete(airdropSnapshotRows).where(eq(airdropSnapshotRows.snapshotId, id));
  await tx.delete(airdropSnapshots).where(eq(airdropSnapshots.id, id));
}

export async function insertSnapshotRows(tx: Tx, rows: (typeof airdropSnapshotRows.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(airdropSnapshotRows).values(rows);
}

export async function snapshotRowsAfter(tx: Tx, id: number, after: number, limit: number) {
  return tx
    .select()
    .from(airdropSnapshotRows)
    .where(and(eq(airdropSnapshotRows.snapshotId, id), sql`${airdropSnapshotRows.userId} > ${after}`))
    .orderBy(airdropSnapshotRows.userId)
    .limit(limit);
}

export async function listSnapshots(tx: Tx, limit = 50): Promise<SnapshotRow[]> {
  return tx
    .select()
    .from(airdropSnapshots)
    .where(sql`${airdropSnapshots.csvSha256} <> ''`)
    .orderBy(desc(airdropSnapshots.id))
    .limit(limit);
}

export async function findSnapshot(tx: Tx, id: number): Promise<SnapshotRow | undefined> {
  const [row] = await tx.select().from(airdropSnapshots).where(eq(airdropSnapshots.id, id));
  return row;
}

// --- Read by the airdrop module (through index.ts) ----------------------------------------------

const SNAPSHOT_ROWS_BATCH = 5000;

/** A finished snapshot (its export hashed), or undefined. */
export async function finishedSnapshot(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(airdropSnapshots)
    .where(and(eq(airdropSnapshots.id, id), sql`${airdropSnapshots.csvSha256} <> ''`));
  return row;
}

/** Every row of a snapshot, read in batches by player id (the airdrop's allocation). */
export async function frozenSnapshotRows(tx: Tx, id: number) {
  const out: { userId: number; walletAddress: string; coins: number }[] = [];
  let after = 0;
  for (;;) {
    const rows = await tx
      .select({
        userId: airdropSnapshotRows.userId,
        walletAddress: airdropSnapshotRows.walletAddress,
        coins: airdropSnapshotRows.coins,
      })
      .from(airdropSnapshotRows)
      .where(and(eq(airdropSnapshotRows.snapshotId, id), gt(airdropSnapshotRows.userId, after)))
      .orderBy(asc(airdropSnapshotRows.userId))
      .limit(SNAPSHOT_ROWS_BATCH);
    out.push(...rows);
    const last = rows.at(-1);
    if (!last || rows.length < SNAPSHOT_ROWS_BATCH) return out;
    after = last.userId;
  }
}
