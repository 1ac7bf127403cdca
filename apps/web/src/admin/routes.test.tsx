import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import { refuse, renderWithProviders, serve } from '../../test/harness.tsx';
import { AdminConsole } from './routes.tsx';

describe('the console’s navigation', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('links every page, Clusters and Appeals among them, and at phone width opens from a Menu button', async () => {
    serve({
      adminClusters: { clusters: [] },
      adminAppeals: { appeals: [] },
    });
    window.history.replaceState(null, '', '/admin/clusters');
    renderWithProviders(<AdminConsole adminId={7000} signOut={vi.fn()} />);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Dashboard',
      'Analytics',
      'Players',
      'Tasks',
      'Daily cipher',
      'Campaigns',
      'Events',
      'Configuration',
      'Experiments',
      'Suspicion list',
      'Clusters',
      'Appeals',
      'Airdrop snapshots',
      'Airdrop',
      'Audit log',
    ]);
    expect(await screen.findByRole('heading', { name: 'Clusters', level: 1 })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Clusters' })).toHaveClass('active');
    expect(within(nav).getByRole('link', { name: 'Clusters' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    // The phone's bar names the page, and its button opens the links (admin.css shows them).
    expect(nav.querySelector('.a-nav-here')).toHaveTextContent('Clusters');
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const controls = menu.getAttribute('aria-controls');
    assert(controls, 'the menu button names what it opens');
    expect(document.getElementById(controls)).toContainElement(
      within(nav).getByRole('link', { name: 'Appeals' }),
    );
    fireEvent.click(menu);
    expect(nav).toHaveAttribute('data-open', 'true');
    expect(within(nav).getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    // Following a link closes the menu.
    fireEvent.click(within(nav).getByRole('link', { name: 'Appeals' }));
    expect(await screen.findByRole('heading', { name: 'Appeals', level: 1 })).toBeInTheDocument();
    expect(nav).not.toHaveAttribute('data-open');
    expect(nav.querySelector('.a-nav-here')).toHaveTextContent('Appeals');
    expect(window.location.pathname).toBe('/admin/appeals');
  });

  it('marks a section’s link on the pages under it, and sends an unknown address to the dashboard', async () => {
    serve({ adminPlayer: refuse(404, 'NOT_FOUND', 'No such player') });
    window.history.replaceState(null, '', '/admin/players/7001');
    const { unmount } = renderWithProviders(<AdminConsole adminId={7000} signOut={vi.fn()} />);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Players' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Players' })).toHaveAttribute('href', '/admin/players');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveClass('active');
    expect(nav.querySelector('.a-nav-here')).toHaveTextContent('Players');
    unmount();

    window.history.replaceState(null, '', '/admin/nowhere');
    const length = window.history.length;
    renderWithProviders(<AdminConsole adminId={7000} signOut={vi.fn()} />);
    const again = await screen.findByRole('navigation', { name: 'Console' });
    await waitFor(() => expect(window.location.pathname).toBe('/admin'));
    // In place of the unknown address, not after it.
    expect(window.history.length).toBe(length);
    expect(within(again).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(again.querySelector('.a-nav-here')).toHaveTextContent('Dashboard');
  });
});
