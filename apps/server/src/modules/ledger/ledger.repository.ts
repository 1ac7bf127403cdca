import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { economyEvents, users } from '../../db/schema.ts';

export interface LedgerEntry {
  userId: number;
  /** What moved the balance: 'tap', 'income', 'daily', 'boost:income', 'spin', … */
  kind: string;
  deltaOnion?: number;
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
    .filter((e) => (e.deltaOnion ?? 0) !== 0 || (e.deltaTicket ?? 0) !== 0)
    .map((e) => ({
      userId: e.userId,
      kind: e.kind,
      deltaOnion: e.deltaOnion ?? 0,
      deltaTicket: e.deltaTicket ?? 0,
      ref: e.ref ?? null,
      ...(e.at ? { createdAt: e.at } : {}),
    }));
  if (rows.length > 0) await tx.insert(economyEvents).values(rows);
}

export interface LedgerMismatch {
  userId: number;
  onion: number;
  ledgerOnion: number;
  ticket: number;
  ledgerTicket: number;
}

/** Players whose onion or tickets differ from the sums of their ledger rows. */
export async function findLedgerMismatches(tx: Tx): Promise<LedgerMismatch[]> {
  const rows = await queryRows<Record<string, string | number>>(
    tx,
    sql`
    select u.id, u.onion, u.ticket,
           coalesce(e.onion, 0) as ledger_onion, coalesce(e.ticket, 0) as ledger_ticket
    from ${users} u
    left join (
      select user_id, sum(delta_onion) as onion, sum(delta_ticket) as ticket
      from ${economyEvents} group by user_id
    ) e on e.user_id = u.id
    where u.onion <> coalesce(e.onion, 0) or u.ticket <> coalesce(e.ticket, 0)
    order by u.id`,
  );
  return rows.map((r) => ({
    userId: Number(r.id),
    onion: Number(r.onion),
    ledgerOnion: Number(r.ledger_onion),
    ticket: Number(r.ticket),
    ledgerTicket: Number(r.ledger_ticket),
  }));
}

export async function countPlayers(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${users}`);
  return Number(row?.n ?? 0);
}
