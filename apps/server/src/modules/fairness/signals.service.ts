/**
 * What the server records, honestly, about who is behind an account, for the airdrop's fairness
 * rules (packages/game/src/clusters.ts; docs/airdrop.md, "Clusters"):
 * - a session at each login, extended while the player taps, with a coarse, salted hash of the
 *   network address (an IPv4 /24, an IPv6 /48) and a salted hash of the device (user agent and
 *   Telegram platform). Raw addresses and user agents are never stored;
 * - the cadence of taps, as the client summarised each batch (never trusted for coins);
 * - the bound wallet's facts (signals.wallets.ts);
 * and assembles them, with what other modules know (join time, Premium, referrer, lifetime
 * coins, mole games, active days), into AccountSignals (signalsOf). Signals are kept
 * SIGNALS.retentionMs, then purged.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { isIP } from 'node:net';
import type { TapCadenceSummary } from '@egg-rush/contract/economy';
import type { AccountSignals, TapCadence } from '@egg-rush/game/clusters';
import { SUSPICION } from '@egg-rush/game/suspicion';
import { DAY_MS } from '@egg-rush/game/time';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { activeDays } from '../ledger/index.ts';
import { moleStats } from '../play/index.ts';
import { lifetimeScoresOf } from '../accounts/index.ts';
import { accountFacts, seenSince } from '../users/index.ts';
import { walletsOf } from '../wallet/index.ts';
import * as repo from './signals.repository.ts';
import type { CadenceSums } from './signals.repository.ts';

export const SIGNALS = {
  /** Signals older than this are deleted (design choice: the airdrop reads the last weeks). */
  retentionMs: 60 * DAY_MS,
  /** A player's session is extended (and their cadence written) at most this often per process. */
  touchEveryMs: 60_000,
  /** A session idle longer than this is over: the next activity starts another. */
  sessionGapMs: 30 * 60_000,
  /** Players a process remembers between touches; past it the longest untouched are forgotten. */
  remembered: 50_000,
  /** Rows deleted per statement by the purge. */
  purgeBatch: 5_000,
  /** Longest user agent hashed (longer ones are cut): the hash is of a bounded text. */
  userAgentMax: 512,
} as const;

// --- Hashes -------------------------------------------------------------------------------------

/**
 * The key of the signals' hashes: HKDF-SHA256 of SIGNALS_SALT (or GAME_SECRET), so that it is a
 * key of its own, the same in every process and across restarts.
 */
const keys = new Map<string, Buffer>();
function saltKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'egg-rush', 'fairness signals: network and device', 32));
    keys.set(secret, key);
  }
  return key;
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex').slice(0, 32);

/** The groups of an IPv6 address, eight of them, each as lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] | null {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const zeros = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<string>(Math.max(0, zeros)).fill('0'), ...tail];
  if (groups.length !== 8) return null;
  return groups.map((g) => parseInt(g, 16).toString(16));
}

/**
 * The network an address belongs to, coarsely: its IPv4 /24 (`203.0.113.0/24`) or IPv6 /48
 * (`2001:db8:1::/48`); an IPv4-mapped IPv6 address counts as IPv4. Null for anything else.
 */
export function coarseNetwork(ip: string | undefined): string | null {
  if (!ip) return null;
  let address = ip.trim();
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) address = mapped;
  const family = isIP(address);
  if (family === 4) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (family === 6) {
    const groups = ipv6Groups(address);
    return groups ? `${groups.slice(0, 3).join(':')}::/48` : null;
  }
  return null;
}

/** What a request says about where it comes from: the address Fastify trusts, the user agent. */
export interface Seen {
  /** request.ip: the socket's address, or X-Forwarded-For's from a proxy TRUST_PROXY names. */
  ip: string | undefined;
  userAgent: string | undefined;
  /** The Telegram platform the login named ('ios', 'android', 'tdesktop', …), if it did. */
  platform?: string | undefined;
}

/** The salted hashes of a request's coarse network and device ('' when unknown). */
export function hashesOf(secret: string, seen: Seen): { net: string; device: string } {
  const key = saltKey(secret);
  const network = coarseNetwork(seen.ip);
  const agent = (seen.userAgent ?? '').slice(0, SIGNALS.userAgentMax);
  const platform = (seen.platform ?? '').slice(0, 32);
  return {
    net: network ? hmac(key, `net\n${network}`) : '',
    device: agent || platform ? hmac(key, `device\n${agent}\n${platform}`) : '',
  };
}

// --- Tap cadence ---------------------------------------------------------------------------------

/**
 * A batch's summary as sums: a count of intervals, their mean and their sum of squared deviations
 * (n × the population variance). Null for a summary that says nothing or nonsense (the contract
 * bounds it; this is the second check, so that a bad summary never reaches the aggregate).
 */
export function cadenceSums(summary: TapCadenceSummary | undefined): CadenceSums | null {
  if (!summary) return null;
  const { n, meanMs, sdMs } = summary;
  if (!Number.isInteger(n) || n < 1 || !Number.isFinite(meanMs) || !Number.isFinite(sdMs)) return null;
  if (meanMs < 0 || sdMs < 0) return null;
  return { batches: 1, intervals: n, meanMs, m2: sdMs * sdMs * n };
}

/** Two aggregates as one (Chan et al.'s parallel formula): the SQL of touchSession does the same. */
export function combineCadence(a: CadenceSums | null, b: CadenceSums | null): CadenceSums | null {
  if (!a || a.intervals === 0) return b;
  if (!b || b.intervals === 0) return a;
  const intervals = a.intervals + b.intervals;
  const delta = b.meanMs - a.meanMs;
  return {
    batches: a.batches + b.batches,
    intervals,
    meanMs: a.meanMs + (delta * b.intervals) / intervals,
    m2: a.m2 + b.m2 + (delta * delta * a.intervals * b.intervals) / intervals,
  };
}

/** The cadence the rules read: batches, mean interval, coefficient of variation. */
export function tapCadence(sums: CadenceSums | undefined): TapCadence | null {
  if (!sums || sums.intervals <= 0) return null;
  const sd = Math.sqrt(Math.max(0, sums.m2) / sums.intervals);
  return { batches: sums.batches, meanMs: sums.meanMs, cv: sums.meanMs > 0 ? sd / sums.meanMs : 0 };
}

// --- Recording ----------------------------------------------------------------------------------

interface Remembered {
  /** When this process last wrote the player's session (deps.now()). */
  touchedAt: number;
  /** Cadence summed since, not written yet. */
  cadence: CadenceSums | null;
  /** The request that brought the cadence (a session it has to start is on its network). */
  seen: Seen;
}

/**
 * The process's recorder of sessions and cadence. Bounded cost: one insert per login; then at
 * most one small statement per player per SIGNALS.touchEveryMs (the session extended, the
 * cadence summed in memory meanwhile added), whatever the rate of taps.
 */
export function createSignalRecorder(deps: Deps) {
  const db = deps.database.db;
  const players = new Map<number, Remembered>();

  function remember(userId: number, entry: Remembered) {
    players.delete(userId); // re-inserted last: the map's order is the order of touches
    players.set(userId, entry);
    while (players.size > SIGNALS.remembered) {
      const oldest = players.keys().next().value;
      if (oldest === undefined) break;
      players.delete(oldest);
    }
  }

  async function write(userId: number, entry: Remembered, now: number) {
    const { net, device } = hashesOf(deps.env.signalsSalt, entry.seen);
    await repo.touchSession(
      db,
      { userId, at: new Date(now), gapMs: SIGNALS.sessionGapMs, net, device },
      entry.cadence,
    );
  }

  return {
    /** A login (a launch): a new session. */
    async login(userId: number, seen: Seen): Promise<void> {
      const now = deps.now();
      const { net, device } = hashesOf(deps.env.signalsSalt, seen);
      await repo.insertSession(db, { userId, at: new Date(now), net, device });
      const pending = players.get(userId)?.cadence ?? null;
      remember(userId, { touchedAt: now, cadence: pending, seen });
    },

    /**
     * A call of the player's (a tap batch) with its cadence summary, if any. Writes when the
     * player's session was last written SIGNALS.touchEveryMs ago or more (or never by this
     * process); otherwise only adds the summary in memory. A failed write keeps the cadence.
     */
    async activity(userId: number, seen: Seen, summary?: TapCadenceSummary): Promise<void> {
      const now = deps.now();
      const known = players.get(userId);
      const cadence = combineCadence(known?.cadence ?? null, cadenceSums(summary));
      const due = !known || now - known.touchedAt >= SIGNALS.touchEveryMs || now < known.touchedAt;
      if (known && !due) {
        known.cadence = cadence;
        known.seen = seen;
        return;
      }
      const entry: Remembered = { touchedAt: now, cadence, seen };
      remember(userId, { ...entry, cadence: null });
      try {
        await write(userId, entry, now);
      } catch (error) {
        const current = players.get(userId);
        if (current) current.cadence = combineCadence(cadence, current.cadence);
        throw error;
      }
    },

    /**
     * Writes the cadence of players not seen for SIGNALS.touchEveryMs (all of it when `all`): what
     * the job calls every minute, and closing calls with `all`. Returns how many were written.
     */
    async flush(all = false): Promise<number> {
      const now = deps.now();
      let written = 0;
      for (const [userId, entry] of [...players]) {
        if (!entry.cadence) continue;
        if (!all && now - entry.touchedAt < SIGNALS.touchEveryMs) continue;
        const pending = { ...entry };
        entry.cadence = null;
        entry.touchedAt = now;
        try {
          await write(userId, pending, now);
          written += 1;
        } catch {
          entry.cadence = combineCadence(pending.cadence, entry.cadence);
        }
      }
      // Players idle for a while need no memory: their next call writes at once.
      for (const [userId, entry] of players) {
        if (!entry.cadence && now - entry.touchedAt >= 10 * SIGNALS.touchEveryMs) players.delete(userId);
      }
      return written;
    },

    /** Players remembered now (tests). */
    remembered: () => players.size,
  };
}
export type SignalRecorder = ReturnType<typeof createSignalRecorder>;

const recorders = new WeakMap<Deps, SignalRecorder>();

/** The process's recorder for these deps (shared by the login, the taps and the job). */
export function signalRecorder(deps: Deps): SignalRecorder {
  let recorder = recorders.get(deps);
  if (!recorder) {
    recorder = createSignalRecorder(deps);
    recorders.set(deps, recorder);
  }
  return recorder;
}

// --- Retention ----------------------------------------------------------------------------------

/**
 * Deletes the signals older than SIGNALS.retentionMs at `now`: sessions that ended before, tap
 * aggregates not added to since, facts of wallets bound before by players with no session since.
 * In batches of SIGNALS.purgeBatch rows; returns how many rows went.
 */
export async function purgeSignals(db: Tx, now: number): Promise<number> {
  return repo.purgeBefore(db, new Date(now - SIGNALS.retentionMs), SIGNALS.purgeBatch);
}

// --- The read of the cluster rules --------------------------------------------------------------

/**
 * The signals of every player active since `since` (epoch ms or a Date): a session that lasted
 * until then or later, or a login since (a launch before the sessions were recorded). Sessions
 * are those of the window, oldest first; the rest is the player's whole record: join time,
 * Premium, referrer, lifetime coins, tap cadence, mole games (count and median score), the bound
 * wallet's facts, active days (distinct game days with a ledger row of their own action, the
 * automatic kinds of SUSPICION left out). Ascending by id. A fixed number of queries, none per
 * player.
 */
export async function signalsOf(db: Tx, options: { since: number | Date }): Promise<AccountSignals[]> {
  const since = new Date(options.since);
  const active = new Set([...(await repo.sessionUsersSince(db, since)), ...(await seenSince(db, since))]);
  const ids = [...active].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const facts = await accountFacts(db, ids);
  const scores = await lifetimeScoresOf(db, ids);
  const sessions = await repo.sessionsSince(db, ids, since);
  const taps = new Map((await repo.tapsOfPlayers(db, ids)).map((t) => [t.userId, t]));
  const bound = await walletsOf(db, ids);
  const wallets = new Map((await repo.walletsOfPlayers(db, ids)).map((w) => [w.userId, w]));
  const mole = await moleStats(db, ids);
  const days = await activeDays(db, ids, SUSPICION.automaticKinds);

  const sessionsOf = new Map<number, AccountSignals['sessions'][number][]>();
  for (const s of sessions) {
    let list = sessionsOf.get(s.userId);
    if (!list) sessionsOf.set(s.userId, (list = []));
    list.push({ start: s.startedAt.getTime(), end: s.lastAt.getTime(), net: s.net, device: s.device });
  }

  return facts
    .sort((a, b) => a.id - b.id)
    .map((a): AccountSignals => {
      const w = wallets.get(a.id);
      const joinedAt = a.createdAt.getTime();
      // The wallet bound now; its facts when they are of this binding.
      const address = bound.get(a.id) ?? null;
      const facts = w && w.address === address ? w : undefined;
      return {
        id: a.id,
        joinedAt,
        premium: a.isPremium,
        referrerId: a.referrerId,
        sessions: sessionsOf.get(a.id) ?? [],
        taps: tapCadence(taps.get(a.id)),
        mole: mole.get(a.id) ?? null,
        wallet: address
          ? {
              address,
              // A binding the signals did not record: the join time, the earliest it can be.
              boundAt: facts ? facts.boundAt.getTime() : joinedAt,
              version: facts?.version ?? null,
              newWhenBound: facts?.newWhenBound ?? null,
              fundedBy: facts?.fundedBy ?? null,
            }
          : null,
        activeDays: days.get(a.id) ?? 0,
        coins: scores.get(a.id) ?? 0,
      };
    });
}
