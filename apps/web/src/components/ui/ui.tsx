import type { ButtonHTMLAttributes, ReactNode } from 'react';
import coinUrl from '../../assets/coin.svg';
import starUrl from '../../assets/star.svg';
import ticketUrl from '../../assets/ticket.svg';
import { isRightToLeft, useT } from '../../lib/i18n.tsx';

export function Card({ className = '', children }: { className?: string; children: ReactNode }) {
  return <div className={`card ${className}`}>{children}</div>;
}

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

/** The Telegram Star, our own drawing: a device without an emoji font shows it too. */
export function StarIcon({ size = 20 }: { size?: number }) {
  return <img src={starUrl} width={size} height={size} alt="" draggable={false} />;
}

export { compactNumber, formatNumber } from '../../lib/format.ts';

/** The arrows after a link that leads on, by the way the language reads. */
const ONWARD = { ltr: '→', rtl: '←' } as const;

/** The arrow after a link that leads on: pointing the way the language reads. */
export function Onward() {
  const { lng } = useT();
  const arrow = ONWARD[isRightToLeft(lng) ? 'rtl' : 'ltr'];
  return <>{arrow}</>;
}

/** A screen's title row. */
export function ScreenTitle({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <header className="mb-4 text-center">
      <h1 className="text-2xl font-black tracking-tight">{title}</h1>
      {subtitle ? <p className="mt-1 text-sm text-text-dim">{subtitle}</p> : null}
    </header>
  );
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
