import type { AirdropClaimResponse } from '@egg-rush/contract/airdrop';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Button, CoinIcon, Spinner } from '../../components/ui/ui.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useSession } from '../../lib/session.tsx';
import { airdropClaimQuery, formatJettons, JETTON_SYMBOL, shortAddress } from './api.ts';

// TON Connect is large: it loads only when there is something to claim now.
const ClaimButton = lazy(() => import('./claim-button.tsx'));

/**
 * The player's airdrop, in their language: no wallet, no snapshot yet, not eligible (and why),
 * allocated (amount and claim window, the Claim button when claiming is open), claim sent, claimed.
 */
export function ClaimCard({ onConnect }: { onConnect: () => void }) {
  const { user } = useSession();
  const { t, lng } = useT();
  const { data: claim, dataUpdatedAt } = useQuery(airdropClaimQuery(user.id));
  if (!claim) {
    return (
      <div className="card p-4" data-testid="airdrop-claim" data-status="loading">
        <Spinner />
      </div>
    );
  }
  const amount = claim.amount !== null ? formatJettons(claim.amount, claim.decimals ?? 0, lng) : null;
  const date = (seconds: number) =>
    new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(seconds * 1000);
  return (
    <section
      className="card flex flex-col items-center gap-2 p-4 text-center"
      data-testid="airdrop-claim"
      data-status={claim.status}
    >
      <h2 className="text-sm font-extrabold text-text-dim uppercase">{t('airdrop.yours')}</h2>
      {amount !== null && claim.status !== 'not_eligible' ? <Amount text={amount} /> : null}
      <Body claim={claim} at={dataUpdatedAt / 1000} amount={amount} date={date} onConnect={onConnect} />
    </section>
  );
}

function Amount({ text }: { text: string }) {
  return (
    <p className="num flex max-w-full flex-wrap items-center justify-center gap-x-2 text-3xl font-black break-all text-gold">
      <CoinIcon size={28} />
      <span data-testid="airdrop-amount">{text}</span>
      <span className="text-lg">{JETTON_SYMBOL}</span>
    </p>
  );
}

function Body({
  claim,
  at,
  amount,
  date,
  onConnect,
}: {
  claim: AirdropClaimResponse;
  /** When the server answered (unix seconds): the claim window is told as of then. */
  at: number;
  amount: string | null;
  date: (seconds: number) => string;
  onConnect: () => void;
}) {
  const { t } = useT();
  const note = (text: string) => <p className="text-sm text-text-dim">{text}</p>;
  switch (claim.status) {
    case 'no_wallet':
      return (
        <>
          {note(t('airdrop.noWallet'))}
          <Button className="min-h-11 w-full" onClick={onConnect}>
            {t('airdrop.toWallet')}
          </Button>
        </>
      );
    case 'no_snapshot':
      return note(t('airdrop.noSnapshot'));
    case 'not_eligible':
      return (
        <>
          <p className="font-extrabold">{t('airdrop.notEligible')}</p>
          {note(
            claim.reason === 'wallet_changed'
              ? t('airdrop.why.wallet_changed', {
                  amount: `${amount ?? ''} ${JETTON_SYMBOL}`,
                  wallet: shortAddress(claim.wallet ?? ''),
                })
              : t(`airdrop.why.${claim.reason ?? 'not_in_snapshot'}`),
          )}
        </>
      );
    case 'claim_sent':
      return note(t('airdrop.sent'));
    case 'claimed':
      return note(t('airdrop.done'));
    case 'allocated': {
      const window =
        claim.opens !== null && at < claim.opens
          ? t('airdrop.opens', { date: date(claim.opens) })
          : claim.closes !== null && at >= claim.closes
            ? t('airdrop.closed', { date: date(claim.closes) })
            : claim.closes !== null
              ? t('airdrop.closes', { date: date(claim.closes) })
              : null;
      return (
        <>
          {window ? (
            <p className="text-sm text-text-dim" data-testid="airdrop-window">
              {window}
            </p>
          ) : null}
          {claim.messages.length > 0 ? (
            <Suspense fallback={<Spinner label={t('airdrop.loadingWallet')} />}>
              <ClaimButton claim={claim} onConnect={onConnect} />
            </Suspense>
          ) : null}
        </>
      );
    }
  }
}
