import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, serve } from '../../../test/harness.tsx';
import { LANGUAGE_CODES } from '../../lib/language.ts';
import { setLanguage, t } from '../../lib/i18n.tsx';

const WALLET = `0:${'ab'.repeat(32)}`;

/** TON Connect as the wallet answers: the test says how its sendTransaction ends. */
const ton = vi.hoisted(() => {
  class UserRejectsError extends Error {}
  return { UserRejectsError, sendTransaction: vi.fn() };
});
vi.mock('@tonconnect/ui-react', () => ({
  UserRejectsError: ton.UserRejectsError,
  useTonConnectUI: () => [{ sendTransaction: ton.sendTransaction }],
  useTonWallet: () => ({ account: { address: WALLET, chain: '-239' } }),
}));
vi.mock('./ton-connect.tsx', () => ({ GameTonConnect: ({ children }: { children: ReactNode }) => children }));

const { default: ClaimButtonPanel } = await import('./claim-button.tsx');

const claim = {
  status: 'allocated' as const,
  reason: null,
  amount: '1000000000',
  decimals: 9,
  wallet: WALLET,
  opens: 0,
  closes: 2_000_000_000,
  messages: [{ address: `0:${'cd'.repeat(32)}`, amount: '50000000', payload: 'te6cc' }],
};

const open = () => {
  const calls = serve({ airdropClaimSent: { status: 'claim_sent' } });
  renderWithProviders(<ClaimButtonPanel claim={claim} onConnect={() => undefined} />, { path: '/airdrop' });
  return calls;
};

afterEach(async () => {
  ton.sendTransaction.mockReset();
  await setLanguage('en');
});

describe('the Claim button', () => {
  it.each(LANGUAGE_CODES)(
    'says in %s that the wallet refused the claim, and stays to try again',
    async (lng) => {
      await setLanguage(lng);
      ton.sendTransaction.mockRejectedValue(new ton.UserRejectsError('Reject request'));
      const calls = open();
      fireEvent.click(screen.getByRole('button', { name: t('airdrop.claim') }));
      const said = await screen.findByRole('alert');
      expect(said.textContent).toBe(t('airdrop.claimRefused'));
      if (lng === 'en') expect(said.textContent).toMatch(/^The wallet refused the claim/);
      else expect(said.textContent).not.toMatch(/^The wallet refused/);
      expect(screen.getByRole('button', { name: t('airdrop.claim') })).toBeEnabled();
      expect(calls.some((c) => c.path === '/airdrop/claim/sent')).toBe(false);
    },
  );

  it('says why a claim failed otherwise', async () => {
    ton.sendTransaction.mockRejectedValue(new Error('the bridge is down'));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The claim failed: /);
  });

  it('tells the server once the wallet has sent the claim, and says no failure', async () => {
    ton.sendTransaction.mockResolvedValue({ boc: 'te6cc' });
    const calls = open();
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/airdrop/claim/sent')).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
