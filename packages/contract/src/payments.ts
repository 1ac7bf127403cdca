import { z } from 'zod';

/** GET /payments/packs: the ticket packs sold for Telegram Stars. */
export const ticketPack = z.object({
  id: z.string(),
  title: z.string(),
  tickets: z.number(),
  stars: z.number(),
});
export const packsResponse = z.object({ packs: z.array(ticketPack) });
export type TicketPackView = z.infer<typeof ticketPack>;
export type PacksResponse = z.infer<typeof packsResponse>;

/** POST /payments/invoice: an invoice link for one pack, made for the caller. */
export const invoiceBody = z.object({ pack: z.string().min(1).max(64) });
export type InvoiceBody = z.infer<typeof invoiceBody>;
export const invoiceResponse = z.object({ link: z.string() });
export type InvoiceResponse = z.infer<typeof invoiceResponse>;
