import { useQuery } from '@tanstack/react-query';
import {
  THEME,
  TonConnect,
  TonConnectButton,
  TonConnectUIProvider,
  useTonAddress,
  useTonConnectUI,
  useTonWallet,
} from '@tonconnect/ui-react';
import { useSession } from '../../lib/session.tsx';
import { appConfigQuery } from './api.ts';

/**
 * The wallet connection (SPEC.md "Wallet widget"), through TON Connect's own button and modals.
 * Loaded lazily from the Wallet tab. The wallets list is served by this app (no network needed
 * to show it), the manifest by the server.
 */
let connector: TonConnect | undefined;
function getConnector() {
  connector ??= new TonConnect({
    manifestUrl: `${window.location.origin}/tonconnect-manifest.json`,
    walletsListSource: `${window.location.origin}/wallets-v2.json`,
    // No third-party telemetry from the game.
    analytics: { mode: 'off' },
  });
  return connector;
}

export default function WalletPanel() {
  const session = useSession();
  const { data: config } = useQuery(appConfigQuery);
  const language = session.user.languageCode?.startsWith('ru') ? 'ru' : 'en';
  return (
    <TonConnectUIProvider
      connector={getConnector()}
      language={language}
      uiPreferences={{ theme: session.colorScheme === 'light' ? THEME.LIGHT : THEME.DARK, borderRadius: 'm' }}
      actionsConfiguration={{
        returnStrategy: 'back',
        ...(config ? { twaReturnUrl: config.miniAppUrl as `${string}://${string}` } : {}),
      }}
    >
      <WalletCard />
    </TonConnectUIProvider>
  );
}

function WalletCard() {
  const wallet = useTonWallet();
  const address = useTonAddress();
  const [ui] = useTonConnectUI();
  return (
    <div className="card flex flex-col items-center gap-4 p-5 text-center" data-testid="wallet-card">
      <p className="font-extrabold">{wallet ? 'Your TON wallet' : 'Connect your TON wallet'}</p>
      <TonConnectButton />
      {wallet ? (
        <p className="num break-all text-xs text-text-dim" data-testid="wallet-address">
          {address}
        </p>
      ) : (
        <button
          type="button"
          className="text-sm font-bold text-lilac underline"
          onClick={() => void ui.openModal()}
        >
          Which wallets can I use?
        </button>
      )}
    </div>
  );
}
