import { useProfile } from '../../lib/profile.ts';
import { ChestIcon } from './icons.tsx';
import { CoinIcon, compactNumber, TicketIcon } from './ui.tsx';

/**
 * Tickets, chests and coins (SPEC.md "Home": status bar). `onion` may be passed in when a screen
 * shows a locally predicted balance; `onTickets` makes the ticket pill a button (buy tickets).
 */
export function StatusBar({ onion, onTickets }: { onion?: number; onTickets?: () => void }) {
  const { data } = useProfile();
  const coins = onion ?? data?.onion;
  return (
    <div className="flex items-center justify-between gap-2" aria-label="Balances">
      <Pill label="Tickets" testId="status-tickets" onClick={onTickets}>
        <TicketIcon size={20} />
        <span>{data ? compactNumber(data.ticket) : '–'}</span>
      </Pill>
      <Pill label="Chests" testId="status-chests">
        <ChestIcon size={18} className="text-lilac" />
        <span>{data ? compactNumber(data.cheatCount) : '–'}</span>
      </Pill>
      <Pill label="Coins" testId="status-coins">
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
}: {
  label: string;
  testId: string;
  children: React.ReactNode;
  onClick?: (() => void) | undefined;
}) {
  const Tag = onClick ? 'button' : 'div';
  return (
    <Tag
      {...(onClick ? { type: 'button' as const, onClick } : {})}
      aria-label={label}
      data-testid={testId}
      className="num flex min-w-0 flex-1 items-center justify-center gap-1.5 rounded-full border border-lilac/15 bg-night-950/60 px-3 py-1.5 text-sm font-extrabold"
    >
      {children}
    </Tag>
  );
}
