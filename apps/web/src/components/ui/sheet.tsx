import { useEffect, useRef, type ReactNode } from 'react';
import './sheet.css';
import { CloseIcon } from './icons.tsx';

/**
 * A bottom sheet over the current screen: slides up (transform only), closes on the backdrop,
 * the close button and Escape.
 */
export function Sheet({
  title,
  open,
  onClose,
  children,
  footer,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Pinned under the scrolling content. */
  footer?: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    panel.current?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center">
      <button
        type="button"
        aria-label="Close"
        tabIndex={-1}
        className="sheet-backdrop absolute inset-0 bg-night-950/70 backdrop-blur-[2px]"
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        className="sheet-panel relative flex max-h-[86vh] w-full max-w-[480px] flex-col rounded-t-[28px] border-t border-lilac/20 bg-night-800 shadow-[0_-12px_40px_rgb(5_2_18/0.6)] outline-none"
        style={{ paddingBottom: 'calc(var(--safe-bottom) + 12px)' }}
      >
        <div className="mx-auto mt-2 h-1.5 w-12 rounded-full bg-lilac/30" aria-hidden="true" />
        <header className="flex items-center justify-between px-5 pt-2 pb-3">
          <h2 className="text-2xl font-black tracking-tight">{title}</h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={`Close ${title}`}
            className="grid h-11 w-11 place-items-center rounded-full bg-lilac/10 text-text-dim"
          >
            <CloseIcon size={20} />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-2">{children}</div>
        {footer ? <div className="px-5 pt-2">{footer}</div> : null}
      </div>
    </div>
  );
}
