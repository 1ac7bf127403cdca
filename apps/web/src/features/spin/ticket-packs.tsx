import { toast } from 'react-toastify';
import { Sheet } from '../../components/ui/sheet.tsx';
import { Button, TicketIcon, formatNumber } from '../../components/ui/ui.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ONLY_IN_TELEGRAM, useBuyPack, usePacks, type PurchaseStatus } from './packs.ts';

const STATUS_TEXT: Record<Exclude<PurchaseStatus, 'cancelled'>, string> = {
  paid: 'Thank you! Your tickets are in your balance.',
  pending: 'Payment pending: the tickets arrive when it completes.',
  failed: 'The payment did not go through.',
  unavailable: ONLY_IN_TELEGRAM,
};

/** The ticket packs, each bought with Telegram Stars. */
export function TicketPacks({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data } = usePacks(open);
  const buy = useBuyPack();
  const choose = (pack: string) =>
    buy.mutate(pack, {
      onSuccess: (status) => {
        if (status === 'paid') {
          toast.success(STATUS_TEXT.paid);
          onClose();
        } else if (status === 'failed') toast.error(STATUS_TEXT.failed);
        else if (status !== 'cancelled') toast.info(STATUS_TEXT[status]);
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status < 500 ? error.message : 'Something went wrong.',
        ),
    });

  return (
    <Sheet title="Get tickets" open={open} onClose={onClose}>
      <ul className="flex flex-col gap-2" aria-label="Ticket packs">
        {(data?.packs ?? []).map((pack) => (
          <li
            key={pack.id}
            className="card flex items-center justify-between gap-3 p-3"
            data-testid={`pack-${pack.id}`}
          >
            <div className="flex items-center gap-2">
              <TicketIcon size={28} />
              <span className="num text-lg font-black">{formatNumber(pack.tickets)} tickets</span>
            </div>
            <Button className="min-w-24" disabled={buy.isPending} onClick={() => choose(pack.id)}>
              ⭐ {formatNumber(pack.stars)}
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-text-dim">Paid with Telegram Stars. Tickets spin the Lucky Spin.</p>
    </Sheet>
  );
}
