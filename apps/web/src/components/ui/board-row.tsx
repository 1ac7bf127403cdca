import type { ReactNode } from 'react';
import { compactNumber } from '../../lib/format.ts';

const MEDALS = ['#ffc93c', '#d9d0ff', '#f59e0b'];

/** A board's rank, on a gold, silver or bronze medal for the first three. */
export function RankBadge({ rank }: { rank: number }) {
  const medal = MEDALS[rank - 1];
  return (
    <span
      className="num grid h-8 min-w-8 place-items-center rounded-full px-1 text-sm font-black"
      style={medal ? { background: medal, color: '#3a2300' } : undefined}
    >
      {compactNumber(rank)}
    </span>
  );
}

/** A board row's look (players, squads, members): the player's own row in gold. */
export const boardRowClass = (me: boolean) =>
  `flex min-h-14 items-center gap-3 rounded-2xl px-3 py-2 ${me ? 'border border-gold/50 bg-gold/15' : 'bg-night-950/40'}`;

/** A player's picture on a board. */
export function BoardAvatar({ userid }: { userid: number }) {
  return (
    <img
      src={`/api/v1/users/avatar/${userid}`}
      alt=""
      width={36}
      height={36}
      loading="lazy"
      className="h-9 w-9 rounded-full bg-night-600 object-cover"
    />
  );
}

/** A player's name on a board, cut to fit, then its tags: "You" on the player's own row. */
export function BoardName({
  name,
  you,
  children,
}: {
  name: string;
  you?: string | null;
  children?: ReactNode;
}) {
  return (
    <span className="flex min-w-0 flex-1 items-baseline gap-1.5 font-extrabold">
      <span className="min-w-0 truncate" data-clip-ok>
        {name}
      </span>
      {you ? <span className="shrink-0 text-xs font-bold text-gold">{you}</span> : null}
      {children}
    </span>
  );
}
