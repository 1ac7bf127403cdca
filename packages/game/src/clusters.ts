import { accountRegisteredAt } from './account-age.ts';

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

const DAY = 86_400_000;

/**
 * The thresholds of the clustering, tuned on simulated populations (population.ts and
 * bench/fairness) so that farms of every simulated kind land in `exclude` clusters and almost no
 * honest player lands in `review` or `exclude`.
 */
export const CLUSTERING = {
  /** Two sessions "start together" when their launches are at most this far apart. */
  coStartMs: 2 * 60_000,
  /** An account is new when its Telegram account was registered at most this long before it joined. */
  newAccountMs: 60 * DAY,
  /** Two new accounts are neighbours when registered at most this far apart (ids close together). */
  neighbourMs: 7 * DAY,
  /** A pair is in step when their sessions start together on at least this many days… */
  minCoStartDays: 4,
  /** …and on at least this share of the days both played. */
  minCoStartShare: 0.35,
  /** In a sweep over sessions sorted by time, each session is compared with at most this many next ones. */
  sweepNeighbours: 8,
  /** In a group sorted by another key (siblings, one funder's wallets), each member's next ones compared. */
  groupNeighbours: 3,
  /** A cluster with fewer members is always `clear`: a household, a couple, friends who play together. */
  minReviewSize: 4,
  minExcludeSize: 6,
  /** Scores from which a cluster is recommended for review and for exclusion. */
  reviewScore: 0.45,
  excludeScore: 0.65,
} as const;

interface Prepared {
  id: number;
  registeredAt: number;
  isNew: boolean;
  starts: Float64Array;
  /** Session i's net and device, in the order of starts. */
  nets: string[];
  devices: string[];
  account: AccountSignals;
}

function prepare(a: AccountSignals, now: number): Prepared {
  const sessions = a.sessions.filter((s) => s.start <= now).sort((x, y) => x.start - y.start);
  const registeredAt = accountRegisteredAt(a.id);
  return {
    id: a.id,
    registeredAt,
    isNew: a.joinedAt - registeredAt <= CLUSTERING.newAccountMs,
    starts: Float64Array.from(sessions, (s) => s.start),
    nets: sessions.map((s) => s.net),
    devices: sessions.map((s) => s.device),
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
  /** Of the co-starting days, those where the two co-starting sessions came from one network address. */
  coStartSameNetDays: number;
  referral: boolean;
  siblings: boolean;
  sameFunder: boolean;
  /** One's wallet was funded by the other's. */
  fundedByOther: boolean;
  /** Both new, registered at most neighbourMs apart. */
  neighbours: boolean;
}

function pairFacts(a: Prepared, b: Prepared): PairFacts {
  const W = CLUSTERING.coStartMs;
  const coDays = new Set<number>();
  const sameNetDays = new Set<number>();
  let j = 0;
  for (let i = 0; i < a.starts.length; i++) {
    const t = a.starts[i]!;
    while (j < b.starts.length && b.starts[j]! < t - W) j++;
    for (let k = j; k < b.starts.length && b.starts[k]! <= t + W; k++) {
      coDays.add(dayOf(t));
      if (a.nets[i] !== '' && a.nets[i] === b.nets[k]) sameNetDays.add(dayOf(t));
    }
  }
  const da = daysOf(a.starts);
  const db = new Set(daysOf(b.starts));
  const commonDays = da.filter((d) => db.has(d)).length;
  const wa = a.account.wallet;
  const wb = b.account.wallet;
  return {
    coStartDays: coDays.size,
    commonDays,
    coStartSameNetDays: sameNetDays.size,
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
 * Whether two accounts are linked: in step (their sessions start together on many of the days both
 * play) AND tied by something they share beyond the clock: an address they start from together,
 * a referral, a wallet's funding, or new accounts registered days apart. Starting at the same
 * hours alone links nobody (a reminder, a commute, a school break do that); sharing an address
 * alone links nobody (a carrier's NAT, a university, a household do that).
 */
export function linked(p: PairFacts): boolean {
  const inStep =
    p.coStartDays >= CLUSTERING.minCoStartDays && p.coStartDays >= CLUSTERING.minCoStartShare * p.commonDays;
  if (!inStep) return false;
  return (
    p.coStartSameNetDays >= CLUSTERING.minCoStartDays ||
    p.referral ||
    p.siblings ||
    p.sameFunder ||
    p.fundedByOther ||
    p.neighbours
  );
}

/** Candidate pairs: only accounts that share something are ever compared. */
function candidates(ps: readonly Prepared[]): number[] {
  const n = ps.length;
  const always = new PairList(n);
  const timed = new PairList(n);
  const index = new Map<number, number>();
  ps.forEach((p, i) => index.set(p.id, i));
  const G = CLUSTERING.groupNeighbours;

  // Referral: parent and child; siblings next to each other by id.
  const children = new Map<number, number[]>();
  ps.forEach((p, i) => {
    const r = p.account.referrerId;
    if (r === null) return;
    const parent = index.get(r);
    if (parent !== undefined) always.add(i, parent);
    const list = children.get(r);
    if (list) list.push(i);
    else children.set(r, [i]);
  });
  for (const list of children.values())
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b <= a + G && b < list.length; b++) always.add(list[a]!, list[b]!);

  // Wallets: funded by another player's wallet; one funder's wallets next to each other by binding time.
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
    const list = funded.get(f);
    if (list) list.push(i);
    else funded.set(f, [i]);
  });
  for (const list of funded.values()) {
    list.sort((a, b) => ps[a]!.account.wallet!.boundAt - ps[b]!.account.wallet!.boundAt || a - b);
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b <= a + G && b < list.length; b++) always.add(list[a]!, list[b]!);
  }

  // Time: sessions from one address that start together; new accounts' sessions that start together.
  const S = CLUSTERING.sweepNeighbours;
  const W = CLUSTERING.coStartMs;
  const byNet = new Map<string, number[]>();
  const fresh: number[] = [];
  ps.forEach((p, i) => {
    for (let s = 0; s < p.starts.length; s++) {
      const net = p.nets[s]!;
      if (net !== '') {
        const list = byNet.get(net);
        if (list) list.push(i, p.starts[s]!);
        else byNet.set(net, [i, p.starts[s]!]);
      }
      if (p.isNew) fresh.push(i, p.starts[s]!);
    }
  });
  const sweep = (flat: number[], near: (i: number, j: number) => boolean) => {
    const order = Array.from({ length: flat.length / 2 }, (_, k) => k).sort(
      (x, y) => flat[2 * x + 1]! - flat[2 * y + 1]! || flat[2 * x]! - flat[2 * y]!,
    );
    for (let a = 0; a < order.length; a++) {
      const i = flat[2 * order[a]!]!;
      const t = flat[2 * order[a]! + 1]!;
      let taken = 0;
      for (let b = a + 1; b < order.length && taken < S; b++) {
        const j = flat[2 * order[b]!]!;
        if (flat[2 * order[b]! + 1]! - t > W) break;
        if (j !== i && near(i, j)) {
          timed.add(i, j);
          taken++;
        }
      }
    }
  };
  for (const flat of byNet.values()) sweep(flat, () => true);
  sweep(fresh, (i, j) => Math.abs(ps[i]!.registeredAt - ps[j]!.registeredAt) <= CLUSTERING.neighbourMs);

  const keys = new Set([...always.distinct(1), ...timed.distinct(CLUSTERING.minCoStartDays)]);
  return [...keys].sort((a, b) => a - b);
}

/**
 * Clusters of linked accounts (see `linked`), of two members or more, with a score, a
 * recommendation and evidence, ordered by score (highest first), then id. Deterministic: the
 * order of `accounts` and of their sessions does not matter. Sessions after `now` are ignored.
 *
 * Scales by comparing only accounts that share something (a referrer, a funder, an address at
 * the same minutes, new registrations at the same minutes): never all pairs.
 */
export function findClusters(accounts: readonly AccountSignals[], now: number): Cluster[] {
  const ps = [...accounts].sort((a, b) => a.id - b.id).map((a) => prepare(a, now));
  const n = ps.length;
  const uf = new UnionFind(n);
  for (const key of candidates(ps)) {
    const i = Math.floor(key / n);
    const j = key - i * n;
    if (linked(pairFacts(ps[i]!, ps[j]!))) uf.union(i, j);
  }
  const groups = new Map<number, Prepared[]>();
  for (let i = 0; i < n; i++) {
    const r = uf.find(i);
    const g = groups.get(r);
    if (g) g.push(ps[i]!);
    else groups.set(r, [ps[i]!]);
  }
  const clusters: Cluster[] = [];
  for (const members of groups.values()) if (members.length >= 2) clusters.push(judge(members));
  return clusters.sort((a, b) => b.score - a.score || a.members[0]! - b.members[0]!);
}

/** The facts a cluster's evidence states, computed from its members' signals. */
export interface ClusterFacts {
  size: number;
  /** Days between the earliest and the latest registration (accountRegisteredAt). */
  registeredSpanDays: number;
  newAccounts: number;
  premium: number;
  /** Members whose sessions came from an address another member also used, and those addresses. */
  sharingNet: number;
  sharedNets: number;
  /** Days on which most members who played started a session together with another member, of the days two or more played. */
  inStepDays: number;
  playedDays: number;
  /** The most wallets funded by one address, and members' wallets funded by another member's. */
  sameFunder: number;
  fundedByMember: number;
  wallets: number;
  /** Wallets new when bound, and how many share the commonest version. */
  newWallets: number;
  sameVersion: number;
  /** Members invited by another member, and the members invited by nobody in the cluster. */
  invitedByMember: number;
  roots: number;
}

function clusterFacts(members: readonly Prepared[]): ClusterFacts {
  const ids = new Set(members.map((m) => m.id));
  const regs = members.map((m) => m.registeredAt);
  // Addresses used by two members or more.
  const netUsers = new Map<string, Set<number>>();
  for (const m of members)
    for (const net of m.nets)
      if (net !== '') {
        const s = netUsers.get(net);
        if (s) s.add(m.id);
        else netUsers.set(net, new Set([m.id]));
      }
  const sharingMembers = new Set<number>();
  let sharedNets = 0;
  for (const users of netUsers.values())
    if (users.size >= 2) {
      sharedNets++;
      for (const u of users) sharingMembers.add(u);
    }
  // Days in step.
  const sessions: { t: number; id: number }[] = [];
  for (const m of members) for (const t of m.starts) sessions.push({ t, id: m.id });
  sessions.sort((a, b) => a.t - b.t || a.id - b.id);
  const played = new Map<number, Set<number>>();
  const together = new Map<number, Set<number>>();
  const add = (map: Map<number, Set<number>>, d: number, id: number) => {
    const s = map.get(d);
    if (s) s.add(id);
    else map.set(d, new Set([id]));
  };
  for (let a = 0; a < sessions.length; a++) {
    const s = sessions[a]!;
    add(played, dayOf(s.t), s.id);
    for (let b = a + 1; b < sessions.length && sessions[b]!.t - s.t <= CLUSTERING.coStartMs; b++)
      if (sessions[b]!.id !== s.id) {
        add(together, dayOf(s.t), s.id);
        add(together, dayOf(s.t), sessions[b]!.id);
      }
  }
  let playedDays = 0;
  let inStepDays = 0;
  for (const [d, who] of played) {
    if (who.size < 2) continue;
    playedDays++;
    if ((together.get(d)?.size ?? 0) * 2 >= who.size) inStepDays++;
  }
  // Wallets.
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
  const maxOf = (m: Map<string, number>) => Math.max(0, ...m.values());
  const invitedByMember = members.filter(
    (m) => m.account.referrerId !== null && ids.has(m.account.referrerId),
  ).length;
  return {
    size: members.length,
    registeredSpanDays: (Math.max(...regs) - Math.min(...regs)) / DAY,
    newAccounts: members.filter((m) => m.isNew).length,
    premium: members.filter((m) => m.account.premium).length,
    sharingNet: sharingMembers.size,
    sharedNets,
    inStepDays,
    playedDays,
    sameFunder: maxOf(funders),
    fundedByMember,
    wallets: wallets.length,
    newWallets: wallets.filter((w) => w.newWhenBound === true).length,
    sameVersion: maxOf(versions),
    invitedByMember,
    roots: members.length - invitedByMember,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sentences an operator reads, from the facts. */
export function evidenceOf(f: ClusterFacts): string[] {
  const out: string[] = [];
  const span = Math.ceil(f.registeredSpanDays);
  out.push(
    span <= 60
      ? `${f.size} accounts, created within ${plural(Math.max(1, span), 'day', 'days')}`
      : `${f.size} accounts, created over ${plural(Math.round(span / 30), 'month', 'months')}`,
  );
  if (f.newAccounts > 0) out.push(`${f.newAccounts} created less than 60 days before joining`);
  if (f.playedDays > 0)
    out.push(`sessions start within 2 minutes of each other on ${f.inStepDays} of ${f.playedDays} days`);
  if (f.sharingNet > 0)
    out.push(`${f.sharingNet} share ${plural(f.sharedNets, 'network address', 'network addresses')}`);
  if (f.sameFunder >= 2) out.push(`${f.sameFunder} wallets funded by the same address`);
  if (f.fundedByMember > 0)
    out.push(`${plural(f.fundedByMember, 'wallet', 'wallets')} funded by another member's wallet`);
  if (f.wallets > 0)
    out.push(`${f.newWallets} of ${f.wallets} wallets new when bound, ${f.sameVersion} of the same version`);
  if (f.invitedByMember > 0)
    out.push(`${f.invitedByMember} invited by another member, from ${plural(f.roots, 'root', 'roots')}`);
  out.push(f.premium === 0 ? 'none is Premium' : `${f.premium} ${f.premium === 1 ? 'is' : 'are'} Premium`);
  return out;
}

/** 0..1 from the facts: how alike and how tied the members are, discounted for small clusters. */
export function scoreOf(f: ClusterFacts): number {
  const n = f.size;
  const inStep = f.playedDays > 0 ? f.inStepDays / f.playedDays : 0;
  const fresh = f.newAccounts / n;
  const notPremium = 1 - f.premium / n;
  const wallets =
    f.wallets > 0
      ? (Math.max(f.sameFunder, f.fundedByMember) / f.wallets) * 0.6 + (f.newWallets / f.wallets) * 0.4
      : 0;
  const tree = f.invitedByMember / n;
  const net = f.sharingNet / n;
  const alike = 0.3 * inStep + 0.2 * fresh + 0.1 * notPremium + 0.15 * wallets + 0.15 * tree + 0.1 * net;
  const size = 1 - Math.exp(-(n - 1) / 4);
  return Math.round(alike * size * 1000) / 1000;
}

function judge(members: readonly Prepared[]): Cluster {
  const f = clusterFacts(members);
  const score = scoreOf(f);
  const recommendation: Recommendation =
    f.size >= CLUSTERING.minExcludeSize && score >= CLUSTERING.excludeScore
      ? 'exclude'
      : f.size >= CLUSTERING.minReviewSize && score >= CLUSTERING.reviewScore
        ? 'review'
        : 'clear';
  return {
    id: `c${members[0]!.id}`,
    members: members.map((m) => m.id),
    score,
    recommendation,
    evidence: evidenceOf(f),
  };
}
