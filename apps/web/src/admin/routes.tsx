import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import {
  createBrowserRouter,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router';
import { AirdropPage } from './airdrop/airdrop-page.tsx';
import { AppealsPage } from './appeals/appeals-page.tsx';
import { AuditPage } from './audit/audit-page.tsx';
import { CampaignPage, CampaignsPage, NewCampaignPage } from './campaigns/campaigns-page.tsx';
import { CipherPage } from './cipher/cipher-page.tsx';
import { ClustersPage } from './clusters/clusters-page.tsx';
import { ConfigPage } from './config/config-page.tsx';
import { EventsPage } from './events/events-page.tsx';
import { ExperimentsPage } from './experiments/experiments-page.tsx';
import { PlayerPage } from './players/player-page.tsx';
import { PlayersPage } from './players/players-page.tsx';
import { SnapshotsPage } from './snapshots/snapshots-page.tsx';
import { SuspicionPage } from './suspicion/suspicion-page.tsx';
import { TasksPage } from './tasks/tasks-page.tsx';
import { Button, Loading } from './ui.tsx';

// The dashboard brings the chart library: loaded when it opens.
const DashboardPage = lazy(() => import('./dashboard/dashboard-page.tsx'));
// So does the analytics page.
const AnalyticsPage = lazy(() => import('./analytics/analytics-page.tsx'));

const NAV = [
  ['/admin', 'Dashboard'],
  ['/admin/analytics', 'Analytics'],
  ['/admin/players', 'Players'],
  ['/admin/tasks', 'Tasks'],
  ['/admin/cipher', 'Daily cipher'],
  ['/admin/campaigns', 'Campaigns'],
  ['/admin/events', 'Events'],
  ['/admin/config', 'Configuration'],
  ['/admin/experiments', 'Experiments'],
  ['/admin/suspicion', 'Suspicion list'],
  ['/admin/clusters', 'Clusters'],
  ['/admin/appeals', 'Appeals'],
  ['/admin/snapshots', 'Airdrop snapshots'],
  ['/admin/airdrop', 'Airdrop'],
  ['/admin/audit', 'Audit log'],
] as const;

/**
 * The console's frame: a sidebar on a desk; at phone width a bar with the page's name and a Menu
 * button that opens every link at once (a row of links scrolling sideways hid most of them).
 */
function Shell({ adminId, signOut }: { adminId: number; signOut: () => void }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const links = useId();
  const here = NAV.find(([to]) => matchPath({ path: to, end: to === '/admin' }, pathname))?.[1] ?? '';
  return (
    <div className="a-shell">
      <nav className="a-nav" aria-label="Console" data-open={open || undefined}>
        <div className="a-nav-bar">
          <div className="a-brand">
            Egg Rush <span>operator</span>
          </div>
          <span className="a-nav-here" aria-hidden>
            {here}
          </span>
          <button
            type="button"
            className="a-btn a-nav-toggle"
            aria-expanded={open}
            aria-controls={links}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Close' : 'Menu'}
          </button>
        </div>
        <div className="a-nav-links" id={links}>
          {NAV.map(([to, label]) => (
            <NavLink key={to} to={to} end={to === '/admin'} onClick={() => setOpen(false)}>
              {label}
            </NavLink>
          ))}
          <div className="a-nav-foot">
            <div className="a-muted a-small">Signed in as {adminId}</div>
            <Button onClick={signOut}>Sign out</Button>
          </div>
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
        { path: 'analytics', element: later(<AnalyticsPage />) },
        { path: 'players', element: <PlayersPage /> },
        { path: 'players/:playerId', element: <PlayerPage /> },
        { path: 'tasks', element: <TasksPage /> },
        { path: 'cipher', element: <CipherPage /> },
        { path: 'campaigns', element: <CampaignsPage /> },
        { path: 'campaigns/new', element: <NewCampaignPage /> },
        { path: 'campaigns/:campaignId', element: <CampaignPage /> },
        { path: 'events', element: <EventsPage /> },
        { path: 'config', element: <ConfigPage /> },
        { path: 'experiments', element: <ExperimentsPage /> },
        { path: 'suspicion', element: <SuspicionPage /> },
        { path: 'clusters', element: <ClustersPage /> },
        { path: 'appeals', element: <AppealsPage /> },
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
