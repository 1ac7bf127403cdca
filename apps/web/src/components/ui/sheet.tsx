import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import './sheet.css';
import { useT } from '../../lib/i18n.tsx';
import { CloseIcon } from './icons-later.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The one bottom sheet over the current screen: slides up (transform only), closes on the
 * backdrop, the close button and Escape. While open, Tab and Shift+Tab stay inside it; when it
 * closes, focus goes back to what opened it.
 */
export function Sheet({
  title,
  open,
  onClose,
  children,
  footer,
  showTitle = true,
}: {
  /** The sheet's heading and the dialog's name. */
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Pinned under the scrolling content. */
  footer?: ReactNode;
  /** False when the content carries its own heading: the title then only names the dialog. */
  showTitle?: boolean;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const { t } = useT();
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        close();
        return;
      }
      const box = panel.current;
      if (e.key !== 'Tab' || !box) return;
      const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        e.preventDefault();
        box.focus();
      } else if (e.shiftKey && (active === first || active === box || !box.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !box.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center">
      <button
        type="button"
        aria-label={t('app.close')}
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
        className="sheet-panel relative flex w-full max-w-[480px] flex-col rounded-t-[28px] border-t border-lilac/20 bg-night-800 shadow-[0_-12px_40px_rgb(5_2_18/0.6)] outline-none"
        style={{
          paddingBottom: 'calc(var(--safe-bottom) + 12px)',
          // Below Telegram's own controls over a full-screen app.
          maxHeight: 'min(86vh, calc(100vh - var(--safe-top) - 8px))',
        }}
      >
        <div className="mx-auto mt-2 h-1.5 w-12 rounded-full bg-lilac/30" aria-hidden="true" />
        <header
          className={
            showTitle
              ? 'flex items-center justify-between px-5 pt-2 pb-3'
              : 'absolute top-3 end-3 z-10' /* the close button over the content's own heading */
          }
        >
          {showTitle ? <h2 className="text-2xl font-black tracking-tight">{title}</h2> : null}
          <button
            type="button"
            onClick={onClose}
            aria-label={t('app.closeNamed', { name: title })}
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
