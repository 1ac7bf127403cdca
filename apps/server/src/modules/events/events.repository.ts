import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { events, eventsPaid } from './events.schema.ts';

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

export async function insertEvent(tx: Tx, row: NewEvent): Promise<EventRow> {
  const [saved] = await tx.insert(events).values(row).returning();
  if (!saved) throw new Error('event not inserted');
  return saved;
}

/**
 * Events that have not ended (nor been cancelled) by `from` and start before `to`: a cancelled
 * one still counts for the time it ran (the income accrued then is settled later).
 */
export async function eventsBetween(tx: Tx, from: Date, to: Date): Promise<EventRow[]> {
  return tx
    .select()
    .from(events)
    .where(
      and(
        or(isNull(events.cancelledAt), gt(events.cancelledAt, from)),
        gt(events.endsAt, from),
        lt(events.startsAt, to),
      ),
    );
}

/** The console's list: the latest events first. */
export async function latestEvents(tx: Tx, limit: number): Promise<EventRow[]> {
  return tx.select().from(events).orderBy(desc(events.startsAt), desc(events.id)).limit(limit);
}

export async function lockEvent(tx: Tx, id: number): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  return row;
}

export async function cancelEvent(tx: Tx, id: number, at: Date): Promise<EventRow> {
  const [row] = await tx.update(events).set({ cancelledAt: at }).where(eq(events.id, id)).returning();
  if (!row) throw new Error('event not cancelled');
  return row;
}

/**
 * Holds, until the transaction ends, the right to schedule events of `kind`: two creations of a
 * kind at once check the stored events one after the other (a row lock cannot cover rows not yet
 * inserted).
 */
export async function lockKind(tx: Tx, kind: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`events:${kind}`}))`);
}

/** The events of `kind` (cancelled ones included) that end after `from` and start before `to`. */
export async function kindBetween(tx: Tx, kind: string, from: Date, to: Date): Promise<EventRow[]> {
  return tx
    .select()
    .from(events)
    .where(and(eq(events.kind, kind), gt(events.endsAt, from), lt(events.startsAt, to)));
}

/**
 * The statement text (a data-modifying CTE body) that adds to events_paid what the rows of
 * `source` paid: its columns `ev` (the event's id) and `extra` (the coins), one payment per row.
 * For statements written as text (the tap statement); the others call addEventPaid.
 */
export const eventsPaidFrom = (source: string) => `
      insert into events_paid (event_id, shard, coins, payouts)
      select ev, pg_backend_pid(), sum(extra), count(*) from ${source}
      where extra > 0 and ev is not null group by ev
      on conflict (event_id, shard) do update
        set coins = events_paid.coins + excluded.coins, payouts = events_paid.payouts + excluded.payouts`;

/** Adds one payment of `coins` to the event's running total (in the paying transaction). */
export async function addEventPaid(tx: Tx, eventId: number, coins: number): Promise<void> {
  if (coins <= 0) return;
  await tx
    .insert(eventsPaid)
    .values({ eventId, shard: sql`pg_backend_pid()`, coins, payouts: 1 })
    .onConflictDoUpdate({
      target: [eventsPaid.eventId, eventsPaid.shard],
      set: {
        coins: sql`${eventsPaid.coins} + excluded.coins`,
        payouts: sql`${eventsPaid.payouts} + excluded.payouts`,
      },
    });
}

/** What each of `ids` has paid: the coins and payments, summed over its shards (absent: nothing). */
export async function paidOf(
  tx: Tx,
  ids: readonly number[],
): Promise<Map<number, { coins: number; payouts: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      eventId: eventsPaid.eventId,
      coins: sql<string>`sum(${eventsPaid.coins})`,
      payouts: sql<string>`sum(${eventsPaid.payouts})`,
    })
    .from(eventsPaid)
    .where(inArray(eventsPaid.eventId, [...ids]))
    .groupBy(eventsPaid.eventId);
  return new Map(rows.map((r) => [r.eventId, { coins: Number(r.coins), payouts: Number(r.payouts) }]));
}
