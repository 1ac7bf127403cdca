import { navigate as browserNavigate, useBrowserLocation } from 'wouter/use-browser-location';

/** How many steps back this tab's history goes within the app: 0 on the page it opened on. */
export function historyIndex(): number {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
}

/**
 * Navigation in the browser's history that numbers its entries (Telegram's back button goes back
 * while there is an entry below, else Home: layout.tsx). Going to the page already shown replaces
 * it rather than stacking it.
 */
export function navigate(to: string, options: { replace?: boolean } = {}) {
  const replace = options.replace || new URL(to, window.location.href).href === window.location.href;
  browserNavigate(to, { replace, state: { idx: replace ? historyIndex() : historyIndex() + 1 } });
}

/** The router's location: the browser's path, with `navigate` above. */
export function useAppLocation(): [string, typeof navigate] {
  return [useBrowserLocation()[0], navigate];
}
