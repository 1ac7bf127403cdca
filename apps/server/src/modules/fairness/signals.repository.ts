import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { signalSessions, signalTaps, signalWallets } from './signals.schema.ts';

/** A list of player ids as one `bigint[]` parameter (any length, one bind value). */
const idArray = (ids: readonly number[]) =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[]`;

/** Intervals between taps: how many, their mean and their sum of squared deviations. */
export interface CadenceSums {
  batches: number;
  intervals: number;
  meanMs: number;
  m2: number;
}

export async function insertSession(
  tx: Tx,
  row: { userId: number; at: Date; net: string; device: string },
): Promise<void> {
  await tx.insert(signalSessions).values({
    userId: row.userId,
    startedAt: row.at,
    lastAt: row.at,
    net: row.net,
    device: row.device,
  });
}

/**
 * One statement: extends the player's latest session to `at` when it was active within `gapMs`,
 * else starts a new one (its device the latest session's: a session resumed without a launch is
 * on the device that launched it; the network is the request's); and, when `cadence` is given,
 * adds it to the player's tap aggregate with Chan's parallel formula (every expression of the
 * update reads the row as it was).
 */
export async function touchSession(
  tx: Tx,
  touch: { userId: number; at: Date; gapMs: number; net: string; device: string },
  cadence: CadenceSums | null,
): Promise<void> {
  const { userId, at } = touch;
  const idleSince = new Date(at.getTime() - touch.gapMs);
  const taps = cadence
    ? sql`, taps as (
        insert into ${signalTaps} as t (user_id, batches, intervals, mean_ms, m2, updated_at)
        values (${userId}, ${cadence.batches}, ${cadence.intervals}, ${cadence.meanMs}::float8,
                ${cadence.m2}::float8, ${at})
        on conflict (user_id) do update set
          batches = t.batches + excluded.batches,
          intervals = t.intervals + excluded.intervals,
          mean_ms = t.mean_ms + (excluded.mean_ms - t.mean_ms) * excluded.intervals
                    / (t.intervals + excluded.intervals),
          m2 = t.m2 + excluded.m2 + (excluded.mean_ms - t.mean_ms) ^ 2 * t.intervals
               * excluded.intervals / (t.intervals + excluded.intervals),
          updated_at = excluded.updated_at
        returning 1)`
    : sql``;
  await tx.execute(sql`
    with latest as (
      select id, last_at, device from ${signalSessions}
      where user_id = ${userId} order by started_at desc, id desc limit 1
    ), extended as (
      update ${signalSessions} s set last_at = greatest(s.last_at, ${at})
      from latest where s.id = latest.id and latest.last_at >= ${idleSince}
      returning s.id
    )${taps}
    insert into ${signalSessions} (user_id, started_at, last_at, net, device)
    select ${userId}, ${at}, ${at}, ${touch.net}, coalesce((select device from latest), ${touch.device})
    where not exists (select 1 from extended)`);
}

/** The player's tap aggregate, or undefined. */
export async function tapsOf(tx: Tx, userId: number): Promise<CadenceSums | undefined> {
  const [row] = await tx
    .select({
      batches: signalTaps.batches,
      intervals: signalTaps.intervals,
      meanMs: signalTaps.meanMs,
      m2: signalTaps.m2,
    })
    .from(signalTaps)
    .where(sql`${signalTaps.userId} = ${userId}`);
  return row;
}

/**
 * Records a binding: its address, when, and the version its proof named. A new address (or a
 * first binding) starts its facts anew and due for a read at `at`; the same address bound again
 * keeps what is known of it.
 */
export async function recordWalletBound(
  tx: Tx,
  row: { userId: number; address: string; at: Date; version: string | null },
): Promise<void> {
  await tx.execute(sql`
    insert into ${signalWallets} as w (user_id, address, bound_at, version, attempts, next_check_at)
    values (${row.userId}, ${row.address}, ${row.at}, ${row.version}, 0, ${row.at})
    on conflict (user_id) do update set
      address = excluded.address, bound_at = excluded.bound_at, version = excluded.version,
      new_when_bound = null, funded_by = null, checked_at = null, attempts = 0,
      next_check_at = excluded.next_check_at
    where w.address <> excluded.address`);
}

export async function forgetWallet(tx: Tx, userId: number): Promise<void> {
  await tx.delete(signalWallets).where(sql`${signalWallets.userId} = ${userId}`);
}

export type WalletFactsRow = typeof signalWallets.$inferSelect;

export async function walletOf(tx: Tx, userId: number): Promise<WalletFactsRow | undefined> {
  const [row] = await tx
    .select()
    .from(signalWallets)
    .where(sql`${signalWallets.userId} = ${userId}`);
  return row;
}

/** Up to `limit` wallets whose facts are due for a read at `now`, the longest waiting first. */
export async function walletsDue(tx: Tx, now: Date, limit: number): Promise<WalletFactsRow[]> {
  return tx
    .select()
    .from(signalWallets)
    .where(sql`${signalWallets.nextCheckAt} is not null and ${signalWallets.nextCheckAt} <= ${now}`)
    .orderBy(signalWallets.nextCheckAt)
    .limit(limit);
}

/**
 * What a read of the chain found (nulls left as they were), and when to read again (null: never,
 * the facts are complete or the reads are given up). Only while the row is still that binding.
 */
export async function saveWalletFacts(
  tx: Tx,
  key: { userId: number; address: string; boundAt: Date },
  facts: {
    version: string | null;
    newWhenBound: boolean | null;
    fundedBy: string | null;
    checkedAt: Date | null;
    attempts: number;
    nextCheckAt: Date | null;
  },
): Promise<void> {
  await tx.execute(sql`
    update ${signalWallets} set
      version = coalesce(${facts.version}, version),
      new_when_bound = coalesce(${facts.newWhenBound}, new_when_bound),
      funded_by = coalesce(${facts.fundedBy}, funded_by),
      checked_at = coalesce(${facts.checkedAt}, checked_at),
      attempts = ${facts.attempts},
      next_check_at = ${facts.nextCheckAt}
    where user_id = ${key.userId} and address = ${key.address} and bound_at = ${key.boundAt}`);
}

/** Players with a session that lasted until `since` or later. */
export async function sessionUsersSince(tx: Tx, since: Date): Promise<number[]> {
  const rows = await queryRows<{ user_id: string | number }>(
    tx,
    sql`select distinct user_id from ${signalSessions} where last_at >= ${since}`,
  );
  return rows.map((r) => Number(r.user_id));
}

export interface SessionRow {
  userId: number;
  startedAt: Date;
  lastAt: Date;
  net: string;
  device: string;
}

/** The sessions of `ids` that lasted until `since` or later, oldest first. */
export async function sessionsSince(tx: Tx, ids: readonly number[], since: Date): Promise<SessionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      userId: signalSessions.userId,
      startedAt: signalSessions.startedAt,
      lastAt: signalSessions.lastAt,
      net: signalSessions.net,
      device: signalSessions.device,
    })
    .from(signalSessions)
    .where(sql`${signalSessions.userId} = any(${idArray(ids)}) and ${signalSessions.lastAt} >= ${since}`)
    .orderBy(signalSessions.userId, signalSessions.startedAt, signalSessions.id);
}

export async function tapsOfPlayers(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      userId: signalTaps.userId,
      batches: signalTaps.batches,
      intervals: signalTaps.intervals,
      meanMs: signalTaps.meanMs,
      m2: signalTaps.m2,
    })
    .from(signalTaps)
    .where(sql`${signalTaps.userId} = any(${idArray(ids)})`);
}

export async function walletsOfPlayers(tx: Tx, ids: readonly number[]): Promise<WalletFactsRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(signalWallets)
    .where(sql`${signalWallets.userId} = any(${idArray(ids)})`);
}

/**
 * Deletes, `limit` rows at a time, the sessions that ended before `before`, the tap aggregates
 * last added to before it, and the wallet facts of bindings older than it whose player has no
 * session since. Returns how many rows went.
 */
export async function purgeBefore(tx: Tx, before: Date, limit: number): Promise<number> {
  let removed = 0;
  const batches = [
    sql`delete from ${signalSessions} where id in (
          select id from ${signalSessions} where last_at < ${before} limit ${limit})`,
    sql`delete from ${signalTaps} where user_id in (
          select user_id from ${signalTaps} where updated_at < ${before} limit ${limit})`,
    sql`delete from ${signalWallets} where user_id in (
          select w.user_id from ${signalWallets} w where w.bound_at < ${before} and not exists (
            select 1 from ${signalSessions} s where s.user_id = w.user_id and s.last_at >= ${before})
          limit ${limit})`,
  ];
  for (const statement of batches) {
    for (;;) {
      const rows = await queryRows<{ n: number }>(
        tx,
        sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
      );
      const n = Number(rows[0]?.n ?? 0);
      removed += n;
      if (n < limit) break;
    }
  }
  return removed;
}
