import type { CSSProperties } from 'react';
import { toast } from '../../lib/toast.ts';
import { LeagueBadge, leagueName } from '../../components/ui/league-badge.tsx';
import { Button, CoinIcon, formatNumber, TicketIcon } from '../../components/ui/ui.tsx';
import { toastError } from '../../lib/errors.ts';
import { haptic } from '../../lib/telegram.ts';
import { useClaimLeague } from './sheets-api.ts';
import './league-celebration.css';
import { useT } from '../../lib/i18n.tsx';

/**
 * The moment a league is reached: its badge in a burst of rays, its name and its reward, paid
 * once by the server when claimed. "Later" puts it off until Home opens again.
 */
export default function LeagueCelebration({
  league,
  onLater,
}: {
  league: {
    index: number;
    id: string;
    name: string;
    color: string;
    reward: { onion: number; ticket: number };
  };
  onLater: () => void;
}) {
  const { t } = useT();
  const claim = useClaimLeague();
  // The reward is shown from the league's table: the reply carries the new balances. Awaited
  // rather than a mutate callback, as the celebration closes once the status has been refetched.
  const onClaim = async () => {
    try {
      await claim.mutateAsync(league.index);
    } catch (e) {
      toastError(e, 'league');
      return;
    }
    haptic('heavy');
    toast.success(
      t('league.paid', {
        coins: t('reward.coins', { count: league.reward.onion }),
        tickets: t('reward.tickets', { count: league.reward.ticket }),
      }),
    );
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={t('league.new')}
      className="league-celebration fixed inset-0 z-50 grid place-items-center bg-night-950/85 px-6 backdrop-blur-sm"
    >
      <div className="flex w-full max-w-[340px] flex-col items-center text-center">
        <div className="relative grid h-56 w-56 place-items-center">
          <span
            className="league-rays absolute inset-0 rounded-full"
            style={{ '--league': league.color } as CSSProperties}
            aria-hidden="true"
          />
          <span className="league-badge-pop relative">
            <LeagueBadge color={league.color} index={league.index} size={150} />
          </span>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <span key={i} className={`league-spark league-spark-${i}`} aria-hidden="true" />
          ))}
        </div>
        <p className="text-xs font-extrabold tracking-[0.2em] text-lilac uppercase">{t('league.new')}</p>
        <h2 className="mt-1 text-4xl font-black tracking-tight" style={{ color: league.color }}>
          {leagueName(league)}
        </h2>
        <p className="mt-2 text-sm text-text-dim">{t('league.reached')}</p>
        <div className="num mt-5 flex items-center gap-4 rounded-2xl bg-night-800/90 px-5 py-3 text-lg font-black">
          <span className="flex items-center gap-1.5 text-gold">
            <CoinIcon size={24} />+{formatNumber(league.reward.onion)}
          </span>
          <span className="flex items-center gap-1.5">
            <TicketIcon size={24} />+{formatNumber(league.reward.ticket)}
          </span>
        </div>
        <Button className="mt-6 w-full text-lg" onClick={() => void onClaim()} disabled={claim.isPending}>
          {t('league.claim')}
        </Button>
        <button
          type="button"
          onClick={onLater}
          className="mt-2 min-h-11 px-4 text-sm font-bold text-text-dim"
        >
          {t('league.later')}
        </button>
      </div>
    </div>
  );
}
