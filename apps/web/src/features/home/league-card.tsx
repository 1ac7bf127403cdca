import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LeagueBadge, leagueName } from '../../components/ui/league-badge.tsx';
import { compactNumber } from '../../components/ui/ui.tsx';
import { useProfile } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';
import { leagueStatusQuery, useLeagueStatus } from './api.ts';
import { useT } from '../../lib/i18n.tsx';

// The celebration only loads when a league has been reached.
const LeagueCelebration = lazy(() => import('./league-celebration.tsx'));

/**
 * The player's league on the welcome card: its badge, its name and the way to the next one. The
 * bar follows the profile's lifetime score as the player taps; crossing the next threshold asks
 * the server again, which then lists the new league's reward to claim.
 */
export function LeagueRow({ onOpen }: { onOpen: () => void }) {
  const { data: status } = useLeagueStatus();
  const { data: profile } = useProfile();
  const client = useQueryClient();
  const { user } = useSession();
  const { t } = useT();
  const total = Math.max(profile?.totalScore ?? 0, status?.totalScore ?? 0);
  const league = status?.leagues[status.league];
  const next = status && status.next !== null ? status.leagues[status.next] : undefined;
  const crossed = next !== undefined && total >= next.threshold;

  useEffect(() => {
    if (crossed) void client.invalidateQueries({ queryKey: leagueStatusQuery(user.id).queryKey });
  }, [crossed, client, user.id]);

  if (!status || !league) return <div className="h-[22px]" aria-hidden="true" />;
  const progress = next
    ? Math.min(1, Math.max(0, (total - league.threshold) / (next.threshold - league.threshold)))
    : 1;
  return (
    <>
      <button
        type="button"
        onClick={onOpen}
        aria-label={t('league.aria', { name: leagueName(league) })}
        title={next ? `${compactNumber(total)} / ${compactNumber(next.threshold)}` : undefined}
        data-testid="league-row"
        className="block w-full min-w-0 text-start"
      >
        <span className="-ms-0.5 flex items-center gap-1">
          <LeagueBadge color={league.color} index={league.index} size={16} className="shrink-0" />
          <span className="min-w-0 text-[11px] leading-tight font-black" style={{ color: league.color }}>
            {leagueName(league)}
          </span>
        </span>
        <span
          className="mt-0.5 block h-1 w-full overflow-hidden rounded-full bg-night-950/70"
          role="progressbar"
          aria-label={next ? t('league.progressTo', { name: leagueName(next) }) : t('league.top')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          aria-valuetext={
            next ? `${compactNumber(total)} / ${compactNumber(next.threshold)}` : t('league.top')
          }
        >
          <span
            className="block h-full origin-left rounded-full rtl:origin-right"
            style={{
              background: next?.color ?? league.color,
              transform: `scaleX(${progress})`,
              transition: 'transform 300ms ease',
            }}
          />
        </span>
      </button>
      <Celebrations claimable={status.claimable} leagues={status.leagues} />
    </>
  );
}

/** One reached league at a time, lowest first, until each reward is claimed or put off. */
function Celebrations({
  claimable,
  leagues,
}: {
  claimable: number[];
  leagues: {
    index: number;
    id: string;
    name: string;
    color: string;
    reward: { onion: number; ticket: number };
  }[];
}) {
  const [later, setLater] = useState<number[]>([]);
  const index = claimable.find((i) => !later.includes(i));
  const league = index === undefined ? undefined : leagues[index];
  if (!league) return null;
  return (
    <Suspense fallback={null}>
      <LeagueCelebration
        key={league.index}
        league={league}
        onLater={() => setLater((l) => [...l, league.index])}
      />
    </Suspense>
  );
}
