import {
  addToHomeScreen,
  checkHomeScreenStatus,
  closingBehavior,
  postEvent,
  settingsButton,
  shareStory,
  supports,
  swipeBehavior,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import { useEffect } from 'react';

/**
 * What makes the app behave like a native Telegram game, each through the SDK and each skipped
 * quietly where the client is too old (or outside Telegram): vertical swipes do not collapse the
 * app while it is open (a fast tapping thumb swipes), closing asks for confirmation while a
 * mole round, a spin or a payment is in progress, the screen stays in portrait, a phone shows the
 * game full screen (every screen keeps clear of the safe area and of Telegram's own controls:
 * --safe-* in styles/tokens.css), Telegram's menu has a Settings item opening ours, the game is
 * offered once for the home screen, invites go to stories, and the page's colours follow
 * Telegram's theme.
 */

/** Quiet: a client that lacks a feature simply goes without it. */
function quietly(fn: () => unknown) {
  try {
    fn();
  } catch {
    /* not supported by this client */
  }
}

/** Telegram's phone apps: full screen there (a desktop window would cover the whole monitor). */
const PHONES = new Set(['android', 'android_x', 'ios']);

/** Called once the SDK is initialised, with the client's Bot API version and platform. */
export function setupNativeBehaviour(version: string, platform: string) {
  quietly(() => {
    if (!swipeBehavior.mount.isAvailable()) return;
    swipeBehavior.mount();
    swipeBehavior.disableVertical.ifAvailable();
  });
  quietly(() => closingBehavior.mount.ifAvailable());
  quietly(() => lockPortrait(version));
  quietly(() => {
    settingsButton.mount.ifAvailable();
    settingsButton.show.ifAvailable();
  });
  quietly(() => followTheme());
  if (PHONES.has(platform)) {
    // Telegram answers when the view has changed (or refused: the client's choice).
    quietly(() => {
      const asked = viewport.requestFullscreen.ifAvailable();
      if (asked.ok) asked.data.catch(() => undefined);
    });
  }
}

/**
 * The page follows Telegram's theme: the SDK keeps the --tg-theme-* variables up to date on each
 * theme_changed, and `data-tg-scheme` on the root says whether Telegram is light or dark now. The
 * game's own screens keep their night palette whatever Telegram's theme: the game has one look.
 */
function followTheme() {
  themeParams.bindCssVars.ifAvailable();
  const root = document.documentElement;
  const apply = () => {
    root.dataset.tgScheme = themeParams.isDark() ? 'dark' : 'light';
  };
  apply();
  themeParams.isDark.sub(apply);
}

/** Telegram's menu's Settings item: calls `open` on each press (none on older clients). */
export function onSettingsButton(open: () => void): () => void {
  try {
    if (!settingsButton.isMounted()) return () => undefined;
    return settingsButton.onClick(open);
  } catch {
    return () => undefined;
  }
}

/** The player was offered the home-screen shortcut on this device (once is enough). */
const HOME_SCREEN_OFFERED = 'egg-rush:home-screen-offered';

/**
 * Offers the game for the phone's home screen, once per device, where the client can add it and
 * it is not there yet: called after the first daily check-in, when the player has a reason to
 * come back tomorrow.
 */
export async function offerHomeScreen(): Promise<void> {
  try {
    if (localStorage.getItem(HOME_SCREEN_OFFERED) || !addToHomeScreen.isAvailable()) return;
    const checked = checkHomeScreenStatus.ifAvailable({ timeout: 3_000 });
    const status = checked.ok ? await checked.data : 'unknown';
    if (status === 'added' || status === 'unsupported') return;
    localStorage.setItem(HOME_SCREEN_OFFERED, '1');
    addToHomeScreen.ifAvailable();
  } catch {
    /* not offered: an older client, or no answer */
  }
}

/** Whether this client can post a story (share an invite to it). */
export function canShareStory(): boolean {
  try {
    return shareStory.isAvailable();
  } catch {
    return false;
  }
}

/** Opens Telegram's story editor with `mediaUrl`, the invite link as the story's widget. */
export function shareInviteStory(mediaUrl: string, text: string, link: { url: string; name: string }) {
  // A story's caption holds at most 200 characters (without Premium).
  quietly(() => shareStory.ifAvailable(mediaUrl, { text: text.slice(0, 200), widgetLink: link }));
}

/**
 * Telegram locks the orientation the device is in: locked at once in portrait, else at the first
 * turn to portrait.
 */
function lockPortrait(version: string) {
  if (!supports('web_app_toggle_orientation_lock', version)) return;
  const portrait = window.matchMedia('(orientation: portrait)');
  const lock = () => quietly(() => postEvent('web_app_toggle_orientation_lock', { locked: true }));
  if (portrait.matches) return lock();
  const onChange = () => {
    if (!portrait.matches) return;
    portrait.removeEventListener('change', onChange);
    lock();
  };
  portrait.addEventListener('change', onChange);
}

let holds = 0;

/**
 * Asks Telegram to confirm closing until the returned release is called (once); holds nest, so
 * a spin during a payment keeps the confirmation until both end.
 */
export function holdClosingConfirmation(): () => void {
  holds += 1;
  if (holds === 1) quietly(() => closingBehavior.enableConfirmation.ifAvailable());
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0) quietly(() => closingBehavior.disableConfirmation.ifAvailable());
  };
}

/** Holds the closing confirmation while `busy` (a round, a spin) is true. */
export function useClosingConfirmation(busy: boolean) {
  useEffect(() => (busy ? holdClosingConfirmation() : undefined), [busy]);
}
