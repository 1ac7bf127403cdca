import { useQueryClient } from '@tanstack/react-query';
import { TonConnectButton, useTonAddress, useTonConnectUI, useTonWallet } from '@tonconnect/ui-react';
import { useEffect, useRef } from 'react';
import { toast } from '../../lib/toast.ts';
import { call } from '../../lib/api-client.ts';
import { toastError } from '../../lib/errors.ts';
import { profileCache } from '../../lib/profile.ts';
import { t, useT } from '../../lib/i18n.tsx';
import { useSession } from '../../lib/session.tsx';
import { GameTonConnect, walletWindowInEnglish } from './ton-connect.tsx';

/**
 * The wallet connection, through TON Connect's own button and modals (ton-connect.tsx).
 * Loaded lazily from the Wallet tab.
 */
export default function WalletPanel() {
  return (
    <GameTonConnect>
      <WalletCard />
    </GameTonConnect>
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
        const { payload } = await call('walletPayload', {
          body: {
            userid: user.id,
          },
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
        if (connected.current) await call('walletUnbind').then(profileChanged, () => undefined);
        connected.current = false;
        void refreshPayload();
        return;
      }
      connected.current = true;
      const item = wallet.connectItems?.tonProof;
      if (!item || !('proof' in item)) return;
      try {
        await call('walletCheck', {
          body: {
            userid: user.id,
            address: wallet.account.address,
            // The wallet's chain as it says; the server refuses any but mainnet and testnet.
            network: wallet.account.chain as '-239' | '-3',
            proof: { ...item.proof, stateInit: wallet.account.walletStateInit },
          },
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
  const { t, lng } = useT();
  useWalletProof();
  return (
    <div className="card flex flex-col items-center gap-4 p-5 text-center" data-testid="wallet-card">
      <p className="font-extrabold">{wallet ? t('wallet.yours') : t('wallet.connect')}</p>
      <TonConnectButton />
      {!wallet && walletWindowInEnglish(lng) ? (
        <p className="-mt-2 text-xs text-text-dim">{t('wallet.opensInEnglish')}</p>
      ) : null}
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
