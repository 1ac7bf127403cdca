import {
  backButton,
  hapticFeedback,
  init,
  isTMA,
  miniApp,
  openLink,
  openTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  setDebug,
  shareURL,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import { setupNativeBehaviour } from './native-behaviour.ts';
import { launchError } from './launch-error.ts';
import { nextTask } from './next-task.ts';
import { useAppStore } from './store.ts';

/** The game's header and background colour in Telegram. */
export const HEADER_COLOR = '#160c2e';

export interface LaunchSession {
  /** Raw signed init data, sent to the server at login. */
  initData: string;
  user: {
    id: number;
    firstName: string;
    lastName?: string;
    username?: string;
    photoUrl?: string;
    languageCode?: string;
  };
  startParam: string | undefined;
  colorScheme: 'dark' | 'light';
  debug: boolean;
  /** False in a normal browser (development and tests): the Telegram environment is mocked. */
  inTelegram: boolean;
  /** Telegram's platform ('ios', 'android', 'tdesktop', …), sent at login. */
  platform?: string;
}

/**
 * A real Telegram client: its bridge is injected (mobile and desktop apps), or the page is framed
 * (Telegram Web), or Telegram passed launch data in the URL. The SDK's own check also answers
 * true after a mock, from launch data it kept in session storage, so it cannot tell after a reload.
 */
function inRealTelegram(): boolean {
  return (
    'TelegramWebviewProxy' in window ||
    window.self !== window.top ||
    (/[#&]tgWebAppData=/.test(window.location.hash) && isTMA())
  );
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

function attempt(what: string, fn: () => unknown) {
  try {
    const result = fn();
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(undefined, (e: unknown) =>
        console.warn(`telegram: ${what} failed`, e),
      );
    }
  } catch (e) {
    console.warn(`telegram: ${what} failed`, e);
  }
}

/**
 * Telegram clients older than Bot API 8.0 sign launch data without the `signature` field, which
 * the SDK's parser requires. The SDK then reads a copy of the address with an empty `signature`;
 * the server gets the launch data exactly as Telegram signed it (returned here).
 */
function keepUnsignedLaunchData(): string | undefined {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const raw = hash.get('tgWebAppData');
  if (!raw || new URLSearchParams(raw).has('signature')) return undefined;
  const copy = new URLSearchParams(raw);
  copy.set('signature', '');
  hash.set('tgWebAppData', copy.toString());
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}#${hash.toString()}`);
  return raw;
}

/** Sets up the Telegram SDK (or its mock) and returns who is playing. */
export async function startTelegram(): Promise<LaunchSession> {
  const inTelegram = inRealTelegram();
  const asSigned = inTelegram ? keepUnsignedLaunchData() : undefined;
  // Outside Telegram only (development and tests): the mock is a chunk of its own, never loaded in
  // Telegram.
  if (!inTelegram) await (await import('./telegram-mock.ts')).mockOutsideTelegram();
  // Each step parses the launch data anew: one task each.
  await nextTask();
  const lp = retrieveLaunchParams();
  const initData = asSigned ?? retrieveRawInitData() ?? '';
  const signed = new URLSearchParams(initData);
  const user = parseUser(signed.get('user'));
  if (!user || !initData) throw launchError('Telegram did not pass launch data.', 'start.noLaunchData');
  const startParam = lp.tgWebAppStartParam ?? signed.get('start_param') ?? undefined;
  const debug = startParam === 'debug';

  setDebug(debug);
  await nextTask();
  init();
  await nextTask();
  if (debug) {
    void import('eruda').then(({ default: eruda }) => eruda.init());
  }
  attempt('theme', () => themeParams.mount());
  attempt('mini app', () => miniApp.mount());
  await nextTask();
  attempt('header colour', () => miniApp.setHeaderColor(HEADER_COLOR));
  attempt('background colour', () => miniApp.setBgColor(HEADER_COLOR));
  await nextTask();
  attempt('back button', () => backButton.mount());
  setupNativeBehaviour(lp.tgWebAppVersion, lp.tgWebAppPlatform);
  await nextTask();
  attempt('viewport', async () => {
    await viewport.mount();
    viewport.bindCssVars();
    if (!viewport.isExpanded()) viewport.expand();
    // All sound stops while the host view is collapsed.
    const sync = () => useAppStore.getState().setCollapsed(!viewport.isExpanded());
    sync();
    viewport.isExpanded.sub(sync);
  });
  attempt('ready', () => miniApp.ready());

  return {
    initData,
    user,
    startParam,
    colorScheme: safe(() => miniApp.isDark(), true) ? 'dark' : 'light',
    debug,
    inTelegram,
    platform: lp.tgWebAppPlatform,
  };
}

function parseUser(json: string | null): LaunchSession['user'] | null {
  if (!json) return null;
  try {
    const u = JSON.parse(json) as Record<string, unknown>;
    if (typeof u.id !== 'number') return null;
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return {
      id: u.id,
      firstName: text(u.first_name) ?? 'Player',
      ...(text(u.last_name) ? { lastName: text(u.last_name) } : {}),
      ...(text(u.username) ? { username: text(u.username) } : {}),
      ...(text(u.photo_url) ? { photoUrl: text(u.photo_url) } : {}),
      ...(text(u.language_code) ? { languageCode: text(u.language_code) } : {}),
    };
  } catch {
    return null;
  }
}

/** t.me links open inside Telegram; other links through Telegram's link opener. */
export function openExternal(url: string) {
  try {
    if (/^https:\/\/t\.me\//.test(url) && openTelegramLink.isAvailable()) return openTelegramLink(url);
    if (openLink.isAvailable()) return openLink(url);
  } catch {
    /* fall through to the browser */
  }
  window.open(url, '_blank', 'noopener');
}

/** Telegram's share sheet for a URL and text. */
export function shareLink(url: string, text: string) {
  try {
    if (shareURL.isAvailable()) return shareURL(url, text);
  } catch {
    /* fall through */
  }
  openExternal(`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`);
}

export function haptic(style: 'light' | 'medium' | 'heavy' = 'light') {
  if (!useAppStore.getState().haptics) return;
  try {
    if (hapticFeedback.impactOccurred.isAvailable()) hapticFeedback.impactOccurred(style);
  } catch {
    /* no haptics here */
  }
}

/** Shows Telegram's back button when there is somewhere to go back to. */
export function syncBackButton(canGoBack: boolean, onBack: () => void): () => void {
  try {
    if (!backButton.isMounted()) return () => undefined;
    if (canGoBack) backButton.show();
    else backButton.hide();
    return backButton.onClick(onBack);
  } catch {
    return () => undefined;
  }
}
