import { closingBehavior, postEvent, supports, swipeBehavior } from '@tma.js/sdk-react';
import { useEffect } from 'react';

/**
 * What makes the app behave like a native Telegram game, each through the SDK and each skipped
 * quietly where the client is too old (or outside Telegram): vertical swipes do not collapse the
 * app while it is open (a fast tapping thumb swipes), closing asks for confirmation while a
 * mole round, a spin or a payment is in progress, and the screen stays in portrait.
 */

/** Quiet: a client that lacks a feature simply goes without it. */
function quietly(fn: () => unknown) {
  try {
    fn();
  } catch {
    /* not supported by this client */
  }
}

/** Called once the SDK is initialised, with the client's Bot API version. */
export function setupNativeBehaviour(version: string) {
  quietly(() => {
    if (!swipeBehavior.mount.isAvailable()) return;
    swipeBehavior.mount();
    swipeBehavior.disableVertical.ifAvailable();
  });
  quietly(() => closingBehavior.mount.ifAvailable());
  quietly(() => lockPortrait(version));
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
