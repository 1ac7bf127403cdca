import { fireEvent, screen, within } from '@testing-library/react';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { allocationFixture } from '../../../test/fixtures.ts';
import { renderWithProviders, serve, type Body } from '../../../test/harness.tsx';
import { AirdropPage, jettons } from './airdrop-page.tsx';

const UNIT = '000000000';

type Allocation = Body<'adminAllocations'>['allocations'][number];
const allocation: Allocation = allocationFixture({
  id: 3,
  supply: `6000${UNIT}`,
  wallets: 3,
  total: `5999${UNIT}`,
});
const preview: Body<'adminAllocation'> = {
  allocation,
  totals: {
    supply: allocation.supply,
    allocated: allocation.total,
    unallocated: `1${UNIT}`,
    wallets: 3,
    eligiblePlayers: 3,
    refusedPlayers: 1,
    claimedWallets: 0,
    claimedAmount: '0',
  },
  histogram: [
    { from: `1${UNIT}`, to: `10${UNIT}`, wallets: 0 },
    { from: `1000${UNIT}`, to: null, wallets: 3 },
  ],
  largest: [
    {
      wallet: `0:${'b2'.repeat(32)}`,
      amount: `2999${UNIT}`,
      coins: 3000,
      operatorCoins: 1250,
      playerIds: [12],
    },
  ],
  refusals: [{ reason: 'excluded', players: 1 }],
  claims: [{ day: '2026-06-16', wallets: 1, amount: `2999${UNIT}` }],
  cohorts: [],
  excluded: [{ playerId: 14, wallet: `0:${'d4'.repeat(32)}`, reason: 'excluded', detail: 'bot farm' }],
};

// jsdom has no modal dialogs: opening one just shows it.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});

describe('the console airdrop page', () => {
  it('writes smallest units as whole jettons', () => {
    expect(jettons('1234500000000', 9)).toBe('1,234.5');
    expect(jettons('5', 9)).toBe('0.000000005');
    expect(jettons('0', 0)).toBe('0');
  });

  it('previews an allocation and publishes it', async () => {
    const calls = serve({
      adminAllocations: { allocations: [allocation] },
      adminExclusions: { exclusions: [] },
      adminAllocation: preview,
      adminAllocationPublish: {
        root: 'ab'.repeat(32),
        dumpHash: 'cd'.repeat(32),
        allocation: { ...allocation, status: 'published', root: 'ab'.repeat(32), dumpHash: 'cd'.repeat(32) },
      },
    });
    renderWithProviders(<AirdropPage />, { path: '/admin/airdrop' });
    fireEvent.click(await screen.findByRole('button', { name: 'Preview' }, { timeout: 5000 }));
    await screen.findByText('Allocation 3 (draft)');
    expect(screen.getAllByText('2,999')).toHaveLength(2); // the largest wallet and the day's claims
    // The largest wallets show the part of their weight operators credited.
    const largest = screen.getByText('Of which operator credits').closest('table');
    assert(largest, 'no table of the largest wallets');
    expect(within(largest).getByText('1,250')).toBeTruthy();
    expect(screen.getByText('bot farm')).toBeTruthy();
    expect(screen.getByText('2026-06-16')).toBeTruthy();
    expect(screen.getByText('excluded: 1')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Wallets per range of jettons' })).getByText('1,000 – …'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish…' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publish, irreversibly' }));
    await screen.findByText(`Published: root ${'ab'.repeat(32)}`, undefined, { timeout: 5000 });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/admin/airdrop/allocations/3/publish',
      body: {},
    });
  });
});
