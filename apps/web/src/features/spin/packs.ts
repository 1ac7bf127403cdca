import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoice } from '@tma.js/sdk-react';
import { get, post } from '../../lib/api-client.ts';
import { holdClosingConfirmation } from '../../lib/native-behaviour.ts';
import { profileQuery } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

/** What became of an invoice: Telegram's answer, or `unavailable` outside Telegram. */
export type PurchaseStatus = 'paid' | 'cancelled' | 'failed' | 'pending' | 'unavailable';

/** GET /payments/packs: the ticket packs sold for Telegram Stars. */
export function usePacks(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['payments', 'packs'],
    queryFn: () => get('/payments/packs', 'packsResponse'),
    staleTime: 3_600_000,
  });
}

/** Opens an invoice link in Telegram's payment sheet and waits for its status. */
async function openInvoice(link: string): Promise<PurchaseStatus> {
  if (!invoice.openUrl.isAvailable()) return 'unavailable';
  const status = await invoice.openUrl(link);
  return status === 'paid' || status === 'cancelled' || status === 'pending' ? status : 'failed';
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
        const { link } = await post('/payments/invoice', 'invoiceResponse', { pack });
        return await openInvoice(link);
      } finally {
        release();
      }
    },
    onSuccess: (status) => {
      if (status === 'paid' || status === 'pending')
        void client.invalidateQueries({ queryKey: profileQuery(user.id).queryKey });
    },
  });
}
