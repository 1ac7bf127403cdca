import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../components/ui/ui.tsx';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { useT, withTexts } from '../lib/i18n.tsx';
import { ErrorBoundary, ErrorFallback } from './error-boundary.tsx';
import { Layout } from './layout.tsx';

// The first screen is Home: the other screens load after it, and the mole game (gsap,
// confetti) only when opened.
// A screen waits for its texts too (the catalogue's part beyond the first screen).
const screens = {
  mining: withTexts(() =>
    import('../features/mining/mining-screen.tsx').then((m) => ({ default: m.MiningScreen })),
  ),
  friends: withTexts(() =>
    import('../features/friends/friends-screen.tsx').then((m) => ({ default: m.FriendsScreen })),
  ),
  tasks: withTexts(() =>
    import('../features/tasks/tasks-screen.tsx').then((m) => ({ default: m.TasksScreen })),
  ),
  airdrop: withTexts(() =>
    import('../features/airdrop/airdrop-screen.tsx').then((m) => ({ default: m.AirdropScreen })),
  ),
  spin: withTexts(() => import('../features/spin/spin-screen.tsx').then((m) => ({ default: m.SpinScreen }))),
  seasons: withTexts(() =>
    import('../features/seasons/seasons-screen.tsx').then((m) => ({ default: m.SeasonsScreen })),
  ),
  squads: withTexts(() =>
    import('../features/squads/squads-screen.tsx').then((m) => ({ default: m.SquadsScreen })),
  ),
  squad: withTexts(() => import('../features/squads/squad-page.tsx').then((m) => ({ default: m.SquadPage }))),
};
const MiningScreen = lazy(screens.mining);
const FriendsScreen = lazy(screens.friends);
const TasksScreen = lazy(screens.tasks);
const AirdropScreen = lazy(screens.airdrop);
const SpinScreen = lazy(screens.spin);
const SeasonsScreen = lazy(screens.seasons);
const SquadsScreen = lazy(screens.squads);
const SquadPage = lazy(screens.squad);
const PlayScreen = lazy(withTexts(() => import('../features/play/play-screen.tsx')));

/** Fetches the tab screens once Home is up, so that opening a tab does not wait for the network. */
export function preloadScreens() {
  for (const load of Object.values(screens)) void load().catch(() => undefined);
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
