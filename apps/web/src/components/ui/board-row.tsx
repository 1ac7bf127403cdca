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
