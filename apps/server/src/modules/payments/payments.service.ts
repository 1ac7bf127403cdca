import { GrammyError, type Api } from 'grammy';
import type { InvoiceResponse, PacksResponse } from '@egg-rush/contract/payments';
import {
  findPack,
  INVOICE_REUSE_MS,
  INVOICES_PER_DAY,
  refundTickets,
  STARS_CURRENCY,
  TICKET_PACKS,
  type TicketPack,
} from '@egg-rush/game/payments';
import { noteStars } from '../analytics/index.ts';
import { BANNED_MESSAGE, bansOf } from '../bans/index.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, notFound, refused } from '../../lib/errors.ts';
import { OutsideBusy } from '../../lib/outside.ts';
import { write } from '../ledger/index.ts';
import { findUser } from '../users/index.ts';
import {
  addTickets,
  claimInvoice,
  countInvoicesSince,
  dropInvoice,
  dropStalePending,
  findInvoice,
  findReusableInvoice,
  findPayment,
  insertPayment,
  lockTickets,
  markRefunded,
  pruneInvoices,
  setInvoiceLink,
} from './payments.repository.ts';

export const ONLY_IN_TELEGRAM = 'Buying tickets works only in Telegram.';
/** Invoices older than this are dropped when the player asks for a new one. */
export const INVOICE_KEEP_MS = 7 * 86_400_000;
/** An invoice still without its link after this long was left by a crash: its place is freed. */
const PENDING_STALE_MS = 60_000;
export const INVOICE_LIMIT_MESSAGE = 'You have asked for too many invoices today. Please try again tomorrow.';

/** What Telegram says in a pre_checkout_query (the fields we check). */
export interface CheckoutQuery {
  fromId: number;
  payload: string;
  currency: string;
  totalAmount: number;
}

/** What Telegram says in a successful_payment message (the fields we keep). */
export interface SuccessfulPayment {
  fromId: number;
  chargeId: string;
  payload: string;
  currency: string;
  totalAmount: number;
}

export type RefundOutcome =
  | { status: 'refunded'; userId: number; removed: number; shortfall: number }
  | { status: 'already-refunded' }
  | { status: 'unknown' };

/**
 * Ticket packs paid in Telegram Stars: the invoice link (made for one player and pack), the
 * pre-checkout answer, the credit (exactly once per charge id) and the refund.
 */
export function createPaymentsService(deps: Deps) {
  const { db } = deps.database;

  /** Removes a refunded payment's tickets (never below zero) once, with its ledger rows. */
  async function applyRefund(chargeId: string): Promise<RefundOutcome> {
    const at = new Date(deps.now());
    return write(deps, async (tx, fx): Promise<RefundOutcome> => {
      const payment = await findPayment(tx, chargeId);
      if (!payment) return { status: 'unknown' };
      if (payment.refundedAt) return { status: 'already-refunded' };
      const held = (await lockTickets(tx, payment.userId)) ?? 0;
      const { removed, shortfall } = refundTickets(payment.tickets, held);
      if (!(await markRefunded(tx, chargeId, { at, removed, shortfall })))
        return { status: 'already-refunded' };
      await addTickets(tx, payment.userId, -removed);
      await noteStars(tx, { at: at.getTime(), stars: payment.stars, refunded: true });
      const ref = `stars:${chargeId}`;
      // The refund takes back the whole pack; the shortfall row gives back what the player had
      // already spent, so the rows sum to what was removed and the shortfall stays on record.
      fx.ledger([
        { userId: payment.userId, kind: 'refund', deltaTicket: -payment.tickets, ref, at },
        { userId: payment.userId, kind: 'refund:shortfall', deltaTicket: shortfall, ref, at },
      ]);
      return { status: 'refunded', userId: payment.userId, removed, shortfall };
    });
  }

  /** Invoices being made by this process, per player and pack. */
  const making = new Map<string, Promise<InvoiceResponse>>();

  async function newInvoice(
    userId: number,
    pack: TicketPack,
    api: Api,
    now: number,
  ): Promise<InvoiceResponse> {
    await pruneInvoices(db, userId, new Date(now - INVOICE_KEEP_MS));
    await dropStalePending(db, userId, pack.id, new Date(now - PENDING_STALE_MS));
    if ((await countInvoicesSince(db, userId, new Date(now - 86_400_000))) >= INVOICES_PER_DAY) {
      throw new AppError(429, 'INVOICE_LIMIT', INVOICE_LIMIT_MESSAGE);
    }
    const invoice = await claimInvoice(db, {
      userId,
      pack: pack.id,
      tickets: pack.tickets,
      stars: pack.stars,
      at: new Date(now),
    });
    // Another process is asking Telegram for this very invoice: its link is there in a moment.
    if (!invoice) throw new OutsideBusy('invoices', 1, 'an invoice for this pack is being made');
    let link: string;
    try {
      link = await api.createInvoiceLink(
        pack.title,
        `${pack.tickets} tickets for the Lucky Spin`,
        invoice.id,
        '',
        STARS_CURRENCY,
        [{ label: pack.title, amount: pack.stars }],
      );
    } catch (error) {
      await dropInvoice(db, invoice.id);
      throw error;
    }
    await setInvoiceLink(db, invoice.id, link);
    return { link };
  }

  return {
    packs(): PacksResponse {
      return { packs: TICKET_PACKS.map((p) => ({ ...p })) };
    },

    /**
     * An invoice link for one pack, payable only by the caller, at the listed price. The player's
     * unpaid link for that pack is handed out again while it is valid; a new one is asked of
     * Telegram once at a time per player and pack, and at most INVOICES_PER_DAY a day.
     */
    async invoice(userId: number, packId: string, api: Api | undefined): Promise<InvoiceResponse> {
      const pack = findPack(packId);
      if (!pack) throw badRequest('This pack does not exist.', 'UNKNOWN_PACK');
      if (!api) throw refused('PAYMENTS_OFF', ONLY_IN_TELEGRAM);
      if (!(await findUser(db, userId))) throw notFound('Player not found.');
      const now = deps.now();
      const reusable = await findReusableInvoice(db, {
        userId,
        pack: pack.id,
        tickets: pack.tickets,
        stars: pack.stars,
        since: new Date(now - INVOICE_REUSE_MS),
      });
      if (reusable) return { link: reusable.link };
      // Requests of this process for the same player and pack share one call to Telegram.
      const key = `${userId}:${pack.id}`;
      const running = making.get(key);
      if (running) return running;
      const made = newInvoice(userId, pack, api, now).finally(() => making.delete(key));
      making.set(key, made);
      return made;
    },

    /** The answer to a pre_checkout_query: ok only for our own invoice, its player, its price. */
    async checkout(query: CheckoutQuery): Promise<{ ok: true } | { ok: false; reason: string }> {
      const invoice = await findInvoice(db, query.payload);
      if (!invoice) return { ok: false, reason: 'This invoice is not valid.' };
      if (invoice.userId !== query.fromId)
        return { ok: false, reason: 'This invoice was made for another player.' };
      const pack = findPack(invoice.pack);
      if (!pack) return { ok: false, reason: 'This pack is no longer sold.' };
      if (
        query.currency !== STARS_CURRENCY ||
        query.totalAmount !== pack.stars ||
        invoice.stars !== pack.stars ||
        invoice.tickets !== pack.tickets
      ) {
        return { ok: false, reason: 'The price has changed: please open the pack again.' };
      }
      if (!(await findUser(db, query.fromId)))
        return { ok: false, reason: 'Open the game once before buying.' };
      if (await bansOf(deps.database).isBanned(query.fromId)) return { ok: false, reason: BANNED_MESSAGE };
      return { ok: true };
    },

    /**
     * Credits a confirmed payment exactly once: the charge id is the key, so a replayed or
     * duplicated update pays nothing. A payment that names no invoice of this player at its
     * price (pre-checkout refuses those, so Telegram should never confirm one) is recorded with
     * no tickets, for the operator to refund.
     */
    async paid(payment: SuccessfulPayment): Promise<{ credited: number; duplicate: boolean }> {
      const at = new Date(deps.now());
      // A banned buyer (an invoice made before the ban) is recorded but not credited, for a refund.
      const banned = await bansOf(deps.database).isBanned(payment.fromId);
      return write(deps, async (tx, fx) => {
        const invoice = await findInvoice(tx, payment.payload);
        const held = await lockTickets(tx, payment.fromId);
        const valid =
          !banned &&
          invoice !== undefined &&
          held !== undefined &&
          invoice.userId === payment.fromId &&
          payment.currency === STARS_CURRENCY &&
          payment.totalAmount === invoice.stars;
        const tickets = valid ? invoice.tickets : 0;
        const row = await insertPayment(tx, {
          chargeId: payment.chargeId,
          userId: payment.fromId,
          invoiceId: invoice?.id ?? null,
          pack: invoice?.pack ?? null,
          tickets,
          stars: payment.totalAmount,
          paidAt: at,
        });
        if (!row) return { credited: 0, duplicate: true };
        // The console's revenue chart: Stars received, credited or not (a banned buyer's are refunded).
        if (payment.currency === STARS_CURRENCY)
          await noteStars(tx, { at: at.getTime(), stars: payment.totalAmount });
        if (tickets > 0) {
          await addTickets(tx, payment.fromId, tickets);
          fx.ledger({
            userId: payment.fromId,
            kind: 'purchase',
            deltaTicket: tickets,
            ref: `stars:${payment.chargeId}`,
            at,
          });
        }
        return { credited: tickets, duplicate: false };
      });
    },

    /**
     * Gives the Stars back through Telegram, then takes the tickets back. A charge Telegram
     * already refunded (an earlier run that stopped half-way) still gets its tickets removed.
     */
    async refund(chargeId: string, api: Api): Promise<RefundOutcome> {
      const payment = await findPayment(db, chargeId);
      if (!payment) return { status: 'unknown' };
      if (payment.refundedAt) return { status: 'already-refunded' };
      try {
        await api.refundStarPayment(payment.userId, chargeId);
      } catch (error) {
        if (!(error instanceof GrammyError && /CHARGE_ALREADY_REFUNDED/.test(error.description))) throw error;
      }
      return applyRefund(chargeId);
    },

    applyRefund,
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
