import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  THEME,
  TonConnect,
  TonConnectButton,
  TonConnectUIProvider,
  useTonAddress,
  useTonConnectUI,
  useTonWallet,
} from '@tonconnect/ui-react';
import { useEffect, useRef } from 'react';
import { toast } from '../../lib/toast.ts';
import { del, post } from '../../lib/api-client.ts';
import { toastError } from '../../lib/errors.ts';
import { profileCache } from '../../lib/profile.ts';
import { t, useT } from '../../lib/i18n.tsx';
import { useSession } from '../../lib/session.tsx';
import { appConfigQuery } from './api.ts';

/**
 * The wallet connection, through TON Connect's own button and modals.
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

/**
 * TON Connect's button and modals in the game's palette (the night sky, gold and lilac), the
 * same in Telegram's light and dark themes: the game itself has one look.
 */
const GAME_COLORS = {
  connectButton: { background: '#ffc93c', foreground: '#3a2300' },
  accent: '#ffc93c',
  telegramButton: '#7c4dff',
  icon: {
    primary: '#f4f0ff',
    secondary: '#a99cd6',
    tertiary: '#4f3596',
    success: '#4ef0b5',
    error: '#ff6b6b',
  },
  background: {
    primary: '#211243',
    secondary: '#2d1a5c',
    segment: '#3b2475',
    tint: '#160c2e',
    qr: '#f4f0ff',
  },
  text: { primary: '#f4f0ff', secondary: '#a99cd6' },
};

export default function WalletPanel() {
  const { data: config } = useQuery(appConfigQuery);
  const { lng } = useT();
  // The widget speaks English and Russian: Russian for the players who read Russian or Ukrainian.
  const language = lng === 'ru' || lng === 'uk' ? 'ru' : 'en';
  return (
    <TonConnectUIProvider
      connector={getConnector()}
      language={language}
      uiPreferences={{
        theme: THEME.DARK,
        borderRadius: 'm',
        colorsSet: { [THEME.DARK]: GAME_COLORS, [THEME.LIGHT]: GAME_COLORS },
      }}
      actionsConfiguration={{
        returnStrategy: 'back',
        ...(config ? { twaReturnUrl: config.miniAppUrl as `${string}://${string}` } : {}),
      }}
    >
      <WalletCard />
    </TonConnectUIProvider>
  );
}

/**
 * Proof of ownership: each connect request carries a fresh single-use payload from the server;
 * the wallet's signed ton_proof is checked by the server, which then binds the address to the
 * player. A disconnect unbinds it.
 */
function useWalletProof() {
  const [ui] = useTonConnectUI();
  const { user } = useSession();
  const client = useQueryClient();
  const connected = useRef(ui.connected);
  useEffect(() => {
    const refreshPayload = async () => {
      ui.setConnectRequestParameters({ state: 'loading' });
      try {
        const { payload } = await post('/wallet/proof/payload', 'proofPayloadResponse', {
          userid: user.id,
        });
        ui.setConnectRequestParameters({ state: 'ready', value: { tonProof: payload } });
      } catch {
        ui.setConnectRequestParameters(null);
      }
    };
    const profileChanged = () => profileCache(client, user.id).refresh();
    if (!ui.connected) void refreshPayload();
    return ui.onStatusChange(async (wallet) => {
      if (!wallet) {
        if (connected.current) await del('/wallet', 'walletResponse').then(profileChanged, () => undefined);
        connected.current = false;
        void refreshPayload();
        return;
      }
      connected.current = true;
      const item = wallet.connectItems?.tonProof;
      if (!item || !('proof' in item)) return;
      try {
        await post('/wallet/proof/check', 'walletResponse', {
          userid: user.id,
          address: wallet.account.address,
          network: wallet.account.chain,
          proof: { ...item.proof, stateInit: wallet.account.walletStateInit },
        });
        void profileChanged();
        toast.success(t('wallet.success'));
      } catch (error) {
        toastError(error, 'wallet');
        await ui.disconnect();
      }
    });
  }, [ui, user.id, client]);
}

function WalletCard() {
  const wallet = useTonWallet();
  const address = useTonAddress();
  const [ui] = useTonConnectUI();
  const { t } = useT();
  useWalletProof();
  return (
    <div className="card flex flex-col items-center gap-4 p-5 text-center" data-testid="wallet-card">
      <p className="font-extrabold">{wallet ? t('wallet.yours') : t('wallet.connect')}</p>
      <TonConnectButton />
      {wallet ? (
        <p className="num text-xs break-all text-text-dim" data-testid="wallet-address">
          {address}
        </p>
      ) : (
        <button
          type="button"
          className="text-sm font-bold text-lilac underline"
          onClick={() => void ui.openModal()}
        >
          {t('wallet.which')}
        </button>
      )}
    </div>
  );
}
