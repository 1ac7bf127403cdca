import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DailyClaimResponse } from '@egg-rush/contract/daily';
import eggUrl from '../assets/egg.svg';
import { Button, CoinIcon, formatNumber, Progress, TicketIcon } from '../components/ui/ui.tsx';
import type { LaunchSession } from '../lib/telegram.ts';
import { claimDaily, login } from './auth.ts';
import { useImagePreload } from './preload.ts';

/** SPEC.md section 9: the check-in intro shows for 2 s. */
export const INTRO_MS = 2_000;

type Phase = 'start' | 'claiming' | 'intro' | 'rewards' | 'app';

/**
 * The start gate (SPEC.md "Start gate", section 4 "App start"): preload with progress, login,
 * Start, the daily check-in intro and rewards when the claim succeeded, then the app.
 */
export function StartGate({
  session,
  images,
  children,
}: {
  session: LaunchSession;
  images: readonly string[];
  children: ReactNode;
}) {
  const preload = useImagePreload(images);
  const [authed, setAuthed] = useState(false);
  const [authError, setAuthError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('start');
  const [claim, setClaim] = useState<DailyClaimResponse | null>(null);
  const attempt = useRef(0);

  const signIn = useCallback(() => {
    const mine = ++attempt.current;
    login(session)
      .then(() => mine === attempt.current && setAuthed(true))
      .catch((error: unknown) => {
        console.error('login failed', error);
        if (mine === attempt.current) setAuthError(error instanceof Error ? error.message : String(error));
      });
  }, [session]);
  useEffect(signIn, [signIn]);
  const retry = () => {
    setAuthError(null);
    signIn();
  };

  useEffect(() => {
    if (phase !== 'intro') return;
    const timer = setTimeout(() => setPhase('rewards'), INTRO_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const start = async () => {
    setPhase('claiming');
    const result = await claimDaily(session.user.id);
    setClaim(result);
    setPhase(result ? 'intro' : 'app');
  };

  if (phase === 'app' && authed) return <>{children}</>;

  if (phase === 'intro' && claim) {
    return (
      <Screen>
        <div className="flex flex-col items-center gap-3 text-center" data-testid="checkin-intro">
          <div className="relative grid h-40 w-40 place-items-center rounded-full bg-gold/15 ring-4 ring-gold/40 motion-safe:animate-[pulse_1s_ease-in-out_infinite]">
            <span data-testid="checkin-day" className="text-7xl font-black text-gold num">
              {claim.day}
            </span>
          </div>
          <p className="text-2xl font-black tracking-wide">day check-in</p>
        </div>
      </Screen>
    );
  }

  if (phase === 'rewards' && claim) {
    return (
      <Screen>
        <div className="flex w-full max-w-sm flex-col items-center gap-5 text-center">
          <h1 className="text-3xl font-black">Your daily rewards</h1>
          <div className="grid w-full grid-cols-2 gap-3">
            <div className="card flex flex-col items-center gap-2 p-4">
              <CoinIcon size={44} />
              <span className="text-2xl font-black text-gold num">+{formatNumber(claim.eggReward)}</span>
              <span className="text-sm text-text-dim">Egg Points</span>
            </div>
            <div className="card flex flex-col items-center gap-2 p-4">
              <TicketIcon size={44} />
              <span className="text-2xl font-black text-coral num">+{formatNumber(claim.ticketReward)}</span>
              <span className="text-sm text-text-dim">Play Passes</span>
            </div>
          </div>
          <p className="text-sm text-text-dim">
            Stay tuned for Day {claim.day + 1} of Check-In tomorrow! Reset your check-in by skipping a day.
          </p>
          <Button className="w-full text-lg" onClick={() => setPhase('app')}>
            Continue
          </Button>
        </div>
      </Screen>
    );
  }

  const ready = preload.done && authed;
  return (
    <Screen>
      <div className="flex w-full max-w-sm flex-col items-center gap-6 text-center">
        <div className="relative grid place-items-center">
          <div className="absolute h-72 w-72 rounded-full" style={{ background: 'var(--glow-egg)' }} />
          <img src={eggUrl} alt="Egg Rush" width={180} height={225} className="relative drop-shadow-2xl" />
        </div>
        <div>
          <h1 className="text-4xl font-black tracking-tight">
            Egg <span className="text-gold">Rush</span>
          </h1>
          <p className="mt-1 text-text-dim">Tap the egg. Grow the Land.</p>
        </div>
        <div className="w-full">
          <Progress value={preload.total ? preload.loaded / preload.total : 1} label="Loading images" />
          <p className="mt-2 text-xs text-text-dim num" aria-live="polite">
            {preload.done ? 'Ready' : `Loading ${preload.loaded}/${preload.total}`}
          </p>
        </div>
        {authError ? (
          <div className="w-full">
            <p className="mb-2 text-sm text-coral">{authError}</p>
            <Button variant="ghost" className="w-full" onClick={retry}>
              Try again
            </Button>
          </div>
        ) : (
          <Button
            className="w-full text-lg"
            disabled={!ready || phase === 'claiming'}
            onClick={() => void start()}
          >
            Start
          </Button>
        )}
      </div>
    </Screen>
  );
}

function Screen({ children }: { children: ReactNode }) {
  return <main className="flex min-h-full flex-col items-center justify-center px-6 py-10">{children}</main>;
}
