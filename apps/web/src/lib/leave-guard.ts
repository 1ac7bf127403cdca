import { useEffect } from 'react';
import { popup } from '@tma.js/sdk-react';

/** What a screen with something to lose asks before the player leaves it. */
export interface LeaveGuard {
  title: string;
  message: string;
  leave: string;
  stay: string;
}

let current: LeaveGuard | null = null;

/** While `guard` is set (memoised), leaving the screen through the app's own ways asks first. */
export function useLeaveGuard(guard: LeaveGuard | null) {
  useEffect(() => {
    current = guard;
    return () => {
      if (current === guard) current = null;
    };
  }, [guard]);
}

/**
 * Whether the player may leave: at once when nothing would be lost, otherwise their answer to
 * Telegram's popup (the browser's confirm outside Telegram).
 */
export async function mayLeave(): Promise<boolean> {
  const guard = current;
  if (!guard) return true;
  if (popup.show.isAvailable()) {
    const id = await popup.show({
      title: guard.title,
      message: guard.message,
      buttons: [
        { id: 'stay', type: 'default', text: guard.stay },
        { id: 'leave', type: 'destructive', text: guard.leave },
      ],
    });
    return id === 'leave';
  }
  return window.confirm(`${guard.title}\n\n${guard.message}`);
}
