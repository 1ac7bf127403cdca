import { and, desc, eq, gt, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { economyEvents } from './ledger.schema.ts';
import { playersSql } from '../users/index.ts';
import { notBannedSql } from '../bans/index.ts';
import { DAY_MS, RESET_OFFSET_HOURS } from '@egg-rush/game/time';

/**
 * The ledger read for the console (modules/admin): a player's rows and what they received, the
 * dashboard's activity, and the suspicion report's patterns. Read only; the ledger's one write
 * path is ledger.write.ts.
 */

type Raw = Record<string, string | number | null>;

/** A page of a player's ledger, newest first, below row `before`. */
export async function ledgerPage(tx: Tx, id: number, before: number | undefined, limit: number) {
  return tx
    .select()
    .from(economyEvents)
    .where(
      before === undefined
        ? eq(economyEvents.userId, id)
        : and(eq(economyEvents.userId, id), lt(economyEvents.id, before)),
    )
    .orderBy(desc(economyEvents.id))
    .limit(limit);
}

/**
 * What a player received by the ledger's rows of `kind` (operators' adjustments) from `from`
 * (inclusive) to `to` (exclusive): credits only, coins and tickets each. Call it with the player's
 * row locked, so that adjustments of one player are counted one after the other.
 */
export async function ledgerCredits(
  tx: Tx,
  userId: number,
  kind: string,
  from: Date,
  to: Date,
): Promise<{ coins: number; tickets: number }> {
  const [row] = await queryRows<{ coins: string | number; tickets: string | number }>(
    tx,
    sql`select coalesce(sum(greatest(delta_coins, 0)), 0)::bigint as coins,
               coalesce(sum(greatest(delta_ticket, 0)), 0)::bigint as tickets
        from ${economyEvents}
        where user_id = ${userId} and kind = ${kind}
          and created_at >= ${from} and created_at < ${to}`,
  );
  return { coins: Number(row?.coins ?? 0), tickets: Number(row?.tickets ?? 0) };
}

/** Distinct players with a ledger row per UTC day since `since`. */
export async function dailyActive(tx: Tx, since: Date) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
               count(distinct user_id)::int as players
        from ${economyEvents} where created_at >= ${since} group by 1 order by 1`,
  );
  return rows.map((r) => ({ day: String(r.day), players: Number(r.players) }));
}

/** Taps credited per hour since `since` (hour start, ms). */
export async function tapsPerHour(tx: Tx, since: Date) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select (extract(epoch from date_trunc('hour', created_at)) * 1000)::bigint as hour,
               coalesce(sum(ref::bigint), 0)::bigint as taps
        from ${economyEvents} where kind = 'tap' and created_at >= ${since} group by 1 order by 1`,
  );
  return rows.map((r) => ({ hour: Number(r.hour), taps: Number(r.taps) }));
}

export async function ledgerByKind(tx: Tx, since: Date) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select kind,
               coalesce(sum(delta_coins) filter (where delta_coins > 0), 0)::bigint as issued,
               coalesce(-sum(delta_coins) filter (where delta_coins < 0), 0)::bigint as spent,
               coalesce(sum(delta_ticket), 0)::bigint as tickets
        from ${economyEvents} where created_at >= ${since} group by kind order by kind`,
  );
  return rows.map((r) => ({
    kind: String(r.kind),
    issued: Number(r.issued),
    spent: Number(r.spent),
    tickets: Number(r.tickets),
  }));
}

/**
 * Retention after `days`: of the players who joined between `from` and `to`, how many have a
 * ledger row of their own doing (not a sign-up or referral bonus) `days` or more after joining.
 */
export async function retention(tx: Tx, from: Date, to: Date, days: number, passive: readonly string[]) {
  const [row] = await queryRows<Raw>(
    tx,
    sql`select count(*)::int as cohort,
               count(*) filter (where exists (
                 select 1 from ${economyEvents} e
                 where e.user_id = u.id and e.created_at >= u.created_at + make_interval(days => ${days})
                   and e.kind not in ${passive}))::int as retained
        from ${playersSql} u where u.created_at >= ${from} and u.created_at < ${to}`,
  );
  return { cohort: Number(row?.cohort ?? 0), retained: Number(row?.retained ?? 0) };
}

/** Players with at least `minMinutes` minutes since `since` in which they were credited `capTaps` taps or more. */
export async function tapCappedPlayers(tx: Tx, since: Date, capTaps: number, minMinutes: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select user_id, count(*)::int as minutes, max(taps)::int as best
        from (select user_id, date_trunc('minute', created_at) as m, sum(ref::int) as taps
              from ${economyEvents} where kind = 'tap' and created_at >= ${since}
              group by 1, 2) per_minute
        where taps >= ${capTaps}
        group by user_id having count(*) >= ${minMinutes}`,
  );
  return rows.map((r) => ({ userId: Number(r.user_id), minutes: Number(r.minutes), best: Number(r.best) }));
}

/**
 * The invitees (joined since `since`) of inviters with at least `min` of them, and how many
 * actions (ledger rows not of the `passive` kinds) each took, counted up to `upTo`.
 */
export async function recentInvitees(
  tx: Tx,
  since: Date,
  min: number,
  passive: readonly string[],
  upTo: number,
) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select u.referrer_id, u.id, (extract(epoch from u.created_at) * 1000)::bigint as joined,
               (select count(*) from (select 1 from ${economyEvents} e
                                      where e.user_id = u.id and e.kind not in ${passive}
                                      limit ${upTo}) a)::int as actions
        from ${playersSql} u
        where u.created_at >= ${since} and u.referrer_id in (
          select referrer_id from ${playersSql} i
          where created_at >= ${since} and referrer_id is not null
          group by referrer_id having count(*) >= ${min})`,
  );
  return rows.map((r) => ({
    inviterId: Number(r.referrer_id),
    id: Number(r.id),
    joinedAt: Number(r.joined),
    actions: Number(r.actions),
  }));
}

/**
 * The hours (since the Unix epoch) in which each player acted since `since` (ledger rows not of the
 * `automatic` kinds), for the players active in at least `minHours` of them. One scan of the
 * window through the ledger's time index; one row per player.
 */
export async function activeHours(tx: Tx, since: Date, automatic: readonly string[], minHours: number) {
  const rows = await queryRows<Raw>(
    tx,
    sql`select user_id, array_agg(hour order by hour) as hours
        from (select user_id, floor(extract(epoch from created_at) / 3600)::bigint as hour
              from ${economyEvents} where created_at >= ${since} and kind not in ${automatic}
              group by 1, 2) h
        group by user_id having count(*) >= ${minHours}`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    hours: (r.hours as unknown as (string | number)[]).map(Number),
  }));
}

/**
 * Per player, the coins the ledger's rows of `kind` credited up to `at` (inclusive, as the
 * snapshot counts lifetime coins): credits only. Players without any are absent.
 */
export async function creditsOfKind(
  tx: Tx,
  userIds: readonly number[],
  kind: string,
  at: Date,
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: economyEvents.userId, coins: sql<string>`sum(${economyEvents.deltaCoins})::bigint` })
    .from(economyEvents)
    .where(
      and(
        inArray(economyEvents.userId, [...userIds]),
        eq(economyEvents.kind, kind),
        gt(economyEvents.deltaCoins, 0),
        lte(economyEvents.createdAt, at),
      ),
    )
    .groupBy(economyEvents.userId);
  return new Map(rows.map((r) => [Number(r.userId), Number(r.coins)]));
}

/**
 * Coins earned in a week, from the ledger: every row that credited coins between the week's
 * start and end, except the starting balance. Each credit of coins raises the lifetime score by
 * the same amount in the same transaction (the tap statement writes its 'tap' and 'income' rows
 * in the statement that pays them), so this is exactly the lifetime score gained in the week.
 * Banned players are left out: they are neither shown nor paid. A subquery (user_id, coins) for the
 * seasons' board (modules/seasons).
 */
export const weekEarnings = (startsAt: Date, endsAt: Date): SQL => sql`
  select user_id, sum(delta_coins)::bigint as coins
  from ${economyEvents}
  where created_at >= ${startsAt.toISOString()}::timestamptz and created_at < ${endsAt.toISOString()}::timestamptz
    and delta_coins > 0 and kind <> 'signup'
    and ${notBannedSql(sql`${economyEvents.userId}`)}
  group by user_id`;

/**
 * The coins an inviter earned for one friend (the `referral` rows naming the friend), as a
 * column of a query over players (modules/friends); `friendId` names the friend's id column
 * qualified, since inside the subquery an unqualified `id` is the ledger's own.
 */
export const referralEarned = (inviterId: number, friendId: SQL) => sql<number>`coalesce((
    select sum(e.delta_coins) from ${economyEvents} e
    where e.user_id = ${inviterId} and e.kind = 'referral' and e.ref = 'friend:' || ${friendId}::text
  ), 0)::bigint`;

/** The last ledger row's id (0: none). */
export async function lastLedgerId(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ id: string | number | null }>(
    tx,
    sql`select max(${economyEvents.id}) as id from ${economyEvents}`,
  );
  return Number(row?.id ?? 0);
}

/**
 * The ledger's rows with ids in (`afterId`, `uptoId`] as a query to select from (the analytics'
 * rollups fold them in): user_id, kind, delta_coins, created_at.
 */
export const ledgerRowsBetween = (afterId: number, uptoId: number): SQL =>
  sql`select ${economyEvents.userId} as user_id, ${economyEvents.kind} as kind,
             ${economyEvents.deltaCoins} as delta_coins, ${economyEvents.createdAt} as created_at
      from ${economyEvents} where ${economyEvents.id} > ${afterId} and ${economyEvents.id} <= ${uptoId}`;

// --- A player's history as of an instant (the airdrop snapshot and its fairness facts) ---------

/** A game day (time.ts, gameDay) of a ledger row's instant, in SQL. */
const gameDayOfRow = sql.raw(
  `floor((extract(epoch from created_at) * 1000 + ${RESET_OFFSET_HOURS * 3_600_000}) / ${DAY_MS})`,
);

/**
 * The coins credited to the player whose id is `id` (a column of the caller's query) up to `at`,
 * of `kind` or of every kind: a scalar subquery (0 without any).
 */
export const creditedUpToSql = (id: SQL, at: Date, kind?: string) => sql`coalesce((
  select sum(${economyEvents.deltaCoins}) from ${economyEvents}
  where ${economyEvents.userId} = ${id} and ${economyEvents.deltaCoins} > 0 and ${economyEvents.createdAt} <= ${at}
    ${kind === undefined ? sql`` : sql`and ${economyEvents.kind} = ${kind}`}), 0)::bigint`;

/**
 * The distinct game days up to `at` on which the player whose id is `id` has a ledger row of a
 * kind not in `passive` (their own action): a scalar subquery.
 */
export const activeDaysUpToSql = (id: SQL, at: Date, passive: readonly string[]) => sql`(
  select count(distinct ${gameDayOfRow}) from ${economyEvents}
  where ${economyEvents.userId} = ${id} and ${economyEvents.createdAt} <= ${at}
    and ${economyEvents.kind} not in ${passive})::int`;

/** The ledger rows of `kind` of the player whose id is `id` up to `at`: a scalar subquery. */
export const rowsOfKindUpToSql = (id: SQL, at: Date, kind: string) => sql`(
  select count(*) from ${economyEvents}
  where ${economyEvents.userId} = ${id} and ${economyEvents.kind} = ${kind} and ${economyEvents.createdAt} <= ${at})::int`;
