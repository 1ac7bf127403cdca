import { eq, sql } from 'drizzle-orm';
import { ENERGY_REGEN_MS } from '@egg-rush/game/energy';
import { INCOME_OFFLINE_CAP_MS } from '@egg-rush/game/income';
import { TAP_BURST, TAP_INTERVAL_MS, TAP_MAX_BATCH } from '@egg-rush/game/tap';
import { tasksForAction } from '@egg-rush/game/tasks';
import { gameDay } from '@egg-rush/game/time';
import type { Database, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from '../users/users.repository.ts';

const HOUR_MS = 3_600_000;

export interface TapRow {
  credited: number;
  earned: number;
  /** Passive income settled with the batch. */
  income: number;
  onion: number;
  /** Lifetime score after the batch, for the Leader Board. */
  totalScore: number;
  energy: number;
  earnPerHour: number;
  incomeAt: number;
}

/**
 * Credits a batch of taps in one statement: locks the row, settles energy from energy_at
 * (packages/game/src/energy.ts), takes n = min(count, batch cap, energy div cost, GCRA allowance
 * from tap_clock) as planTap() in packages/game/src/tap.ts does, pays n * earnPerTap onto onion
 * and totalScore, settles passive income as settleIncome() in packages/game/src/income.ts does
 * (so an active player never reaches the offline cap), appends one aggregate 'tap' ledger row
 * and one 'income' row, and counts the taps towards the daily tap task (as recordTaskProgress in
 * modules/tasks/tasks.progress.ts does): one statement, one commit. Null when no tap could be
 * credited (nothing is written then). A named statement: the hottest write is planned once per
 * connection.
 */
export async function applyTaps(
  database: Database,
  userId: number,
  count: number,
  now: Date,
): Promise<TapRow | null> {
  const [row] = await database.prepared<Record<string, string | number>>('apply_taps', TAP_STATEMENT, [
    userId,
    now.getTime(),
    Math.min(count, TAP_MAX_BATCH),
    now.toISOString(),
    gameDay(now.getTime()),
  ]);
  if (!row) return null;
  return {
    credited: Number(row.credited),
    earned: Number(row.earned),
    income: Number(row.income),
    onion: Number(row.onion),
    totalScore: Number(row.total_score),
    energy: Number(row.energy),
    earnPerHour: Number(row.earn_per_hour),
    incomeAt: Number(row.income_at_ms),
  };
}

/**
 * The daily tasks counting taps, as statements of the tap statement: the count grows by the taps
 * credited, capped at the target (a finished count is not rewritten). Targets and names are
 * constants of the catalogue (packages/game/src/tasks.ts), written into the text.
 */
const TAP_TASK_PROGRESS = tasksForAction('tap')
  .map((task, i) => {
    if (!/^\w+$/.test(task.taskName) || task.taskType !== 'daily')
      throw new Error(`tap task ${task.taskName}`);
    const target = Math.floor(task.targetCount);
    return `, tap_task_${i} as (
      insert into task_progress as p (user_id, task_name, period, process_count, completed, updated_at)
      select id, '${task.taskName}', $5::int, least(${target}, credited), credited >= ${target}, $4::timestamptz
      from upd
      on conflict (user_id, task_name, period) do update
        set process_count = least(${target}, p.process_count + excluded.process_count),
            completed = p.completed or p.process_count + excluded.process_count >= ${target},
            updated_at = excluded.updated_at
        where p.process_count < ${target}
    )`;
  })
  .join('');

/**
 * applyTaps' statement: $1 user id, $2 now (ms), $3 taps wanted, $4 now (timestamptz), $5 the
 * game day (the daily tasks' period).
 */
const TAP_STATEMENT = `
    with u as (
      select id, energy, max_energy, earn_per_tap, lose_energy_per_tap, earn_per_hour::bigint as eph,
             (extract(epoch from income_at) * 1000)::bigint as income_at_ms,
             (extract(epoch from energy_at) * 1000)::bigint as energy_at_ms,
             (extract(epoch from tap_clock) * 1000)::bigint as tap_clock_ms
      from users where id = $1 for update
    ), g as (
      select u.*, greatest(0, ($2::bigint - energy_at_ms) / ${ENERGY_REGEN_MS}) as gained,
             greatest(income_at_ms, $2::bigint - ${INCOME_OFFLINE_CAP_MS}) as i_start
      from u
    ), i as (
      select g.*,
        case when $2::bigint <= income_at_ms or eph <= 0 then 0
             else ($2::bigint - i_start) * eph / ${HOUR_MS} end as income
      from g
    ), s as (
      select i.*,
        case when energy >= max_energy then energy
             else least(max_energy::bigint, energy + gained) end as e_now,
        case when energy + gained >= max_energy then $2::bigint
             else energy_at_ms + gained * ${ENERGY_REGEN_MS} end as e_at,
        case when $2::bigint <= income_at_ms then income_at_ms
             when eph <= 0 then $2::bigint
             else least($2::bigint, i_start + (income * ${HOUR_MS} + eph - 1) / eph) end as i_at,
        greatest(0, ($2::bigint + ${TAP_BURST * TAP_INTERVAL_MS}
                     - greatest(tap_clock_ms, $2::bigint)) / ${TAP_INTERVAL_MS}) as allowance
      from i
    ), n as (
      select s.*, least($3::bigint,
                        case when lose_energy_per_tap > 0 then e_now / lose_energy_per_tap else 0 end,
                        allowance) as n
      from s
    ), upd as (
      update users set
        energy = n.e_now - n.n * n.lose_energy_per_tap,
        energy_at = to_timestamp(n.e_at / 1000.0),
        tap_clock = to_timestamp((greatest(n.tap_clock_ms, $2::bigint) + n.n * ${TAP_INTERVAL_MS}) / 1000.0),
        income_at = to_timestamp(n.i_at / 1000.0),
        onion = users.onion + n.n * n.earn_per_tap + n.income,
        total_score = users.total_score + n.n * n.earn_per_tap + n.income
      from n
      where users.id = n.id and n.n > 0
      returning users.id, n.n as credited, n.n * n.earn_per_tap as earned, n.income, users.onion,
                users.total_score, users.energy, users.earn_per_hour,
                (extract(epoch from users.income_at) * 1000)::bigint as income_at_ms
    ), ledger as (
      insert into economy_events (user_id, kind, delta_onion, ref, created_at)
      select id, 'tap', earned, credited::text, $4::timestamptz from upd where earned <> 0
      union all
      select id, 'income', income, null, $4::timestamptz from upd where income <> 0
    )${TAP_TASK_PROGRESS}
    select * from upd`;

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
      onion: sql`${users.onion} - ${w.cost}`,
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
    .where(sql`${users.id} = ${userId} and ${users.onion} >= ${w.cost}`)
    .returning();
  return row ?? null;
}

/** Opens one chest and pays its prize, if the player still has a chest. */
export async function applyChest(
  tx: Tx,
  userId: number,
  prize: { onion: number; ticket: number },
): Promise<UserRow | null> {
  const [row] = await tx
    .update(users)
    .set({
      cheatCount: sql`${users.cheatCount} - 1`,
      onion: sql`${users.onion} + ${prize.onion}`,
      totalScore: sql`${users.totalScore} + ${prize.onion}`,
      ticket: sql`${users.ticket} + ${prize.ticket}`,
    })
    .where(sql`${users.id} = ${userId} and ${users.cheatCount} > 0`)
    .returning();
  return row ?? null;
}

export async function chestCount(tx: Tx, userId: number): Promise<number | undefined> {
  const [row] = await tx.select({ n: users.cheatCount }).from(users).where(eq(users.id, userId));
  return row?.n;
}
