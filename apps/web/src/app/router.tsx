import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/ui.tsx';
import { AirdropScreen } from '../features/airdrop/airdrop-screen.tsx';
import { FriendsScreen } from '../features/friends/friends-screen.tsx';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { MiningScreen } from '../features/mining/mining-screen.tsx';
import { SpinScreen } from '../features/spin/spin-screen.tsx';
import { TasksScreen } from '../features/tasks/tasks-screen.tsx';
import { ErrorFallback } from './error-boundary.tsx';
import { Layout } from './layout.tsx';

// The mole game (gsap, howler, confetti) loads only when opened.
const PlayScreen = lazy(() => import('../features/play/play-screen.tsx'));

const later = (node: ReactNode) => <Suspense fallback={<Spinner />}>{node}</Suspense>;

/** SPEC.md section 2: the seven routes; any unknown path redirects to /. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorFallback error={new Error('This page failed to load.')} />,
    children: [
      { index: true, element: <HomeScreen /> },
      { path: 'home', element: <HomeScreen /> },
      { path: 'mining', element: <MiningScreen /> },
      { path: 'friends', element: <FriendsScreen /> },
      { path: 'tasks', element: <TasksScreen /> },
      { path: 'airdrop', element: <AirdropScreen /> },
      { path: 'spin', element: <SpinScreen /> },
      { path: 'play', element: later(<PlayScreen />) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
