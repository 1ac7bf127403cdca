import { pickLanguage, type Language } from './language.ts';
import { prefs } from './storage.ts';

/** Outside Telegram (development), the player and language chosen in the address, kept for the tab. */
export const DEV_USER_KEY = 'egg-rush:dev-user';
export const DEV_LANGUAGE_KEY = 'egg-rush:dev-language';

function session(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The language of this launch, before the app and its Telegram SDK are loaded: the player's last
 * choice on this device, else Telegram's language code (from the launch data in the address),
 * else the browser's. lib/telegram.ts reads the same launch data fully once the SDK is in.
 */
export function launchLanguage(): Language {
  let id: number | undefined;
  let code: string | undefined;
  try {
    const data = new URLSearchParams(
      new URLSearchParams(window.location.hash.slice(1)).get('tgWebAppData') ?? '',
    );
    const user = JSON.parse(data.get('user') ?? '{}') as { id?: unknown; language_code?: unknown };
    if (typeof user.id === 'number') id = user.id;
    if (typeof user.language_code === 'string') code = user.language_code;
  } catch {
    // Unreadable launch data: the app's start says so.
  }
  if (id === undefined) {
    const query = new URLSearchParams(window.location.search);
    id = Number(query.get('userid') ?? session(DEV_USER_KEY)) || undefined;
    code = query.get('language_code') ?? session(DEV_LANGUAGE_KEY) ?? undefined;
  }
  return (id !== undefined ? prefs.language(id) : undefined) ?? pickLanguage(code ?? navigator.language);
}
