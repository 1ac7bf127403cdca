import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  refuse,
  renderWithProviders,
  serve,
  type Body,
  type Call,
  type Stubs,
} from '../../../test/harness.tsx';
import { ClustersPage } from './clusters-page.tsx';

const AT = Date.UTC(2026, 5, 16, 14, 9);
type Cluster = Body<'adminClusters'>['clusters'][number];
const farm: Cluster = {
  id: 'c7001',
  size: 14,
  score: 0.93,
  recommendation: 'exclude',
  evidence: ['14 accounts, created within 3 days', '12 share one network address and one device'],
  members: Array.from({ length: 14 }, (_, i) => 7001 + i),
  decision: null,
  share: 0.0412,
};
const family: Cluster = {
  id: 'c8100',
  size: 3,
  score: 0.41,
  recommendation: 'review',
  evidence: ['3 accounts share one network address'],
  members: [8100, 8101, 8102],
  decision: { action: 'clear', reason: 'a family on one router', by: 7000, at: AT },
  share: null,
};

// jsdom has no modal dialogs: opening one just shows it.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});

function open(routes: Stubs = {}) {
  const calls = serve({ adminClusters: { clusters: [farm, family] }, ...routes });
  renderWithProviders(<ClustersPage />, { path: '/admin/clusters' });
  return calls;
}

/** The cluster's card, once the list shows it. */
const card = (id: string) =>
  vi.waitFor(
    () => {
      const item = document.querySelector<HTMLElement>(`[data-cluster="${id}"]`);
      if (!item) throw new Error(`no cluster ${id}`);
      return item;
    },
    { timeout: 5000 },
  );

/** Answers a decision as the server does: the cluster with the operator's decision. */
const decide = (action: 'exclude' | 'clear') => (c: Call) => ({
  cluster: { ...farm, decision: { action, reason: (c.body as { reason: string }).reason, by: 7000, at: AT } },
});

describe('the console clusters page', () => {
  it('lists each cluster: size, score, recommendation, evidence, members linked, share and decision', async () => {
    open();
    const first = await card('c7001');
    expect(within(first).getByRole('heading', { name: 'c7001' })).toBeInTheDocument();
    expect(within(first).getByText('recommend exclude')).toHaveClass('a-tag-bad');
    expect(within(first).getByText('14')).toBeInTheDocument();
    expect(within(first).getByText('0.93')).toBeInTheDocument();
    expect(within(first).getByText('4.1%')).toBeInTheDocument();
    expect(within(first).getByText('12 share one network address and one device')).toBeInTheDocument();
    // Twelve members first, each a link to the player's page; the rest on asking.
    expect(within(first).getAllByRole('link')).toHaveLength(12);
    expect(within(first).getByRole('link', { name: '7001' })).toHaveAttribute('href', '/admin/players/7001');
    fireEvent.click(within(first).getByRole('button', { name: 'show all 14' }));
    expect(within(first).getAllByRole('link')).toHaveLength(14);
    expect(within(first).queryByTestId('decision')).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Exclude cluster…' })).toBeInTheDocument();

    const second = await card('c8100');
    expect(within(second).getByText('recommend review')).toHaveClass('a-tag-warn');
    expect(within(second).getByText('—')).toBeInTheDocument(); // no draft allocation: no share
    expect(within(second).getByTestId('decision')).toHaveTextContent(
      'Cleared by 7000, 2026-06-16 14:09 UTC: a family on one router',
    );
    // Cleared already: it can be excluded, not cleared again.
    expect(within(second).queryByRole('button', { name: /Clear cluster/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Undecided (1)' }));
    expect(document.querySelector('[data-cluster="c8100"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Decided (1)' }));
    expect(document.querySelector('[data-cluster="c7001"]')).toBeNull();
  });

  it('excludes a cluster with a reason and a confirmation, shows the decision, and clears it again', async () => {
    const calls = open({
      adminClusterExclude: decide('exclude'),
      adminClusterClear: decide('clear'),
    });
    fireEvent.click(within(await card('c7001')).getByRole('button', { name: 'Exclude cluster…' }));
    const dialog = screen.getByRole('dialog', { name: 'Exclude cluster c7001 (14 accounts)?' });
    const confirm = within(dialog).getByRole('button', { name: 'Exclude 14 accounts' });
    expect(confirm).toBeDisabled();
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.change(reason, { target: { value: 'ab' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(reason, { target: { value: 'one farm:\nsame device' } });
    fireEvent.click(confirm);

    expect(await screen.findByRole('status')).toHaveTextContent('Cluster c7001 excluded: 14 accounts.');
    const excluded = await card('c7001');
    expect(excluded).toHaveAttribute('data-decision', 'exclude');
    expect(within(excluded).getByTestId('decision')).toHaveTextContent(
      'Excluded by 7000, 2026-06-16 14:09 UTC: one farm: same device',
    );
    expect(within(excluded).queryByRole('button', { name: 'Exclude cluster…' })).not.toBeInTheDocument();

    // Reversible: cleared after the exclusion.
    fireEvent.click(within(excluded).getByRole('button', { name: 'Clear cluster (undo)…' }));
    const undo = screen.getByRole('dialog', { name: 'Clear cluster c7001 (14 accounts)?' });
    fireEvent.change(within(undo).getByRole('textbox'), {
      target: { value: 'the appeal showed a school lab' },
    });
    fireEvent.click(within(undo).getByRole('button', { name: 'Clear 14 accounts' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Cluster c7001 cleared: 14 accounts.');
    expect(await card('c7001')).toHaveAttribute('data-decision', 'clear');

    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/admin/airdrop/clusters/c7001/exclude',
        body: { reason: 'one farm: same device' },
      }),
      expect.objectContaining({
        path: '/admin/airdrop/clusters/c7001/clear',
        body: { reason: 'the appeal showed a school lab' },
      }),
    ]);
  });

  it('keeps the dialog open with the refusal when the decision is refused', async () => {
    open({
      adminClusterExclude: refuse(
        409,
        'ALREADY_PUBLISHED',
        'An allocation is published: a cluster decision can no longer change it.',
      ),
    });
    fireEvent.click(within(await card('c7001')).getByRole('button', { name: 'Exclude cluster…' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'one farm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exclude 14 accounts' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An allocation is published: a cluster decision can no longer change it.',
    );
    expect(await card('c7001')).toHaveAttribute('data-decision', 'none');
  });
});
