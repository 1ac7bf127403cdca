import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../components/ui/ui.tsx';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { lazyWithTexts, useT } from '../lib/i18n.tsx';
import { ErrorBoundary, ErrorFallback } from './error-boundary.tsx';
import { Layout } from './layout.tsx';

// The first screen is Home: the other screens load after it, and the mole game (gsap,
// confetti) only when opened.
// A screen waits for its texts too (the catalogue's part beyond the first screen).
const MiningScreen = lazyWithTexts(() =>
  import('../features/mining/mining-screen.tsx').then((m) => ({ default: m.MiningScreen })),
);
const FriendsScreen = lazyWithTexts(() =>
  import('../features/friends/friends-screen.tsx').then((m) => ({ default: m.FriendsScreen })),
);
const TasksScreen = lazyWithTexts(() =>
  import('../features/tasks/tasks-screen.tsx').then((m) => ({ default: m.TasksScreen })),
);
const AirdropScreen = lazyWithTexts(() =>
  import('../features/airdrop/airdrop-screen.tsx').then((m) => ({ default: m.AirdropScreen })),
);
const SpinScreen = lazyWithTexts(() =>
  import('../features/spin/spin-screen.tsx').then((m) => ({ default: m.SpinScreen })),
);
const SeasonsScreen = lazyWithTexts(() =>
  import('../features/seasons/seasons-screen.tsx').then((m) => ({ default: m.SeasonsScreen })),
);
const SquadsScreen = lazyWithTexts(() =>
  import('../features/squads/squads-screen.tsx').then((m) => ({ default: m.SquadsScreen })),
);
const SquadPage = lazyWithTexts(() =>
  import('../features/squads/squad-page.tsx').then((m) => ({ default: m.SquadPage })),
);
const afterHome = [
  MiningScreen,
  FriendsScreen,
  TasksScreen,
  AirdropScreen,
  SpinScreen,
  SeasonsScreen,
  SquadsScreen,
  SquadPage,
];
const PlayScreen = lazyWithTexts(() => import('../features/play/play-screen.tsx'));

/** Fetches the tab screens once Home is up, so that opening a tab does not wait for the network. */
export function preloadScreens() {
  for (const screen of afterHome) screen.preload();
}

function PageFailed() {
  const { t } = useT();
  return <ErrorFallback error={new Error(t('app.pageFailed'))} />;
}

const later = (node: ReactNode) => <Suspense fallback={<Spinner />}>{node}</Suspense>;

/**
 * The app's routes inside its frame; any unknown path redirects to /. A screen that fails
 * to render (its chunk did not load) shows the error page in place of the whole frame.
 */
export function AppRoutes() {
  return (
    <ErrorBoundary fallback={<PageFailed />}>
      <Layout>
        <Switch>
          <Route path="/">
            <HomeScreen />
          </Route>
          <Route path="/home">
            <HomeScreen />
          </Route>
          <Route path="/mining">{later(<MiningScreen />)}</Route>
          <Route path="/friends">{later(<FriendsScreen />)}</Route>
          <Route path="/tasks">{later(<TasksScreen />)}</Route>
          <Route path="/airdrop">{later(<AirdropScreen />)}</Route>
          <Route path="/spin">{later(<SpinScreen />)}</Route>
          <Route path="/play">{later(<PlayScreen />)}</Route>
          <Route path="/seasons">{later(<SeasonsScreen />)}</Route>
          <Route path="/squads">{later(<SquadsScreen />)}</Route>
          <Route path="/squads/:squadId">{later(<SquadPage />)}</Route>
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </Layout>
    </ErrorBoundary>
  );
}
