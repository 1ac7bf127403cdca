import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import {
  createBrowserRouter,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  type RouteObject,
} from 'react-router';
import { AirdropPage } from './airdrop/airdrop-page.tsx';
import { AuditPage } from './audit/audit-page.tsx';
import { PlayerPage } from './players/player-page.tsx';
import { PlayersPage } from './players/players-page.tsx';
import { SnapshotsPage } from './snapshots/snapshots-page.tsx';
import { SuspicionPage } from './suspicion/suspicion-page.tsx';
import { TasksPage } from './tasks/tasks-page.tsx';
import { Button, Loading } from './ui.tsx';

// The dashboard brings the chart library: loaded when it opens.
const DashboardPage = lazy(() => import('./dashboard/dashboard-page.tsx'));

const NAV = [
  ['/admin', 'Dashboard'],
  ['/admin/players', 'Players'],
  ['/admin/tasks', 'Tasks'],
  ['/admin/suspicion', 'Suspicion list'],
  ['/admin/snapshots', 'Airdrop snapshots'],
  ['/admin/airdrop', 'Airdrop'],
  ['/admin/audit', 'Audit log'],
] as const;

function Shell({ adminId, signOut }: { adminId: number; signOut: () => void }) {
  return (
    <div className="a-shell">
      <nav className="a-nav" aria-label="Console">
        <div className="a-brand">
          Egg Rush <span>operator</span>
        </div>
        {NAV.map(([to, label]) => (
          <NavLink key={to} to={to} end={to === '/admin'}>
            {label}
          </NavLink>
        ))}
        <div className="a-nav-foot">
          <div className="a-muted a-small">Signed in as {adminId}</div>
          <Button onClick={signOut}>Sign out</Button>
        </div>
      </nav>
      <main className="a-main">
        <Outlet />
      </main>
    </div>
  );
}

const later = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

function routes(adminId: number, signOut: () => void): RouteObject[] {
  return [
    {
      path: '/admin',
      element: <Shell adminId={adminId} signOut={signOut} />,
      children: [
        { index: true, element: later(<DashboardPage />) },
        { path: 'players', element: <PlayersPage /> },
        { path: 'players/:playerId', element: <PlayerPage /> },
        { path: 'tasks', element: <TasksPage /> },
        { path: 'suspicion', element: <SuspicionPage /> },
        { path: 'snapshots', element: <SnapshotsPage /> },
        { path: 'airdrop', element: <AirdropPage /> },
        { path: 'audit', element: <AuditPage /> },
        { path: '*', element: <Navigate to="/admin" replace /> },
      ],
    },
    { path: '*', element: <Navigate to="/admin" replace /> },
  ];
}

export function AdminConsole({ adminId, signOut }: { adminId: number; signOut: () => void }) {
  const router = useMemo(() => createBrowserRouter(routes(adminId, signOut)), [adminId, signOut]);
  return <RouterProvider router={router} />;
}
