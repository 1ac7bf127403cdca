/**
 * Who is behind an account: the signals the server records about each player, and the rules that
 * link accounts into clusters with evidence a person can read and a recommendation
 * (docs/airdrop.md, "Clusters"). Pure: the server gathers the signals, this file judges them.
 *
 * Nothing here punishes anyone: a cluster's recommendation is advice to an operator, who excludes
 * or clears it (or a rule published with the allocation does).
 */

/** One session: a launch of the app and the activity that followed it. */
export interface SessionSignal {
  /** Epoch ms of the launch. */
  start: number;
  /** Epoch ms of the session's last call. */
  end: number;
  /** Coarse, salted hash of the network address (an IPv4 /24, an IPv6 /48); '' when unknown. */
  net: string;
  /** Salted hash of the device (user agent's platform and model, screen); '' when unknown. */
  device: string;
}

/** What the client's tap batches said about the intervals between taps, over the player's batches. */
export interface TapCadence {
  /** Batches that carried a summary. */
  batches: number;
  /** Mean interval between taps, ms. */
  meanMs: number;
  /** Coefficient of variation of the intervals (standard deviation / mean): people are irregular. */
  cv: number;
}

/** The bound wallet's facts. */
export interface WalletSignal {
  /** Raw form `0:<hex>`. */
  address: string;
  /** Epoch ms of the binding. */
  boundAt: number;
  /** The wallet contract's version ('v3r2', 'v4r2', 'v5r1', …), null when unknown. */
  version: string | null;
  /** Whether it had no transaction before it was bound; null when unknown. */
  newWhenBound: boolean | null;
  /** The raw address that sent its first incoming transfer; null when unknown or none. */
  fundedBy: string | null;
}

export interface AccountSignals {
  /** The player's id, which is their Telegram id (its age: accountRegisteredAt). */
  id: number;
  /** Epoch ms of the first launch of the game. */
  joinedAt: number;
  premium: boolean;
  /** Who invited them, or null. */
  referrerId: number | null;
  sessions: readonly SessionSignal[];
  taps: TapCadence | null;
  /** Mole games played and their median score; null when none. */
  mole: { games: number; medianScore: number } | null;
  wallet: WalletSignal | null;
  /** Distinct game days with an action of their own. */
  activeDays: number;
  /** Lifetime coins. */
  coins: number;
}

export type Recommendation = 'exclude' | 'review' | 'clear';
export const RECOMMENDATIONS: readonly Recommendation[] = ['exclude', 'review', 'clear'];

export interface Cluster {
  /** Stable while the cluster keeps its smallest member: `c<smallest member id>`. */
  id: string;
  /** Player ids, ascending. */
  members: number[];
  /** 0 (nothing alike) to 1 (certainly one operator). */
  score: number;
  recommendation: Recommendation;
  /** Sentences an operator can check, e.g. "41 accounts, created within 3 days". */
  evidence: string[];
}
