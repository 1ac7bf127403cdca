/**
 * Leagues by lifetime score (totalScore, which spending never lowers). A player is in the highest
 * league whose threshold their lifetime score has reached; reaching a league above the first pays
 * its reward once. Design choice: ten leagues, each threshold about four to five times the one
 * before, so a new league arrives quickly at first and becomes an achievement later; every reward
 * is far smaller than the gap to the next threshold, so a reward never carries a player on into
 * the next league by itself.
 */
export interface League {
  /** 0 for the first league, rising by one. */
  index: number;
  /** Stable key (art file name, ledger reference). */
  id: string;
  name: string;
  /** Lifetime score from which a player is in this league. */
  threshold: number;
  /** The league's colour (badge, tab, progress bar). */
  color: string;
  /** Paid once when the league is reached (nothing for the first league). */
  reward: { onion: number; ticket: number };
}

type Row = [id: string, name: string, threshold: number, color: string, onion: number, ticket: number];

const ROWS: Row[] = [
  ['wooden', 'Wooden', 0, '#a0713f', 0, 0],
  ['bronze', 'Bronze', 5_000, '#cd7f32', 1_000, 2],
  ['silver', 'Silver', 25_000, '#c0c7d0', 5_000, 3],
  ['gold', 'Gold', 100_000, '#f5c542', 20_000, 5],
  ['platinum', 'Platinum', 500_000, '#7fd4d9', 80_000, 8],
  ['diamond', 'Diamond', 2_000_000, '#6ec6ff', 300_000, 10],
  ['ruby', 'Ruby', 10_000_000, '#e0115f', 1_000_000, 15],
  ['emerald', 'Emerald', 50_000_000, '#2ecc71', 5_000_000, 20],
  ['master', 'Master', 250_000_000, '#9b59b6', 20_000_000, 30],
  ['golden-egg', 'Golden Egg', 1_000_000_000, '#ffd700', 100_000_000, 50],
];

export const LEAGUES: readonly League[] = ROWS.map(([id, name, threshold, color, onion, ticket], index) => ({
  index,
  id,
  name,
  threshold,
  color,
  reward: { onion, ticket },
}));

export const LEAGUE_COUNT = LEAGUES.length;

/** The index of the league of a lifetime score. */
export function leagueOf(totalScore: number): number {
  let index = 0;
  for (const league of LEAGUES) if (totalScore >= league.threshold) index = league.index;
  return index;
}

/** The league a score is in, the next one (null at the top) and the way there, 0 to 1. */
export function leagueProgress(totalScore: number): {
  league: League;
  next: League | null;
  progress: number;
} {
  const league = LEAGUES[leagueOf(totalScore)];
  if (!league) throw new Error('no league');
  const next = LEAGUES[league.index + 1] ?? null;
  const progress = next
    ? Math.min(1, Math.max(0, (totalScore - league.threshold) / (next.threshold - league.threshold)))
    : 1;
  return { league, next, progress };
}

/** The leagues reached by a lifetime score that pay a reward (every reached league but the first). */
export function rewardedLeagues(totalScore: number): League[] {
  return LEAGUES.filter((l) => l.index > 0 && totalScore >= l.threshold);
}

/** The once-only key of a league's reward (one per player and league). */
export const leagueRewardKey = (league: League) => `league:${league.id}`;
