import { useEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
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

/**
 * How much of a row that scrolls sideways lies hidden before its start and after its end, in the
 * way the language reads (a right-to-left row's scrollLeft runs from 0 down to negative).
 */
export function hiddenSides(el: Pick<HTMLElement, 'scrollWidth' | 'clientWidth' | 'scrollLeft'>) {
  const travel = el.scrollWidth - el.clientWidth;
  const scrolled = Math.abs(el.scrollLeft);
  return { start: scrolled > 1, end: travel - scrolled > 1 };
}

/**
 * A row of tabs on one line, as wide as its words ask; when they ask more than the screen has, it
 * scrolls sideways and says so: a fade with an arrow on each side that hides a tab.
 */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: readonly { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
  label: string;
}) {
  const row = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const update = () =>
      setHidden((was) => {
        const now = hiddenSides(el);
        return was.start === now.start && was.end === now.end ? was : now;
      });
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [tabs]);
  // The chosen tab in sight (a row opened on its last tab).
  useEffect(() => {
    row.current
      ?.querySelector('[aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);
  return (
    <div className="relative">
      <div
        ref={row}
        role="tablist"
        aria-label={label}
        className="grid max-w-full auto-cols-[minmax(min-content,1fr)] grid-flow-col gap-1 overflow-x-auto rounded-2xl bg-night-950/60 p-1 [scrollbar-width:none]"
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={tab.id === value}
            onClick={() => onChange(tab.id)}
            className={`min-h-10 rounded-xl px-2 text-[13px] leading-tight font-extrabold transition-colors ${
              tab.id === value ? 'bg-gold text-gold-ink shadow' : 'text-text-dim'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {hidden.start ? <ScrollHint side="start" /> : null}
      {hidden.end ? <ScrollHint side="end" /> : null}
    </div>
  );
}

/** A fade over a scrolling row's edge with an arrow: more lies that way (touches pass through). */
function ScrollHint({ side }: { side: 'start' | 'end' }) {
  const { lng } = useT();
  const rtl = isRightToLeft(lng);
  const towardEnd = side === 'end';
  // The arrow points where the hidden tabs are: the end is on the right in a left-to-right row.
  const arrow = towardEnd !== rtl ? '›' : '‹';
  return (
    <span
      aria-hidden="true"
      data-scroll-hint={side}
      className={`pointer-events-none absolute inset-y-0 flex w-9 items-center rounded-2xl text-lg font-black text-gold ${
        towardEnd
          ? 'end-0 justify-end bg-gradient-to-r pe-1.5 rtl:bg-gradient-to-l'
          : 'start-0 justify-start bg-gradient-to-l ps-1.5 rtl:bg-gradient-to-r'
      } from-transparent via-night-950/90 to-night-950`}
    >
      {arrow}
    </span>
  );
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
