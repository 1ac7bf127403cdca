import {
  backButton,
  emitEvent,
  hapticFeedback,
  init,
  isTMA,
  miniApp,
  mockTelegramEnv,
  openLink,
  openTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  setDebug,
  shareURL,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import { DEV_LANGUAGE_KEY, DEV_USER_KEY } from './launch-language.ts';
import { setupNativeBehaviour } from './native-behaviour.ts';
import { nextTask } from './next-task.ts';
import { useAppStore } from './store.ts';

/** The game's header and background colour in Telegram. */
export const HEADER_COLOR = '#160c2e';

const DARK_THEME = {
  bg_color: '#160c2e',
  secondary_bg_color: '#211243',
  text_color: '#f4f0ff',
  hint_color: '#a99cd6',
  link_color: '#ffc93c',
  button_color: '#ffc93c',
  button_text_color: '#3a2300',
  header_bg_color: '#160c2e',
} as const;

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
}

/**
 * Outside Telegram, launch data for a development player comes from the server's dev route
 * (`?userid=` picks the player) and the Telegram environment is mocked before any SDK call.
 */
async function mockOutsideTelegram() {
  const page = new URLSearchParams(window.location.search);
  // The chosen player survives client navigation (which drops the query) and reloads of the tab.
  const userid = page.get('userid') ?? sessionStorage.getItem(DEV_USER_KEY) ?? '1000001';
  sessionStorage.setItem(DEV_USER_KEY, userid);
  const startParam = page.get('startapp') ?? page.get('start_param') ?? undefined;
  const query = new URLSearchParams({
    userid,
    first_name: page.get('first_name') ?? `Player ${userid.slice(-3)}`,
  });
  if (startParam) query.set('start_param', startParam);
  if (page.get('premium') === '1') query.set('is_premium', 'true');
  // Telegram's language for this player, kept like the player across navigation and reloads.
  const language = page.get('language_code') ?? sessionStorage.getItem(DEV_LANGUAGE_KEY);
  if (language) {
    sessionStorage.setItem(DEV_LANGUAGE_KEY, language);
    query.set('language_code', language);
  }
  const res = await fetch(`/api/v1/dev/launch?${query.toString()}`);
  if (!res.ok) throw launchError('Open the app from Telegram to play.', 'start.openInTelegram');
  const { initData } = (await res.json()) as { initData: string };
  mockTelegramEnv({
    launchParams: {
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'tdesktop',
      tgWebAppThemeParams: DARK_THEME,
      ...(startParam ? { tgWebAppStartParam: startParam } : {}),
    },
    onEvent(event) {
      if (event.name === 'web_app_request_theme') emitEvent('theme_changed', { theme_params: DARK_THEME });
      if (event.name === 'web_app_request_viewport') {
        emitEvent('viewport_changed', {
          height: window.innerHeight,
          width: window.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        });
      }
      if (event.name === 'web_app_request_safe_area') {
        emitEvent('safe_area_changed', { left: 0, top: 0, right: 0, bottom: 0 });
      }
      if (event.name === 'web_app_request_content_safe_area') {
        emitEvent('content_safe_area_changed', { left: 0, top: 0, right: 0, bottom: 0 });
      }
    },
  });
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

/** A launch failure, with its catalogue key: it is shown before the app (and its language) starts. */
const launchError = (message: string, i18nKey: string) => Object.assign(new Error(message), { i18nKey });

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
  if (!inTelegram) await mockOutsideTelegram();
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
