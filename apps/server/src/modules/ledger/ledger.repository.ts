import { sql } from 'drizzle-orm';
import { DAY_MS, RESET_OFFSET_HOURS } from '@egg-rush/game/time';
import { queryRows, type Tx } from '../../db/client.ts';
import { economyEvents } from './ledger.schema.ts';

export interface LedgerEntry {
  userId: number;
  /** What moved the balance: 'tap', 'income', 'daily', 'boost:income', 'spin', … */
  kind: string;
  deltaCoins?: number;
  deltaTicket?: number;
  /** What it refers to (a task name, a game id, …). */
  ref?: string | null;
  at?: Date;
}

/**
 * Appends rows to the economy ledger. Call it inside the transaction that changes the balance;
 * rows that move nothing are skipped.
 */
export async function appendLedger(tx: Tx, entries: LedgerEntry | LedgerEntry[]): Promise<void> {
  const rows = (Array.isArray(entries) ? entries : [entries])
    .filter((e) => (e.deltaCoins ?? 0) !== 0 || (e.deltaTicket ?? 0) !== 0)
    .map((e) => ({
      userId: e.userId,
      kind: e.kind,
      deltaCoins: e.deltaCoins ?? 0,
      deltaTicket: e.deltaTicket ?? 0,
      ref: e.ref ?? null,
      ...(e.at ? { createdAt: e.at } : {}),
    }));
  if (rows.length > 0) await tx.insert(economyEvents).values(rows);
}

/**
 * The ledger rows a raw statement appends (the tap statement, modules/economy): `rows` selects
 * (user_id, kind, delta_coins, ref, created_at) in that order.
 */
export const ledgerInsertSql = (rows: string): string =>
  `insert into economy_events (user_id, kind, delta_coins, ref, created_at) ${rows}`;

/**
 * Each player's sums of their ledger rows, as a table (`user_id`, `coins`, `ticket`): what their
 * balances must equal (modules/accounts findLedgerMismatches).
 */
export const ledgerSumsSql = sql`(
  select user_id, sum(delta_coins) as coins, sum(delta_ticket) as ticket
  from ${economyEvents} group by user_id)`;

/**
 * For each of `ids` with any, the number of distinct game days (midnight at the game's UTC
 * offset, packages/game/src/time.ts) on which a ledger row of their own action was written: any
 * kind but the `automatic` ones (bonuses, payouts, income settled on the way). One query through
 * the ledger's per-player index.
 */
export async function activeDays(
  tx: Tx,
  ids: readonly number[],
  automatic: readonly string[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const list = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const own = automatic.length > 0 ? sql`and ${economyEvents.kind} not in ${automatic}` : sql``;
  // The game day of a row, as gameDay() computes it, with the constants written into the query.
  const day = sql.raw(
    `floor((extract(epoch from created_at) * 1000 + ${RESET_OFFSET_HOURS * 3_600_000}) / ${DAY_MS})`,
  );
  const rows = await queryRows<{ user_id: string | number; days: string | number }>(
    tx,
    sql`select ${economyEvents.userId} as user_id, count(distinct ${day}) as days
        from ${economyEvents}
        where ${economyEvents.userId} = any(${list}::bigint[]) ${own}
        group by 1`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.days)]));
}
