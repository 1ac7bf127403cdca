import { useEffect, useRef, useState } from 'react';
import { isRightToLeft, useT } from '../../lib/i18n.tsx';

// The row of tabs, out of ui.tsx: Home shows none, and ui.tsx is part of the first screen's
// JavaScript (bench/web/bundle.mjs); the screens and sheets with tabs bring it with them.

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
