import type { AirdropClaimResponse } from '@egg-rush/contract/airdrop';
import { useQueryClient } from '@tanstack/react-query';
import { UserRejectsError, useTonConnectUI, useTonWallet } from '@tonconnect/ui-react';
import { useState } from 'react';
import { Button } from '../../components/ui/ui.tsx';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../lib/i18n.tsx';
import { useSession } from '../../lib/session.tsx';
import { airdropClaimQuery, shortAddress } from './api.ts';
import { GameTonConnect } from './ton-connect.tsx';

/** How long the wallet may take to send the claim before it is refused (TON Connect's validUntil). */
const VALID_FOR_S = 5 * 60;

/**
 * The Claim button: the server's messages sent from the player's wallet through TON Connect's
 * sendTransaction, whose own modals say 'Confirm operation in your wallet', then 'Transaction sent'
 * or 'Transaction cancelled'. A sent claim is told to the server, so that a reload shows it.
 */
export default function ClaimButtonPanel(props: { claim: AirdropClaimResponse; onConnect: () => void }) {
  return (
    <GameTonConnect>
      <ClaimButton {...props} />
    </GameTonConnect>
  );
}

function ClaimButton({ claim, onConnect }: { claim: AirdropClaimResponse; onConnect: () => void }) {
  const [ui] = useTonConnectUI();
  const wallet = useTonWallet();
  const { user } = useSession();
  const client = useQueryClient();
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  // Why the last claim did not go: refused in the wallet, or failed (said under the button).
  const [failure, setFailure] = useState<string | null>(null);
  const connected =
    wallet !== null && claim.wallet !== null && sameAddress(wallet.account.address, claim.wallet);

  if (!connected) {
    return (
      <>
        <p className="text-sm text-text-dim">
          {t('airdrop.reconnect', { wallet: shortAddress(claim.wallet ?? '') })}
        </p>
        <Button className="min-h-11 w-full" onClick={onConnect}>
          {t('airdrop.toWallet')}
        </Button>
      </>
    );
  }

  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await ui.sendTransaction({
        validUntil: Math.floor(Date.now() / 1000) + VALID_FOR_S,
        messages: claim.messages.map((m) => ({
          address: m.address,
          amount: m.amount,
          payload: m.payload,
          ...(m.stateInit ? { stateInit: m.stateInit } : {}),
        })),
      });
      await call('airdropClaimSent', { body: { userid: user.id } });
      await client.invalidateQueries({ queryKey: airdropClaimQuery(user.id).queryKey });
    } catch (error) {
      // Said in the player's language beside Claim, which stays to try again (TON Connect's own
      // 'Transaction cancelled' speaks English or Russian only, and passes).
      setFailure(
        error instanceof UserRejectsError
          ? t('airdrop.claimRefused')
          : t('airdrop.claimFailed', { reason: errorText(error, 'wallet') }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button className="min-h-11 w-full text-lg font-black" disabled={busy} onClick={() => void send()}>
        {t('airdrop.claim')}
      </Button>
      {failure ? (
        <p role="alert" className="text-sm font-bold text-coral" data-testid="claim-failure">
          {failure}
        </p>
      ) : null}
    </>
  );
}

/** TON Connect gives the account's address in raw form (0:hex), as the server does. */
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
