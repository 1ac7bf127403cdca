/**
 * Ticket packs sold for Telegram Stars (currency XTR). Design choice: a spin costs one ticket
 * and a day's check-in gives one to five, so the small pack is about a week of spins; bigger
 * packs give more tickets per Star.
 */
export interface TicketPack {
  /** Stable id: it names the pack in invoices and payments. */
  id: string;
  title: string;
  tickets: number;
  /** Price in Telegram Stars. */
  stars: number;
}

export const TICKET_PACKS: readonly TicketPack[] = [
  { id: 'tickets-10', title: '10 tickets', tickets: 10, stars: 50 },
  { id: 'tickets-60', title: '60 tickets', tickets: 60, stars: 250 },
  { id: 'tickets-150', title: '150 tickets', tickets: 150, stars: 500 },
];

/** Telegram's currency code for Stars. */
export const STARS_CURRENCY = 'XTR';

export function findPack(id: string): TicketPack | undefined {
  return TICKET_PACKS.find((p) => p.id === id);
}

/**
 * Tickets a refund takes back: never more than the player holds. The rest is the shortfall
 * (tickets already spent), which is recorded but not taken.
 */
export function refundTickets(bought: number, held: number): { removed: number; shortfall: number } {
  const removed = Math.max(0, Math.min(bought, held));
  return { removed, shortfall: bought - removed };
}

/**
 * Design choice: an unpaid invoice link is handed out again for the same player and pack for a
 * day (at the same price), rather than asking Telegram for a new one on every tap of "buy".
 */
export const INVOICE_REUSE_MS = 86_400_000;

/**
 * Design choice: at most this many new invoices per player in any 24 hours (a reused one does
 * not count). Far above what a buyer needs (three packs, each reused while unpaid), it bounds
 * what one player can make the server ask Telegram for and keep.
 */
export const INVOICES_PER_DAY = 20;
