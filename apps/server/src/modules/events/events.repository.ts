import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { events } from './events.schema.ts';

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

export async function insertEvent(tx: Tx, row: NewEvent): Promise<EventRow> {
  const [saved] = await tx.insert(events).values(row).returning();
  if (!saved) throw new Error('event not inserted');
  return saved;
}

/** Events not cancelled that have not ended by `from` and start before `to`. */
export async function eventsBetween(tx: Tx, from: Date, to: Date): Promise<EventRow[]> {
  return tx
    .select()
    .from(events)
    .where(and(isNull(events.cancelledAt), gt(events.endsAt, from), lt(events.startsAt, to)));
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
