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
