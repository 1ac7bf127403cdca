import { RECOMMENDED_RULE } from '@egg-rush/game/allocation-rule';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { allocationFixture } from '../../../test/fixtures.ts';
import { renderWithProviders, serve, type Body, type Call } from '../../../test/harness.tsx';
import { AirdropPage } from './airdrop-page.tsx';

// The allocation's rule: chosen in the new-allocation dialog, shown with the preview and its cohorts.

const UNIT = '000000000';
const snapshot: Body<'adminSnapshots'>['snapshots'][number] = {
  id: 2,
  takenAt: Date.UTC(2026, 5, 15),
  takenBy: 7000,
  minCoins: 0,
  players: 40,
  totalCoins: 123_456,
  csvSha256: 'aa'.repeat(32),
  jsonSha256: 'bb'.repeat(32),
};
type Allocation = Body<'adminAllocations'>['allocations'][number];
const allocation: Allocation = allocationFixture({
  id: 4,
  supply: `1000000000${UNIT}`,
  wallets: 40,
  total: `1000000000${UNIT}`,
  rule: { ...RECOMMENDED_RULE, weights: { ...RECOMMENDED_RULE.weights, premium: 0 } },
});
const preview: Body<'adminAllocation'> = {
  allocation,
  totals: {
    supply: allocation.supply,
    allocated: allocation.total,
    unallocated: '0',
    wallets: 40,
    eligiblePlayers: 40,
    refusedPlayers: 0,
    claimedWallets: 0,
    claimedAmount: '0',
  },
  histogram: [{ from: `1${UNIT}`, to: null, wallets: 40 }],
  largest: [],
  refusals: [],
  claims: [],
  cohorts: [
    { cohort: 'top1', players: 1, wallets: 1, share: 0.061, median: `61000000${UNIT}` },
    { cohort: 'median', players: 1, wallets: 1, share: 0.022, median: `22000000${UNIT}` },
    { cohort: 'new', players: 6, wallets: 6, share: 0.08, median: `13000000${UNIT}` },
    { cohort: 'premium', players: 4, wallets: 4, share: 0.11, median: `27500000${UNIT}` },
    { cohort: 'review', players: 9, wallets: 8, share: 0.05, median: `6250000${UNIT}` },
  ],
  excluded: [],
};

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});

function open() {
  let allocations: Allocation[] = [];
  const calls = serve({
    adminAllocations: () => ({ allocations }),
    adminExclusions: { exclusions: [] },
    adminSnapshots: { snapshots: [snapshot] },
    adminAllocationCreate: (c: Call) => {
      const created = { ...allocation, rule: (c.body as { rule: Allocation['rule'] }).rule };
      allocations = [created];
      return { allocation: created };
    },
    adminAllocation: preview,
  });
  renderWithProviders(<AirdropPage />, { path: '/admin/airdrop' });
  return calls;
}

describe('the allocation’s rule', () => {
  it('is prefilled with the recommended rule, bounded field by field, and sent with the allocation', async () => {
    const calls = open();
    fireEvent.click(await screen.findByRole('button', { name: 'New allocation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New airdrop allocation' });
    const rule = within(dialog).getByRole('group', { name: /Rule/ });
    await within(dialog).findByRole('option', { name: /#2/ });
    const field = (name: RegExp) => within(rule).getByRole('textbox', { name });
    expect(field(/Coins exponent/)).toHaveValue('0.5');
    expect(field(/^Coins \(0–100\)/)).toHaveValue('40');
    expect(field(/^Days played/)).toHaveValue('25');
    expect(field(/^Premium/)).toHaveValue('5');
    expect(field(/Under review keeps/)).toHaveValue('0.5');
    expect(within(rule).getByText('recommended')).toBeInTheDocument();
    // Each weight with its share of the total, and what it measures.
    expect(within(rule).getByText('Coins (0–100) · 40.0%')).toBeInTheDocument();
    expect(within(rule).getByText(/Age of the Telegram account/)).toBeInTheDocument();
    const allocate = within(dialog).getByRole('button', { name: 'Allocate' });
    expect(allocate).toBeEnabled();

    // Out of bounds: refused before anything is sent.
    fireEvent.change(field(/^Tasks/), { target: { value: '150' } });
    expect(field(/^Tasks/)).toHaveAttribute('aria-invalid', 'true');
    expect(allocate).toBeDisabled();
    fireEvent.change(field(/^Tasks/), { target: { value: '10' } });
    fireEvent.change(field(/Coins exponent/), { target: { value: '0' } });
    expect(allocate).toBeDisabled();
    fireEvent.change(field(/Coins exponent/), { target: { value: '0.7' } });
    fireEvent.change(field(/Under review keeps/), { target: { value: '1.5' } });
    expect(allocate).toBeDisabled();
    fireEvent.change(field(/Under review keeps/), { target: { value: '0.25' } });
    fireEvent.change(field(/^Premium/), { target: { value: '0' } });
    expect(within(rule).getByText('Coins (0–100) · 42.1%')).toBeInTheDocument();
    expect(within(rule).queryByText('recommended')).not.toBeInTheDocument();
    expect(within(rule).getByRole('button', { name: 'back to the recommended rule' })).toBeInTheDocument();
    expect(allocate).toBeEnabled();
    fireEvent.click(allocate);

    await screen.findByText('Allocation 4 (draft)', undefined, { timeout: 5000 });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      snapshotId: 2,
      rule: {
        coinsExponent: 0.7,
        weights: { coins: 40, activeDays: 25, tasks: 10, friendsStayed: 10, accountAge: 10, premium: 0 },
        reviewDiscount: 0.25,
      },
    });
  });

  it('refuses a rule in which nothing weighs, and goes back to the recommended one', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'New allocation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New airdrop allocation' });
    const rule = within(dialog).getByRole('group', { name: /Rule/ });
    for (const box of within(rule).getAllByRole('textbox').slice(1, 7))
      fireEvent.change(box, { target: { value: '0' } });
    expect(within(rule).getByText('At least one factor must weigh something.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Allocate' })).toBeDisabled();
    fireEvent.click(within(rule).getByRole('button', { name: 'back to the recommended rule' }));
    expect(within(rule).getByText('recommended')).toBeInTheDocument();
    expect(within(rule).getByRole('textbox', { name: /^Coins \(0–100\)/ })).toHaveValue('40');
  });

  it('shows the preview’s rule and how the allocation falls on the cohorts', async () => {
    serve({
      adminAllocations: { allocations: [allocation] },
      adminExclusions: { exclusions: [] },
      adminAllocation: preview,
    });
    renderWithProviders(<AirdropPage />, { path: '/admin/airdrop' });
    fireEvent.click(await screen.findByRole('button', { name: 'Preview' }, { timeout: 5000 }));
    const cohorts = await screen.findByRole('table', { name: 'Cohorts' }, { timeout: 5000 });
    const rows = within(cohorts).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Top 1% of wallets116.1%61,000,000',
      'Median wallet112.2%22,000,000',
      'New accounts (under 30 days)668.0%13,000,000',
      'Telegram Premium4411.0%27,500,000',
      'Under review985.0%6,250,000',
    ]);
    expect(screen.getByTestId('allocation-rule')).toHaveTextContent(
      'Rule: coins0.5; Coins 42.1% · Days played 26.3% · Tasks 10.5% · Friends who stayed 10.5% · Account age 10.5%; under review × 0.5',
    );
  });
});
