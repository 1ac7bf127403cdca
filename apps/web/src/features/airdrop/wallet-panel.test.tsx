import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, serve, server, testSession } from '../../../test/harness.tsx';
import { setLanguage, t } from '../../lib/i18n.tsx';
import WalletPanel from './wallet-panel.tsx';
// The wallets list the server serves from apps/web/public.
import walletsList from '../../../public/wallets-v2.json?raw';

const session = { ...testSession, user: { id: 42, firstName: 'Ada', languageCode: 'en' } };

/** Only the network edge is stubbed: our API, the local wallets list and the manifest. */
function open() {
  const calls: string[] = [];
  // Wallet bridges are event streams: held closed here, so nothing leaves the machine.
  vi.stubGlobal(
    'EventSource',
    class {
      readyState = 0;
      constructor(url: string) {
        calls.push(`STREAM ${url}`);
      }
      addEventListener() {}
      removeEventListener() {}
      close() {}
    },
  );
  serve({
    walletPayload: () => ({ payload: 'ab'.repeat(32), expiresAt: Date.now() + 900_000 }),
    appConfig: { miniAppUrl: 'https://t.me/egg_rush_bot/app' },
  });
  server.use(http.get('*/wallets-v2.json', () => new HttpResponse(walletsList)));
  // Every request, ours or the library's, is recorded; any the handlers above do not answer fails.
  server.events.on('request:start', ({ request }) =>
    calls.push(`${request.method} ${request.url.replace(window.location.origin, '')}`),
  );
  renderWithProviders(<WalletPanel />, { path: '/airdrop', session });
  return calls;
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.unstubAllGlobals();
});

describe('Wallet panel', () => {
  it.each(['es', 'fa', 'hi', 'id', 'pt-BR', 'tr', 'vi'] as const)(
    'tells a %s player that the wallet window, which TON Connect does not translate, opens in English',
    async (lng) => {
      await setLanguage(lng);
      try {
        open();
        const card = screen.getByTestId('wallet-card');
        expect(within(card).getByText(t('wallet.opensInEnglish'))).toBeInTheDocument();
        expect(t('wallet.opensInEnglish')).not.toBe('The wallet window opens in English.');
      } finally {
        await setLanguage('en');
      }
    },
  );

  it.each(['en', 'ru', 'uk'] as const)(
    'says nothing of it in %s, a language TON Connect speaks',
    async (lng) => {
      await setLanguage(lng);
      try {
        open();
        expect(screen.getByTestId('wallet-card')).not.toHaveTextContent(t('wallet.opensInEnglish'));
      } finally {
        await setLanguage('en');
      }
    },
  );

  it('offers the connection with a fresh proof payload from the server', async () => {
    const calls = open();
    expect(screen.getByText('Connect your TON wallet')).toBeInTheDocument();
    await vi.waitFor(() => expect(calls).toContain('POST /api/v1/wallet/proof/payload'));
    expect(screen.getByTestId('wallet-card').querySelector('#ton-connect-button')).not.toBeNull();
  });

  it(
    'lists the locally served wallets, the Telegram wallet first, in TON Connect’s modal',
    { timeout: 15_000 },
    async () => {
      const calls = open();
      await vi.waitFor(() => expect(calls).toContain('POST /api/v1/wallet/proof/payload'));
      fireEvent.click(screen.getByRole('button', { name: 'Which wallets can I use?' }));
      await vi.waitFor(() => expect(document.body.textContent).toContain('Tonkeeper'), { timeout: 5_000 });
      // The first three of the list this app serves, then the rest of it (the library's own
      // built-in list is different and much longer).
      const items = () =>
        [...document.querySelectorAll('[data-tc-wallet-item]')].map((item) => item.textContent);
      expect(items()).toEqual(['Wallet inTelegram', 'TonkeeperPopular', 'MyTonWallet', 'View allwallets']);
      fireEvent.click(screen.getByText('View all'));
      await vi.waitFor(() => expect(document.body.textContent).toContain('Bitget Wallet'));
      expect(items().map((text) => text?.replace(/Popular$/, ''))).toEqual([
        'Wallet inTelegram',
        'Tonkeeper',
        'MyTonWallet',
        'Tonhub',
        'Bitget Wallet',
      ]);
      expect(
        calls.filter((c) => c.startsWith('GET') || c.startsWith('POST')).every((c) => c.includes(' /')),
      ).toBe(true);
    },
  );
});
