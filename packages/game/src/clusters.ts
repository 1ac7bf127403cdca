import { accountRegisteredAt } from './account-age.ts';
import { TAP_INTERVAL_MS } from './tap.ts';

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

// --- The rules -----------------------------------------------------------------------------------

const MIN = 60_000;
const DAY = 86_400_000;

/**
 * The thresholds of the clustering, tuned on simulated populations (population.ts, test
 * clusters-population.test.ts and bench/fairness) so that farms of every simulated kind land in
 * `exclude` clusters and (almost) no honest player lands in `review` or `exclude`.
 */
export const CLUSTERING = {
  /** Two sessions "start together" when their launches are at most this far apart. */
  coStartMs: 2 * MIN,
  /** An account is new when its Telegram account was registered at most this long before it joined. */
  newAccountMs: 60 * DAY,
  /** Two new accounts are neighbours when registered at most this far apart (ids close together). */
  neighbourMs: 3 * DAY,
  /** A pair is in step when their sessions start together on at least this many days… */
  minCoStartDays: 5,
  /** …and on at least this share of the days both played. */
  minCoStartShare: 0.4,
  /** In a sweep over sessions sorted by time, each session is compared with at most this many next ones. */
  sweepNeighbours: 8,
  /** In a group sorted by another key (siblings, one funder's wallets), each member's next ones compared. */
  groupNeighbours: 3,
  /**
   * A member stays in a cluster when at least this share of its sessions start together with
   * another member's: a farm's accounts start (nearly) every session with the others; a classmate
   * who plays with the class at the breaks, or an honest player who happens to play at the farm's
   * hours, starts only some.
   */
  memberInStep: 0.6,
  /** The cluster's in-step share (mean of its members') counts from `low` (nothing) to `high` (all). */
  inStepLow: 0.5,
  inStepHigh: 0.9,
  /** A tap cadence is a script's when its mean interval is at most this… */
  scriptedMeanMs: 1.25 * TAP_INTERVAL_MS,
  /** …and its intervals vary less than this (coefficient of variation); people are irregular. */
  scriptedCv: 0.15,
  /** A funder is the cluster's own when at least this share of the wallets it funded are members'. */
  ownFunderShare: 0.8,
  /** A cluster with fewer members is always `clear`: a household, a couple, friends who play together. */
  minReviewSize: 4,
  minExcludeSize: 6,
  /** Scores from which a cluster is recommended for review and for exclusion. */
  reviewScore: 0.4,
  excludeScore: 0.6,
} as const;

interface Prepared {
  id: number;
  registeredAt: number;
  isNew: boolean;
  /** Session starts, ascending, with the sessions' nets in the same order. */
  starts: Float64Array;
  nets: string[];
  account: AccountSignals;
}

const bySessionStart = (x: SessionSignal, y: SessionSignal) =>
  x.start - y.start || (x.net < y.net ? -1 : x.net > y.net ? 1 : 0);

function prepare(a: AccountSignals, now: number): Prepared {
  // The server sends sessions in order, all before now; sorted here only when they are not.
  let sessions = a.sessions;
  let sorted = true;
  for (let i = 0; i < sessions.length && sorted; i++)
    sorted = sessions[i]!.start <= now && (i === 0 || bySessionStart(sessions[i - 1]!, sessions[i]!) <= 0);
  if (!sorted) sessions = sessions.filter((s) => s.start <= now).sort(bySessionStart);
  const registeredAt = accountRegisteredAt(a.id);
  const starts = new Float64Array(sessions.length);
  for (let i = 0; i < sessions.length; i++) starts[i] = sessions[i]!.start;
  return {
    id: a.id,
    registeredAt,
    isNew: a.joinedAt - registeredAt <= CLUSTERING.newAccountMs,
    starts,
    nets: sessions.map((s) => s.net),
    account: a,
  };
}

/** A growable list of pair keys (i·n + j, i < j), sorted and counted at the end. */
class PairList {
  private keys = new Float64Array(1024);
  length = 0;
  constructor(private readonly n: number) {}
  add(i: number, j: number) {
    if (i === j) return;
    if (this.length === this.keys.length) {
      const grown = new Float64Array(this.keys.length * 2);
      grown.set(this.keys);
      this.keys = grown;
    }
    this.keys[this.length++] = i < j ? i * this.n + j : j * this.n + i;
  }
  /** Distinct keys seen at least `min` times, ascending. */
  distinct(min: number): number[] {
    const k = this.keys.subarray(0, this.length).sort();
    const out: number[] = [];
    for (let a = 0; a < k.length;) {
      let b = a + 1;
      while (b < k.length && k[b] === k[a]) b++;
      if (b - a >= min) out.push(k[a]!);
      a = b;
    }
    return out;
  }
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
  }
  find(x: number): number {
    const p = this.parent;
    while (p[x] !== x) {
      p[x] = p[p[x]!]!;
      x = p[x]!;
    }
    return x;
  }
  union(a: number, b: number) {
    const ra = this.find(a);
    const rb = this.find(b);
    // The smaller index (the smaller id) is the root: deterministic.
    if (ra < rb) this.parent[rb] = ra;
    else if (rb < ra) this.parent[ra] = rb;
  }
}

const dayOf = (t: number) => Math.floor(t / DAY);

/** Distinct days with a session, ascending. */
function daysOf(starts: Float64Array): number[] {
  const out: number[] = [];
  for (const t of starts) {
    const d = dayOf(t);
    if (out[out.length - 1] !== d) out.push(d);
  }
  return out;
}

/** What two accounts have in common, measured exactly. */
export interface PairFacts {
  /** Days on which one of their sessions started within coStartMs of one of the other's. */
  coStartDays: number;
  /** Days both played. */
  commonDays: number;
  /** Days on which two sessions that started together came from one network address. */
  coStartSameNetDays: number;
  /** One invited the other, or one account invited both. */
  referral: boolean;
  siblings: boolean;
  /** Their wallets were funded by one address, or one's by the other's. */
  sameFunder: boolean;
  fundedByOther: boolean;
  /** Both new, registered at most neighbourMs apart. */
  neighbours: boolean;
}

function pairFacts(a: Prepared, b: Prepared): PairFacts {
  const W = CLUSTERING.coStartMs;
  // Starts are ascending, so days come in order: a day is counted when it differs from the last.
  let coStartDays = 0;
  let lastCo = NaN;
  let coStartSameNetDays = 0;
  let lastSame = NaN;
  let j = 0;
  for (let i = 0; i < a.starts.length; i++) {
    const t = a.starts[i]!;
    while (j < b.starts.length && b.starts[j]! < t - W) j++;
    for (let k = j; k < b.starts.length && b.starts[k]! <= t + W; k++) {
      const d = dayOf(t);
      if (d !== lastCo) {
        coStartDays++;
        lastCo = d;
      }
      if (d !== lastSame && a.nets[i] !== '' && a.nets[i] === b.nets[k]) {
        coStartSameNetDays++;
        lastSame = d;
      }
    }
  }
  const da = daysOf(a.starts);
  const db = daysOf(b.starts);
  let commonDays = 0;
  for (let x = 0, y = 0; x < da.length && y < db.length;)
    if (da[x]! < db[y]!) x++;
    else if (da[x]! > db[y]!) y++;
    else {
      commonDays++;
      x++;
      y++;
    }
  const wa = a.account.wallet;
  const wb = b.account.wallet;
  return {
    coStartDays,
    commonDays,
    coStartSameNetDays,
    referral: a.account.referrerId === b.id || b.account.referrerId === a.id,
    siblings: a.account.referrerId !== null && a.account.referrerId === b.account.referrerId,
    sameFunder: wa?.fundedBy != null && wa.fundedBy === wb?.fundedBy,
    fundedByOther:
      (wa?.fundedBy != null && wa.fundedBy === wb?.address) ||
      (wb?.fundedBy != null && wb.fundedBy === wa?.address),
    neighbours: a.isNew && b.isNew && Math.abs(a.registeredAt - b.registeredAt) <= CLUSTERING.neighbourMs,
  };
}

/**
 * Whether two accounts are linked: in step (their sessions start together on many of the days
 * both play) AND tied by something beyond the clock: an address they start from together, a
 * referral, a wallet's funding, or new accounts registered days apart. Starting at the same hours
 * alone links nobody (a reminder, a commute, a school break do that); sharing an address alone
 * links nobody (a carrier's NAT, a university, a household do that).
 */
export function linked(p: PairFacts): boolean {
  const inStep =
    p.coStartDays >= CLUSTERING.minCoStartDays && p.coStartDays >= CLUSTERING.minCoStartShare * p.commonDays;
  return (
    inStep &&
    (p.coStartSameNetDays >= CLUSTERING.minCoStartDays ||
      p.referral ||
      p.siblings ||
      p.sameFunder ||
      p.fundedByOther ||
      p.neighbours)
  );
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Candidate pairs, as keys i·n + j: only accounts that share something are ever compared. A
 * referral (parent and child; siblings next to each other by id), a wallet's funding (a member's
 * wallet funded another's; one funder's wallets next to each other by binding time), and, counted
 * over the days, sessions that start together from one address, or new accounts registered days
 * apart whose sessions start together. Each group is walked in order with a few neighbours each,
 * so the work grows with the number of sessions, not with the square of a group's size.
 */
function candidates(ps: readonly Prepared[]): number[] {
  const n = ps.length;
  const always = new PairList(n);
  const timed = new PairList(n);
  const G = CLUSTERING.groupNeighbours;
  const index = new Map<number, number>();
  ps.forEach((p, i) => index.set(p.id, i));
  const neighboursIn = (list: readonly number[]) => {
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b <= a + G && b < list.length; b++) always.add(list[a]!, list[b]!);
  };

  const children = new Map<number, number[]>();
  ps.forEach((p, i) => {
    const r = p.account.referrerId;
    if (r === null) return;
    const parent = index.get(r);
    if (parent !== undefined) always.add(i, parent);
    push(children, r, i);
  });
  for (const list of children.values()) neighboursIn(list);

  const byAddress = new Map<string, number>();
  ps.forEach((p, i) => {
    if (p.account.wallet) byAddress.set(p.account.wallet.address, i);
  });
  const funded = new Map<string, number[]>();
  ps.forEach((p, i) => {
    const f = p.account.wallet?.fundedBy;
    if (f == null) return;
    const other = byAddress.get(f);
    if (other !== undefined) always.add(i, other);
    push(funded, f, i);
  });
  for (const list of funded.values()) {
    list.sort((a, b) => ps[a]!.account.wallet!.boundAt - ps[b]!.account.wallet!.boundAt || a - b);
    neighboursIn(list);
  }

  // Every session as (account, second since the first session, address); the addresses numbered.
  let total = 0;
  let t0 = Infinity;
  for (const p of ps) {
    total += p.starts.length;
    if (p.starts.length > 0) t0 = Math.min(t0, p.starts[0]!);
  }
  const acc = new Int32Array(total);
  const sec = new Float64Array(total);
  const net = new Int32Array(total);
  const netIds = new Map<string, number>();
  let k = 0;
  ps.forEach((p, i) => {
    for (let s = 0; s < p.starts.length; s++, k++) {
      acc[k] = i;
      sec[k] = Math.floor((p.starts[s]! - t0) / 1000);
      const name = p.nets[s]!;
      let id = name === '' ? -1 : netIds.get(name);
      if (id === undefined) netIds.set(name, (id = netIds.size));
      net[k] = id;
    }
  });
  // Sessions sorted by time as keys second·M + account (M a power of two above n): a typed
  // array's own sort, no comparator. Each session meets the next S sessions within W.
  const M = 2 ** Math.ceil(Math.log2(n + 1));
  const S = CLUSTERING.sweepNeighbours;
  const W = Math.ceil(CLUSTERING.coStartMs / 1000);
  const sweep = (keys: Float64Array, near: (i: number, j: number) => boolean) => {
    keys.sort();
    for (let a = 0; a < keys.length; a++) {
      const t = Math.floor(keys[a]! / M);
      const i = keys[a]! - t * M;
      let taken = 0;
      for (let b = a + 1; b < keys.length && taken < S; b++) {
        const u = Math.floor(keys[b]! / M);
        if (u - t > W) break;
        const j = keys[b]! - u * M;
        if (j !== i && near(i, j)) {
          timed.add(i, j);
          taken++;
        }
      }
    }
  };
  // By address: sessions grouped by a counting sort on the address, each group swept by time.
  const count = new Int32Array(netIds.size + 1);
  for (let x = 0; x < total; x++) if (net[x]! >= 0) count[net[x]! + 1]!++;
  for (let x = 1; x < count.length; x++) count[x]! += count[x - 1]!;
  const firstOf = count.slice();
  const byNet = new Float64Array(count[count.length - 1]!);
  const users = new Int32Array(netIds.size).fill(-1);
  const shared = new Uint8Array(netIds.size);
  for (let x = 0; x < total; x++) {
    const id = net[x]!;
    if (id < 0) continue;
    byNet[firstOf[id]!++] = sec[x]! * M + acc[x]!;
    if (users[id] === -1) users[id] = acc[x]!;
    else if (users[id] !== acc[x]) shared[id] = 1;
  }
  for (let id = 0; id < netIds.size; id++)
    if (shared[id]) sweep(byNet.subarray(count[id]!, count[id + 1]!), () => true);
  // New accounts' sessions, across addresses: neighbours by registration that start together.
  let fresh = 0;
  for (let x = 0; x < total; x++) if (ps[acc[x]!]!.isNew) fresh++;
  const freshKeys = new Float64Array(fresh);
  fresh = 0;
  for (let x = 0; x < total; x++) if (ps[acc[x]!]!.isNew) freshKeys[fresh++] = sec[x]! * M + acc[x]!;
  sweep(freshKeys, (i, j) => Math.abs(ps[i]!.registeredAt - ps[j]!.registeredAt) <= CLUSTERING.neighbourMs);

  const keys = [...always.distinct(1), ...timed.distinct(CLUSTERING.minCoStartDays)].sort((a, b) => a - b);
  return keys.filter((k, x) => x === 0 || keys[x - 1] !== k);
}

/**
 * Clusters of linked accounts (see `linked`), of two members or more, each with a score, a
 * recommendation and evidence; ordered by score (highest first), then by id. A linked group keeps
 * as members only the accounts that start most of their sessions together with the others
 * (CLUSTERING.memberInStep); the others are grouped again among themselves.
 *
 * Deterministic: the order of `accounts` and of their sessions does not matter. Sessions after
 * `now` are ignored. Scales with the number of sessions: accounts are compared only when they
 * share something (see `candidates`), never all pairs.
 */
export function findClusters(accounts: readonly AccountSignals[], now: number): Cluster[] {
  const ps = [...accounts].sort((a, b) => a.id - b.id).map((a) => prepare(a, now));
  const n = ps.length;
  const uf = new UnionFind(n);
  const links: [number, number][] = [];
  for (const key of candidates(ps)) {
    const i = Math.floor(key / n);
    const j = key - i * n;
    if (linked(pairFacts(ps[i]!, ps[j]!))) {
      uf.union(i, j);
      links.push([i, j]);
    }
  }
  // Groups of two or more, by their root (the smallest index).
  const roots = new Int32Array(n);
  const sizes = new Int32Array(n);
  for (let i = 0; i < n; i++) sizes[(roots[i] = uf.find(i))]!++;
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) if (sizes[roots[i]!]! >= 2) push(groups, roots[i]!, i);
  const linksOf = new Map<number, number[]>();
  for (const [i, j] of links) {
    push(linksOf, i, j);
    push(linksOf, j, i);
  }
  // How many wallets each address funded, over everyone: an exchange funds many who are not members.
  const fundedCount = new Map<string, number>();
  for (const p of ps) {
    const f = p.account.wallet?.fundedBy;
    if (f != null) fundedCount.set(f, (fundedCount.get(f) ?? 0) + 1);
  }

  const clusters: Cluster[] = [];
  for (const group of groups.values())
    if (group.length >= 2)
      for (const members of settle(group, ps, linksOf))
        clusters.push(
          judge(
            members.map((i) => ps[i]!),
            fundedCount,
          ),
        );
  return clusters.sort((a, b) => b.score - a.score || a.members[0]! - b.members[0]!);
}

/** Connected parts of `members` by the links among them, each ascending. */
function components(members: readonly number[], linksOf: Map<number, number[]>): number[][] {
  const inside = new Set(members);
  const seen = new Set<number>();
  const out: number[][] = [];
  for (const m of members) {
    if (seen.has(m)) continue;
    const part: number[] = [];
    const stack = [m];
    seen.add(m);
    while (stack.length > 0) {
      const x = stack.pop()!;
      part.push(x);
      for (const y of linksOf.get(x) ?? [])
        if (inside.has(y) && !seen.has(y)) {
          seen.add(y);
          stack.push(y);
        }
    }
    out.push(part.sort((a, b) => a - b));
  }
  return out;
}

/**
 * Splits a linked group: the members in step with the group (memberInStep) stay together, and
 * are checked again once the others are gone; the others are grouped among themselves by their
 * links, as they are. Groups of fewer than two are dropped.
 */
function settle(group: number[], ps: readonly Prepared[], linksOf: Map<number, number[]>): number[][] {
  const out: number[][] = [];
  const queue = [group];
  while (queue.length > 0) {
    const g = queue.pop()!;
    if (g.length < 2) continue;
    const shares = inStepShares(g.map((i) => ps[i]!));
    const core = g.filter((_, k) => shares[k]! >= CLUSTERING.memberInStep);
    if (core.length === g.length) {
      out.push(g);
      continue;
    }
    const rest = g.filter((_, k) => shares[k]! < CLUSTERING.memberInStep);
    queue.push(...components(core, linksOf));
    for (const part of components(rest, linksOf)) if (part.length >= 2) out.push(part);
  }
  return out;
}

/** Per member, the share of its sessions that start within coStartMs of another member's session. */
function inStepShares(members: readonly Prepared[]): number[] {
  const W = CLUSTERING.coStartMs;
  let total = 0;
  for (const m of members) total += m.starts.length;
  const t = new Float64Array(total);
  const who = new Int32Array(total);
  let k = 0;
  members.forEach((m, x) => {
    for (const s of m.starts) {
      t[k] = s;
      who[k++] = x;
    }
  });
  const order = new Uint32Array(total);
  for (let x = 0; x < total; x++) order[x] = x;
  order.sort((a, b) => t[a]! - t[b]! || who[a]! - who[b]!);
  const together = new Float64Array(members.length);
  for (let a = 0; a < total; a++) {
    const x = order[a]!;
    let found = false;
    for (let b = a - 1; b >= 0 && t[x]! - t[order[b]!]! <= W && !found; b--)
      found = who[order[b]!] !== who[x];
    for (let b = a + 1; b < total && t[order[b]!]! - t[x]! <= W && !found; b++)
      found = who[order[b]!] !== who[x];
    if (found) together[who[x]!]!++;
  }
  return members.map((m, x) => (m.starts.length > 0 ? together[x]! / m.starts.length : 0));
}

/** The facts a cluster's evidence states, computed from its members' signals. */
export interface ClusterFacts {
  size: number;
  /** Days between the earliest and the latest registration (accountRegisteredAt). */
  registeredSpanDays: number;
  /** Members whose Telegram account was at most newAccountMs old when they joined. */
  newAccounts: number;
  premium: number;
  /** Sessions of the members, and those that started within coStartMs of another member's. */
  sessions: number;
  inStepSessions: number;
  /** Days on which two members or more played, and those on which most of them started a session together with another member. */
  playedDays: number;
  inStepDays: number;
  /** Members who used an address another member also used, and how many such addresses. */
  sharingNet: number;
  sharedNets: number;
  /** Members whose taps came at the server's limit, regular as a machine. */
  scriptedTaps: number;
  wallets: number;
  /** The most members' wallets funded by one address, and how many other players' wallets it funded. */
  sameFunder: number;
  sameFunderOutside: number;
  /** Wallets funded by an address that funded (almost) only members (ownFunderShare). */
  ownFunded: number;
  /** Wallets funded by another member's wallet. */
  fundedByMember: number;
  /** Wallets new when bound, and how many of all share the commonest version. */
  newWallets: number;
  sameVersion: number;
  /** Members invited by another member, and the members invited by nobody in the cluster. */
  invitedByMember: number;
  roots: number;
}

const maxEntry = (m: Map<string, number>): [string | null, number] => {
  let best: [string | null, number] = [null, 0];
  // Ties go to the smaller key: deterministic.
  for (const [k, v] of m)
    if (v > best[1] || (v === best[1] && best[0] !== null && k < best[0])) best = [k, v];
  return best;
};

export function clusterFacts(
  members: readonly Prepared[],
  fundedCount: ReadonlyMap<string, number>,
): ClusterFacts {
  const ids = new Set(members.map((m) => m.id));
  const regs = members.map((m) => m.registeredAt);
  const shares = inStepShares(members);
  const sessions = members.reduce((s, m) => s + m.starts.length, 0);
  const inStepSessions = members.reduce((s, m, x) => s + Math.round(shares[x]! * m.starts.length), 0);

  const netUsers = new Map<string, Set<number>>();
  for (const m of members)
    for (const net of m.nets)
      if (net !== '') {
        const users = netUsers.get(net);
        if (users) users.add(m.id);
        else netUsers.set(net, new Set([m.id]));
      }
  const sharing = new Set<number>();
  let sharedNets = 0;
  for (const users of netUsers.values())
    if (users.size >= 2) {
      sharedNets++;
      for (const u of users) sharing.add(u);
    }

  // Days: who played, and who started a session within coStartMs of another member's.
  const all: { t: number; id: number }[] = [];
  for (const m of members) for (const t of m.starts) all.push({ t, id: m.id });
  all.sort((a, b) => a.t - b.t || a.id - b.id);
  const played = new Map<number, Set<number>>();
  const together = new Map<number, Set<number>>();
  const add = (map: Map<number, Set<number>>, d: number, id: number) => {
    const s = map.get(d);
    if (s) s.add(id);
    else map.set(d, new Set([id]));
  };
  for (let a = 0; a < all.length; a++) {
    const s = all[a]!;
    add(played, dayOf(s.t), s.id);
    for (let b = a + 1; b < all.length && all[b]!.t - s.t <= CLUSTERING.coStartMs; b++)
      if (all[b]!.id !== s.id) {
        add(together, dayOf(s.t), s.id);
        add(together, dayOf(all[b]!.t), all[b]!.id);
      }
  }
  let playedDays = 0;
  let inStepDays = 0;
  for (const [d, who] of played) {
    if (who.size < 2) continue;
    playedDays++;
    if ((together.get(d)?.size ?? 0) * 2 > who.size) inStepDays++;
  }

  const wallets = members.map((m) => m.account.wallet).filter((w): w is WalletSignal => w !== null);
  const funders = new Map<string, number>();
  const versions = new Map<string, number>();
  const addresses = new Set(wallets.map((w) => w.address));
  let fundedByMember = 0;
  for (const w of wallets) {
    if (w.fundedBy !== null) {
      funders.set(w.fundedBy, (funders.get(w.fundedBy) ?? 0) + 1);
      if (addresses.has(w.fundedBy)) fundedByMember++;
    }
    if (w.version !== null) versions.set(w.version, (versions.get(w.version) ?? 0) + 1);
  }
  let ownFunded = 0;
  for (const [f, count] of funders)
    if (count >= 2 && count >= CLUSTERING.ownFunderShare * (fundedCount.get(f) ?? count)) ownFunded += count;
  const [topFunder, sameFunder] = maxEntry(funders);
  const invitedByMember = members.filter(
    (m) => m.account.referrerId !== null && ids.has(m.account.referrerId),
  ).length;
  const scripted = (c: TapCadence | null) =>
    c !== null && c.batches > 0 && c.meanMs <= CLUSTERING.scriptedMeanMs && c.cv < CLUSTERING.scriptedCv;
  return {
    size: members.length,
    registeredSpanDays: (Math.max(...regs) - Math.min(...regs)) / DAY,
    newAccounts: members.filter((m) => m.isNew).length,
    premium: members.filter((m) => m.account.premium).length,
    sessions,
    inStepSessions,
    playedDays,
    inStepDays,
    sharingNet: sharing.size,
    sharedNets,
    scriptedTaps: members.filter((m) => scripted(m.account.taps)).length,
    wallets: wallets.length,
    sameFunder,
    sameFunderOutside: topFunder === null ? 0 : (fundedCount.get(topFunder) ?? sameFunder) - sameFunder,
    ownFunded,
    fundedByMember,
    newWallets: wallets.filter((w) => w.newWhenBound === true).length,
    sameVersion: maxEntry(versions)[1],
    invitedByMember,
    roots: members.length - invitedByMember,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sentences an operator reads, from the facts. */
export function evidenceOf(f: ClusterFacts): string[] {
  const out: string[] = [];
  const span = Math.max(1, Math.ceil(f.registeredSpanDays));
  out.push(
    span <= 60
      ? `${f.size} accounts, created within ${plural(span, 'day', 'days')}`
      : `${f.size} accounts, created over ${plural(Math.round(span / 30), 'month', 'months')}`,
  );
  if (f.newAccounts > 0)
    out.push(
      `${f.newAccounts === f.size ? 'all' : f.newAccounts} created less than ${CLUSTERING.newAccountMs / DAY} days before joining`,
    );
  if (f.playedDays > 0)
    out.push(`sessions start within 2 minutes of each other on ${f.inStepDays} of ${f.playedDays} days`);
  if (f.sessions > 0)
    out.push(`${f.inStepSessions} of ${f.sessions} sessions start within 2 minutes of another member's`);
  if (f.sharingNet > 0)
    out.push(`${f.sharingNet} share ${plural(f.sharedNets, 'network address', 'network addresses')}`);
  if (f.scriptedTaps > 0) out.push(`${f.scriptedTaps} tap at the server's limit, as regular as a machine`);
  if (f.sameFunder >= 2)
    out.push(
      f.sameFunderOutside === 0
        ? `${f.sameFunder} wallets funded by the same address, which funded no other player`
        : `${f.sameFunder} wallets funded by the same address, which funded ${plural(f.sameFunderOutside, 'other player', 'other players')} too`,
    );
  if (f.fundedByMember > 0)
    out.push(`${plural(f.fundedByMember, 'wallet', 'wallets')} funded by another member's wallet`);
  if (f.wallets > 0)
    out.push(`${f.newWallets} of ${f.wallets} wallets new when bound, ${f.sameVersion} of the same version`);
  if (f.invitedByMember > 0)
    out.push(`${f.invitedByMember} invited by another member, from ${plural(f.roots, 'root', 'roots')}`);
  out.push(f.premium === 0 ? 'none is Premium' : `${f.premium} ${f.premium === 1 ? 'is' : 'are'} Premium`);
  return out;
}

/**
 * 0..1 from the facts. The members must start their sessions together (the in-step share, from
 * inStepLow to inStepHigh): without that nothing else counts. What corroborates it: new accounts,
 * none Premium, wallets funded by the cluster itself and alike, a referral tree of its own,
 * machine taps, shared addresses. Small clusters are discounted (a couple is not a farm).
 */
export function scoreOf(f: ClusterFacts): number {
  const n = f.size;
  const inStep = f.sessions > 0 ? f.inStepSessions / f.sessions : 0;
  const step = Math.min(
    1,
    Math.max(0, (inStep - CLUSTERING.inStepLow) / (CLUSTERING.inStepHigh - CLUSTERING.inStepLow)),
  );
  const wallets =
    (0.6 * Math.min(f.wallets, f.ownFunded + f.fundedByMember) +
      0.4 * Math.min(f.newWallets, f.sameVersion)) /
    n;
  const corroboration =
    0.2 * (f.newAccounts / n) +
    0.1 * (1 - f.premium / n) +
    0.3 * wallets +
    0.15 * (f.invitedByMember / n) +
    0.15 * (f.scriptedTaps / n) +
    0.1 * (f.sharingNet / n);
  const size = 1 - Math.exp(-(n - 1) / 4);
  return Math.round(size * step * (0.4 + 0.6 * corroboration) * 1000) / 1000;
}

export function recommend(f: ClusterFacts, score: number): Recommendation {
  if (f.size >= CLUSTERING.minExcludeSize && score >= CLUSTERING.excludeScore) return 'exclude';
  if (f.size >= CLUSTERING.minReviewSize && score >= CLUSTERING.reviewScore) return 'review';
  return 'clear';
}

function judge(members: readonly Prepared[], fundedCount: ReadonlyMap<string, number>): Cluster {
  const f = clusterFacts(members, fundedCount);
  const score = scoreOf(f);
  return {
    id: `c${members[0]!.id}`,
    members: members.map((m) => m.id),
    score,
    recommendation: recommend(f, score),
    evidence: evidenceOf(f),
  };
}
