import { toast } from '../../lib/toast.ts';
import { Sheet } from '../../components/ui/sheet.tsx';
import { Button, TicketIcon, formatNumber } from '../../components/ui/ui.tsx';
import { StarIcon } from '../../components/ui/ui-later.tsx';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../lib/i18n.tsx';
import { useBuyPack, usePacks, type PurchaseStatus } from './packs.ts';

const STATUS_TEXT: Record<
  Exclude<PurchaseStatus, 'cancelled'>,
  'spin.paid' | 'spin.pending' | 'spin.unanswered' | 'spin.failed' | 'spin.onlyTelegram'
> = {
  paid: 'spin.paid',
  pending: 'spin.pending',
  unanswered: 'spin.unanswered',
  failed: 'spin.failed',
  unavailable: 'spin.onlyTelegram',
};

/** The ticket packs, each bought with Telegram Stars. */
export function TicketPacks({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data } = usePacks(open);
  const { t } = useT();
  const buy = useBuyPack();
  const choose = (pack: string) =>
    buy.mutate(pack, {
      onSuccess: (status) => {
        if (status === 'paid') {
          toast.success(t(STATUS_TEXT.paid));
          onClose();
        } else if (status === 'failed') toast.error(t(STATUS_TEXT.failed));
        else if (status !== 'cancelled') toast.info(t(STATUS_TEXT[status]));
      },
      onError: (error) => toast.error(errorText(error, 'spin')),
    });

  return (
    <Sheet title={t('spin.packsTitle')} open={open} onClose={onClose}>
      <ul className="flex flex-col gap-2" aria-label={t('spin.packs')}>
        {(data?.packs ?? []).map((pack) => (
          <li
            key={pack.id}
            className="card flex items-center justify-between gap-3 p-3"
            data-testid={`pack-${pack.id}`}
          >
            <div className="flex items-center gap-2">
              <TicketIcon size={28} />
              <span className="num text-lg font-black">{t('spin.packTickets', { count: pack.tickets })}</span>
            </div>
            <Button
              className="inline-flex min-w-24 items-center justify-center gap-1.5"
              aria-label={t('spin.price', { count: pack.stars })}
              disabled={buy.isPending}
              onClick={() => choose(pack.id)}
            >
              <StarIcon size={20} />
              <span className="num">{formatNumber(pack.stars)}</span>
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-text-dim">{t('spin.packsNote')}</p>
    </Sheet>
  );
}
