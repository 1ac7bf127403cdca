import { formatCountdown, msUntilReset } from '@egg-rush/game/time';
import { ClockIcon } from '../../components/ui/icons.tsx';
import { useT } from '../../lib/i18n.tsx';
import { localDigits } from '../../lib/format.ts';
import { useNow } from '../../lib/now.ts';

/** A live countdown to the daily reset (midnight UTC-6), ticking every second. */
export function ResetCountdown({ offsetMs = 0 }: { offsetMs?: number }) {
  const left = msUntilReset(useNow() + offsetMs);
  const { t } = useT();
  return (
    <div className="card flex items-center justify-between gap-3 px-4 py-3" data-testid="reset">
      <span className="flex min-w-0 items-center gap-2 text-sm font-bold text-text-dim">
        <ClockIcon size={18} className="shrink-0 text-lilac" />
        {t('tasks.resetIn')}
      </span>{' '}
      <span className="num text-lg font-black text-gold" data-testid="reset-countdown">
        {localDigits(formatCountdown(left))}
      </span>
    </div>
  );
}
