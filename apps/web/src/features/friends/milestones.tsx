import type { FriendsResponse } from '@egg-rush/contract/friends';
import { formatNumber, TicketIcon } from '../../components/ui/ui.tsx';
import { useT } from '../../lib/i18n.tsx';

/** Dots at 1, 5, 10, 25 and 50 friends, filled once reached. */
export function Milestones({ milestones }: { milestones: FriendsResponse['milestones'] }) {
  const reached = milestones.filter((m) => m.reached).length;
  const { t } = useT();
  const fill = milestones.length > 1 ? Math.max(0, reached - 1) / (milestones.length - 1) : 0;
  return (
    <div className="relative px-3 pt-1 pb-1" aria-label={t('friends.milestones')}>
      <div className="absolute top-[18px] right-7 left-7 h-1 rounded-full bg-night-950/70" aria-hidden="true">
        <div
          className="h-full origin-left rounded-full bg-gold rtl:origin-right"
          style={{ transform: `scaleX(${fill})`, transition: 'transform 400ms ease' }}
        />
      </div>
      <ol className="relative flex justify-between">
        {milestones.map((m) => (
          <li key={m.count} className="flex w-9 flex-col items-center gap-1">
            <span
              data-testid={`milestone-${m.count}`}
              data-reached={m.reached}
              aria-label={t(m.reached ? 'friends.milestoneReached' : 'friends.milestone', { count: m.count })}
              className={`num grid h-9 w-9 place-items-center rounded-full border-2 text-xs font-black ${
                m.reached
                  ? 'border-gold bg-gold text-gold-ink shadow-[0_0_14px_rgb(255_201_60/0.6)]'
                  : 'border-lilac/35 bg-night-900 text-text-dim'
              }`}
            >
              {formatNumber(m.count)}
            </span>
            <span className="num flex items-center gap-0.5 text-[11px] font-extrabold text-text-dim">
              <TicketIcon size={12} />+{formatNumber(m.ticket)}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
