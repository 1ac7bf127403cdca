import { useQueryClient } from '@tanstack/react-query';
import {
  TonConnectButton,
  useTonAddress,
  useTonConnectUI,
  useTonWallet,
  type Wallet,
} from '@tonconnect/ui-react';
import { useEffect, useRef } from 'react';
import { toast } from '../../lib/toast.ts';
import { call } from '../../lib/api-client.ts';
import { toastError } from '../../lib/errors.ts';
import { profileCache, useProfile } from '../../lib/profile.ts';
import { t, useT } from '../../lib/i18n.tsx';
import { useSession } from '../../lib/session.tsx';
import { GameTonConnect, walletWindowInEnglish } from './ton-connect.tsx';
import { Button } from '../../components/ui/ui.tsx';

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
  // Set while "Bind this wallet" disconnects a wallet the server never bound: nothing to unbind.
  const rebinding = useRef(false);
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
    const onStatus = async (wallet: Wallet | null) => {
      if (!wallet) {
        // "Bind this wallet" disconnected a wallet the server never bound: nothing to unbind, and
        // it asks the payload itself.
        if (rebinding.current) {
          rebinding.current = false;
          connected.current = false;
          return;
        }
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
    };
    return ui.onStatusChange((wallet) => void onStatus(wallet));
  }, [ui, user.id, client]);

  /**
   * A wallet TON Connect restored (or a wallet's own injected connection) comes with no
   * ton_proof, which only a connect request carries: it is disconnected, and connected again with
   * a fresh payload, which the wallet signs and the server checks.
   */
  return async () => {
    rebinding.current = true;
    try {
      await ui.disconnect();
    } catch {
      rebinding.current = false;
    }
    ui.setConnectRequestParameters({ state: 'loading' });
    try {
      const { payload } = await call('walletPayload', { body: { userid: user.id } });
      ui.setConnectRequestParameters({ state: 'ready', value: { tonProof: payload } });
      await ui.openModal();
    } catch (error) {
      ui.setConnectRequestParameters(null);
      toastError(error, 'wallet');
    }
  };
}

/**
 * The server's truth: the wallet bound to the player (from the profile), whatever TON Connect
 * remembers. A wallet connected in TON Connect that the server has not bound (a returning wallet,
 * an injected one) is said to be so, with the one action that binds it.
 */
function WalletCard() {
  const wallet = useTonWallet();
  const address = useTonAddress();
  const [ui] = useTonConnectUI();
  const { data: profile } = useProfile();
  const { t, lng } = useT();
  const bind = useWalletProof();
  const bound = profile?.walletAddress ?? null;
  // Connected here, bound on the server: none (once the profile is in).
  const unbound = Boolean(wallet) && profile !== undefined && bound === null;
  return (
    <div className="card flex flex-col items-center gap-4 p-5 text-center" data-testid="wallet-card">
      <p className="font-extrabold">
        {bound ? t('wallet.yours') : unbound ? t('wallet.unbound') : t('wallet.connect')}
      </p>
      {unbound ? (
        <Button className="w-full" data-testid="wallet-bind" onClick={() => void bind()}>
          {t('wallet.bind')}
        </Button>
      ) : (
        <TonConnectButton />
      )}
      {!wallet && walletWindowInEnglish(lng) ? (
        <p className="-mt-2 text-xs text-text-dim">{t('wallet.opensInEnglish')}</p>
      ) : null}
      {bound ? (
        <p className="num text-xs break-all text-text-dim" data-testid="wallet-address">
          {bound}
        </p>
      ) : unbound ? (
        <p className="num text-xs break-all text-text-dim" data-testid="wallet-connected-address">
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
