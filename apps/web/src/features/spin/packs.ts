import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoice, TimeoutError } from '@tma.js/sdk-react';
import { call } from '../../lib/api-client.ts';
import { holdClosingConfirmation } from '../../lib/native-behaviour.ts';
import { profileQuery } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * What became of an invoice: Telegram's answer, `unanswered` when Telegram said nothing within
 * {@link INVOICE_ANSWER_MS}, or `unavailable` outside Telegram.
 */
export type PurchaseStatus = 'paid' | 'cancelled' | 'failed' | 'pending' | 'unanswered' | 'unavailable';

/**
 * How long the packs wait for Telegram's answer about an invoice (design choice: a player paying
 * takes well under a minute; past it the buttons come back and the player is told).
 */
export const INVOICE_ANSWER_MS = 90_000;

/** GET /payments/packs: the ticket packs sold for Telegram Stars. */
export function usePacks(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['payments', 'packs'],
    queryFn: () => call('packs'),
    staleTime: 3_600_000,
  });
}

/** Opens an invoice link in Telegram's payment sheet and waits for its status. */
async function openInvoice(link: string): Promise<PurchaseStatus> {
  if (!invoice.openUrl.isAvailable()) return 'unavailable';
  try {
    const status = await invoice.openUrl(link, { timeout: INVOICE_ANSWER_MS });
    return status === 'paid' || status === 'cancelled' || status === 'pending' ? status : 'failed';
  } catch (error) {
    // The sheet never came, or never said how it closed.
    if (error instanceof TimeoutError) return 'unanswered';
    throw error;
  }
}

/**
 * Buys a pack: the server makes an invoice link for this player and pack, Telegram's payment
 * sheet opens it, and the balance is refreshed when it reports `paid` (the bot credits the
 * tickets when Telegram confirms the payment).
 */
export function useBuyPack() {
  const { user, inTelegram } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (pack: string): Promise<PurchaseStatus> => {
      if (!inTelegram) return 'unavailable';
      // Closing asks for confirmation while the payment is in progress.
      const release = holdClosingConfirmation();
      try {
        const { link } = await call('invoice', { body: { pack } });
        return await openInvoice(link);
      } finally {
        release();
      }
    },
    onSuccess: (status) => {
      // (Unanswered: the bot may still credit a payment made meanwhile.)
      if (status === 'paid' || status === 'pending' || status === 'unanswered')
        void client.invalidateQueries({ queryKey: profileQuery(user.id).queryKey });
    },
  });
}
