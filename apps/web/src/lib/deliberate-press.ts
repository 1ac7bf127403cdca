import { useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';

/**
 * A button that spends (a purchase, or what slides a shop up) acts only on a deliberate press:
 * a tapping thumb must never buy. It stays disabled for ARM_MS after it appears (so nothing that
 * slid in under a finger takes that finger's next tap), and then a press counts when its pointer
 * went down on that very button and the thumb was not tapping the egg just before (TAPPING_MS).
 * A keyboard's click, with no pointer, acts.
 */

/** A button is disabled this long after it appears. */
export const ARM_MS = 500;
/** A press this soon after a tap on the egg belongs to the tapping thumb. */
export const TAPPING_MS = 700;

let lastRapidPress = Number.NEGATIVE_INFINITY;

/** Noted by a target tapped fast and often (the egg) on every press. */
export function noteRapidPress(at = Date.now()) {
  lastRapidPress = at;
}

/**
 * `armed` (false for ARM_MS after the component mounts: the buttons' `disabled`) and
 * `press(action)`, a button's `onPointerDown` and `onClick` that run the action only on a
 * deliberate press. One hook serves every button of a sheet or card.
 */
export function useDeliberatePress() {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), ARM_MS);
    return () => clearTimeout(timer);
  }, []);
  const down = useRef<{ target: EventTarget; at: number } | null>(null);
  const press = (action: () => void) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      down.current = { target: e.currentTarget, at: Date.now() };
    },
    onClick: (e: MouseEvent<HTMLElement>) => {
      const pressed = down.current;
      down.current = null;
      if (!armed) return;
      // Enter or Space: no pointer, no thumb.
      if (!pressed && e.detail === 0) return action();
      if (!pressed || pressed.target !== e.currentTarget) return;
      if (pressed.at - lastRapidPress < TAPPING_MS) return;
      action();
    },
  });
  return { armed, press };
}
