import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DailyClaimResponse } from '@egg-rush/contract/daily';
import { DAILY_REWARDS } from '@egg-rush/game/daily';
import eggUrl from '../assets/egg.svg';
import { Button, CoinIcon, compactNumber, formatNumber, Progress, TicketIcon } from '../components/ui/ui.tsx';
import type { LaunchSession } from '../lib/telegram.ts';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../lib/errors.ts';
import { useT } from '../lib/i18n.tsx';
import { offerHomeScreen } from '../lib/native-behaviour.ts';
import type { Profile } from '@egg-rush/contract/users';
import { profileQuery } from '../lib/profile.ts';
import { claimDaily, login } from './auth.ts';
import { useImagePreload } from './preload.ts';

type Phase = 'start' | 'claiming' | 'rewards' | 'app';

/**
 * The start gate: preload with progress, login, Start, the day's check-in with the week's rewards
 * when the claim succeeded, then the app. A returning player (who has seen the guide) needs no
 * Start: once in, they go straight to the app, or to the check-in on a new day.
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
  // Kept as it was raised, worded when shown: in the player's language, by its code.
  const [authError, setAuthError] = useState<{ error: unknown } | null>(null);
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
        if (mine === attempt.current) setAuthError({ error });
      });
  }, [session]);
  useEffect(signIn, [signIn]);
  const retry = () => {
    setAuthError(null);
    signIn();
  };

  const readProfile = useCallback(
    () => client.fetchQuery(profileQuery(session.user.id)).catch(() => undefined),
    [client, session.user.id],
  );
  const returning = useRef(false);
  const start = useCallback(
    async (known?: Profile) => {
      setPhase('claiming');
      // The profile says whether today's check-in is still to claim: a returning player's second
      // launch of the day asks nothing the server would refuse.
      const profile = known ?? (await readProfile());
      // A player who has seen the guide on an earlier launch has come back.
      returning.current = profile?.settings.guideSeen === true;
      const result = profile?.dailyClaimable === false ? null : await claimDaily(session.user.id);
      // The claim paid coins and tickets: the profile read before it is out of date.
      if (result) void client.invalidateQueries({ queryKey: profileQuery(session.user.id).queryKey });
      setClaim(result);
      setPhase(result ? 'rewards' : 'app');
    },
    [client, readProfile, session.user.id],
  );

  const ready = preload.done && authed;
  // A returning player is not stopped at Start (which stays disabled until that is known).
  const checked = useRef(false);
  const [newPlayer, setNewPlayer] = useState(false);
  useEffect(() => {
    if (!ready || checked.current) return;
    checked.current = true;
    void readProfile().then((profile) => {
      if (profile?.settings.guideSeen) void start(profile);
      else setNewPlayer(true);
    });
  }, [ready, readProfile, start]);

  if (phase === 'app' && authed) return <>{children}</>;

  if (phase === 'rewards' && claim) {
    return (
      <Screen>
        <div
          className="flex w-full max-w-sm flex-col items-center gap-4 text-center"
          data-testid="daily-rewards"
        >
          <div className="flex items-center gap-3">
            <span
              data-testid="checkin-day"
              className="num grid h-16 w-16 place-items-center rounded-full bg-gold/15 text-4xl font-black text-gold ring-4 ring-gold/40"
            >
              {claim.day}
            </span>
            <span className="text-xl font-black tracking-wide">{t('start.checkIn')}</span>
          </div>
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
          <WeekTable day={claim.day} />
          <p className="text-sm text-text-dim">{t('start.note', { day: claim.day + 1 })}</p>
          <Button
            className="w-full text-lg"
            onClick={() => {
              setPhase('app');
              // The home-screen shortcut (once) to a player who has come back on another day and
              // checked in again: never in the first session, before the guide.
              if (returning.current) void offerHomeScreen();
            }}
          >
            {t('start.continue')}
          </Button>
        </div>
      </Screen>
    );
  }

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
          {/* The label follows the bar: once the wait is over (every image in, or 15 s), the bar
              is full and says Ready; the images still on their way load with the screens. */}
          <Progress
            value={preload.done || !preload.total ? 1 : preload.loaded / preload.total}
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
            <p className="mb-2 text-sm text-coral">{loginFailed(authError.error)}</p>
            <Button variant="ghost" className="w-full" onClick={retry}>
              {t('app.tryAgain')}
            </Button>
          </div>
        ) : (
          <Button
            className="w-full text-lg"
            disabled={!ready || !newPlayer || phase === 'claiming'}
            onClick={() => void start()}
            data-testid="start"
          >
            {t('start.start')}
          </Button>
        )}
      </div>
    </Screen>
  );
}

/** The week's check-in rewards: the days claimed, today's, and the ones to come. */
function WeekTable({ day }: { day: number }) {
  const { t } = useT();
  // Past the table the last day repeats: the week shown is the one today falls in.
  const today = Math.min(day, DAILY_REWARDS.length);
  return (
    <section className="w-full" aria-label={t('start.week')}>
      <h2 className="mb-2 text-sm font-extrabold text-text-dim">{t('start.week')}</h2>
      <ol className="grid grid-cols-4 gap-1.5" data-testid="week-table">
        {DAILY_REWARDS.map((reward, i) => {
          const n = i + 1;
          const claimed = n < today;
          const current = n === today;
          return (
            <li
              key={n}
              data-claimed={claimed || undefined}
              aria-current={current ? 'date' : undefined}
              className={`flex flex-col items-center gap-0.5 rounded-xl border px-1 py-1.5 text-[11px] font-extrabold ${
                n === DAILY_REWARDS.length ? 'col-span-2' : ''
              } ${
                current
                  ? 'border-gold bg-gold/20 text-text'
                  : claimed
                    ? 'border-transparent bg-night-950/40 text-text-dim opacity-60'
                    : 'border-lilac/15 bg-night-950/40 text-text-dim'
              }`}
            >
              <span>{t('start.day', { day: n })}</span>
              <span className="num flex items-center gap-0.5 text-gold">
                <CoinIcon size={12} />
                {compactNumber(reward.onion)}
              </span>
              <span className="num flex items-center gap-0.5 text-coral">
                <TicketIcon size={12} />
                {formatNumber(reward.ticket)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Why the login failed, in the player's language: a refusal by its code (a ban), else the fallback. */
const loginFailed = (error: unknown) => errorText(error, 'login');

function Screen({ children }: { children: ReactNode }) {
  return <main className="flex min-h-full flex-col items-center justify-center px-6 py-10">{children}</main>;
}
