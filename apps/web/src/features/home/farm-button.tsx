import { toast } from '../../lib/toast.ts';
import { formatCountdown } from '@egg-rush/game/time';
import { SproutIcon } from '../../components/ui/icons.tsx';
import { toastError } from '../../lib/errors.ts';
import { useT } from '../../lib/i18n.tsx';
import { useClaimFarm, useFarmStatus, useStartFarm } from './api.ts';
import { localDigits } from '../../lib/format.ts';
import { useNow } from '../../lib/now.ts';
import { Button } from '../../components/ui/ui.tsx';

/**
 * 'Start Farming', then 'Farming {reward} coins' with an h:mm:ss
 * countdown and a fill of elapsed/duration (disabled), then 'Claim'.
 */
export function FarmButton({ beforeClaim }: { beforeClaim: () => Promise<void> }) {
  const { data, isLoading } = useFarmStatus();
  const start = useStartFarm();
  const claim = useClaimFarm(beforeClaim);
  const { t } = useT();
  const now = useNow(Boolean(data?.started));

  const remain = data?.started ? Math.max(0, data.remainTime - Math.max(0, now - data.fetchedAt)) : 0;
  const progress = data?.started ? 1 - remain / data.duration : 0;
  const busy = start.isPending || claim.isPending;

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: () => toast.success(t('farm.started')),
      onError: (e) => toastError(e, 'farm-start'),
    });
  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: (r) => toast.success(t('farm.claimed', { count: r.reward })),
      onError: (e) => toastError(e, 'farm-claim'),
    });

  if (isLoading || !data) {
    return <div className="h-14 w-full animate-pulse rounded-[14px] bg-lilac/10" aria-hidden="true" />;
  }

  if (data.started && remain > 0) {
    return (
      <button
        type="button"
        disabled
        data-testid="farm-button"
        className="relative flex h-14 w-full items-center justify-between overflow-hidden rounded-[14px] border border-gold/30 bg-night-950/70 px-4 font-extrabold text-text"
      >
        <span
          aria-hidden="true"
          className="absolute inset-0 origin-left bg-gradient-to-r from-gold/25 to-gold/45 rtl:origin-right rtl:bg-gradient-to-l"
          style={{ transform: `scaleX(${progress})`, transition: 'transform 1s linear' }}
        />
        <span className="relative flex items-center gap-2">
          <SproutIcon size={20} className="text-mint" />
          {t('farm.farming', { count: data.reward })}
        </span>
        <span className="num relative text-gold">{localDigits(formatCountdown(remain))}</span>
      </button>
    );
  }

  const claimable = data.started;
  return (
    <Button
      data-testid="farm-button"
      disabled={busy}
      onClick={claimable ? onClaim : onStart}
      className="flex h-14 w-full items-center justify-center gap-2 text-lg"
    >
      <SproutIcon size={22} />
      {claimable ? t('farm.claim') : t('farm.start')}
    </Button>
  );
}
