import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { FriendsIcon, TasksIcon } from '../../components/ui/icons.tsx';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import { CoinIcon, compactNumber, Spinner } from '../../components/ui/ui.tsx';
import { ScreenTitle } from '../../components/ui/ui-later.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useProfile } from '../../lib/profile.ts';
import { useTaskProgress } from './api.ts';
import { ClaimCard } from './claim-card.tsx';
import { Criteria } from './criteria.tsx';
import { ReviewCard } from './review-card.tsx';
import { useT } from '../../lib/i18n.tsx';

// TON Connect is large: it loads only when the Wallet tab opens, never with the first screen.
const WalletPanel = lazy(() => import('./wallet-panel.tsx'));

type Tab = 'airdrop' | 'wallet';

/** The Airdrop tab's three ways to qualify, and the Wallet tab. */
export function AirdropScreen() {
  const [tab, setTab] = useState<Tab>('airdrop');
  const { t } = useT();
  const tabs = [
    { id: 'airdrop' as const, label: t('airdrop.tabAirdrop') },
    { id: 'wallet' as const, label: t('airdrop.tabWallet') },
  ];
  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <ScreenTitle title={t('airdrop.title')} subtitle={t('airdrop.subtitle')} />
      <Tabs tabs={tabs} value={tab} onChange={setTab} label={t('airdrop.title')} />
      {tab === 'airdrop' ? <AirdropTab onConnect={() => setTab('wallet')} /> : <WalletTab />}
    </div>
  );
}

function AirdropTab({ onConnect }: { onConnect: () => void }) {
  const { data: profile } = useProfile();
  const tasks = useTaskProgress();
  const { t } = useT();
  return (
    <div className="flex flex-col gap-3">
      <ClaimCard onConnect={onConnect} />
      <ReviewCard />
      <ul className="flex flex-col gap-3">
        <Row
          to="/friends"
          icon={<FriendsIcon size={26} />}
          title={t('airdrop.invite')}
          progress={profile ? t('airdrop.invited', { count: profile.friendCount }) : '…'}
        />
        <Row
          to="/tasks"
          icon={<TasksIcon size={26} />}
          title={t('airdrop.complete')}
          progress={tasks ? t('airdrop.claimed', { done: tasks.done, total: tasks.total }) : '…'}
        />
        <Row
          to="/home"
          icon={<CoinIcon size={28} />}
          title={t('airdrop.tap')}
          progress={
            profile
              ? t('airdrop.earned', {
                  count: profile.totalScore,
                  n: compactNumber(profile.totalScore),
                })
              : '…'
          }
        />
      </ul>
      <Criteria />
    </div>
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
  const { t } = useT();
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
        <span className="shrink-0 rounded-full bg-gold px-4 py-1.5 text-sm font-black text-gold-ink">
          {t('app.go')}
        </span>
      </Link>
    </li>
  );
}

function WalletTab() {
  const { t } = useT();
  return (
    <div className="flex flex-col gap-4">
      <div className="card flex flex-col items-center gap-2 p-5 text-center">
        <p className="text-2xl font-black text-gold">{t('airdrop.soon')}</p>
        <p className="text-sm text-text-dim">{t('airdrop.soonBody')}</p>
        <p className="text-xs text-text-dim" data-testid="wallet-today">
          {t('wallet.today')}
        </p>
      </div>
      <Suspense fallback={<Spinner label={t('airdrop.loadingWallet')} />}>
        <WalletPanel />
      </Suspense>
    </div>
  );
}
