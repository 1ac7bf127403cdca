import { and, count, desc, eq, gte, isNull, lt, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { invoices, starPayments } from './payments.schema.ts';
import { changeAccount, lockAccount } from '../accounts/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof starPayments.$inferSelect;

/**
 * Holds the player's one place for a new invoice of this pack (its link still to be asked for);
 * undefined while another request holds it.
 */
export async function claimInvoice(
  tx: Tx,
  invoice: { userId: number; pack: string; tickets: number; stars: number; at: Date },
): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .insert(invoices)
    .values({
      userId: invoice.userId,
      pack: invoice.pack,
      tickets: invoice.tickets,
      stars: invoice.stars,
      createdAt: invoice.at,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Stores Telegram's link for an invoice held by {@link claimInvoice}. */
export async function setInvoiceLink(tx: Tx, id: string, link: string): Promise<void> {
  await tx.update(invoices).set({ link }).where(eq(invoices.id, id));
}

/** Drops an invoice whose link could not be had. */
export async function dropInvoice(tx: Tx, id: string): Promise<void> {
  await tx.delete(invoices).where(and(eq(invoices.id, id), isNull(invoices.link)));
}

/** Drops the player's invoices of a pack still without a link since before `before` (a crash). */
export async function dropStalePending(tx: Tx, userId: number, pack: string, before: Date): Promise<void> {
  await tx
    .delete(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.pack, pack),
        isNull(invoices.link),
        lt(invoices.createdAt, before),
      ),
    );
}

/**
 * The player's newest unpaid invoice of this pack at this price, made since `since`, with its
 * link (an empty link: made before links were kept, never reused).
 */
export async function findReusableInvoice(
  tx: Tx,
  invoice: { userId: number; pack: string; tickets: number; stars: number; since: Date },
): Promise<(InvoiceRow & { link: string }) | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, invoice.userId),
        eq(invoices.pack, invoice.pack),
        eq(invoices.tickets, invoice.tickets),
        eq(invoices.stars, invoice.stars),
        ne(invoices.link, ''),
        gte(invoices.createdAt, invoice.since),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(starPayments)
            .where(eq(starPayments.invoiceId, invoices.id)),
        ),
      ),
    )
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  return row?.link ? { ...row, link: row.link } : undefined;
}

/** How many invoices the player has had made since `since`. */
export async function countInvoicesSince(tx: Tx, userId: number, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), gte(invoices.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Drops the player's invoices made before `before` (links that old are not paid any more). */
export async function pruneInvoices(tx: Tx, userId: number, before: Date): Promise<void> {
  await tx.delete(invoices).where(and(eq(invoices.userId, userId), lt(invoices.createdAt, before)));
}

/** The invoice a payload names; undefined for anything that is not one of ours. */
export async function findInvoice(tx: Tx, payload: string): Promise<InvoiceRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(payload)) return undefined;
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, payload));
  return row;
}

/** Records a confirmed payment once; undefined when its charge id was recorded before. */
export async function insertPayment(
  tx: Tx,
  payment: Omit<typeof starPayments.$inferInsert, 'refundedAt' | 'refundRemoved' | 'refundShortfall'>,
): Promise<PaymentRow | undefined> {
  const [row] = await tx.insert(starPayments).values(payment).onConflictDoNothing().returning();
  return row;
}

export async function findPayment(tx: Tx, chargeId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(starPayments).where(eq(starPayments.chargeId, chargeId));
  return row;
}

/** Marks a payment refunded once; undefined when it was refunded before (or is unknown). */
export async function markRefunded(
  tx: Tx,
  chargeId: string,
  refund: { at: Date; removed: number; shortfall: number },
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(starPayments)
    .set({ refundedAt: refund.at, refundRemoved: refund.removed, refundShortfall: refund.shortfall })
    .where(and(eq(starPayments.chargeId, chargeId), isNull(starPayments.refundedAt)))
    .returning();
  return row;
}

/** Adds (or, negative, removes) tickets; the new count, undefined for an unknown player. */
export async function addTickets(tx: Tx, userId: number, delta: number): Promise<number | undefined> {
  return (await changeAccount(tx, userId, { tickets: delta }))?.ticket;
}

/** The player's tickets, their row locked for the rest of the transaction. */
export async function lockTickets(tx: Tx, userId: number): Promise<number | undefined> {
  return (await lockAccount(tx, userId))?.ticket;
}

/** A group's Stars (starsPaidAmong): its players, the Stars they paid, and the sum of each one's total squared. */
export interface GroupStars {
  group: string;
  players: number;
  stars: number;
  sumOfSquares: number;
}

/**
 * The Stars paid by groups of players (an A/B test's variants) before `until`, refunds left out:
 * `members` yields rows (grp text, user_id bigint); every member counts, those who paid nothing at 0.
 */
export async function starsPaidAmong(tx: Tx, members: SQL, until: Date): Promise<GroupStars[]> {
  const result = (await tx.execute(sql`
    select m.grp, count(*)::int as players,
      coalesce(sum(s.stars), 0)::float8 as stars,
      coalesce(sum(s.stars::numeric * s.stars), 0)::float8 as squares
    from (${members}) m
    left join lateral (
      select sum(p.stars) as stars from ${starPayments} p
      where p.user_id = m.user_id and p.refunded_at is null and p.paid_at < ${until}
    ) s on true
    group by m.grp`)) as unknown as { rows: Record<string, string | number>[] };
  return result.rows.map((r) => ({
    group: String(r.grp),
    players: Number(r.players),
    stars: Number(r.stars),
    sumOfSquares: Number(r.squares),
  }));
}
