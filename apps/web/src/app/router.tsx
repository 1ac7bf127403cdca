import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/ui.tsx';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { ErrorFallback } from './error-boundary.tsx';
import { Layout } from './layout.tsx';

// The first screen is Home: the other screens load after it, and the mole game (gsap,
// confetti) only when opened.
const screens = {
  mining: () => import('../features/mining/mining-screen.tsx').then((m) => ({ default: m.MiningScreen })),
  friends: () => import('../features/friends/friends-screen.tsx').then((m) => ({ default: m.FriendsScreen })),
  tasks: () => import('../features/tasks/tasks-screen.tsx').then((m) => ({ default: m.TasksScreen })),
  airdrop: () => import('../features/airdrop/airdrop-screen.tsx').then((m) => ({ default: m.AirdropScreen })),
  spin: () => import('../features/spin/spin-screen.tsx').then((m) => ({ default: m.SpinScreen })),
};
const MiningScreen = lazy(screens.mining);
const FriendsScreen = lazy(screens.friends);
const TasksScreen = lazy(screens.tasks);
const AirdropScreen = lazy(screens.airdrop);
const SpinScreen = lazy(screens.spin);
const PlayScreen = lazy(() => import('../features/play/play-screen.tsx'));

/** Fetches the tab screens once Home is up, so that opening a tab does not wait for the network. */
export function preloadScreens() {
  for (const load of Object.values(screens)) void load().catch(() => undefined);
}

const later = (node: ReactNode) => <Suspense fallback={<Spinner />}>{node}</Suspense>;

/** SPEC.md section 2: the seven routes; any unknown path redirects to /. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorFallback error={new Error('This page failed to load.')} />,
    children: [
      { index: true, element: <HomeScreen /> },
      { path: 'home', element: <HomeScreen /> },
      { path: 'mining', element: later(<MiningScreen />) },
      { path: 'friends', element: later(<FriendsScreen />) },
      { path: 'tasks', element: later(<TasksScreen />) },
      { path: 'airdrop', element: later(<AirdropScreen />) },
      { path: 'spin', element: later(<SpinScreen />) },
      { path: 'play', element: later(<PlayScreen />) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
