import { formatClock as clock } from '@egg-rush/game/time';
import confetti from 'canvas-confetti';
import { gsap } from 'gsap';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useLeaveGuard } from '../../lib/leave-guard.ts';
import { useLocation } from 'wouter';
import { toast } from '../../lib/toast.ts';
import {
  addScore,
  COUNTDOWN_DELAY_S,
  COUNTDOWN_NUMBERS,
  COUNTDOWN_STEP_S,
  GAME_COST_TICKETS,
  GAME_REWARD_CAP,
  GRID_COLUMNS,
  isBigWhack,
  MOLE_COUNT,
  TIME_LIMIT_MS,
  type MoleType,
} from '@egg-rush/game/mole';
import { Button, TicketIcon, formatNumber } from '../../components/ui/ui.tsx';
import { errorText, refusal, toastError } from '../../lib/errors.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useGameConfig } from '../../lib/game-config.ts';
import { useProfile } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';
import { useClosingConfirmation } from '../../lib/native-behaviour.ts';
import { prefs } from '../../lib/storage.ts';
import { type Round, usePlayApi } from './api.ts';
import { MalletArt } from './art.tsx';
import { MoleHole } from './mole-hole.tsx';
import { playGameSound } from './sounds.ts';
import './play.css';
import { useT } from '../../lib/i18n.tsx';
import { localDigits } from '../../lib/format.ts';

/** Confetti defaults. */
export const CONFETTI = {
  particleCount: 50,
  angle: 90,
  spread: 45,
  startVelocity: 45,
  decay: 0.9,
  ticks: 200,
  zIndex: 100,
} as const;

/** The game timer's tick (default 1000 ms). */
export const TIMER_INTERVAL_MS = 1_000;

type Phase = 'idle' | 'countdown' | 'playing' | 'finished';

/** 00:SS, or 00:00 when not started. */
export const formatClock = (ms: number) => localDigits(clock(ms));

/** The mole game (/play): the countdown, the timed play, the result. */
export default function PlayScreen() {
  const { user } = useSession();
  const { data: profile } = useProfile();
  // The active configuration's cap on a game's coins (today's until it loads).
  const rewardCap = useGameConfig()?.mole.rewardCap ?? GAME_REWARD_CAP;
  const { t } = useT();
  const api = usePlayApi();
  const [, navigate] = useLocation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [score, setScore] = useState(0);
  const [remaining, setRemaining] = useState(TIME_LIMIT_MS);
  const [round, setRound] = useState(0);
  const [newHigh, setNewHigh] = useState(false);
  const [starting, setStarting] = useState(false);
  const [highScore, setHighScore] = useState(() => prefs.highScore(user.id));
  /** Why the server did not score the last round, in the player's words. */
  const [refused, setRefused] = useState<string | null>(null);
  // What the server paid for the round, once it has answered.
  const [reward, setReward] = useState<number | null>(null);
  const roundRef = useRef<Round | null>(null);
  // Closing asks for confirmation while a round is on (its ticket is spent).
  useClosingConfirmation(phase === 'countdown' || phase === 'playing');
  // So does leaving it from the footer or Telegram's Back button.
  const running = phase === 'countdown' || phase === 'playing';
  useLeaveGuard(
    useMemo(
      () =>
        running
          ? {
              title: t('play.leaveTitle'),
              message: t('play.leaveBody'),
              leave: t('play.leaveConfirm'),
              stay: t('play.stay'),
            }
          : null,
      [running, t],
    ),
  );
  const scoreRef = useRef(0);

  const start = async () => {
    if (starting) return;
    // No ticket: said at once, not asked of the server (which would refuse it).
    if (profile && profile.ticket < GAME_COST_TICKETS) {
      toastError(refusal('NOT_ENOUGH_TICKET'), 'play');
      return;
    }
    setStarting(true);
    try {
      const reply = await api.start();
      if (!reply.success) {
        toastError(new ApiError(409, reply.code, reply.msg), 'play');
        return;
      }
      roundRef.current = { gameId: reply.gameId, key: reply.key };
      scoreRef.current = 0;
      setScore(0);
      setNewHigh(false);
      setRefused(null);
      setReward(null);
      setRemaining(TIME_LIMIT_MS);
      setRound((r) => r + 1); // the moles are drawn anew
      setPhase('countdown');
    } catch (error) {
      console.error('play start failed', error);
      toastError(error, 'play');
    } finally {
      setStarting(false);
    }
  };

  const finish = useCallback(async () => {
    setPhase('finished');
    playGameSound('whistle');
    const final = scoreRef.current;
    const played = roundRef.current;
    roundRef.current = null;
    if (!played) return;
    try {
      const reply = await api.finish(final, played);
      if (!reply.success) {
        // Said in words, never celebrated: the round paid nothing.
        setRefused(errorText(new ApiError(409, reply.code, reply.msg), 'play'));
        return;
      }
      setReward(reply.reward);
      // Celebrated once the server has scored the round.
      if (final > prefs.highScore(user.id)) {
        prefs.setHighScore(user.id, final);
        setHighScore(final);
        setNewHigh(true);
        playGameSound('cheer');
      }
      void confetti({ ...CONFETTI });
      if (reply.reward > 0) toast.success(t('play.got', { count: reply.reward }));
    } catch (error) {
      console.error('play result failed', error);
      toastError(error, 'play');
    }
  }, [api, user.id, t]);

  // The game timer: ticks every second while playing; at 0 the game ends.
  const timeUp = useEffectEvent(() => void finish());
  useEffect(() => {
    if (phase !== 'playing') return;
    const startedAt = performance.now();
    const timer = setInterval(() => {
      const left = TIME_LIMIT_MS - (performance.now() - startedAt);
      setRemaining(Math.max(0, left));
      if (left <= 0) {
        clearInterval(timer);
        timeUp();
      }
    }, TIMER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [phase]);

  const onWhack = useCallback((points: number, type: MoleType) => {
    scoreRef.current = addScore(scoreRef.current, points);
    setScore(scoreRef.current);
    playGameSound(type === 'bomb' ? 'thud' : 'whack');
    if (isBigWhack(points)) void confetti({ ...CONFETTI, particleCount: 20, origin: { y: 0.6 } });
  }, []);

  const playing = phase === 'playing';
  return (
    <div className="flex flex-col gap-3">
      <header className="flex items-center justify-between gap-2">
        <div
          className="num flex items-center gap-1.5 rounded-full border border-lilac/15 bg-night-950/60 px-3 py-1.5 font-extrabold"
          aria-label={t('play.tickets')}
        >
          <TicketIcon size={22} />
          <span data-testid="play-tickets">{profile ? formatNumber(profile.ticket) : '–'}</span>
        </div>
        <h1 className="min-w-0 text-center text-xl font-black">{t('play.title')}</h1>
        <div
          className="num rounded-full border border-lilac/15 bg-night-950/60 px-3 py-1.5 text-sm font-extrabold whitespace-nowrap"
          aria-label={t('play.highScore')}
        >
          {t('play.best', { n: formatNumber(highScore) })}
        </div>
      </header>

      <TimerBar remaining={phase === 'idle' ? 0 : remaining} started={phase !== 'idle'} />
      <div className="flex items-end justify-between px-1">
        <span className="min-w-0 pe-2 text-xs text-text-dim">{t('play.rules')}</span>
        <span className="num text-3xl font-black text-gold" data-testid="score" aria-live="polite">
          {formatNumber(score)}
        </span>
      </div>

      <MalletArea>
        <div
          className="grid gap-x-2 gap-y-1"
          style={{ gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))` }}
        >
          {Array.from({ length: MOLE_COUNT }, (_, i) => (
            <MoleHole key={`${round}-${i}`} index={i} active={playing} onWhack={onWhack} />
          ))}
        </div>
      </MalletArea>

      {playing ? (
        <Button variant="ghost" className="w-full" onClick={() => void finish()}>
          {t('play.end')}
        </Button>
      ) : (
        <Button
          className="w-full text-lg"
          disabled={starting || phase === 'countdown'}
          onClick={() => void start()}
        >
          {t('play.start', { count: GAME_COST_TICKETS })}
        </Button>
      )}

      {phase === 'countdown' ? <Countdown onDone={() => setPhase('playing')} /> : null}
      {phase === 'finished' ? (
        <GameOver
          score={score}
          newHigh={newHigh}
          reward={reward}
          cap={rewardCap}
          refused={refused}
          onReplay={() => void start()}
          onBack={() => navigate('/')}
          busy={starting}
        />
      ) : null}
    </div>
  );
}

function TimerBar({ remaining, started }: { remaining: number; started: boolean }) {
  const { t } = useT();
  const fraction = started ? remaining / TIME_LIMIT_MS : 0;
  return (
    <div className="flex items-center gap-3">
      <div
        className="h-3 flex-1 overflow-hidden rounded-full bg-night-950/70"
        role="timer"
        aria-label={t('play.timeLeft')}
      >
        <div
          className="h-full w-full origin-left rounded-full bg-gradient-to-r from-coral to-gold rtl:origin-right rtl:bg-gradient-to-l"
          style={{ transform: `scaleX(${fraction})`, transition: 'transform 1s linear' }}
          data-testid="timer-fill"
        />
      </div>
      <span className="num w-14 text-end font-black" data-testid="timer">
        {formatClock(started ? remaining : 0)}
      </span>
    </div>
  );
}

/** The mallet follows the pointer and swings while it is pressed (transform only). */
function MalletArea({ children }: { children: React.ReactNode }) {
  const area = useRef<HTMLDivElement>(null);
  const mallet = useRef<HTMLDivElement>(null);
  const move = (e: React.PointerEvent) => {
    const box = area.current?.getBoundingClientRect();
    if (!box || !mallet.current) return;
    mallet.current.style.setProperty('--x', `${e.clientX - box.left}px`);
    mallet.current.style.setProperty('--y', `${e.clientY - box.top}px`);
    mallet.current.style.opacity = '1';
  };
  return (
    <div
      ref={area}
      className="mole-area relative rounded-[20px] border border-lilac/10 bg-night-800/60 p-3"
      onPointerMove={move}
      onPointerDown={(e) => {
        move(e);
        mallet.current?.classList.add('swing');
      }}
      onPointerUp={() => mallet.current?.classList.remove('swing')}
      onPointerLeave={() => mallet.current && (mallet.current.style.opacity = '0')}
    >
      {children}
      <div ref={mallet} className="mallet" aria-hidden>
        <MalletArt />
      </div>
    </div>
  );
}

/**
 * 3-2-1: after 0.5 s, each number shrinks and spins for 1 s, with a sound. The server counts
 * no play time before it ends (COUNTDOWN_MS in packages/game).
 */
function Countdown({ onDone }: { onDone: () => void }) {
  const number = useRef<HTMLSpanElement>(null);
  const [value, setValue] = useState<number>(COUNTDOWN_NUMBERS[0]);
  const done = useEffectEvent(onDone);
  useEffect(() => {
    const el = number.current;
    const timeline = gsap.timeline({ delay: COUNTDOWN_DELAY_S, onComplete: () => done() });
    for (const n of COUNTDOWN_NUMBERS) {
      timeline.call(() => {
        setValue(n);
        playGameSound('count');
      });
      timeline.fromTo(
        el,
        { scale: 1.6, rotation: 0, opacity: 1 },
        { scale: 0.2, rotation: 360, opacity: 0.2, duration: COUNTDOWN_STEP_S, ease: 'power2.in' },
      );
    }
    timeline.call(() => playGameSound('go'));
    return () => {
      timeline.kill();
    };
  }, []);
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-night-950/55" data-testid="countdown">
      <span ref={number} className="num text-[140px] font-black text-gold drop-shadow-2xl">
        {formatNumber(value)}
      </span>
    </div>
  );
}

/**
 * The Game Over dialog: the score, a new high score, and, when the round scored more than a round
 * pays (GAME_REWARD_CAP), why the coins are fewer than the points.
 */
export function GameOver({
  score,
  newHigh,
  reward = null,
  refused,
  onReplay,
  onBack,
  busy,
  cap = GAME_REWARD_CAP,
}: {
  score: number;
  newHigh: boolean;
  reward?: number | null;
  /** The active configuration's cap on a game's coins. */
  cap?: number;
  refused: string | null;
  onReplay: () => void;
  onBack: () => void;
  busy: boolean;
}) {
  const { t } = useT();
  return (
    <div
      className="fixed inset-0 z-50 grid place-items-center bg-night-950/70 px-6"
      role="dialog"
      aria-modal="true"
      aria-labelledby="game-over"
    >
      <div className="card flex w-full max-w-sm flex-col items-center gap-3 p-6 text-center">
        <h2 id="game-over" className="text-3xl font-black">
          {t('play.over')}
        </h2>
        {newHigh ? <p className="font-extrabold text-mint">{t('play.newHigh')}</p> : null}
        {refused ? (
          <p role="alert" className="text-sm font-bold text-coral">
            {refused}
          </p>
        ) : null}
        <p className="text-sm text-text-dim">{t('play.yourScore')}</p>
        <p className="num text-5xl font-black text-gold" data-testid="final-score">
          {formatNumber(score)}
        </p>
        {reward !== null && !refused && score > reward && reward >= cap ? (
          <p className="text-sm font-bold text-text-dim" data-testid="reward-capped">
            {t('play.capped', { n: formatNumber(cap) })}
          </p>
        ) : null}
        <div className="mt-2 grid w-full grid-cols-2 gap-3">
          <Button variant="ghost" onClick={onBack}>
            {t('app.back')}
          </Button>
          <Button onClick={onReplay} disabled={busy}>
            {t('play.replay')}
          </Button>
        </div>
      </div>
    </div>
  );
}
