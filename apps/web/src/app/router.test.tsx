import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, serve } from '../../test/harness.tsx';
import { AppRoutes } from './router.tsx';

function open(path: string) {
  // The screens' data calls are refused: this test is about routing only.
  serve();
  return renderWithProviders(<AppRoutes />, { path }).router;
}

describe('routes', () => {
  it('redirects an unknown path to /', async () => {
    const router = open('/no/such/place');
    await vi.waitFor(() => expect(router.pathname).toBe('/'));
  });

  it.each(['/', '/home', '/mining', '/friends', '/tasks', '/airdrop', '/spin', '/play'])(
    'keeps %s and shows the footer tabs',
    async (path) => {
      const router = open(path);
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect(router.pathname).toBe(path);
      for (const label of ['Land', 'Minting', 'Friends', 'Tasks', 'Airdrop']) {
        expect(nav).toHaveTextContent(label);
      }
    },
  );

  it('highlights the active tab', async () => {
    open('/tasks');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const active = nav.querySelector('[aria-current="page"]');
    expect(active).toHaveTextContent('Tasks');
  });
});
