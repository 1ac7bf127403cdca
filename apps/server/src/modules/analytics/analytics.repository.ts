import { sql, type SQL } from 'drizzle-orm';
import { OWN_ACTION_KIND_PREFIXES, OWN_ACTION_KINDS } from '@egg-rush/game/analytics';
import { RESET_OFFSET_HOURS } from '@egg-rush/game/time';
import { queryRows, type Tx } from '../../db/client.ts';
import { ledgerReads } from '../ledger/index.ts';
import {
  analyticsActivity,
  analyticsCohorts,
  analyticsDays,
  analyticsEconomy,
  analyticsNewPlayers,
  analyticsPlayers,
  analyticsRevenue,
  analyticsWatermark,
} from './analytics.schema.ts';

type Raw = Record<string, string | number | null>;
/** The row's columns `keys` as numbers (bigint and numeric columns are read as text). */
const numbers = <K extends string>(r: Raw, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, Number(r[k])])) as Record<K, number>;

/** Noted rows counted per statement (the rest at the next run): each statement stays short. */
const COUNT_LIMIT = 100_000;

/** Old active player-days deleted per statement (the job loops until none is left). */
export const PRUNE_LIMIT = 50_000;

/** A batch row of the player's own action (game/analytics.ts isOwnActionKind), in SQL. */
const OWN_ACTION = sql`(kind in ${[...OWN_ACTION_KINDS]} ${sql.join(
  OWN_ACTION_KIND_PREFIXES.map((p) => sql` or (kind like ${`${p}%`} and length(kind) > ${p.length})`),
)})`;

/** The game day of a timestamp column, in SQL (game/time.ts gameDay). */
const gameDayOf = (column: SQL) =>
  sql`floor((extract(epoch from ${column}) * 1000 + ${RESET_OFFSET_HOURS * 3_600_000}) / 86400000)::int`;

/** The funnel bits of a facts row (FUNNEL_STEPS order: launch, tap, daily, wallet, purchase). */
const STEP_BITS = sql`(1 + (case when p.tap_day is not null then 2 else 0 end)
  + (case when p.daily_day is not null then 4 else 0 end)
  + (case when p.wallet_day is not null then 8 else 0 end)
  + (case when p.purchase_day is not null then 16 else 0 end))::smallint`;

/** The watermark row, locked for this transaction (created at 0 on the first run). */
export async function lockWatermark(tx: Tx) {
  await tx.execute(
    sql`insert into ${analyticsWatermark} (id, done_id, seen_id, seen_at) values (1, 0, 0, to_timestamp(0))
        on conflict (id) do nothing`,
  );
  const [row] = await queryRows<Raw>(
    tx,
    sql`select done_id, seen_id, (extract(epoch from seen_at) * 1000)::bigint as seen_at
        from ${analyticsWatermark} where id = 1 for update`,
  );
  return { doneId: Number(row?.done_id), seenId: Number(row?.seen_id), seenAt: Number(row?.seen_at) };
}

export async function saveWatermark(tx: Tx, w: { doneId: number; seenId: number; seenAt: number }) {
  await tx.execute(
    sql`update ${analyticsWatermark} set done_id = ${w.doneId}, seen_id = ${w.seenId},
          seen_at = ${new Date(w.seenAt)} where id = 1`,
  );
}

export const lastLedgerId = (tx: Tx) => ledgerReads.lastLedgerId(tx);

/**
 * The first game day whose ledger rows may not all be folded in yet (null: nothing folded): every
 * day before it is complete in the rollups and the active player-days (an A/B test settles its
 * players' retention only then). From the time of the last rows folded, less a minute: a write
 * still open then may hold an earlier time under a later id (a transaction lasts seconds at most).
 */
export async function foldedBeforeDay(tx: Tx): Promise<number | null> {
  const [w] = await queryRows<Raw>(tx, sql`select done_id from ${analyticsWatermark} where id = 1`);
  const doneId = Number(w?.done_id ?? 0);
  if (doneId <= 0) return null;
  // The last rows folded (ids have gaps: a window, not the one id).
  const [row] = await queryRows<Raw>(
    tx,
    sql`select ${gameDayOf(sql`max(r.created_at) - interval '1 minute'`)} as day
        from (${ledgerReads.ledgerRowsBetween(Math.max(0, doneId - 1_000), doneId)}) r`,
  );
  return row?.day === null || row?.day === undefined ? null : Number(row.day);
}

/**
 * Folds the ledger's rows with ids in (`afterId`, `uptoId`] into the rollups, in the caller's
 * transaction: the players' first days (signup rows) and first steps, the days' activity (rows of
 * the player's own action only, and the cohorts' retention), the coins per day and kind.
 */
export async function foldLedgerRows(tx: Tx, afterId: number, uptoId: number): Promise<void> {
  await tx.execute(sql`drop table if exists analytics_batch`);
  await tx.execute(
    sql`create temp table analytics_batch on commit drop as
        select r.user_id, r.kind, r.delta_coins, ${gameDayOf(sql`r.created_at`)} as day
        from (${ledgerReads.ledgerRowsBetween(afterId, uptoId)}) r`,
  );
  // A temporary table has no statistics until analyzed: the plans below need its size.
  await tx.execute(sql`analyze analytics_batch`);
  // Players first seen by their signup row (before analytics, or a launch note lost).
  await tx.execute(
    sql`insert into ${analyticsPlayers} (user_id, first_day)
        select user_id, min(day) from analytics_batch where kind = 'signup' group by user_id
        on conflict (user_id) do nothing`,
  );
  await tx.execute(
    sql`update ${analyticsPlayers} p set
          tap_day = coalesce(p.tap_day, s.tap), daily_day = coalesce(p.daily_day, s.daily),
          purchase_day = coalesce(p.purchase_day, s.purchase), pending = true
        from (select user_id, min(day) filter (where kind = 'tap') as tap,
                     min(day) filter (where kind = 'daily') as daily,
                     min(day) filter (where kind = 'purchase') as purchase
              from analytics_batch where kind in ('tap', 'daily', 'purchase') group by user_id) s
        where p.user_id = s.user_id
          and ((p.tap_day is null and s.tap is not null) or (p.daily_day is null and s.daily is not null)
               or (p.purchase_day is null and s.purchase is not null))`,
  );
  await countFacts(tx);
  await countActivity(
    tx,
    sql`insert into ${analyticsActivity} (user_id, day, counted)
        select distinct user_id, day, true from analytics_batch where ${OWN_ACTION}
        on conflict (day, user_id) do nothing returning user_id, day`,
  );
  await tx.execute(
    sql`insert into ${analyticsEconomy} (day, kind, created, spent)
        select day, kind, coalesce(sum(delta_coins) filter (where delta_coins > 0), 0),
               coalesce(-sum(delta_coins) filter (where delta_coins < 0), 0)
        from analytics_batch where delta_coins <> 0 group by day, kind
        on conflict (day, kind) do update set created = ${analyticsEconomy.created} + excluded.created,
          spent = ${analyticsEconomy.spent} + excluded.spent`,
  );
}

/**
 * Deletes up to `limit` counted active player-days before `beforeDay` (by the primary key's day
 * range); returns how many. They are looked up as they are counted, and by the A/B tests
 * (activeOnSql): an experiment settles its players' D1 and D7 (modules/experiments) a day or two
 * after the day, well within ACTIVITY_KEPT_DAYS, and reads no pruned day again.
 */
export async function pruneActivity(tx: Tx, beforeDay: number, limit = PRUNE_LIMIT): Promise<number> {
  const rows = await queryRows<Raw>(
    tx,
    sql`with d as (
          delete from ${analyticsActivity} where (day, user_id) in (
            select day, user_id from ${analyticsActivity} where day < ${beforeDay} and counted limit ${limit})
          returning 1)
        select count(*)::int as n from d`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Counts what the launches noted and the job has not counted yet (new steps, new active days). */
export async function countNoted(tx: Tx): Promise<void> {
  await countFacts(tx);
  await countActivity(
    tx,
    sql`update ${analyticsActivity} set counted = true
        where (user_id, day) in (
          select user_id, day from ${analyticsActivity} where not counted limit ${COUNT_LIMIT})
        returning user_id, day`,
  );
}

/**
 * Counts the facts rows with a step not counted yet: the cohort's size and funnel steps, the new
 * players by source, language and platform.
 */
async function countFacts(tx: Tx): Promise<void> {
  await tx.execute(
    sql`with c as (
          update ${analyticsPlayers} p set counted = ${STEP_BITS}, pending = false
          from (select user_id, counted as old from ${analyticsPlayers} where pending limit ${COUNT_LIMIT}) o
          where p.user_id = o.user_id
          returning p.first_day, p.source, p.language, p.platform, p.counted as bits, o.old
        ),
        n as (
          insert into ${analyticsNewPlayers} (day, dimension, value, players)
          select first_day, dimension, value, count(*) from (
            select first_day, 'source' as dimension, coalesce(source, 'unknown') as value from c where old & 1 = 0
            union all
            select first_day, 'language', coalesce(language, 'unknown') from c where old & 1 = 0
            union all
            select first_day, 'platform', coalesce(platform, 'unknown') from c where old & 1 = 0
          ) d group by first_day, dimension, value
          on conflict (day, dimension, value) do update
            set players = ${analyticsNewPlayers.players} + excluded.players
          returning 1
        )
        insert into ${analyticsCohorts} (day, size, tapped, claimed, wallets, purchased)
        select first_day,
               count(*) filter (where bits & 1 <> 0 and old & 1 = 0),
               count(*) filter (where bits & 2 <> 0 and old & 2 = 0),
               count(*) filter (where bits & 4 <> 0 and old & 4 = 0),
               count(*) filter (where bits & 8 <> 0 and old & 8 = 0),
               count(*) filter (where bits & 16 <> 0 and old & 16 = 0)
        from c group by first_day
        on conflict (day) do update set size = ${analyticsCohorts.size} + excluded.size,
          tapped = ${analyticsCohorts.tapped} + excluded.tapped,
          claimed = ${analyticsCohorts.claimed} + excluded.claimed,
          wallets = ${analyticsCohorts.wallets} + excluded.wallets,
          purchased = ${analyticsCohorts.purchased} + excluded.purchased`,
  );
}

/** Counts newly active player-days (`rows` returns user_id, day): the day's actives, the cohorts' retention. */
async function countActivity(tx: Tx, rows: SQL): Promise<void> {
  await tx.execute(
    sql`with a as (${rows}),
        d as (
          insert into ${analyticsDays} (day, active) select day, count(*) from a group by day
          on conflict (day) do update set active = ${analyticsDays.active} + excluded.active
          returning 1
        ),
        r as (
          select p.first_day, a.day - p.first_day as n from a join ${analyticsPlayers} p using (user_id)
          where a.day - p.first_day in (1, 7, 30)
        )
        insert into ${analyticsCohorts} (day, d1, d7, d30)
        select first_day, count(*) filter (where n = 1), count(*) filter (where n = 7),
               count(*) filter (where n = 30)
        from r group by first_day
        on conflict (day) do update set d1 = ${analyticsCohorts.d1} + excluded.d1,
          d7 = ${analyticsCohorts.d7} + excluded.d7, d30 = ${analyticsCohorts.d30} + excluded.d30`,
  );
}

/** A launch: the player's facts (first launch only) and their active day; counted by the job. */
export async function insertLaunch(
  tx: Tx,
  launch: { userId: number; day: number; source: string; language: string | null; platform: string | null },
): Promise<void> {
  await tx.execute(
    sql`insert into ${analyticsPlayers} (user_id, first_day, source, language, platform)
        values (${launch.userId}, ${launch.day}, ${launch.source}, ${launch.language}, ${launch.platform})
        on conflict (user_id) do nothing`,
  );
  await tx.execute(
    sql`insert into ${analyticsActivity} (user_id, day) values (${launch.userId}, ${launch.day})
        on conflict (day, user_id) do nothing`,
  );
}

export async function markWalletBound(tx: Tx, userId: number, day: number): Promise<void> {
  await tx.execute(
    sql`update ${analyticsPlayers} set wallet_day = ${day}, pending = true
        where user_id = ${userId} and wallet_day is null`,
  );
}

export async function addRevenue(
  tx: Tx,
  row: { day: number; stars: number; payments: number; refunded: number },
): Promise<void> {
  await tx.execute(
    sql`insert into ${analyticsRevenue} (day, stars, payments, refunded)
        values (${row.day}, ${row.stars}, ${row.payments}, ${row.refunded})
        on conflict (day) do update set stars = ${analyticsRevenue.stars} + excluded.stars,
          payments = ${analyticsRevenue.payments} + excluded.payments,
          refunded = ${analyticsRevenue.refunded} + excluded.refunded`,
  );
}

// Reads: a few hundred rows at most, by primary key ranges.

export async function cohortRows(tx: Tx, from: number, to: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select day, size, d1, d7, d30, tapped, claimed, wallets, purchased from ${analyticsCohorts}
        where day between ${from} and ${to} order by day`,
  );
  return rows.map((r) =>
    numbers(r, ['day', 'size', 'd1', 'd7', 'd30', 'tapped', 'claimed', 'wallets', 'purchased']),
  );
}

export async function funnelSums(tx: Tx, from: number, to: number) {
  const [r] = await queryRows<Raw>(
    tx,
    sql`select coalesce(sum(size), 0)::bigint as launch, coalesce(sum(tapped), 0)::bigint as tap,
               coalesce(sum(claimed), 0)::bigint as daily, coalesce(sum(wallets), 0)::bigint as wallet,
               coalesce(sum(purchased), 0)::bigint as purchase
        from ${analyticsCohorts} where day between ${from} and ${to}`,
  );
  return {
    launch: Number(r?.launch ?? 0),
    tap: Number(r?.tap ?? 0),
    daily: Number(r?.daily ?? 0),
    wallet: Number(r?.wallet ?? 0),
    purchase: Number(r?.purchase ?? 0),
  };
}

export async function economyRows(tx: Tx, from: number, to: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select day, kind, created, spent from ${analyticsEconomy}
        where day between ${from} and ${to} order by day, kind`,
  );
  return rows.map((r) => ({ ...numbers(r, ['day', 'created', 'spent']), kind: String(r.kind) }));
}

export async function activeRows(tx: Tx, from: number, to: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select day, active from ${analyticsDays} where day between ${from} and ${to} order by day`,
  );
  return rows.map((r) => numbers(r, ['day', 'active']));
}

export async function newPlayerRows(tx: Tx, from: number, to: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select day, dimension, value, players from ${analyticsNewPlayers}
        where day between ${from} and ${to} order by day, dimension, value`,
  );
  return rows.map((r) => ({
    ...numbers(r, ['day', 'players']),
    dimension: String(r.dimension),
    value: String(r.value),
  }));
}

export async function revenueRows(tx: Tx, from: number, to: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select day, stars, payments, refunded from ${analyticsRevenue}
        where day between ${from} and ${to} order by day`,
  );
  return rows.map((r) => numbers(r, ['day', 'stars', 'payments', 'refunded']));
}

/**
 * Whether a player was active on a game day, in SQL over another module's rows (an A/B test's
 * players): `userId` and `day` are that query's expressions. Reads the active player-days, kept
 * ACTIVITY_KEPT_DAYS: a day older than that reads false; a day not folded in yet (foldedBeforeDay)
 * may read false while the player was active.
 */
export function activeOnSql(userId: SQL, day: SQL): SQL {
  return sql`exists (select 1 from ${analyticsActivity} a where a.day = ${day} and a.user_id = ${userId})`;
}
