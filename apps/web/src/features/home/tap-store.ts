import type { TapCadenceSummary } from '@egg-rush/contract/economy';
import { NEW_PLAYER } from '@egg-rush/game/profile';
import { create } from 'zustand';
import { settleEnergy } from '@egg-rush/game/energy';
import { settleIncome } from '@egg-rush/game/income';
import { canTap } from '@egg-rush/game/tap';

/**
 * Local prediction for the egg (the server decides, the client predicts).
 * `server` is the last answer from the server and when it arrived (client clock); taps not yet
 * answered by the server are added on top, energy regenerates and income accrues with the clock.
 */
export interface Snapshot {
  onion: number;
  energy: number;
  /** Client time the snapshot was taken. */
  at: number;
}

export interface Rates {
  maxEnergy: number;
  earnPerTap: number;
  loseEnergyPerTap: number;
  earnPerHour: number;
}

interface TapState {
  server: Snapshot;
  rates: Rates;
  /** Taps waiting to be sent. */
  queued: number;
  /** Taps sent and not answered yet. */
  inFlight: number;
  /** The clock the display follows; ticks every second (and at the income interval). */
  now: number;
  ready: boolean;
  /** Adopts the server's values (from the profile or a reply). */
  sync: (server: Omit<Snapshot, 'at'>, rates: Rates, at: number) => void;
  tick: (now: number) => void;
  /** Counts one tap if the predicted energy allows it. */
  tap: (now: number) => boolean;
  /** Moves the queued taps in flight and returns how many. */
  take: () => number;
  /** The server answered a batch of `sent` taps. */
  settle: (sent: number, reply: { onion: number; energy: number } | null, at: number) => void;
  reset: () => void;
}

const EMPTY: Pick<TapState, 'server' | 'rates' | 'queued' | 'inFlight' | 'now' | 'ready'> = {
  server: { onion: 0, energy: 0, at: 0 },
  // A new player's, until the profile arrives.
  rates: {
    maxEnergy: NEW_PLAYER.maxEnergy,
    earnPerTap: NEW_PLAYER.earnPerTap,
    loseEnergyPerTap: NEW_PLAYER.loseEnergyPerTap,
    earnPerHour: NEW_PLAYER.earnPerHour,
  },
  queued: 0,
  inFlight: 0,
  now: 0,
  ready: false,
};

/** Predicted energy at `now`. */
export function predictedEnergy(s: Pick<TapState, 'server' | 'rates' | 'queued' | 'inFlight'>, now: number) {
  const regen = settleEnergy(s.server.energy, s.rates.maxEnergy, s.server.at, now).value;
  return Math.max(0, regen - (s.queued + s.inFlight) * s.rates.loseEnergyPerTap);
}

/** Predicted balance at `now`: the server's plus unanswered taps plus income since. */
export function predictedOnion(s: Pick<TapState, 'server' | 'rates' | 'queued' | 'inFlight'>, now: number) {
  const income = settleIncome(s.rates.earnPerHour, s.server.at, now).coins;
  return s.server.onion + income + (s.queued + s.inFlight) * s.rates.earnPerTap;
}

/** A longer gap between taps is a pause, not part of the cadence. */
const PAUSE_MS = 2_000;
/** The intervals between the taps counted since the last batch (Welford's running sums). */
let last = -Infinity;
let n = 0;
let mean = 0;
let m2 = 0;

function noteTap(at: number) {
  const gap = at - last;
  last = at;
  if (gap < 0 || gap > PAUSE_MS) return;
  n += 1;
  const delta = gap - mean;
  mean += delta / n;
  m2 += delta * (gap - mean);
}

/**
 * The cadence of the taps taken with the last `take()`: how many intervals, their mean and
 * standard deviation (ms), as PUT /users/tap's `cadence` (a fairness signal, never a payout);
 * undefined without an interval. Starts the next batch's.
 */
export function takeCadence(): TapCadenceSummary | undefined {
  const out = n > 0 ? { n, meanMs: mean, sdMs: Math.sqrt(m2 / n) } : undefined;
  n = mean = m2 = 0;
  return out;
}

export const useTapStore = create<TapState>((set, get) => ({
  ...EMPTY,
  sync: (server, rates, at) =>
    set({ server: { ...server, at }, rates, now: Math.max(get().now, at), ready: true }),
  tick: (now) => set({ now }),
  tap: (now) => {
    const s = get();
    if (!s.ready || !canTap(predictedEnergy(s, now), s.rates.loseEnergyPerTap)) return false;
    noteTap(now);
    set({ queued: s.queued + 1, now });
    return true;
  },
  take: () => {
    const { queued, inFlight } = get();
    if (queued > 0) set({ queued: 0, inFlight: inFlight + queued });
    return queued;
  },
  settle: (sent, reply, at) =>
    set((s) => ({
      inFlight: Math.max(0, s.inFlight - sent),
      ...(reply ? { server: { onion: reply.onion, energy: reply.energy, at } } : {}),
    })),
  reset: () => {
    last = -Infinity;
    n = mean = m2 = 0;
    set({ ...EMPTY });
  },
}));
