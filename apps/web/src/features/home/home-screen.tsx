import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { signalOf } from '@egg-rush/game/cipher';
import { formatDaysCountdown } from '@egg-rush/game/time';
import {
  ChestIcon,
  ClockIcon,
  GearIcon,
  MalletIcon,
  RocketIcon,
  SeasonIcon,
  SoundIcon,
  SquadIcon,
  TrophyIcon,
  WheelIcon,
} from '../../components/ui/icons.tsx';
import { Avatar, Button, CoinIcon, compactNumber, formatNumber } from '../../components/ui/ui.tsx';
import { lazyWithTexts, useT } from '../../lib/i18n.tsx';
import { useProfile } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';
import { useSaveSettings } from '../../lib/settings.ts';
import { useAppStore } from '../../lib/store.ts';
import { Balance, EnergyPill, HomeStatusBar } from './counters.tsx';
import { Egg } from './egg.tsx';
import { EnergyEmpty } from './energy-empty.tsx';
import { FarmButton } from './farm-button.tsx';
import './home.css';
import { LeagueRow } from './league-card.tsx';
import { useTapEngine } from './use-tap-engine.ts';
import { localDigits } from '../../lib/format.ts';
import { useNow } from '../../lib/now.ts';

// The sheets and the guide are not part of the first screen: they load once Home is up (see below).
const BoostSheet = lazyWithTexts(() => import('./boost-sheet.tsx').then((m) => ({ default: m.BoostSheet })));
const TreasureSheet = lazyWithTexts(() =>
  import('./treasure-sheet.tsx').then((m) => ({ default: m.TreasureSheet })),
);
const LeaderboardSheet = lazyWithTexts(() => import('./leaderboard-sheet.tsx'));
const SettingsSheet = lazyWithTexts(() =>
  import('./settings-sheet.tsx').then((m) => ({ default: m.SettingsSheet })),
);
const Guide = lazyWithTexts(() => import('./guide.tsx').then((m) => ({ default: m.Guide })));
const CipherPanel = lazyWithTexts(() => import('./cipher-panel.tsx'));
const sheets = [BoostSheet, TreasureSheet, LeaderboardSheet, SettingsSheet, Guide, CipherPanel];
// The events strip is not on the first screen's budget either: it shows once its chunk and the
// events are in (both asked for at once when Home renders), nothing in its place before.
const EventsStrip = lazy(() => import('./events-strip.tsx').then((m) => ({ default: m.EventsStrip })));

type View = 'boost' | 'treasure' | 'leaderboard' | 'league' | 'settings' | 'guide' | null;

/** Home (Land) and its three views. */
export function HomeScreen() {
  const flush = useTapEngine();
  const [chosen, choose] = useState<View>(null);
  // Telegram's menu's Settings item (app/layout.tsx) brings the player here with the settings open.
  const settingsAsked = useAppStore((s) => s.settingsAsked);
  const view: View = settingsAsked ? 'settings' : chosen;
  const setView = (next: View) => {
    if (settingsAsked) useAppStore.getState().askSettings(false);
    choose(next);
  };
  const close = () => setView(null);
  const { t } = useT();
  // The daily cipher's mode: the egg's presses are its dots and dashes (no taps), entered here.
  const [cipher, setCipher] = useState(false);
  const [code, setCode] = useState('');
  // Fetched right after the first paint, so a sheet opens without waiting for the network.
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const sheet of sheets) sheet.preload();
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  const { data: profile } = useProfile();
  const save = useSaveSettings();
  // The first-run guide shows until the player has seen it once (on any device).
  const [guideDismissed, setGuideDismissed] = useState(false);
  const firstRun = profile?.settings.guideSeen === false && !guideDismissed;
  const endGuide = () => {
    setGuideDismissed(true);
    setView(null);
    if (profile && !profile.settings.guideSeen) save({ guideSeen: true });
  };

  return (
    <div
      className="home-fit flex flex-col gap-2"
      data-testid="home"
      data-profile={profile ? 'loaded' : 'loading'}
      data-guide={firstRun ? 'shown' : 'none'}
    >
      <HomeStatusBar />
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2.5">
        <WelcomeCard onSettings={() => setView('settings')} onLeague={() => setView('league')} />
        <ProfitCard />
      </div>
      <Balance />
      <Suspense fallback={null}>
        <EventsStrip />
      </Suspense>
      <div className="cipher-row flex flex-wrap items-center justify-center gap-2">
        <BoostCountdown />
        <CipherChip on={cipher} onToggle={() => setCipher(!cipher)} />
      </div>
      {/* Three columns: the side buttons beside the egg, never on it, whatever their labels' length.
          The row takes the height the rest leaves on the screen, and the egg its size from it. */}
      <div className="egg-row">
        <div className="grid h-full grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-1">
          <div className="side-column flex flex-col">
            <SideIcon label={t('home.ranking')} onClick={() => setView('leaderboard')}>
              <TrophyIcon size={24} />
            </SideIcon>
            <SideIcon label={t('home.treasure')} onClick={() => setView('treasure')} badge={<ChestBadge />}>
              <ChestIcon size={24} />
            </SideIcon>
            <SideLink to="/spin" label={t('home.spin')} tint="text-mint">
              <WheelIcon size={24} />
            </SideLink>
          </div>
          <Egg onPress={cipher ? (ms) => setCode((c) => c + signalOf(ms)) : undefined} />
          <div className="side-column flex flex-col">
            <SideLink to="/play" label={t('home.play')} tint="text-coral">
              <MalletIcon size={24} />
            </SideLink>
            <SideLink to="/seasons" label={t('home.season')} tint="text-sky">
              <SeasonIcon size={24} />
            </SideLink>
            <SideLink to="/squads" label={t('home.squad')} tint="text-mint">
              <SquadIcon size={24} />
            </SideLink>
          </div>
        </div>
      </div>
      {cipher ? (
        <Suspense
          fallback={<div className="h-40 animate-pulse rounded-2xl bg-lilac/10" aria-hidden="true" />}
        >
          <CipherPanel code={code} setCode={setCode} />
        </Suspense>
      ) : (
        <>
          {/* Under the egg, never on it: a thumb tapping the egg cannot reach it. */}
          <EnergyEmpty onRefill={() => setView('boost')} />
          <div className="flex items-center justify-between gap-3">
            <EnergyPill />
            <Button
              onClick={() => setView('boost')}
              data-testid="open-boost"
              variant="ghost"
              className="flex min-w-0 items-center justify-center gap-2 px-4 text-base leading-tight"
            >
              <RocketIcon size={20} className="shrink-0 text-gold" />
              {t('home.boost')}
            </Button>
          </div>
          <FarmButton beforeClaim={flush} />
        </>
      )}

      <Suspense fallback={null}>
        {view === 'boost' ? <BoostSheet open onClose={close} beforeBuy={flush} /> : null}
        {view === 'treasure' ? <TreasureSheet open onClose={close} beforeOpen={flush} /> : null}
        {view === 'leaderboard' || view === 'league' ? (
          <LeaderboardSheet open onClose={close} initialTab={view === 'league' ? 'league' : 'global'} />
        ) : null}
        {view === 'settings' ? <SettingsSheet open onClose={close} onGuide={() => setView('guide')} /> : null}
        {firstRun || view === 'guide' ? <Guide onDone={endGuide} /> : null}
      </Suspense>
    </div>
  );
}

/**
 * The player's card: the avatar (with a cog) opens the settings, the league row the league board,
 * and the speaker is the settings' sound switch.
 */
function WelcomeCard({ onSettings, onLeague }: { onSettings: () => void; onLeague: () => void }) {
  const { user } = useSession();
  const { data } = useProfile();
  const { t } = useT();
  const muted = useAppStore((s) => s.muted);
  const save = useSaveSettings();
  const toggle = () => save({ sound: muted });
  return (
    <div className="card flex min-w-0 items-center gap-2 p-2.5">
      <button
        type="button"
        onClick={onSettings}
        aria-label={t('home.settings')}
        data-testid="open-settings"
        className="relative shrink-0 rounded-full"
      >
        <Avatar
          src={user.photoUrl ?? `/api/v1/users/avatar/${user.id}`}
          className="bg-night-600 object-cover ring-2 ring-gold/50"
        />
        <span className="absolute -end-1 -bottom-1 grid h-5 w-5 place-items-center rounded-full bg-night-800 text-gold ring-1 ring-gold/50">
          <GearIcon size={13} />
        </span>
      </button>
      <div className="min-w-0 flex-1 leading-tight">
        <p className="line-clamp-2 font-black break-words" data-testid="welcome-name" data-clip-ok>
          {data?.firstname ?? user.firstName}
        </p>
        <LeagueRow onOpen={onLeague} />
      </div>
      <button
        type="button"
        onClick={toggle}
        aria-label={muted ? t('home.soundOff') : t('home.soundOn')}
        aria-pressed={!muted}
        className="hidden h-11 w-11 shrink-0 place-items-center rounded-full bg-lilac/10 text-text-dim min-[360px]:grid"
      >
        <SoundIcon size={20} muted={muted} />
      </button>
    </div>
  );
}

function ProfitCard() {
  const { data } = useProfile();
  const { t } = useT();
  return (
    <div
      className="card flex max-w-[7.5rem] flex-col justify-center px-2.5 py-2 text-center"
      aria-label={t('home.profitPerHour')}
    >
      <p className="text-[11px] leading-tight font-bold text-text-dim">{t('home.profitPerHour')}</p>
      <p className="num flex items-center justify-center gap-1 text-lg font-black text-gold">
        <CoinIcon size={18} />+{data ? compactNumber(data.earnPerHour) : '–'}
      </p>
    </div>
  );
}

/** Shown when a boost end time is set; days, hours, minutes, seconds, every 1 s. */
function BoostCountdown() {
  const { data } = useProfile();
  const end = data?.boostEndAt ? Date.parse(data.boostEndAt) : null;
  const now = useNow(end !== null);
  const { t } = useT();
  if (end === null) return null;
  if (end <= now) return null;
  const left = formatDaysCountdown(end - now);
  return (
    <p
      data-testid="boost-countdown"
      className="num mx-auto flex items-center gap-1.5 rounded-full bg-gold/15 px-3 py-1 text-sm font-extrabold text-gold"
    >
      <ClockIcon size={16} />
      {t('home.boostLeft', {
        days: left.days,
        time: localDigits(left.time),
      })}
    </p>
  );
}

/** A dot and a dash: the cipher's mark (not words). */
const MORSE_MARK = '•–';

/** The daily cipher's switch: cipher mode on the egg, or (pressed) back to tapping. */
function CipherChip({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  const { t } = useT();
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={on}
      data-testid="cipher-mode"
      className={`flex min-h-11 items-center gap-1.5 rounded-full border px-3.5 text-sm font-extrabold ${
        on ? 'border-gold bg-gold/20 text-gold' : 'border-lilac/30 bg-night-800/80 text-text-dim'
      }`}
    >
      <span aria-hidden="true" dir="ltr" className="font-mono font-black text-gold">
        {MORSE_MARK}
      </span>
      {on ? t('home.cipherBack') : t('home.cipher')}
    </button>
  );
}

function ChestBadge() {
  const { data } = useProfile();
  if (!data?.cheatCount) return null;
  return (
    <span className="num absolute -top-1.5 -end-1.5 grid h-5 min-w-5 place-items-center rounded-full bg-coral px-1 text-[11px] font-black text-white">
      {formatNumber(data.cheatCount)}
    </span>
  );
}

function SideIcon({
  label,
  onClick,
  badge,
  children,
}: {
  label: string;
  onClick: () => void;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="flex max-w-20 min-w-14 flex-col items-center gap-1 text-center text-[11px] leading-tight font-extrabold text-text-dim"
    >
      <span className="side-icon relative grid place-items-center rounded-2xl border border-lilac/20 bg-night-800/80 text-gold shadow-lg">
        {children}
        {badge}
      </span>
      <span className="side-label">{label}</span>
    </button>
  );
}

function SideLink({
  to,
  label,
  tint,
  children,
}: {
  to: string;
  label: string;
  tint: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="flex max-w-20 min-w-14 flex-col items-center gap-1 text-center text-[11px] leading-tight font-extrabold text-text-dim"
    >
      <span
        className={`side-icon grid place-items-center rounded-2xl border border-lilac/20 bg-night-800/80 shadow-lg ${tint}`}
      >
        {children}
      </span>
      <span className="side-label">{label}</span>
    </Link>
  );
}
