import type { ReactNode } from 'react';
import starUrl from '../../assets/star.svg';
import { isRightToLeft, useT } from '../../lib/i18n.tsx';

// The pieces only the later screens and sheets show, out of ui.tsx: that one is part of the first
// screen's JavaScript (bench/web/bundle.mjs), and these load with the screens that draw them.

export function Card({ className = '', children }: { className?: string; children: ReactNode }) {
  return <div className={`card ${className}`}>{children}</div>;
}

/** The Telegram Star, our own drawing: a device without an emoji font shows it too. */
export function StarIcon({ size = 20 }: { size?: number }) {
  return <img src={starUrl} width={size} height={size} alt="" draggable={false} />;
}

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
