import { useEffect } from 'react';
import type { LeaderboardEntry } from '@egg-rush/contract/leaderboard';
import { Sheet } from '../../components/ui/sheet.tsx';
import { compactNumber, formatNumber, Spinner } from '../../components/ui/ui.tsx';
import { toastError } from '../../lib/errors.ts';
import { useLeaderboard } from './api.ts';

/** SPEC.md "Leader Board view". */
export function LeaderboardSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isError } = useLeaderboard(open);
  useEffect(() => {
    if (open && isError) toastError(null, 'leaderboard', { toastId: 'leaderboard' });
  }, [open, isError]);

  return (
    <Sheet
      title="Leader Board"
      open={open}
      onClose={onClose}
      footer={data && showOverlay(data) ? <Row entry={data.me} me overlay testId="leaderboard-me" /> : null}
    >
      {data ? (
        <>
          <p className="num mb-3 text-sm font-bold text-text-dim">
            Total Participants: {formatNumber(data.totalParticipants)}
          </p>
          <ol className="flex flex-col gap-1.5" aria-label="Ranking">
            {data.ranking.map((entry) => (
              <li key={entry.userid}>
                <Row entry={entry} me={entry.userid === data.me.userid} />
              </li>
            ))}
          </ol>
        </>
      ) : isError ? (
        <p className="py-10 text-center text-text-dim">Failed to load leaderboard.</p>
      ) : (
        <Spinner label="Loading leaderboard" />
      )}
    </Sheet>
  );
}

/** The player's own row stays pinned when it is outside the list or may be scrolled away. */
const showOverlay = (data: { ranking: LeaderboardEntry[]; me: LeaderboardEntry }) =>
  data.ranking.length > 6 || !data.ranking.some((r) => r.userid === data.me.userid);

const MEDALS = ['#ffc93c', '#d9d0ff', '#f59e0b'];

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
  const medal = MEDALS[entry.rank - 1];
  return (
    <div
      data-testid={testId}
      data-me={me || undefined}
      className={`flex min-h-14 items-center gap-3 rounded-2xl px-3 py-2 ${
        me ? 'border border-gold/50 bg-gold/15' : 'bg-night-950/40'
      } ${overlay ? 'shadow-[0_-6px_24px_rgb(5_2_18/0.5)]' : ''}`}
    >
      <span
        className="num grid h-8 min-w-8 place-items-center rounded-full px-1 text-sm font-black"
        style={medal ? { background: medal, color: '#3a2300' } : undefined}
      >
        {compactNumber(entry.rank)}
      </span>
      <img
        src={`/api/v1/users/avatar/${entry.userid}`}
        alt=""
        width={36}
        height={36}
        loading="lazy"
        className="h-9 w-9 rounded-full bg-night-600 object-cover"
      />
      <span className="min-w-0 flex-1 truncate font-extrabold">
        {entry.firstname}
        {me ? <span className="ml-1.5 text-xs font-bold text-gold">You</span> : null}
      </span>
      <span className="num font-black text-gold">{formatNumber(entry.totalScore)}</span>
    </div>
  );
}
