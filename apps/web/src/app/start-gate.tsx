import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DailyClaimResponse } from '@egg-rush/contract/daily';
import eggUrl from '../assets/egg.svg';
import { Button, CoinIcon, formatNumber, Progress, TicketIcon } from '../components/ui/ui.tsx';
import type { LaunchSession } from '../lib/telegram.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../lib/i18n.tsx';
import { profileQuery } from '../lib/profile.ts';
import { claimDaily, login } from './auth.ts';
import { useImagePreload } from './preload.ts';

/** The check-in intro shows for 2 s. */
export const INTRO_MS = 2_000;

type Phase = 'start' | 'claiming' | 'intro' | 'rewards' | 'app';

/**
 * The start gate: preload with progress, login,
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
  const { t } = useT();
  const client = useQueryClient();

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
    // The profile says whether today's check-in is still to claim: a returning player's second
    // launch of the day asks nothing the server would refuse.
    const profile = await client.fetchQuery(profileQuery(session.user.id)).catch(() => undefined);
    const result = profile?.dailyClaimable === false ? null : await claimDaily(session.user.id);
    // The claim paid coins and tickets: the profile read before it is out of date.
    if (result) void client.invalidateQueries({ queryKey: profileQuery(session.user.id).queryKey });
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
          <p className="text-2xl font-black tracking-wide">{t('start.checkIn')}</p>
        </div>
      </Screen>
    );
  }

  if (phase === 'rewards' && claim) {
    return (
      <Screen>
        <div className="flex w-full max-w-sm flex-col items-center gap-5 text-center">
          <h1 className="text-3xl font-black">{t('start.rewardsTitle')}</h1>
          <div className="grid w-full grid-cols-2 gap-3">
            <div className="card flex flex-col items-center gap-2 p-4">
              <CoinIcon size={44} />
              <span className="text-2xl font-black text-gold num">+{formatNumber(claim.eggReward)}</span>
              <span className="text-sm text-text-dim">{t('start.eggPoints')}</span>
            </div>
            <div className="card flex flex-col items-center gap-2 p-4">
              <TicketIcon size={44} />
              <span className="text-2xl font-black text-coral num">+{formatNumber(claim.ticketReward)}</span>
              <span className="text-sm text-text-dim">{t('start.playPasses')}</span>
            </div>
          </div>
          <p className="text-sm text-text-dim">{t('start.note', { day: claim.day + 1 })}</p>
          <Button className="w-full text-lg" onClick={() => setPhase('app')}>
            {t('start.continue')}
          </Button>
        </div>
      </Screen>
    );
  }

  const ready = preload.done && authed;
  // index.html paints this first frame before the script runs: keep the two alike.
  return (
    <Screen>
      <div className="flex w-full max-w-sm flex-col items-center gap-6 text-center">
        <div className="relative grid place-items-center">
          <div className="absolute h-72 w-72 rounded-full" style={{ background: 'var(--glow-egg)' }} />
          <img
            src={eggUrl}
            alt={t('app.title')}
            width={180}
            height={225}
            className="relative drop-shadow-2xl"
            fetchPriority="high"
            decoding="sync"
          />
        </div>
        <div>
          <h1 className="text-4xl font-black tracking-tight">
            Egg <span className="text-gold">Rush</span>
          </h1>
          <p className="mt-1 text-text-dim">{t('start.tagline')}</p>
        </div>
        <div className="w-full">
          <Progress
            value={preload.total ? preload.loaded / preload.total : 1}
            label={t('start.loadingImages')}
          />
          <p className="mt-2 text-xs text-text-dim num" aria-live="polite">
            {preload.done
              ? t('start.ready')
              : t('start.loadingCount', { loaded: preload.loaded, total: preload.total })}
          </p>
        </div>
        {authError ? (
          <div className="w-full">
            <p className="mb-2 text-sm text-coral">{authError}</p>
            <Button variant="ghost" className="w-full" onClick={retry}>
              {t('app.tryAgain')}
            </Button>
          </div>
        ) : (
          <Button
            className="w-full text-lg"
            disabled={!ready || phase === 'claiming'}
            onClick={() => void start()}
          >
            {t('start.start')}
          </Button>
        )}
      </div>
    </Screen>
  );
}

function Screen({ children }: { children: ReactNode }) {
  return <main className="flex min-h-full flex-col items-center justify-center px-6 py-10">{children}</main>;
}
