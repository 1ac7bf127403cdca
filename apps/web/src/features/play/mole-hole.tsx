import { gsap } from 'gsap';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  HIDE_S,
  moleUpMs,
  nextMoleCycle,
  nextWait,
  RISE_S,
  SINK_S,
  type MoleType,
} from '@egg-rush/game/mole';
import { HoleBottom, HoleTop, MoleArt } from './art.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * One hole and its mole: hidden, rises after a delay, returns, and
 * repeats with a new type; a whack marks it done and hides it within 0.1 s, then it waits 1 to
 * 3 s. Idle, a normal mole peeks up and down with a 1 s pause. Transforms only (gsap).
 */
export const MoleHole = memo(function MoleHole({
  index,
  active,
  onWhack,
}: {
  index: number;
  active: boolean;
  onWhack: (points: number, type: MoleType) => void;
}) {
  const moleRef = useRef<HTMLButtonElement>(null);
  const { t } = useT();
  const [type, setType] = useState<MoleType>('normal');
  const state = useRef({ up: false, points: 0, type: 'normal' as MoleType, repeat: 0 });
  const whackRef = useRef<() => void>(() => undefined);

  // Hidden before the first paint; from then on gsap alone owns the transform.
  useLayoutEffect(() => {
    if (moleRef.current) gsap.set(moleRef.current, { yPercent: 100 });
  }, []);

  useEffect(() => {
    const el = moleRef.current;
    if (!el) return;
    gsap.set(el, { yPercent: 100 });
    if (!active) {
      // Loading/idle: a normal mole peeks up and down with a 1 s pause.
      setType('normal');
      const peek = gsap.to(el, {
        yPercent: 55,
        duration: 0.6,
        yoyo: true,
        repeat: -1,
        repeatDelay: 1,
        delay: index * 0.15,
        ease: 'sine.inOut',
      });
      whackRef.current = () => undefined;
      return () => {
        peek.kill();
      };
    }
    const s = state.current;
    s.repeat = 0;
    let timeline: gsap.core.Timeline | undefined;
    let wait: gsap.core.Tween | undefined;

    const cycle = () => {
      const c = nextMoleCycle(s.repeat, Math.random);
      s.type = c.type;
      s.points = c.points;
      setType(c.type);
      timeline = gsap
        .timeline({ delay: c.delay, onComplete: done })
        .to(el, { yPercent: 0, duration: RISE_S, ease: 'back.out(1.6)', onStart: () => void (s.up = true) })
        .to(el, { yPercent: 100, duration: SINK_S, ease: 'power2.in' }, `+=${moleUpMs(c.type) / 1000}`)
        .call(() => void (s.up = false), [], '-=0.15');
      timeline.timeScale(c.timeScale);
    };
    const done = () => {
      s.up = false;
      s.repeat += 1;
      wait = gsap.delayedCall(nextWait(Math.random), cycle);
    };
    whackRef.current = () => {
      if (!s.up) return;
      s.up = false;
      timeline?.kill();
      onWhack(s.points, s.type);
      gsap.to(el, { yPercent: 100, duration: HIDE_S, ease: 'power1.in', onComplete: done });
    };
    cycle();
    return () => {
      timeline?.kill();
      wait?.kill();
      gsap.killTweensOf(el);
      s.up = false;
    };
  }, [active, index, onWhack]);

  return (
    <div className="relative aspect-[1/1] w-full select-none" data-testid={`hole-${index}`}>
      <div className="absolute inset-x-0 bottom-[8%] h-[30%]">
        <HoleTop />
      </div>
      <div className="absolute inset-x-[14%] bottom-[20%] top-0 overflow-hidden">
        <button
          ref={moleRef}
          type="button"
          aria-label={t(`play.mole.${type}`)}
          data-type={type}
          className="absolute inset-x-0 bottom-0 h-[92%] touch-none"
          onPointerDown={(e) => {
            e.preventDefault();
            whackRef.current();
          }}
        >
          <MoleArt type={type} />
        </button>
      </div>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 h-[30%]">
        <HoleBottom />
      </div>
    </div>
  );
});
