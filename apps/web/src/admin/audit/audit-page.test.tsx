import { fireEvent, screen, within } from '@testing-library/react';
import { assert, describe, expect, it } from 'vitest';
import { renderWithProviders, serve, type Call } from '../../../test/harness.tsx';
import { AuditPage } from './audit-page.tsx';

const AT = Date.UTC(2026, 5, 16, 14, 9);
const rows = [
  {
    id: 12,
    adminId: 7000,
    action: 'player.ban',
    target: 'player:7001',
    reason: 'bot farm <b>x</b>',
    before: { bannedAt: null, banReason: null },
    after: { bannedAt: AT, banReason: 'bot farm <b>x</b>' },
    createdAt: AT,
  },
  {
    id: 11,
    adminId: 7003,
    action: 'player.adjust',
    target: 'player:7002',
    reason: 'refund',
    before: { coins: 100, tickets: 2, lifetimeCoins: 500 },
    after: { coins: 350, tickets: 2, lifetimeCoins: 750, operatorDay: 20_000 },
    createdAt: AT - 60_000,
  },
  {
    id: 10,
    adminId: 7000,
    action: 'snapshot.take',
    target: 'snapshot:3',
    reason: null,
    before: null,
    after: { players: 42 },
    createdAt: AT - 120_000,
  },
];

const audit = (c: Call) => {
  const target = new URLSearchParams(c.search).get('target');
  return { rows: target ? rows.filter((r) => r.target === target) : rows };
};

describe('the console audit page', () => {
  it('lists every operator’s entries, links their players, and sends the filters', async () => {
    const calls = serve({ adminAudit: audit });
    renderWithProviders(<AuditPage />, { path: '/admin/audit' });
    const table = await screen.findByRole('table', { name: 'Audit log' }, { timeout: 5000 });
    const body = within(table).getAllByRole('row').slice(1);
    expect(body).toHaveLength(3);
    const [ban, adjust, snapshot] = body as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(ban).getByText('7000')).toBeTruthy();
    expect(within(ban).getByText('player.ban')).toBeTruthy();
    expect(within(ban).getByText('2026-06-16 14:09 UTC')).toBeTruthy();
    expect(within(ban).getByRole('link', { name: 'Player 7001' }).getAttribute('href')).toBe(
      '/admin/players/7001',
    );
    // Text the rows carry is shown as text, never as markup.
    expect(within(ban).getByText('bot farm <b>x</b>', { selector: 'td' })).toBeTruthy();
    expect(ban.querySelector('b')).toBeNull();
    expect(within(ban).getByText('banReason:').parentElement?.textContent).toBe(
      'banReason: — → bot farm <b>x</b>',
    );

    // Only what changed, before → after.
    expect(within(adjust).getByText('coins:').parentElement?.textContent).toBe('coins: 100 → 350');
    expect(within(adjust).queryByText('tickets:')).toBeNull();
    expect(within(adjust).getByText('operatorDay:').parentElement?.textContent).toBe(
      'operatorDay: — → 20000',
    );
    expect(within(snapshot).getByText('snapshot:3')).toBeTruthy();
    expect(within(snapshot).queryByRole('link', { name: /Player/ })).toBeNull();
    expect(calls.at(-1)?.search).toBe('?limit=50');

    // A player id in the target filter asks for that player's rows, with the rows wanted.
    fireEvent.change(screen.getByLabelText('Target'), { target: { value: ' 7002 ' } });
    fireEvent.change(screen.getByLabelText('Rows'), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('1 entry for player:7002', undefined, { timeout: 5000 });
    const last = calls.filter((c) => c.path === '/admin/audit').at(-1);
    assert(last, 'no call for the audit log');
    expect(new URLSearchParams(last.search)).toEqual(
      new URLSearchParams({ target: 'player:7002', limit: '200' }),
    );
    expect(within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row')).toHaveLength(2);

    // Clearing the filter asks for every entry again.
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByText('3 newest entries', undefined, { timeout: 5000 });
    expect(calls.at(-1)?.search).toBe('?limit=200');
  });
});
