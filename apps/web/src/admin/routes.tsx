import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link, matchRoute, Redirect, Route, Router, Switch, useLocation, useRouter } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
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
 * Whether the address is at link `to`'s page: the dashboard's exactly, another page's or any page
 * under it (a player's under Players); a trailing slash and the letters' case aside.
 */
function useAt(): (to: string) => boolean {
  const { parser } = useRouter();
  const [pathname] = useLocation();
  return (to) => matchRoute(parser, to, pathname, to !== '/admin')[0];
}

/**
 * The console's frame: a sidebar on a desk; at phone width a bar with the page's name and a Menu
 * button that opens every link at once (a row of links scrolling sideways hid most of them).
 */
function Shell({
  adminId,
  signOut,
  children,
}: {
  adminId: number;
  signOut: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const at = useAt();
  const links = useId();
  const here = NAV.find(([to]) => at(to))?.[1] ?? '';
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
          {NAV.map(([to, label]) => {
            const active = at(to);
            return (
              <Link
                key={to}
                to={to}
                className={active ? 'active' : undefined}
                aria-current={active ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {label}
              </Link>
            );
          })}
          <div className="a-nav-foot">
            <div className="a-muted a-small">Signed in as {adminId}</div>
            <Button onClick={signOut}>Sign out</Button>
          </div>
        </div>
      </nav>
      <main className="a-main">{children}</main>
    </div>
  );
}

const later = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/**
 * The console's pages, each at its address under /admin; any other address goes to the dashboard.
 * The console keeps its own router on the browser's address, whatever router is around it.
 */
export function AdminConsole({ adminId, signOut }: { adminId: number; signOut: () => void }) {
  return (
    <Router hook={useBrowserLocation}>
      <Shell adminId={adminId} signOut={signOut}>
        <Switch>
          <Route path="/admin">{later(<DashboardPage />)}</Route>
          <Route path="/admin/analytics">{later(<AnalyticsPage />)}</Route>
          <Route path="/admin/players">
            <PlayersPage />
          </Route>
          <Route path="/admin/players/:playerId">
            <PlayerPage />
          </Route>
          <Route path="/admin/tasks">
            <TasksPage />
          </Route>
          <Route path="/admin/cipher">
            <CipherPage />
          </Route>
          <Route path="/admin/campaigns">
            <CampaignsPage />
          </Route>
          <Route path="/admin/campaigns/new">
            <NewCampaignPage />
          </Route>
          <Route path="/admin/campaigns/:campaignId">
            <CampaignPage />
          </Route>
          <Route path="/admin/events">
            <EventsPage />
          </Route>
          <Route path="/admin/config">
            <ConfigPage />
          </Route>
          <Route path="/admin/experiments">
            <ExperimentsPage />
          </Route>
          <Route path="/admin/suspicion">
            <SuspicionPage />
          </Route>
          <Route path="/admin/clusters">
            <ClustersPage />
          </Route>
          <Route path="/admin/appeals">
            <AppealsPage />
          </Route>
          <Route path="/admin/snapshots">
            <SnapshotsPage />
          </Route>
          <Route path="/admin/airdrop">
            <AirdropPage />
          </Route>
          <Route path="/admin/audit">
            <AuditPage />
          </Route>
          <Route>
            <Redirect to="/admin" replace />
          </Route>
        </Switch>
      </Shell>
    </Router>
  );
}
