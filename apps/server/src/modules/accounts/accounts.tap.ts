import { createHash } from 'node:crypto';
import { ENERGY_REGEN_MS } from '@egg-rush/game/energy';
import type { EventSpan } from '@egg-rush/game/events';
import { INCOME_OFFLINE_CAP_MS } from '@egg-rush/game/income';
import { TAP_BURST, TAP_INTERVAL_MS, TAP_MAX_BATCH } from '@egg-rush/game/tap';
import { gameDay } from '@egg-rush/game/time';
import type { Database } from '../../db/client.ts';
import { ledgerInsertSql } from '../ledger/index.ts';
import { REQUEST_IDS_KEPT } from './accounts.repository.ts';

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
   * The batch's id was among the player's latest (accounts.request_ids): it was applied before and
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
 * the offline cap) and appends each player's aggregate 'tap' ledger row and 'income' row. Each
 * batch keeps its own instant and game day. `follows` adds what follows the taps in the same
 * statement (modules/economy: the events' totals, the daily tap task): common table expressions,
 * each starting with a comma, that may read `upd` (a row per player credited: id, credited,
 * earned, extra, ev, income, income_extra, coins, total_score, day, at) and `ie` (the income
 * events' extras: id, ev, at, extra). A batch with an id (`batch`) records it in
 * accounts.request_ids; one whose id is there already is a repeat and credits nothing.
 *
 * At most one batch per player: the caller (tap.writer.ts) sends a player's later batches in a
 * later statement, so they apply in order. The answer maps each player whose batch credited at
 * least one tap to their new row, and each repeated batch's player to a row with `repeated`; a
 * player who could not tap is absent (nothing is written for them). A named statement: the hottest write is planned once per connection.
 */
export async function applyTapBatches(
  database: Database,
  batches: readonly TapBatch[],
  follows: string,
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
  const rows = await database.prepared<Record<string, string | number>>(...tapStatement(follows), [
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

/**
 * applyTapBatches' statement. $1 is a JSON array of batches: id (player), t (now, ms), want
 * (taps asked, already capped at the batch size), day (the game day: the daily tasks' period),
 * batch (the app's id of the batch, or null), ev and pct (the running tap event's id and its
 * multiplier in hundredths, 100 without one: the extra is floor(earned × (pct − 100) / 100)),
 * isp the income events' spans (ev, pct, s and e: [s, e) in ms): the settled income's span
 * [i_start, i_at) pays each floor(overlap × eph × (pct − 100) / (100 × 1 h)) more, as
 * incomeEventExtras in packages/game/src/events.ts.
 */
const tapStatementText = (follows: string) => `
    with r as (
      select * from jsonb_to_recordset($1::jsonb) as r(id bigint, t bigint, want bigint, day int, batch bigint, ev int, pct bigint, rg bigint, isp jsonb)
    ), u as (
      select accounts.user_id as id, energy, max_energy, earn_per_tap, lose_energy_per_tap, earn_per_hour::bigint as eph,
             (extract(epoch from income_at) * 1000)::bigint as income_at_ms,
             (extract(epoch from energy_at) * 1000)::bigint as energy_at_ms,
             (extract(epoch from tap_clock) * 1000)::bigint as tap_clock_ms,
             r.t, r.want, r.day, timestamptz 'epoch' + r.t * interval '1 millisecond' as at,
             r.batch, coalesce(r.batch = any(accounts.request_ids), false) as repeated, r.ev, r.pct, r.rg, r.isp
      from accounts join r on r.id = accounts.user_id
      order by accounts.user_id
      for update of accounts
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
      update accounts set
        energy = n.e_now - n.n * n.lose_energy_per_tap,
        energy_at = to_timestamp(n.e_at / 1000.0),
        tap_clock = to_timestamp((greatest(n.tap_clock_ms, n.t) + n.n * ${TAP_INTERVAL_MS}) / 1000.0),
        income_at = to_timestamp(n.i_at / 1000.0),
        coins = accounts.coins + n.n * n.earn_per_tap + n.extra + n.income + n.income_extra,
        total_score = accounts.total_score + n.n * n.earn_per_tap + n.extra + n.income + n.income_extra,
        request_ids = case when n.batch is null then accounts.request_ids
                           else (n.batch || accounts.request_ids)[1:${REQUEST_IDS_KEPT}] end
      from x as n
      where accounts.user_id = n.id and n.n > 0
      returning accounts.user_id as id, n.n as credited, n.n * n.earn_per_tap as earned, n.extra, n.ev, n.income,
                n.income_extra, accounts.coins,
                accounts.total_score, accounts.energy, accounts.earn_per_hour,
                (extract(epoch from accounts.income_at) * 1000)::bigint as income_at_ms, n.day, n.at
    ), ledger as (
      ${ledgerInsertSql(`select id, 'tap', earned, credited::text, at from upd where earned <> 0
      union all
      select id, 'income', income, null, at from upd where income <> 0
      union all
      select id, 'event', extra, ev::text, at from upd where extra <> 0
      union all
      select id, 'event', extra, ev::text, at from ie where extra > 0`)}
    )${follows}
    select id, credited, earned, extra, income, income_extra, coins, total_score, energy, earn_per_hour,
           income_at_ms, false as repeated
    from upd
    union all
    select id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, true from n where repeated`;

/**
 * The statement with `follows`, and its name, built once each: a named statement is prepared once
 * per connection, so each text has a name of its own.
 */
const statements = new Map<string, [string, string]>();
function tapStatement(follows: string): [string, string] {
  let statement = statements.get(follows);
  if (!statement) {
    const text = tapStatementText(follows);
    statement = [`apply_tap_batches_${createHash('sha256').update(text).digest('hex').slice(0, 12)}`, text];
    statements.set(follows, statement);
  }
  return statement;
}
