/**
 * A configuration draft simulated against the active one (kept apart from config.ts so that the
 * players' app, which reads configurations, never loads the simulator).
 */
import type { GameConfig } from './config.ts';
import { LEAGUES } from './leagues.ts';
import { CASUAL, COIN_SOURCES, DILIGENT, simulate, type CoinSource, type Strategy } from './simulator.ts';

/** Spins, and mole games, the previewed diligent player plays at most a visit. */
export const PREVIEW_PLAYS = 20;

export interface StrategyOutcome {
  strategy: string;
  /** Coins a day, averaged over the simulated days, by source. */
  coinsPerDay: Record<CoinSource, number>;
  totalPerDay: number;
  /** Day (1-based) each league is reached, by league id; null when not within the days. */
  daysToLeague: Record<string, number | null>;
}

export interface ConfigSimulation {
  days: number;
  active: StrategyOutcome[];
  draft: StrategyOutcome[];
}

function outcome(strategy: Strategy, days: number, config: GameConfig): StrategyOutcome {
  const run = simulate(strategy, days, 1, config);
  const coinsPerDay = Object.fromEntries(
    COIN_SOURCES.map((s) => [s, Math.round(run.days.reduce((sum, d) => sum + d.bySource[s], 0) / days)]),
  ) as Record<CoinSource, number>;
  const daysToLeague: Record<string, number | null> = {};
  for (const league of LEAGUES.slice(1)) {
    let total = 0;
    daysToLeague[league.id] = null;
    for (const d of run.days) {
      total += d.earned;
      if (total >= league.threshold) {
        daysToLeague[league.id] = d.day;
        break;
      }
    }
  }
  return {
    strategy: strategy.name,
    coinsPerDay,
    totalPerDay: Math.round(run.totalEarned / days),
    daysToLeague,
  };
}

/**
 * The draft against the active version on the economy simulator (simulator.ts, the real rules
 * with each configuration): a casual and a diligent player's coins a day by source and the day
 * they reach each league, side by side.
 */
export function simulateConfig(draft: GameConfig, active: GameConfig, days = 30): ConfigSimulation {
  // The diligent player spends every ticket (up to PREVIEW_PLAYS spins and games a visit), so a
  // wheel that gives back more tickets than it costs shows as coins.
  const players = [CASUAL, { ...DILIGENT, spendsTickets: PREVIEW_PLAYS }];
  return {
    days,
    active: players.map((s) => outcome(s, days, active)),
    draft: players.map((s) => outcome(s, days, draft)),
  };
}
