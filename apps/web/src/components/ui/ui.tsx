import type { ButtonHTMLAttributes } from 'react';
import coinUrl from '../../assets/coin.svg';
import ticketUrl from '../../assets/ticket.svg';
import { useT } from '../../lib/i18n.tsx';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'gold' | 'ghost' };
/** Every button of the game: gold or ghost, 1 rem of padding on each side unless its classes set one. */
export function Button({ variant = 'gold', className = '', ...rest }: ButtonProps) {
  const padding = /(^|\s)px?-/.test(className) ? '' : ' px-4';
  return <button type="button" className={`btn btn-${variant}${padding} ${className}`} {...rest} />;
}

export function CoinIcon({ size = 20 }: { size?: number }) {
  return <img src={coinUrl} width={size} height={size} alt="" draggable={false} />;
}

export function TicketIcon({ size = 20 }: { size?: number }) {
  return <img src={ticketUrl} width={size} height={size} alt="" draggable={false} />;
}

export { compactNumber, formatNumber } from '../../lib/format.ts';

/** A player's round photo, 40 px; `className` adds its background and ring. */
export function Avatar({ src, className }: { src: string; className: string }) {
  return <img src={src} alt="" width={40} height={40} className={`h-10 w-10 rounded-full ${className}`} />;
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <div role="status" aria-label={label ?? t('app.loading')} className="flex justify-center py-10">
      <span className="h-9 w-9 animate-spin rounded-full border-4 border-lilac/25 border-t-gold" />
    </div>
  );
}

/** A thin progress bar; `value` from 0 to 1. */
export function Progress({
  value,
  color = 'gold',
  label,
}: {
  value: number;
  color?: 'gold' | 'mint';
  label?: string;
}) {
  const pct = Math.max(0, Math.min(1, value)) * 100;
  return (
    <div
      className="h-2.5 w-full overflow-hidden rounded-full bg-night-950/70"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(pct)}
    >
      <div
        className={`h-full origin-left rounded-full rtl:origin-right ${color === 'gold' ? 'bg-gold' : 'bg-mint'}`}
        style={{ transform: `scaleX(${pct / 100})`, transition: 'transform 300ms ease' }}
      />
    </div>
  );
}
