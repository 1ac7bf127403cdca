import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FriendsIcon, TasksIcon } from '../../components/ui/icons.tsx';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import { CoinIcon, compactNumber, ScreenTitle, Spinner, Tabs } from '../../components/ui/ui.tsx';
import { useProfile } from '../../lib/profile.ts';
import { useTaskProgress } from './api.ts';

// TON Connect is large: it loads only when the Wallet tab opens, never with the first screen.
const WalletPanel = lazy(() => import('./wallet-panel.tsx'));

const TABS = [
  { id: 'airdrop', label: 'Airdrop' },
  { id: 'wallet', label: 'Wallet' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** SPEC.md "Airdrop": the Airdrop tab's three ways to qualify, and the Wallet tab. */
export function AirdropScreen() {
  const [tab, setTab] = useState<Tab>('airdrop');
  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <ScreenTitle title="Airdrop" subtitle="Get ready: the more you play, the bigger your share." />
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Airdrop" />
      {tab === 'airdrop' ? <AirdropTab /> : <WalletTab />}
    </div>
  );
}

function AirdropTab() {
  const { data: profile } = useProfile();
  const tasks = useTaskProgress();
  return (
    <ul className="flex flex-col gap-3">
      <Row
        to="/friends"
        icon={<FriendsIcon size={26} />}
        title="Invite Friends"
        progress={profile ? `${profile.friendCount} invited` : '…'}
      />
      <Row
        to="/tasks"
        icon={<TasksIcon size={26} />}
        title="Complete Tasks"
        progress={tasks ? `${tasks.done}/${tasks.total} claimed` : '…'}
      />
      <Row
        to="/home"
        icon={<CoinIcon size={28} />}
        title="Tap on Egg Rush"
        progress={profile ? `${compactNumber(profile.totalScore)} coins earned` : '…'}
      />
    </ul>
  );
}

function Row({
  to,
  icon,
  title,
  progress,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  progress: string;
}) {
  return (
    <li>
      <Link to={to} className="card flex min-h-16 items-center gap-3 p-3 active:scale-[0.99]">
        <span className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-gold/15 text-gold">
          {icon}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-extrabold">{title}</span>
          <span className="num block text-sm text-text-dim">{progress}</span>
        </span>
        <span className="rounded-full bg-gold px-4 py-1.5 text-sm font-black text-gold-ink">Go</span>
      </Link>
    </li>
  );
}

function WalletTab() {
  return (
    <div className="flex flex-col gap-4">
      <div className="card flex flex-col items-center gap-2 p-5 text-center">
        <p className="text-2xl font-black text-gold">Comming Soon</p>
        <p className="text-sm text-text-dim">
          The airdrop goes to the TON wallet you connect here. Connect it now to be ready.
        </p>
      </div>
      <Suspense fallback={<Spinner label="Loading wallet" />}>
        <WalletPanel />
      </Suspense>
    </div>
  );
}
