import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/** An invoice link made for one player and one pack; its id is the invoice payload. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: money('user_id').notNull(),
    pack: text('pack').notNull(),
    tickets: integer('tickets').notNull(),
    stars: integer('stars').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Telegram's link for it; null while it is being asked for (one at a time per pack). */
    link: text('link'),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('invoices_pending_idx')
      .on(t.userId, t.pack)
      .where(sql`${t.link} is null`),
  ],
);

/**
 * A Stars payment Telegram confirmed, keyed by its charge id: the primary key makes crediting
 * exactly once (a replayed update finds the row). A refund records when, and how many tickets
 * it took back and could not take back (spent already).
 */
export const starPayments = pgTable(
  'star_payments',
  {
    chargeId: text('charge_id').primaryKey(),
    userId: money('user_id').notNull(),
    invoiceId: uuid('invoice_id'),
    pack: text('pack'),
    tickets: integer('tickets').notNull(),
    stars: integer('stars').notNull(),
    paidAt: at('paid_at').notNull().defaultNow(),
    refundedAt: at('refunded_at'),
    refundRemoved: integer('refund_removed'),
    refundShortfall: integer('refund_shortfall'),
  },
  (t) => [index('star_payments_user_idx').on(t.userId)],
);
