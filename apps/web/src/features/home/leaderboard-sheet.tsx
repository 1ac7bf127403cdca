import { useEffect, useState } from 'react';
import type { LeaderboardEntry } from '@egg-rush/contract/leaderboard';
import { LeagueBadge, leagueName } from '../../components/ui/league-badge.tsx';
import { Sheet } from '../../components/ui/sheet.tsx';
import { formatNumber, Spinner } from '../../components/ui/ui.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { toastError } from '../../lib/errors.ts';
import { useLeagueStatus } from './api.ts';
import { useLeaderboard, useLeagueBoard } from './sheets-api.ts';
import { useT } from '../../lib/i18n.tsx';
import { BoardAvatar, BoardName, boardRowClass, RankBadge } from '../../components/ui/board-row.tsx';

export type BoardTab = 'global' | 'league';

/**
 * The Leader Board: the global board, and a second tab with the board of the player's league (or
 * of any league picked in the row of badges), the player highlighted in it. Loaded when opened.
 */
export default function LeaderboardSheet({
  open,
  onClose,
  initialTab = 'global',
}: {
  open: boolean;
  onClose: () => void;
  initialTab?: BoardTab;
}) {
  // Home mounts the sheet when it opens, so each opening starts on the tab it asks for.
  const [tab, setTab] = useState<BoardTab>(initialTab);
  const global = useLeaderboard(open && tab === 'global');
  const [picked, setPicked] = useState<number | null>(null);
  const status = useLeagueStatus();
  const league = useLeagueBoard(picked, open && tab === 'league');
  const { t } = useT();
  const tabs = [
    { id: 'global' as const, label: t('leaderboard.global') },
    { id: 'league' as const, label: t('leaderboard.myLeague') },
  ];
  useEffect(() => {
    if (open && tab === 'global' && global.isError)
      toastError(null, 'leaderboard', { toastId: 'leaderboard' });
  }, [open, tab, global.isError]);

  const data = global.data;
  const shownLeague = league.data && status.data?.leagues[league.data.league];
  const footer =
    tab === 'global' ? (
      data && showOverlay(data.ranking, data.me) ? (
        <Row entry={data.me} me overlay testId="leaderboard-me" />
      ) : null
    ) : league.data?.me && showOverlay(league.data.ranking, league.data.me) ? (
      <Row entry={league.data.me} me overlay testId="league-me" />
    ) : null;

  return (
    <Sheet title={t('leaderboard.title')} open={open} onClose={onClose} footer={footer}>
      <div className="mb-3">
        <Tabs tabs={tabs} value={tab} onChange={setTab} label={t('leaderboard.boards')} />
      </div>
      {tab === 'global' ? (
        data ? (
          <>
            <p className="num mb-3 text-sm font-bold text-text-dim">
              {t('leaderboard.total', { n: formatNumber(data.totalParticipants) })}
            </p>
            <Ranking entries={data.ranking} me={data.me.userid} label={t('leaderboard.ranking')} />
          </>
        ) : global.isError ? (
          <p className="py-10 text-center text-text-dim">{t('errors.leaderboard')}</p>
        ) : (
          <Spinner label={t('leaderboard.loading')} />
        )
      ) : (
        <>
          {status.data ? (
            <div
              className="-mx-5 mb-3 flex gap-2 overflow-x-auto px-5 pb-1"
              role="group"
              aria-label={t('leaderboard.leagues')}
            >
              {status.data.leagues.map((l) => {
                const shown = (picked ?? status.data.league) === l.index;
                return (
                  <button
                    key={l.id}
                    type="button"
                    aria-pressed={shown}
                    aria-label={leagueName(l)}
                    onClick={() => setPicked(l.index === status.data.league ? null : l.index)}
                    className={`flex min-w-16 shrink-0 flex-col items-center gap-0.5 rounded-2xl border px-1.5 py-1.5 text-[10px] leading-tight font-extrabold ${
                      shown
                        ? 'border-gold/60 bg-gold/15 text-text'
                        : 'border-transparent bg-night-950/40 text-text-dim'
                    }`}
                  >
                    <LeagueBadge color={l.color} index={l.index} size={30} />
                    <span className="w-full text-center whitespace-nowrap">{leagueName(l)}</span>
                  </button>
                );
              })}
            </div>
          ) : null}
          {league.data ? (
            <>
              <p className="num mb-3 flex items-center justify-between text-sm font-bold text-text-dim">
                <span>
                  {t('leaderboard.players', {
                    league: shownLeague ? leagueName(shownLeague) : t('leaderboard.league'),
                    count: league.data.totalParticipants,
                  })}
                </span>
                {league.data.me ? (
                  <span className="text-gold" data-testid="league-rank">
                    {t('leaderboard.myRank', { rank: formatNumber(league.data.me.rank) })}
                  </span>
                ) : null}
              </p>
              {league.data.ranking.length === 0 ? (
                <p className="py-8 text-center text-sm text-text-dim">{t('leaderboard.emptyLeague')}</p>
              ) : (
                <Ranking
                  entries={league.data.ranking}
                  me={league.data.me?.userid ?? null}
                  label={t('leaderboard.leagueRanking')}
                />
              )}
            </>
          ) : league.isError ? (
            <p className="py-10 text-center text-text-dim">{t('errors.leaderboard')}</p>
          ) : (
            <Spinner label={t('leaderboard.loadingLeague')} />
          )}
        </>
      )}
    </Sheet>
  );
}

function Ranking({ entries, me, label }: { entries: LeaderboardEntry[]; me: number | null; label: string }) {
  return (
    <ol className="flex flex-col gap-1.5" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.userid}>
          <Row entry={entry} me={entry.userid === me} />
        </li>
      ))}
    </ol>
  );
}

/** The player's own row stays pinned when it is outside the list or may be scrolled away. */
const showOverlay = (ranking: LeaderboardEntry[], me: LeaderboardEntry) =>
  ranking.length > 6 || !ranking.some((r) => r.userid === me.userid);

function Row({
  entry,
  me,
  overlay,
  testId,
}: {
  entry: LeaderboardEntry;
  me: boolean;
  overlay?: boolean;
  testId?: string;
}) {
  const { t } = useT();
  return (
    <div
      data-testid={testId}
      data-me={me || undefined}
      className={`${boardRowClass(me)} ${overlay ? 'shadow-[0_-6px_24px_rgb(5_2_18/0.5)]' : ''}`}
    >
      <RankBadge rank={entry.rank} />
      <BoardAvatar userid={entry.userid} />
      <BoardName name={entry.firstname} you={me ? t('leaderboard.you') : null} />
      <span className="num font-black text-gold">{formatNumber(entry.totalScore)}</span>
    </div>
  );
}
