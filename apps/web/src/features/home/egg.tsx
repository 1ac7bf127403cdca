import { useRef, type PointerEvent } from 'react';
import eggTapUrl from '../../assets/egg-tap.svg';
import eggUrl from '../../assets/egg.svg';
import { playSound } from '../../lib/audio.ts';
import { noteRapidPress } from '../../lib/deliberate-press.ts';
import { useT } from '../../lib/i18n.tsx';
import { motionReduced } from '../../lib/store.ts';
import { haptic } from '../../lib/telegram.ts';
import { useTapStore } from './tap-store.ts';

/** The '+earnPerTap' marker shows for 1 second. */
export const MARKER_MS = 1_000;
/** A tap plays this file. */
export const TAP_SOUND = '/mp3/tap.mp3';

/**
 * The big egg. Every pointer (finger) that goes down is one tap: counted in the local store at
 * once, the egg squashes and tilts toward the touch, a '+earnPerTap' marker floats from the touch
 * point. Nothing here re-renders React per tap; only the counters subscribed to the store do.
 *
 * In the daily cipher's mode (`onPress` given) a press is no tap: nothing is counted or sent, and
 * each press's length goes to `onPress` when the finger lifts (a dot or a dash).
 */
export function Egg({ onPress }: { onPress?: (ms: number) => void } = {}) {
  const stage = useRef<HTMLDivElement>(null);
  const egg = useRef<HTMLDivElement>(null);
  const crack = useRef<HTMLImageElement>(null);
  const pressedAt = useRef<number | null>(null);
  const { t } = useT();

  // A press is timed from its events' own stamps (when the finger went down and up), not from when
  // they were handled: a busy page handles them late, and a dot would read as a dash.
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!onPress || pressedAt.current === null) return;
    const ms = e.timeStamp - pressedAt.current;
    pressedAt.current = null;
    egg.current?.getAnimations?.().forEach((a) => a.cancel());
    onPress(ms);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    if (onPress) {
      pressedAt.current = e.timeStamp;
      // A hold that slides off the egg still ends here.
      e.currentTarget.setPointerCapture?.(e.pointerId);
      egg.current?.animate?.([{ transform: 'scale(1)' }, { transform: 'scale(0.95)' }], {
        duration: 120,
        fill: 'forwards',
      });
      haptic('light');
      return;
    }
    // A thumb tapping the egg buys nothing: purchase buttons ignore presses right after this.
    noteRapidPress();
    const store = useTapStore.getState();
    const box = stage.current?.getBoundingClientRect();
    const x = box ? e.clientX - box.left : 0;
    const y = box ? e.clientY - box.top : 0;
    if (!store.tap(Date.now())) {
      egg.current?.animate?.(
        [
          { transform: 'translateX(0)' },
          { transform: 'translateX(-6px)' },
          { transform: 'translateX(6px)' },
          { transform: 'translateX(0)' },
        ],
        { duration: 220 },
      );
      return;
    }
    if (box && egg.current?.animate && !reducedMotion()) {
      const rx = ((y / box.height) * 2 - 1) * -10;
      const ry = ((x / box.width) * 2 - 1) * 12;
      egg.current.animate(
        [
          { transform: 'perspective(600px) rotateX(0) rotateY(0) scale(1)' },
          { transform: `perspective(600px) rotateX(${rx}deg) rotateY(${ry}deg) scale(0.93, 0.9)` },
          { transform: 'perspective(600px) rotateX(0) rotateY(0) scale(1)' },
        ],
        { duration: 180, easing: 'ease-out' },
      );
      crack.current?.animate?.([{ opacity: 1 }, { opacity: 0 }], { duration: 260, easing: 'ease-out' });
    }
    spawnMarker(stage.current, x, y, `+${store.rates.earnPerTap}`);
    playSound(TAP_SOUND, 0.5);
    haptic('light');
  };

  return (
    <div
      ref={stage}
      data-testid="egg"
      role="button"
      aria-label={t('home.tapEgg')}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        pressedAt.current = null;
      }}
      data-mode={onPress ? 'cipher' : 'tap'}
      onContextMenu={(e) => e.preventDefault()}
      className="egg-stage relative mx-auto grid aspect-[4/5] w-full max-w-[290px] cursor-pointer place-items-center select-none"
    >
      <div className="egg-glow pointer-events-none absolute -inset-10 rounded-full" aria-hidden="true" />
      <div ref={egg} className="relative h-full w-full will-change-transform">
        <img src={eggUrl} alt="" draggable={false} className="h-full w-full drop-shadow-2xl" />
        <img
          ref={crack}
          src={eggTapUrl}
          alt=""
          draggable={false}
          className="pointer-events-none absolute inset-0 h-full w-full opacity-0"
        />
      </div>
    </div>
  );
}

/** Respect reduced motion, the player's setting or the device's (the tilt is skipped, the count is not). */
const reducedMotion = motionReduced;

function spawnMarker(parent: HTMLElement | null, x: number, y: number, text: string) {
  if (!parent) return;
  const el = document.createElement('span');
  el.className = 'tap-marker num';
  el.dataset.testid = 'tap-marker';
  el.textContent = text;
  el.style.left = `${x}px`;
  el.style.top = `${y}px`;
  parent.appendChild(el);
  setTimeout(() => el.remove(), MARKER_MS);
}
