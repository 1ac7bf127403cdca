import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { boostCountdown } from '@egg-rush/game/boosts';
import {
  ChestIcon,
  ClockIcon,
  MalletIcon,
  RocketIcon,
  SoundIcon,
  TrophyIcon,
} from '../../components/ui/icons.tsx';
import { CoinIcon, compactNumber, formatNumber } from '../../components/ui/ui.tsx';
import { useProfile } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';
import { prefs } from '../../lib/storage.ts';
import { useAppStore } from '../../lib/store.ts';
import { BoostSheet } from './boost-sheet.tsx';
import { Balance, EnergyPill, HomeStatusBar } from './counters.tsx';
import { Egg } from './egg.tsx';
import { FarmButton } from './farm-button.tsx';
import './home.css';
import { LeaderboardSheet } from './leaderboard-sheet.tsx';
import { TreasureSheet } from './treasure-sheet.tsx';
import { useTapEngine } from './use-tap-engine.ts';

type View = 'boost' | 'treasure' | 'leaderboard' | null;

/** SPEC.md "Home (Land)" and its three views. */
export function HomeScreen() {
  const flush = useTapEngine();
  const [view, setView] = useState<View>(null);
  const close = () => setView(null);

  return (
    <div className="flex flex-col gap-3.5">
      <HomeStatusBar />
      <div className="grid grid-cols-[1fr_auto] gap-2.5">
        <WelcomeCard />
        <ProfitCard />
      </div>
      <Balance />
      <BoostCountdown />
      <div className="relative py-3">
        <Egg />
        <div className="absolute top-1/2 left-0 flex -translate-y-1/2 flex-col gap-3">
          <SideIcon label="Ranking" onClick={() => setView('leaderboard')}>
            <TrophyIcon size={24} />
          </SideIcon>
          <SideIcon label="Treasure" onClick={() => setView('treasure')} badge={<ChestBadge />}>
            <ChestIcon size={24} />
          </SideIcon>
        </div>
        <div className="absolute top-1/2 right-0 flex -translate-y-1/2 flex-col gap-3">
          <Link
            to="/play"
            aria-label="Play"
            className="flex flex-col items-center gap-1 text-[11px] font-extrabold text-text-dim"
          >
            <span className="grid h-12 w-12 place-items-center rounded-2xl border border-lilac/20 bg-night-800/80 text-coral shadow-lg">
              <MalletIcon size={24} />
            </span>
            Play
          </Link>
        </div>
      </div>
      <div className="flex items-center justify-between gap-3">
        <EnergyPill />
        <button
          type="button"
          onClick={() => setView('boost')}
          className="btn btn-ghost flex items-center gap-2 px-5 text-base"
        >
          <RocketIcon size={20} className="text-gold" />
          Boost
        </button>
      </div>
      <FarmButton beforeClaim={flush} />

      <BoostSheet open={view === 'boost'} onClose={close} beforeBuy={flush} />
      <TreasureSheet open={view === 'treasure'} onClose={close} beforeOpen={flush} />
      <LeaderboardSheet open={view === 'leaderboard'} onClose={close} />
    </div>
  );
}

function WelcomeCard() {
  const { user } = useSession();
  const { data } = useProfile();
  const muted = useAppStore((s) => s.muted);
  const toggle = () => {
    useAppStore.getState().setMuted(!muted);
    prefs.setMuted(user.id, !muted);
  };
  return (
    <div className="card flex min-w-0 items-center gap-2.5 p-2.5">
      <img
        src={user.photoUrl ?? `/api/v1/users/avatar/${user.id}`}
        alt=""
        width={40}
        height={40}
        className="h-10 w-10 shrink-0 rounded-full bg-night-600 object-cover ring-2 ring-gold/50"
      />
      <div className="min-w-0 flex-1 leading-tight">
        <p className="text-[11px] font-bold text-text-dim">Welcome</p>
        <p className="truncate font-black" data-testid="welcome-name">
          {data?.firstname ?? user.firstName}
        </p>
      </div>
      <button
        type="button"
        onClick={toggle}
        aria-label={muted ? 'Sound off' : 'Sound on'}
        aria-pressed={!muted}
        className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-lilac/10 text-text-dim"
      >
        <SoundIcon size={20} muted={muted} />
      </button>
    </div>
  );
}

function ProfitCard() {
  const { data } = useProfile();
  return (
    <div className="card flex flex-col justify-center px-3 py-2 text-center" aria-label="Profit Per Hour">
      <p className="text-[11px] font-bold text-text-dim">Profit Per Hour</p>
      <p className="num flex items-center justify-center gap-1 text-lg font-black text-gold">
        <CoinIcon size={18} />+{data ? compactNumber(data.earnPerHour) : '–'}
      </p>
    </div>
  );
}

/** SPEC.md "Home": shown when a boost end time is set; days, hours, minutes, seconds, every 1 s. */
function BoostCountdown() {
  const { data } = useProfile();
  const end = data?.boostEndAt ? Date.parse(data.boostEndAt) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (end === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [end]);
  if (end === null) return null;
  const left = boostCountdown(end, now);
  if (left.done) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <p
      data-testid="boost-countdown"
      className="num mx-auto flex items-center gap-1.5 rounded-full bg-gold/15 px-3 py-1 text-sm font-extrabold text-gold"
    >
      <ClockIcon size={16} />
      Boost {left.days}d {pad(left.hours)}:{pad(left.minutes)}:{pad(left.seconds)}
    </p>
  );
}

function ChestBadge() {
  const { data } = useProfile();
  if (!data?.cheatCount) return null;
  return (
    <span className="num absolute -top-1.5 -right-1.5 grid h-5 min-w-5 place-items-center rounded-full bg-coral px-1 text-[11px] font-black text-white">
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
      className="flex flex-col items-center gap-1 text-[11px] font-extrabold text-text-dim"
    >
      <span className="relative grid h-12 w-12 place-items-center rounded-2xl border border-lilac/20 bg-night-800/80 text-gold shadow-lg">
        {children}
        {badge}
      </span>
      {label}
    </button>
  );
}
