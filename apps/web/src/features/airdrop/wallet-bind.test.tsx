import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileFixture } from '../../../test/fixtures.ts';
import { renderWithProviders, serve, testSession } from '../../../test/harness.tsx';

/**
 * A wallet already connected in TON Connect before the app opens (restored from a past session,
 * or a wallet's own injected connection): no ton_proof comes with it.
 */
const ton = vi.hoisted(() => ({
  wallet: null as null | { account: { address: string; chain: string }; connectItems?: object },
  ui: {
    connected: true,
    onStatusChange: vi.fn(() => () => undefined),
    setConnectRequestParameters: vi.fn(),
    disconnect: vi.fn(async () => undefined),
    openModal: vi.fn(async () => undefined),
  },
}));
vi.mock('@tonconnect/ui-react', () => ({
  TonConnectButton: () => <button type="button">UQAp…connected</button>,
  useTonAddress: () => (ton.wallet ? 'UQAp0000000000000000000000000000000000000000000000000' : ''),
  useTonConnectUI: () => [ton.ui],
  useTonWallet: () => ton.wallet,
}));
vi.mock('./ton-connect.tsx', () => ({
  GameTonConnect: ({ children }: { children: ReactNode }) => children,
  walletWindowInEnglish: () => false,
}));

const { default: WalletPanel } = await import('./wallet-panel.tsx');

const RAW = `0:${'ab'.repeat(32)}`;
const session = { ...testSession, user: { id: 42, firstName: 'Ada', languageCode: 'en' } };

const open = (walletAddress: string | null) => {
  ton.wallet = { account: { address: RAW, chain: '-239' } };
  const calls = serve({
    profile: profileFixture({ walletAddress }),
    walletPayload: { payload: 'cd'.repeat(32), expiresAt: Date.now() + 900_000 },
    walletUnbind: { address: null },
  });
  renderWithProviders(<WalletPanel />, { path: '/airdrop', session });
  return calls;
};

afterEach(() => {
  vi.clearAllMocks();
  ton.wallet = null;
});

describe('a wallet connected in TON Connect before the app opens', () => {
  it('is not called the player’s wallet while the server has none bound: one action binds it with a proof', async () => {
    const calls = open(null);
    const card = screen.getByTestId('wallet-card');
    const bind = await screen.findByRole('button', { name: 'Bind this wallet' }, { timeout: 5_000 });
    expect(card).toHaveTextContent('This wallet is connected here but not yet bound to your game.');
    expect(card).not.toHaveTextContent('Your TON wallet');
    fireEvent.click(bind);
    // Disconnected (nothing to unbind on the server), then connected again with a fresh payload.
    await vi.waitFor(() => expect(ton.ui.openModal).toHaveBeenCalled());
    expect(ton.ui.disconnect).toHaveBeenCalled();
    expect(ton.ui.setConnectRequestParameters).toHaveBeenLastCalledWith({
      state: 'ready',
      value: { tonProof: 'cd'.repeat(32) },
    });
    expect(calls.filter((c) => c.path === '/wallet/proof/payload').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('shows the server’s bound address once bound', async () => {
    open('EQBoundOnTheServer0000000000000000000000000000000000');
    await vi.waitFor(() => expect(screen.getByTestId('wallet-card')).toHaveTextContent('Your TON wallet'));
    expect(screen.getByTestId('wallet-address')).toHaveTextContent(
      'EQBoundOnTheServer0000000000000000000000000000000000',
    );
    expect(screen.queryByRole('button', { name: 'Bind this wallet' })).toBeNull();
  });
});
