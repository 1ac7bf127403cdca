import { Link } from 'wouter';
import { useT } from '../../lib/i18n.tsx';
import { useProfile } from '../../lib/profile.ts';
import { ChestIcon } from './icons.tsx';
import { CoinIcon, compactNumber, TicketIcon } from './ui.tsx';

/**
 * Tickets, chests and coins. `onion` may be passed in when a screen shows a locally predicted
 * balance. The ticket pill leads to the Lucky Spin, where tickets are spent; `onTickets` makes it a
 * button instead (on the wheel's own screen: buy tickets).
 */
export function StatusBar({ onion, onTickets }: { onion?: number; onTickets?: () => void }) {
  const { data } = useProfile();
  const { t } = useT();
  const coins = onion ?? data?.onion;
  return (
    <div className="flex items-center justify-between gap-2" aria-label={t('status.balances')}>
      <Pill
        label={onTickets ? t('status.tickets') : t('status.ticketsToSpin')}
        testId="status-tickets"
        onClick={onTickets}
        to={onTickets ? undefined : '/spin'}
      >
        <TicketIcon size={20} />
        <span>{data ? compactNumber(data.ticket) : '–'}</span>
      </Pill>
      <Pill label={t('status.chests')} testId="status-chests">
        <ChestIcon size={18} className="text-lilac" />
        <span>{data ? compactNumber(data.cheatCount) : '–'}</span>
      </Pill>
      <Pill label={t('status.coins')} testId="status-coins">
        <CoinIcon size={20} />
        <span>{coins !== undefined ? compactNumber(coins) : '–'}</span>
      </Pill>
    </div>
  );
}

function Pill({
  label,
  testId,
  children,
  onClick,
  to,
}: {
  label: string;
  testId: string;
  children: React.ReactNode;
  onClick?: (() => void) | undefined;
  to?: string | undefined;
}) {
  const className =
    'num flex min-w-0 flex-1 items-center justify-center gap-1.5 rounded-full border border-lilac/15 bg-night-950/60 px-3 py-1.5 text-sm font-extrabold';
  if (to) {
    return (
      <Link to={to} aria-label={label} data-testid={testId} className={className}>
        {children}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button type="button" onClick={onClick} aria-label={label} data-testid={testId} className={className}>
        {children}
      </button>
    );
  }
  return (
    <div aria-label={label} data-testid={testId} className={className}>
      {children}
    </div>
  );
}
