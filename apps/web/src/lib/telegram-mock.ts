/** The Telegram environment mocked outside Telegram (development and tests), loaded only there. */
import { emitEvent, mockTelegramEnv } from '@tma.js/sdk-react';
import { DEV_LANGUAGE_KEY, DEV_USER_KEY } from './launch-language.ts';
import { launchError } from './launch-error.ts';

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

/**
 * Outside Telegram, launch data for a development player comes from the server's dev route
 * (`?userid=` picks the player) and the Telegram environment is mocked before any SDK call.
 */
export async function mockOutsideTelegram() {
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
