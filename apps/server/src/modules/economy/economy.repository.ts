import { eq, sql } from 'drizzle-orm';
import { ENERGY_REGEN_MS } from '@egg-rush/game/energy';
import type { EventSpan } from '@egg-rush/game/events';
import { INCOME_OFFLINE_CAP_MS } from '@egg-rush/game/income';
import { TAP_BURST, TAP_INTERVAL_MS, TAP_MAX_BATCH } from '@egg-rush/game/tap';
import { gameDay } from '@egg-rush/game/time';
import type { Database, Tx } from '../../db/client.ts';
import { users } from '../users/users.schema.ts';
import { REQUEST_IDS_KEPT, type UserRow } from '../users/index.ts';
import { eventsPaidFrom } from '../events/index.ts';
import { ledgerInsertSql } from '../ledger/index.ts';
import { tapTaskProgressSql } from '../tasks/index.ts';

const HOUR_MS = 3_600_000;

export interface TapRow {
  credited: number;
  earned: number;
  /** The running tap event's extra on `earned` (its own ledger row, kind 'event'); 0 without one. */
  extra: number;
  /** Passive income settled with the batch. */
  income: number;
  /** The income events' extra on `income` (ledger rows of kind 'event', one per event); 0 without. */
  incomeExtra: number;
  /** The balance after the batch. */
  coins: number;
  /** Lifetime score after the batch, for the Leader Board. */
  totalScore: number;
  energy: number;
  earnPerHour: number;
  incomeAt: number;
  /**
   * The batch's id was among the player's latest (users.request_ids): it was applied before and
   * nothing was written now; the other fields are 0.
   */
  repeated?: true;
}

/** One player's batch of taps, as the tap route received it. */
export interface TapBatch {
  userId: number;
  count: number;
  /** When it arrived (ms since the epoch): energy, pace and income settle at this instant. */
  now: number;
  /** The app's id of the batch (contract `batch`), recorded with it; none from older apps. */
  batch?: number | undefined;
  /**
   * The tap event running at `now` (modules/events), read by the server: the taps' coins pay
   * `percent` / 100 times, the extra in a ledger row of kind 'event' with the event's id.
   */
  event?: { id: number; percent: number } | null | undefined;
  /** One energy every this many ms (the active configuration's energy.regenMs; today's by default). */
  regenMs?: number | undefined;
  /**
   * The spans in which income events paid (modules/events incomeEvents): the income the batch
   * settles pays each one's extra for the time it spent in it, as incomeEventExtras in
   * packages/game/src/events.ts computes it.
   */
  incomeSpans?: readonly EventSpan[] | undefined;
}

/**
 * Credits the tap batches of several players in one statement (so one commit): locks their rows
 * in id order, settles each player's energy from energy_at (packages/game/src/energy.ts), takes
 * n = min(count, batch cap, energy div cost, GCRA allowance from tap_clock) as planTap() in
 * packages/game/src/tap.ts does, pays n * earnPerTap onto coins and totalScore, settles passive
 * income as settleIncome() in packages/game/src/income.ts does (so an active player never reaches
 * the offline cap), appends each player's aggregate 'tap' ledger row and 'income' row, and counts
 * the taps towards the daily tap task (as recordTaskProgress in modules/tasks/tasks.progress.ts
 * does). Each batch keeps its own instant and game day. A batch with an id (`batch`) records it in
 * users.request_ids; one whose id is there already is a repeat and credits nothing.
 *
 * At most one batch per player: the caller (tap.writer.ts) sends a player's later batches in a
 * later statement, so they apply in order. The answer maps each player whose batch credited at
 * least one tap to their new row, and each repeated batch's player to a row with `repeated`; a
 * player who could not tap is absent (nothing is written for them). A named statement: the hottest write is planned once per connection.
 */
export async function applyTapBatches(
  database: Database,
  batches: readonly TapBatch[],
): Promise<Map<number, TapRow>> {
  const seen = new Set<number>();
  const input = batches.map((b) => {
    if (seen.has(b.userId)) throw new Error(`two tap batches of player ${b.userId} in one statement`);
    seen.add(b.userId);
    return {
      id: b.userId,
      t: b.now,
      want: Math.max(0, Math.min(Math.floor(b.count), TAP_MAX_BATCH)),
      day: gameDay(b.now),
      batch: b.batch ?? null,
      ev: b.event?.id ?? null,
      pct: b.event ? Math.max(100, Math.floor(b.event.percent)) : 100,
      rg: Math.max(1, Math.floor(b.regenMs ?? ENERGY_REGEN_MS)),
      isp: (b.incomeSpans ?? []).map((span) => ({
        ev: span.id,
        pct: Math.max(100, Math.floor(span.percent)),
        s: span.startsAt,
        e: span.stopsAt,
      })),
    };
  });
  const rows = await database.prepared<Record<string, string | number>>('apply_tap_batches', TAP_STATEMENT, [
    JSON.stringify(input),
  ]);
  const out = new Map<number, TapRow>();
  for (const row of rows) {
    if (row.repeated) {
      out.set(Number(row.id), { ...REPEATED_ROW });
      continue;
    }
    out.set(Number(row.id), {
      credited: Number(row.credited),
      earned: Number(row.earned),
      extra: Number(row.extra),
      income: Number(row.income),
      incomeExtra: Number(row.income_extra),
      coins: Number(row.coins),
      totalScore: Number(row.total_score),
      energy: Number(row.energy),
      earnPerHour: Number(row.earn_per_hour),
      incomeAt: Number(row.income_at_ms),
    });
  }
  return out;
}

const REPEATED_ROW: TapRow = {
  credited: 0,
  earned: 0,
  extra: 0,
  income: 0,
  incomeExtra: 0,
  coins: 0,
  totalScore: 0,
  energy: 0,
  earnPerHour: 0,
  incomeAt: 0,
  repeated: true,
};

/** One player's batch alone (one statement, one commit); null when no tap could be credited. */
export async function applyTaps(
  database: Database,
  userId: number,
  count: number,
  now: Date,
): Promise<TapRow | null> {
  const rows = await applyTapBatches(database, [{ userId, count, now: now.getTime() }]);
  return rows.get(userId) ?? null;
}

/**
 * applyTapBatches' statement. $1 is a JSON array of batches: id (player), t (now, ms), want
 * (taps asked, already capped at the batch size), day (the game day: the daily tasks' period),
 * batch (the app's id of the batch, or null), ev and pct (the running tap event's id and its
 * multiplier in hundredths, 100 without one: the extra is floor(earned × (pct − 100) / 100)),
 * isp the income events' spans (ev, pct, s and e: [s, e) in ms): the settled income's span
 * [i_start, i_at) pays each floor(overlap × eph × (pct − 100) / (100 × 1 h)) more, as
 * incomeEventExtras in packages/game/src/events.ts.
 */
const TAP_STATEMENT = `
    with r as (
      select * from jsonb_to_recordset($1::jsonb) as r(id bigint, t bigint, want bigint, day int, batch bigint, ev int, pct bigint, rg bigint, isp jsonb)
    ), u as (
      select users.id, energy, max_energy, earn_per_tap, lose_energy_per_tap, earn_per_hour::bigint as eph,
             (extract(epoch from income_at) * 1000)::bigint as income_at_ms,
             (extract(epoch from energy_at) * 1000)::bigint as energy_at_ms,
             (extract(epoch from tap_clock) * 1000)::bigint as tap_clock_ms,
             r.t, r.want, r.day, timestamptz 'epoch' + r.t * interval '1 millisecond' as at,
             r.batch, coalesce(r.batch = any(users.request_ids), false) as repeated, r.ev, r.pct, r.rg, r.isp
      from users join r on r.id = users.id
      order by users.id
      for update of users
    ), g as (
      select u.*, greatest(0, (t - energy_at_ms) / rg) as gained,
             greatest(income_at_ms, t - ${INCOME_OFFLINE_CAP_MS}) as i_start
      from u
    ), i as (
      select g.*,
        case when t <= income_at_ms or eph <= 0 then 0
             else (t - i_start) * eph / ${HOUR_MS} end as income
      from g
    ), s as (
      select i.*,
        case when energy >= max_energy then energy
             else least(max_energy::bigint, energy + gained) end as e_now,
        case when energy + gained >= max_energy then t
             else energy_at_ms + gained * rg end as e_at,
        case when t <= income_at_ms then income_at_ms
             when eph <= 0 then t
             else least(t, i_start + (income * ${HOUR_MS} + eph - 1) / eph) end as i_at,
        greatest(0, (t + ${TAP_BURST * TAP_INTERVAL_MS}
                     - greatest(tap_clock_ms, t)) / ${TAP_INTERVAL_MS}) as allowance
      from i
    ), n as (
      select s.*, case when repeated then 0
                       else least(want,
                                  case when lose_energy_per_tap > 0 then e_now / lose_energy_per_tap else 0 end,
                                  allowance) end as n
      from s
    ), x0 as (
      select n.*, n.n * n.earn_per_tap * (n.pct - 100) / 100 as extra from n
    ), ie as (
      select x0.id, sp.ev, x0.at,
             sum(greatest(0, least(x0.i_at, sp.e) - greatest(x0.i_start, sp.s)) * x0.eph * (sp.pct - 100)
                 / ${100 * HOUR_MS}) as extra
      from x0 cross join lateral jsonb_to_recordset(coalesce(x0.isp, '[]'::jsonb))
           as sp(ev int, pct bigint, s bigint, e bigint)
      where x0.n > 0 and x0.eph > 0 and x0.t > x0.income_at_ms
      group by x0.id, sp.ev, x0.at
    ), x as (
      select x0.*, coalesce((select sum(ie.extra) from ie where ie.id = x0.id and ie.extra > 0), 0) as income_extra
      from x0
    ), upd as (
      update users set
        energy = n.e_now - n.n * n.lose_energy_per_tap,
        energy_at = to_timestamp(n.e_at / 1000.0),
        tap_clock = to_timestamp((greatest(n.tap_clock_ms, n.t) + n.n * ${TAP_INTERVAL_MS}) / 1000.0),
        income_at = to_timestamp(n.i_at / 1000.0),
        coins = users.coins + n.n * n.earn_per_tap + n.extra + n.income + n.income_extra,
        total_score = users.total_score + n.n * n.earn_per_tap + n.extra + n.income + n.income_extra,
        request_ids = case when n.batch is null then users.request_ids
                           else (n.batch || users.request_ids)[1:${REQUEST_IDS_KEPT}] end
      from x as n
      where users.id = n.id and n.n > 0
      returning users.id, n.n as credited, n.n * n.earn_per_tap as earned, n.extra, n.ev, n.income,
                n.income_extra, users.coins,
                users.total_score, users.energy, users.earn_per_hour,
                (extract(epoch from users.income_at) * 1000)::bigint as income_at_ms, n.day, n.at
    ), ledger as (
      ${ledgerInsertSql(`select id, 'tap', earned, credited::text, at from upd where earned <> 0
      union all
      select id, 'income', income, null, at from upd where income <> 0
      union all
      select id, 'event', extra, ev::text, at from upd where extra <> 0
      union all
      select id, 'event', extra, ev::text, at from ie where extra > 0`)}
    ), event_paid as (${eventsPaidFrom('(select ev, extra from upd union all select ev, extra from ie) as paid')}
    )${tapTaskProgressSql('upd')}
    select id, credited, earned, extra, income, income_extra, coins, total_score, energy, earn_per_hour,
           income_at_ms, false as repeated
    from upd
    union all
    select id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, true from n where repeated`;

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
export async function applyBoost(tx: Tx, userId: number, w: BoostWrite): Promise<UserRow | null> {
  const [row] = await tx
    .update(users)
    .set({
      coins: sql`${users.coins} - ${w.cost}`,
      energy: w.energy,
      energyAt: w.energyAt,
      maxEnergy: w.maxEnergy,
      earnPerHour: w.earnPerHour,
      earnPerTap: w.earnPerTap,
      loseEnergyPerTap: w.loseEnergyPerTap,
      boosts: w.boosts,
      touchIncomeLevel: w.touchIncomeLevel,
      energyCapacityLevel: w.energyCapacityLevel,
      refillDay: w.refillDay,
      refillCount: w.refillCount,
    })
    .where(sql`${users.id} = ${userId} and ${users.coins} >= ${w.cost}`)
    .returning();
  return row ?? null;
}

/** Opens one chest and pays its prize, if the player still has a chest. */
export async function applyChest(
  tx: Tx,
  userId: number,
  prize: { coins: number; ticket: number },
): Promise<UserRow | null> {
  const [row] = await tx
    .update(users)
    .set({
      chests: sql`${users.chests} - 1`,
      coins: sql`${users.coins} + ${prize.coins}`,
      totalScore: sql`${users.totalScore} + ${prize.coins}`,
      ticket: sql`${users.ticket} + ${prize.ticket}`,
    })
    .where(sql`${users.id} = ${userId} and ${users.chests} > 0`)
    .returning();
  return row ?? null;
}

export async function chestCount(tx: Tx, userId: number): Promise<number | undefined> {
  const [row] = await tx.select({ n: users.chests }).from(users).where(eq(users.id, userId));
  return row?.n;
}
