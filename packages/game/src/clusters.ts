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
 * The thresholds of the clustering, tuned on simulated populations (population.ts, the tests in
 * packages/game/test/fairness.test.ts and bench/fairness) so that farms of every simulated kind
 * land in `exclude` clusters and (almost) no honest player lands in `review` or `exclude`.
 */
export const CLUSTERING = {
  /** Two sessions "start together" when their launches are at most this far apart. */
  coStartMs: 2 * MIN,
  /**
   * A session is handed off to another account's when that one starts at most this long after it
   * ended, from the same network address AND the same device (both known): a phone or a script
   * running accounts in turn, which never starts two together. A household handing one tablet
   * around does it too (fewer than minReviewSize: `clear`); a café or a carrier's NAT has many
   * unrelated people starting one after another, but on other devices, and not the same two day
   * after day. A pair that hands off on minCoStartDays days (and minCoStartShare of the days both
   * played) is in step as if it started together; in a group, a session handed off to or from
   * another member counts as started together with no correction for chance (the same network
   * and device are the specific part).
   */
  handOffMs: 12 * MIN,
  /** An account is new when its Telegram account was registered at most this long before it joined. */
  newAccountMs: 60 * DAY,
  /** Two new accounts are neighbours when registered at most this far apart (ids close together). */
  neighbourMs: 3 * DAY,
  /** A pair is in step when their sessions start together (or hand off) on at least this many days… */
  minCoStartDays: 5,
  /** …and on at least this share of the days both played. */
  minCoStartShare: 0.4,
  /**
   * Tied only loosely (see `linked`), a pair must also start at least this share of all their
   * sessions together: classmates at the same break, commuters on one train, players answering
   * the same reminder start one session a day together, not all of them.
   */
  looseTieSessionShare: 0.5,
  /** A funder of more wallets than this (or than popularFunderShare of all wallets) is an exchange's: a loose tie. */
  popularFunderMin: 200,
  popularFunderShare: 0.01,
  /** In a sweep over sessions sorted by time, each session is compared with at most this many next ones. */
  sweepNeighbours: 8,
  /** In a group sorted by another key (siblings, one funder's wallets), each member's next ones compared. */
  groupNeighbours: 3,
  /**
   * A member stays in a cluster when at least this share of its sessions start together with
   * another member's, beyond what chance gives (the same sessions moved by `chanceShiftsMs`):
   * a farm's accounts start (nearly) every session with the others; a classmate who plays with
   * the class at the breaks, or an honest player who happens to play at a farm's hours, starts
   * only some; in a crowd everyone starts with someone, and chance says so. Sessions handed off
   * to or from another member's (handOffMs) count whole: chance does not put two accounts on one
   * device and address minutes apart.
   */
  memberInStep: 0.6,
  chanceShiftsMs: [-113 * MIN, -47 * MIN, 47 * MIN, 113 * MIN],
  /** The cluster's in-step share beyond chance counts from `low` (nothing) to `high` (all). */
  inStepLow: 0.5,
  inStepHigh: 0.9,
  /** A tap cadence is a script's when its mean interval is at most this… */
  scriptedMeanMs: 1.25 * TAP_INTERVAL_MS,
  /** …and its intervals vary less than this (coefficient of variation); people are irregular. */
  scriptedCv: 0.15,
  /**
   * A funder is the cluster's own when at least this share of the wallets it funded are members'.
   * Such a funder's wallets are linked whatever their clocks (a farm that spreads its sessions
   * over the day) when this share of them are new accounts with new wallets, in a referral tree
   * of their own, each on an address another of them used: the score says so (`tiedWithoutStep`).
   */
  ownFunderShare: 0.8,
  /**
   * A cluster with fewer members is always `clear`: a household, a couple, friends who play
   * together, a family handing one tablet around (hand-offs).
   */
  minReviewSize: 4,
  minExcludeSize: 6,
  /** Scores from which a cluster is recommended for review and for exclusion. */
  reviewScore: 0.4,
  excludeScore: 0.6,
} as const;

/**
 * The accounts as columns, sorted by id: account i's sessions are [offset[i], offset[i + 1]) of
 * `start` and `net` (ascending by start; the address numbered, −1 when unknown). One typed array
 * per column rather than one per account: a million accounts make no million small objects.
 */
interface Table {
  n: number;
  accounts: AccountSignals[];
  ids: Float64Array;
  registeredAt: Float64Array;
  isNew: Uint8Array;
  offset: Int32Array;
  start: Float64Array;
  end: Float64Array;
  net: Int32Array;
  /** The device numbered, −1 when unknown. */
  device: Int32Array;
  nets: number;
  /** How many wallets each address funded, over everyone. */
  fundedCount: Map<string, number>;
  /** Funders of more wallets than this are popular (an exchange's hot wallet). */
  popularFunder: number;
}

const bySessionStart = (x: SessionSignal, y: SessionSignal) =>
  x.start - y.start || (x.net < y.net ? -1 : x.net > y.net ? 1 : 0);

function tabulate(input: readonly AccountSignals[], now: number): Table {
  const accounts = [...input].sort((a, b) => a.id - b.id);
  const n = accounts.length;
  // The server sends sessions in order, all before now; they are sorted here only when not.
  const sessionsOf = accounts.map((a) => {
    const s = a.sessions;
    let previous = -Infinity;
    for (let i = 0; i < s.length; i++) {
      const t = s[i]!.start;
      if (t > now || t < previous || (t === previous && bySessionStart(s[i - 1]!, s[i]!) > 0))
        return s.filter((x) => x.start <= now).sort(bySessionStart);
      previous = t;
    }
    return s;
  });
  const offset = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offset[i + 1] = offset[i]! + sessionsOf[i]!.length;
  const start = new Float64Array(offset[n]!);
  const end = new Float64Array(offset[n]!);
  const net = new Int32Array(offset[n]!);
  const device = new Int32Array(offset[n]!);
  const netIds = new Map<string, number>();
  const deviceIds = new Map<string, number>();
  const ids = new Float64Array(n);
  const registeredAt = new Float64Array(n);
  const isNew = new Uint8Array(n);
  const fundedCount = new Map<string, number>();
  let wallets = 0;
  for (let i = 0; i < n; i++) {
    const a = accounts[i]!;
    ids[i] = a.id;
    registeredAt[i] = accountRegisteredAt(a.id);
    isNew[i] = a.joinedAt - registeredAt[i]! <= CLUSTERING.newAccountMs ? 1 : 0;
    let k = offset[i]!;
    for (const s of sessionsOf[i]!) {
      start[k] = s.start;
      end[k] = Math.max(s.start, s.end);
      let id = s.net === '' ? -1 : netIds.get(s.net);
      if (id === undefined) netIds.set(s.net, (id = netIds.size));
      let dev = s.device === '' ? -1 : deviceIds.get(s.device);
      if (dev === undefined) deviceIds.set(s.device, (dev = deviceIds.size));
      device[k] = dev;
      net[k++] = id;
    }
    if (a.wallet) wallets++;
    const f = a.wallet?.fundedBy;
    if (f != null) fundedCount.set(f, (fundedCount.get(f) ?? 0) + 1);
  }
  const popularFunder = Math.max(CLUSTERING.popularFunderMin, CLUSTERING.popularFunderShare * wallets);
  return {
    n,
    accounts,
    ids,
    registeredAt,
    isNew,
    offset,
    start,
    end,
    net,
    device,
    nets: netIds.size,
    fundedCount,
    popularFunder,
  };
}

/** Index of the account with this id, or −1 (binary search over the sorted ids). */
function indexOf(t: Table, id: number): number {
  let lo = 0;
  let hi = t.n - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = t.ids[mid]!;
    if (x === id) return mid;
    if (x < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** A growable list of pair keys (i·n + j, i < j), sorted and counted at the end. */
class PairList {
  private keys = new Float64Array(1024);
  length = 0;
  constructor(private readonly n: number) {}
  add(i: number, j: number) {
    if (i !== j) this.addKey(i < j ? i * this.n + j : j * this.n + i);
  }
  addKey(key: number) {
    if (this.length === this.keys.length) {
      const grown = new Float64Array(this.keys.length * 2);
      grown.set(this.keys);
      this.keys = grown;
    }
    this.keys[this.length++] = key;
  }
  /** Moves the keys seen at least `min` times to `to` (once each) and empties this list. */
  moveFrequent(min: number, to: PairList) {
    const k = this.keys.subarray(0, this.length).sort();
    for (let a = 0; a < k.length;) {
      let b = a + 1;
      while (b < k.length && k[b] === k[a]) b++;
      if (b - a >= min) to.addKey(k[a]!);
      a = b;
    }
    this.length = 0;
  }
  /** Distinct keys seen at least `min` times, ascending. */
  distinct(min: number): Float64Array {
    const k = this.keys.subarray(0, this.length).sort();
    const out = new Float64Array(k.length);
    let m = 0;
    for (let a = 0; a < k.length;) {
      let b = a + 1;
      while (b < k.length && k[b] === k[a]) b++;
      if (b - a >= min) out[m++] = k[a]!;
      a = b;
    }
    return out.subarray(0, m);
  }
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
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

/** What two accounts have in common, measured exactly. */
export interface PairFacts {
  /** Days on which one of their sessions started within coStartMs of one of the other's. */
  coStartDays: number;
  /** Days both played. */
  commonDays: number;
  /** Share of all their sessions that started within coStartMs of one of the other's. */
  coStartSessionShare: number;
  /** Days on which two sessions that started together came from one network address. */
  coStartSameNetDays: number;
  /** Days on which one's session was handed off to the other's (see CLUSTERING.handOffMs). */
  handOffDays: number;
  /** Share of all their sessions handed off to or from one of the other's. */
  handOffSessionShare: number;
  /** One invited the other. */
  referral: boolean;
  /** One account invited both. */
  siblings: boolean;
  /** One's wallet was funded by the other's. */
  fundedByOther: boolean;
  /** Their wallets were funded by one address that funded few others, or by a popular one (an exchange). */
  sameFunder: boolean;
  samePopularFunder: boolean;
  /** Both new, registered at most neighbourMs apart. */
  neighbours: boolean;
}

/** Which of b's sessions started together with one of a's: reused from pair to pair. */
let scratch = new Uint8Array(256);

/** First session in [from, to) that starts at `at` or later (sessions ascending by start). */
function firstFrom(t: Table, from: number, to: number, at: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t.start[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether session y starts within handOffMs after session x ended, from its network and device. */
const handsOff = (t: Table, x: number, y: number) =>
  t.start[y]! >= t.end[x]! &&
  t.start[y]! <= t.end[x]! + CLUSTERING.handOffMs &&
  t.net[x] !== -1 &&
  t.net[x] === t.net[y] &&
  t.device[x] !== -1 &&
  t.device[x] === t.device[y];

/**
 * Hand-offs from a's sessions [a0, a1) to b's [b0, b1): calls `found(x, y)` for each session x
 * handed off to y (the first of b's sessions after x ended that is on its network and device).
 */
function handOffs(
  t: Table,
  a0: number,
  a1: number,
  b0: number,
  b1: number,
  found: (x: number, y: number) => void,
) {
  for (let x = a0; x < a1; x++) {
    const until = t.end[x]! + CLUSTERING.handOffMs;
    for (let y = firstFrom(t, b0, b1, t.end[x]!); y < b1 && t.start[y]! <= until; y++)
      if (handsOff(t, x, y)) {
        found(x, y);
        break;
      }
  }
}

function pairFacts(t: Table, a: number, b: number): PairFacts {
  const W = CLUSTERING.coStartMs;
  const { start, net } = t;
  const [a0, a1, b0, b1] = [t.offset[a]!, t.offset[a + 1]!, t.offset[b]!, t.offset[b + 1]!];
  // Starts are ascending, so days come in order: a day is counted when it differs from the last.
  let coStartDays = 0;
  let lastCo = NaN;
  let coStartSameNetDays = 0;
  let lastSame = NaN;
  let together = 0;
  if (scratch.length < b1 - b0) scratch = new Uint8Array(2 * (b1 - b0));
  const bTogether = scratch;
  bTogether.fill(0, 0, b1 - b0);
  let j = b0;
  for (let i = a0; i < a1; i++) {
    const s = start[i]!;
    while (j < b1 && start[j]! < s - W) j++;
    let any = false;
    for (let k = j; k < b1 && start[k]! <= s + W; k++) {
      any = true;
      bTogether[k - b0] = 1;
      const d = dayOf(s);
      if (d !== lastCo) {
        coStartDays++;
        lastCo = d;
      }
      if (d !== lastSame && net[i] !== -1 && net[i] === net[k]) {
        coStartSameNetDays++;
        lastSame = d;
      }
    }
    if (any) together++;
  }
  for (let k = 0; k < b1 - b0; k++) together += bTogether[k]!;
  // Hand-offs either way: the days they happened on, and the sessions in one.
  const handed = new Set<number>();
  const handOffDaySet = new Set<number>();
  const mark = (x: number, y: number) => {
    handed.add(x);
    handed.add(y);
    handOffDaySet.add(dayOf(t.start[y]!));
  };
  handOffs(t, a0, a1, b0, b1, mark);
  handOffs(t, b0, b1, a0, a1, mark);
  let commonDays = 0;
  let lastCommon = NaN;
  for (let x = a0, y = b0; x < a1 && y < b1;) {
    const dx = dayOf(start[x]!);
    const dy = dayOf(start[y]!);
    if (dx < dy) x++;
    else if (dx > dy) y++;
    else {
      if (dx !== lastCommon) commonDays++;
      lastCommon = dx;
      x++;
      y++;
    }
  }
  const A = t.accounts[a]!;
  const B = t.accounts[b]!;
  const wa = A.wallet;
  const wb = B.wallet;
  const funder = wa?.fundedBy != null && wa.fundedBy === wb?.fundedBy ? wa.fundedBy : null;
  const popular = funder !== null && (t.fundedCount.get(funder) ?? 0) > t.popularFunder;
  return {
    coStartDays,
    commonDays,
    coStartSessionShare: a1 - a0 + b1 - b0 > 0 ? together / (a1 - a0 + b1 - b0) : 0,
    coStartSameNetDays,
    handOffDays: handOffDaySet.size,
    handOffSessionShare: a1 - a0 + b1 - b0 > 0 ? handed.size / (a1 - a0 + b1 - b0) : 0,
    referral: A.referrerId === B.id || B.referrerId === A.id,
    siblings: A.referrerId !== null && A.referrerId === B.referrerId,
    fundedByOther:
      (wa?.fundedBy != null && wa.fundedBy === wb?.address) ||
      (wb?.fundedBy != null && wb.fundedBy === wa?.address),
    sameFunder: funder !== null && !popular,
    samePopularFunder: popular,
    neighbours:
      t.isNew[a] === 1 &&
      t.isNew[b] === 1 &&
      Math.abs(t.registeredAt[a]! - t.registeredAt[b]!) <= CLUSTERING.neighbourMs,
  };
}

/**
 * Whether two accounts are linked: in step (their sessions start together, or one's starts
 * minutes after the other's ended on the same network and device, on many of the days both play:
 * see CLUSTERING.handOffMs) AND tied by something beyond the clock. A close tie (one invited the other, one's wallet
 * funded the other's, or one address that funded few wallets funded both) is enough with that. A
 * loose tie (invited by the same player, new accounts registered days apart, an address they start
 * from together, an exchange's hot wallet funding both) needs more: most of all their sessions
 * started together (or handed off; an address they hand off on is no tie: it is the hand-off's
 * own). Starting at the same hours alone links nobody (a reminder, a commute, a school
 * break do that); sharing an address alone links nobody (a carrier's NAT, a university, a
 * household do that).
 */
export function linked(p: PairFacts): boolean {
  const often = (days: number) =>
    days >= CLUSTERING.minCoStartDays && days >= CLUSTERING.minCoStartShare * p.commonDays;
  const together = often(p.coStartDays);
  // Handing off to each other day after day, on one network and device, is being in step too.
  const inTurn = often(p.handOffDays);
  if (!together && !inTurn) return false;
  if (p.referral || p.fundedByOther || p.sameFunder) return true;
  const loose = p.siblings || p.neighbours || p.samePopularFunder;
  return (
    (together &&
      (loose || p.coStartSameNetDays >= CLUSTERING.minCoStartDays) &&
      p.coStartSessionShare >= CLUSTERING.looseTieSessionShare) ||
    (inTurn && loose && p.handOffSessionShare >= CLUSTERING.looseTieSessionShare)
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
function candidates(t: Table): Float64Array {
  const { n, accounts } = t;
  const always = new PairList(n);
  // Pairs that start together, counted within a group (an address, new accounts registered
  // around the same days); those seen minCoStartDays times or more kept in `timed`.
  const counted = new PairList(n);
  const timed = new PairList(n);
  const G = CLUSTERING.groupNeighbours;
  const neighboursIn = (list: readonly number[]) => {
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b <= a + G && b < list.length; b++) always.add(list[a]!, list[b]!);
  };

  const children = new Map<number, number[]>();
  const byAddress = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const a = accounts[i]!;
    if (a.referrerId !== null) {
      const parent = indexOf(t, a.referrerId);
      if (parent >= 0) always.add(i, parent);
      push(children, a.referrerId, i);
    }
    if (a.wallet) byAddress.set(a.wallet.address, i);
  }
  for (const list of children.values()) neighboursIn(list);
  const funded = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const f = accounts[i]!.wallet?.fundedBy;
    if (f == null) continue;
    const other = byAddress.get(f);
    if (other !== undefined) always.add(i, other);
    push(funded, f, i);
  }
  for (const list of funded.values()) {
    list.sort((a, b) => accounts[a]!.wallet!.boundAt - accounts[b]!.wallet!.boundAt || a - b);
    neighboursIn(list);
  }

  // Sessions as keys second·M + account (M a power of two above n), seconds since the first
  // session: sorted by a typed array's own sort, no comparator. Each meets the next S within W.
  const { start, net, offset } = t;
  const total = offset[n]!;
  let t0 = Infinity;
  for (let x = 0; x < total; x++) t0 = Math.min(t0, start[x]!);
  const M = 2 ** Math.ceil(Math.log2(n + 1));
  const S = CLUSTERING.sweepNeighbours;
  const W = Math.ceil(CLUSTERING.coStartMs / 1000);
  const keyOf = (x: number, i: number) => Math.floor((start[x]! - t0) / 1000) * M + i;
  type Near = (i: number, j: number) => boolean;
  const sweep = (keys: Float64Array, near: Near) => {
    keys.sort();
    for (let a = 0; a < keys.length; a++) {
      const s = Math.floor(keys[a]! / M);
      const i = keys[a]! - s * M;
      let taken = 0;
      for (let b = a + 1; b < keys.length && taken < S; b++) {
        const u = Math.floor(keys[b]! / M);
        if (u - s > W) break;
        const j = keys[b]! - u * M;
        if (j !== i && near(i, j)) {
          counted.add(i, j);
          taken++;
        }
      }
    }
  };
  // Sessions in groups (a counting sort on the group), each group used by two accounts or more
  // swept by time.
  const groupedSweep = (groups: number, groupOf: (x: number, i: number) => number, near: Near) => {
    const count = new Int32Array(groups + 1);
    for (let i = 0; i < n; i++)
      for (let x = offset[i]!; x < offset[i + 1]!; x++) {
        const g = groupOf(x, i);
        if (g >= 0) count[g + 1]!++;
      }
    for (let g = 1; g <= groups; g++) count[g]! += count[g - 1]!;
    const next = count.slice();
    const keys = new Float64Array(count[groups]!);
    const user = new Int32Array(groups).fill(-1);
    const shared = new Uint8Array(groups);
    for (let i = 0; i < n; i++)
      for (let x = offset[i]!; x < offset[i + 1]!; x++) {
        const g = groupOf(x, i);
        if (g < 0) continue;
        keys[next[g]!++] = keyOf(x, i);
        if (user[g] === -1) user[g] = i;
        else if (user[g] !== i) shared[g] = 1;
      }
    // A pair must start together minCoStartDays times: a group with fewer sessions than twice
    // that has none.
    for (let g = 0; g < groups; g++)
      if (shared[g] && count[g + 1]! - count[g]! >= 2 * CLUSTERING.minCoStartDays) {
        sweep(keys.subarray(count[g]!, count[g + 1]!), near);
        if (counted.length >= CLUSTERING.minCoStartDays)
          counted.moveFrequent(CLUSTERING.minCoStartDays, timed);
        else counted.length = 0;
      }
  };
  // By address.
  groupedSweep(
    t.nets,
    (x) => net[x]!,
    () => true,
  );
  // New accounts by registration, in buckets twice the neighbours' span on two grids half a
  // bucket apart: two neighbours share a bucket on one grid at least (a pair that shares one on
  // both is counted on the first only). Only neighbours' sessions are ever compared, so the work
  // follows the new accounts registered around the same days, not all new accounts.
  const N = CLUSTERING.neighbourMs;
  let r0 = Infinity;
  let r1 = -Infinity;
  for (let i = 0; i < n; i++)
    if (t.isNew[i]) {
      r0 = Math.min(r0, t.registeredAt[i]!);
      r1 = Math.max(r1, t.registeredAt[i]!);
    }
  const bucket = (i: number, half: number) =>
    t.isNew[i] ? Math.floor((t.registeredAt[i]! - r0 + half * N) / (2 * N)) : -1;
  const buckets = r1 >= r0 ? Math.floor((r1 - r0 + N) / (2 * N)) + 1 : 0;
  const neighbours = (i: number, j: number) => Math.abs(t.registeredAt[i]! - t.registeredAt[j]!) <= N;
  groupedSweep(buckets, (_, i) => bucket(i, 0), neighbours);
  groupedSweep(
    buckets,
    (_, i) => bucket(i, 1),
    (i, j) => neighbours(i, j) && bucket(i, 0) !== bucket(j, 0),
  );

  const a = always.distinct(1);
  const b = timed.distinct(1);
  const keys = new Float64Array(a.length + b.length);
  keys.set(a);
  keys.set(b, a.length);
  keys.sort();
  let m = 0;
  for (let x = 0; x < keys.length; x++) if (x === 0 || keys[x] !== keys[x - 1]) keys[m++] = keys[x]!;
  return keys.subarray(0, m);
}

/**
 * Clusters of linked accounts (see `linked`), of two members or more, each with a score, a
 * recommendation and evidence; ordered by score (highest first), then by id. A linked group keeps
 * as members only the accounts that start most of their sessions together with the others,
 * beyond chance, or hand off to them (CLUSTERING.memberInStep); the others are grouped again
 * among themselves. Then only the members with a tie of their own to another member stay (see
 * `ownTied`): a farm that uses an honest player's invite link does not take him in.
 *
 * Deterministic: the order of `accounts` and of their sessions does not matter. Sessions after
 * `now` are ignored. Scales with the number of sessions: accounts are compared only when they
 * share something (see `candidates`), never all pairs.
 */
export function findClusters(accounts: readonly AccountSignals[], now: number): Cluster[] {
  const t = tabulate(accounts, now);
  const n = t.n;
  const uf = new UnionFind(n);
  const links: number[] = [];
  for (const key of candidates(t)) {
    const i = Math.floor(key / n);
    const j = key - i * n;
    if (linked(pairFacts(t, i, j))) {
      uf.union(i, j);
      links.push(i, j);
    }
  }
  // Groups that act alike: within each group of closely tied accounts (see `tieGroups`), the
  // members in step with the group beyond chance (hand-offs included) are linked, even when no
  // two of them start together or hand off often enough to be linked as a pair (a script or a
  // phone that runs its accounts in a new order every time).
  for (const group of tieGroups(t)) {
    // In step beyond chance, on minCoStartDays sessions at least: two sessions prove nothing.
    const { share, together } = inStep(t, group, false);
    const alike = group.filter(
      (_, k) => share[k]! >= CLUSTERING.memberInStep && together[k]! >= CLUSTERING.minCoStartDays,
    );
    for (let k = 1; k < alike.length; k++) {
      uf.union(alike[0]!, alike[k]!);
      links.push(alike[0]!, alike[k]!);
    }
  }
  // Groups of two or more, by their root (the smallest index).
  const roots = new Int32Array(n);
  const sizes = new Int32Array(n);
  for (let i = 0; i < n; i++) sizes[(roots[i] = uf.find(i))]!++;
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) if (sizes[roots[i]!]! >= 2) push(groups, roots[i]!, i);
  const linksOf = new Map<number, number[]>();
  for (let x = 0; x < links.length; x += 2) {
    push(linksOf, links[x]!, links[x + 1]!);
    push(linksOf, links[x + 1]!, links[x]!);
  }
  const clusters: Cluster[] = [];
  for (const group of groups.values())
    for (const members of settle(group, t, linksOf)) {
      const kept = ownTied(t, members);
      if (kept.length >= 2) clusters.push(judge(t, kept));
    }
  // Wallets of one own funder on shared addresses, whatever their clocks: those in no cluster yet.
  const clustered = new Set(clusters.flatMap((c) => c.members));
  for (const group of fundedTogether(t)) {
    const core = sharingAddresses(t, group);
    if (core.length < CLUSTERING.ownFunderShare * group.length) continue;
    const rest = core.filter((m) => !clustered.has(t.ids[m]!));
    if (rest.length >= 2) clusters.push(judge(t, rest, true));
  }
  return clusters.sort((a, b) => b.score - a.score || a.members[0]! - b.members[0]!);
}

/**
 * The wallets each funder that is not an exchange's funded (all it funded, over everyone), when
 * they are minReviewSize or more, ascending.
 */
function fundedTogether(t: Table): number[][] {
  const by = new Map<string, number[]>();
  for (let i = 0; i < t.n; i++) {
    const f = t.accounts[i]!.wallet?.fundedBy;
    if (f != null && (t.fundedCount.get(f) ?? 0) <= t.popularFunder) push(by, f, i);
  }
  return [...by.values()].filter((g) => g.length >= CLUSTERING.minReviewSize);
}

/**
 * Of one funder's wallets, the accounts new with a wallet new when bound, in a referral tree
 * among them (invited by one of them or inviting one), on an address another of them used;
 * repeated until all left are. A farm's own funder funds such accounts only; an exchange's, or a
 * friend's wallet, funds players of every age and wallet on addresses of their own.
 */
function sharingAddresses(t: Table, members: readonly number[]): number[] {
  let left = members.filter((m) => t.isNew[m] === 1 && t.accounts[m]!.wallet?.newWhenBound === true);
  for (;;) {
    const ids = new Set(left.map((m) => t.ids[m]!));
    const inviters = new Set(left.map((m) => t.accounts[m]!.referrerId));
    const users = new Map<number, number>();
    const netsOf = left.map((m) => {
      const nets = new Set<number>();
      for (let s = t.offset[m]!; s < t.offset[m + 1]!; s++) if (t.net[s] !== -1) nets.add(t.net[s]!);
      for (const x of nets) users.set(x, (users.get(x) ?? 0) + 1);
      return nets;
    });
    const kept = left.filter((m, k) => {
      const r = t.accounts[m]!.referrerId;
      const inTree = (r !== null && ids.has(r)) || inviters.has(t.ids[m]!);
      return inTree && [...netsOf[k]!].some((x) => users.get(x)! >= 2);
    });
    if (kept.length === left.length) return kept;
    left = kept;
  }
}

/**
 * The members with a tie of their own to another member: an address they both used, a wallet's
 * funding (one address that is not an exchange's funded both, or one's wallet funded the other's),
 * new accounts registered days apart, or being invited by a member. Inviting members is no tie of
 * one's own: anyone can use an honest player's invite link and start accounts whenever he does.
 * Repeated until every member left has one (an invitee whose only tie was its inviter goes too).
 */
function ownTied(t: Table, members: readonly number[]): number[] {
  let left = [...members];
  for (;;) {
    const ids = new Set(left.map((m) => t.ids[m]!));
    const netUsers = new Map<number, number>();
    const funders = new Map<string, number>();
    const addresses = new Set<string>();
    const fundedBy = new Set<string>();
    for (const m of left) {
      const nets = new Set<number>();
      for (let s = t.offset[m]!; s < t.offset[m + 1]!; s++) if (t.net[s] !== -1) nets.add(t.net[s]!);
      for (const x of nets) netUsers.set(x, (netUsers.get(x) ?? 0) + 1);
      const w = t.accounts[m]!.wallet;
      if (w) addresses.add(w.address);
      if (w?.fundedBy != null) {
        fundedBy.add(w.fundedBy);
        if ((t.fundedCount.get(w.fundedBy) ?? 0) <= t.popularFunder)
          funders.set(w.fundedBy, (funders.get(w.fundedBy) ?? 0) + 1);
      }
    }
    const fresh = left
      .filter((m) => t.isNew[m] === 1)
      .sort((a, b) => t.registeredAt[a]! - t.registeredAt[b]!);
    const neighbour = new Set<number>();
    for (let k = 1; k < fresh.length; k++)
      if (t.registeredAt[fresh[k]!]! - t.registeredAt[fresh[k - 1]!]! <= CLUSTERING.neighbourMs) {
        neighbour.add(fresh[k]!);
        neighbour.add(fresh[k - 1]!);
      }
    const tied = (m: number) => {
      const a = t.accounts[m]!;
      if (a.referrerId !== null && ids.has(a.referrerId)) return true;
      if (neighbour.has(m)) return true;
      const w = a.wallet;
      if (
        w &&
        (fundedBy.has(w.address) ||
          (w.fundedBy != null && (addresses.has(w.fundedBy) || (funders.get(w.fundedBy) ?? 0) >= 2)))
      )
        return true;
      for (let s = t.offset[m]!; s < t.offset[m + 1]!; s++)
        if (t.net[s] !== -1 && netUsers.get(t.net[s]!)! >= 2) return true;
      return false;
    };
    const kept = left.filter(tied);
    if (kept.length === left.length) return kept;
    left = kept;
  }
}

/**
 * Accounts tied closely, whatever their clocks: one invited the other, one's wallet funded the
 * other's, or one address that funded few wallets (not an exchange's) funded both. Groups of two
 * or more, each ascending, in the order of their smallest member.
 */
function tieGroups(t: Table): number[][] {
  const { n, accounts } = t;
  const ties = new UnionFind(n);
  const byAddress = new Map<string, number>();
  const firstFunded = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const a = accounts[i]!;
    if (a.referrerId !== null) {
      const parent = indexOf(t, a.referrerId);
      if (parent >= 0) ties.union(i, parent);
    }
    if (a.wallet) byAddress.set(a.wallet.address, i);
  }
  for (let i = 0; i < n; i++) {
    const f = accounts[i]!.wallet?.fundedBy;
    if (f == null) continue;
    const other = byAddress.get(f);
    if (other !== undefined) ties.union(i, other);
    if ((t.fundedCount.get(f) ?? 0) > t.popularFunder) continue;
    const first = firstFunded.get(f);
    if (first === undefined) firstFunded.set(f, i);
    else ties.union(i, first);
  }
  const roots = new Int32Array(n);
  const sizes = new Int32Array(n);
  for (let i = 0; i < n; i++) sizes[(roots[i] = ties.find(i))]!++;
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) if (sizes[roots[i]!]! >= 2) push(groups, roots[i]!, i);
  return [...groups.values()];
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
function settle(group: number[], t: Table, linksOf: Map<number, number[]>): number[][] {
  const out: number[][] = [];
  const queue = [group];
  while (queue.length > 0) {
    const g = queue.pop()!;
    if (g.length < 2) continue;
    const shares = inStep(t, g, false).share;
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

/**
 * Per member of a group: its sessions that start within coStartMs of another member's, and its
 * share of such sessions beyond chance: that share less the mean share of the same sessions moved
 * by each of chanceShiftsMs (a crowd starts together by chance; a farm's script does not start
 * its accounts 47 minutes apart).
 */
function inStep(
  t: Table,
  members: readonly number[],
  every = true,
): { together: number[]; coStarted: number[]; handedOff: number[]; share: number[] } {
  const W = CLUSTERING.coStartMs;
  let total = 0;
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const m of members) {
    const [from, to] = [t.offset[m]!, t.offset[m + 1]!];
    total += to - from;
    if (to > from) {
      t0 = Math.min(t0, t.start[from]!);
      t1 = Math.max(t1, t.start[to - 1]!);
    }
  }
  // The members' sessions by time (then member), as keys (time − t0)·K + member when they fit in
  // a double's integers (a typed array's own sort), else sorted with a comparator.
  const sorted = new Float64Array(total);
  const owner = new Int32Array(total);
  const K = 2 ** Math.ceil(Math.log2(members.length + 1));
  if (total > 0 && (t1 - t0 + 1) * K < 2 ** 52) {
    let k = 0;
    members.forEach((m, x) => {
      for (let s = t.offset[m]!; s < t.offset[m + 1]!; s++) sorted[k++] = (t.start[s]! - t0) * K + x;
    });
    sorted.sort();
    for (let y = 0; y < total; y++) {
      const time = Math.floor(sorted[y]! / K);
      owner[y] = sorted[y]! - time * K;
      sorted[y] = time + t0;
    }
  } else {
    const all: [number, number][] = [];
    members.forEach((m, x) => {
      for (let s = t.offset[m]!; s < t.offset[m + 1]!; s++) all.push([t.start[s]!, x]);
    });
    all.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    all.forEach(([time, x], y) => {
      sorted[y] = time;
      owner[y] = x;
    });
  }
  /** Whether another member than `x` starts a session within W of `at`. */
  const someoneAt = (at: number, x: number) => {
    let lo = 0;
    let hi = total;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < at - W) lo = mid + 1;
      else hi = mid;
    }
    for (let y = lo; y < total && sorted[y]! <= at + W; y++) if (owner[y] !== x) return true;
    return false;
  };
  // Sessions handed off to or from another member's (same network and device), as `member:start`.
  const handed = new Set<string>();
  const byPlace = new Map<string, number[]>();
  members.forEach((m, x) => {
    for (let s = t.offset[m]!; s < t.offset[m + 1]!; s++)
      if (t.net[s] !== -1 && t.device[s] !== -1) {
        const key = `${t.net[s]},${t.device[s]}`;
        const list = byPlace.get(key);
        if (list) list.push(s, x);
        else byPlace.set(key, [s, x]);
      }
  });
  for (const list of byPlace.values()) {
    if (list.length < 4) continue;
    const order: number[] = [];
    for (let k = 0; k < list.length; k += 2) order.push(k);
    order.sort((p, q) => t.start[list[p]!]! - t.start[list[q]!]! || list[p + 1]! - list[q + 1]!);
    for (let a = 0; a < order.length; a++) {
      const s = list[order[a]!]!;
      const x = list[order[a]! + 1]!;
      // The first session of another member after this one ended (binary search over the starts).
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (t.start[list[order[mid]!]!]! < t.end[s]!) lo = mid + 1;
        else hi = mid;
      }
      for (let b = lo; b < order.length; b++) {
        const u = list[order[b]!]!;
        const y = list[order[b]! + 1]!;
        if (t.start[u]! > t.end[s]! + CLUSTERING.handOffMs) break;
        if (y !== x) {
          handed.add(`${x}:${t.start[s]}`);
          handed.add(`${y}:${t.start[u]}`);
          break;
        }
      }
    }
  }
  // Together: started within W of another member's, or handed off; `coStartedOnly` the former
  // and not handed off, which chance is measured for.
  const together = new Array<number>(members.length).fill(0);
  const coStartedOnly = new Array<number>(members.length).fill(0);
  const coStarted = new Array<number>(members.length).fill(0);
  const handedOffCount = new Array<number>(members.length).fill(0);
  for (let y = 0; y < total; y++) {
    const x = owner[y]!;
    let found = false;
    for (let z = y - 1; z >= 0 && sorted[y]! - sorted[z]! <= W && !found; z--) found = owner[z] !== x;
    for (let z = y + 1; z < total && sorted[z]! - sorted[y]! <= W && !found; z++) found = owner[z] !== x;
    const handedOff = handed.size > 0 && handed.has(`${x}:${sorted[y]}`);
    if (found && !handedOff) coStartedOnly[x]!++;
    if (found) coStarted[x]!++;
    if (handedOff) handedOffCount[x]!++;
    if (found || handedOff) together[x]!++;
  }
  const sessionsOf = (x: number) => t.offset[members[x]! + 1]! - t.offset[members[x]!]!;
  // Chance is measured for every member, or only for those whose share could reach memberInStep.
  const measured = members.map((_, x) => every || together[x]! >= CLUSTERING.memberInStep * sessionsOf(x));
  const chance = new Array<number>(members.length).fill(0);
  if (measured.some(Boolean))
    for (let y = 0; y < total; y++) {
      const x = owner[y]!;
      if (measured[x])
        for (const shift of CLUSTERING.chanceShiftsMs) if (someoneAt(sorted[y]! + shift, x)) chance[x]!++;
    }
  const shifts = CLUSTERING.chanceShiftsMs.length;
  const share = members.map((_, x) => {
    const sessions = sessionsOf(x);
    if (sessions === 0 || !measured[x]) return 0;
    // Chance brings starts together, not hand-offs on one network and device: those count whole.
    const handedOff = together[x]! - coStartedOnly[x]!;
    return Math.min(1, (Math.max(0, coStartedOnly[x]! - chance[x]! / shifts) + handedOff) / sessions);
  });
  return { together, coStarted, handedOff: handedOffCount, share };
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
  /** Sessions handed off to or from another member's (CLUSTERING.handOffMs): accounts run in turn. */
  handedOffSessions: number;
  /** The members' mean share of sessions started with another member's beyond chance (see `inStep`). */
  inStepBeyondChance: number;
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
  /**
   * Linked without being in step: one funder, not an exchange's, funded every member's wallet,
   * and at least ownFunderShare of all it funded are new accounts with new wallets in a referral
   * tree of theirs, each on an address another used (see `sharingAddresses`).
   */
  tiedWithoutStep: boolean;
}

const maxEntry = (m: Map<string, number>): [string | null, number] => {
  let key: string | null = null;
  let most = 0;
  // Ties go to the smaller key: deterministic.
  for (const [k, v] of m)
    if (v > most || (v === most && key !== null && k < key)) {
      key = k;
      most = v;
    }
  return [key, most];
};

function clusterFacts(t: Table, members: readonly number[], tiedWithoutStep = false): ClusterFacts {
  const accounts = members.map((m) => t.accounts[m]!);
  const ids = new Set(accounts.map((a) => a.id));
  const regs = members.map((m) => t.registeredAt[m]!);
  const step = inStep(t, members);
  let sessions = 0;
  for (const m of members) sessions += t.offset[m + 1]! - t.offset[m]!;

  const netUsers = new Map<number, Set<number>>();
  for (const m of members)
    for (let s = t.offset[m]!; s < t.offset[m + 1]!; s++)
      if (t.net[s] !== -1) {
        const users = netUsers.get(t.net[s]!);
        if (users) users.add(m);
        else netUsers.set(t.net[s]!, new Set([m]));
      }
  const sharing = new Set<number>();
  let sharedNets = 0;
  for (const users of netUsers.values())
    if (users.size >= 2) {
      sharedNets++;
      for (const u of users) sharing.add(u);
    }

  // Days: who played, and who started a session within coStartMs of another member's.
  const all: { s: number; m: number }[] = [];
  for (const m of members)
    for (let s = t.offset[m]!; s < t.offset[m + 1]!; s++) all.push({ s: t.start[s]!, m });
  all.sort((a, b) => a.s - b.s || a.m - b.m);
  const played = new Map<number, Set<number>>();
  const together = new Map<number, Set<number>>();
  const add = (map: Map<number, Set<number>>, d: number, m: number) => {
    const s = map.get(d);
    if (s) s.add(m);
    else map.set(d, new Set([m]));
  };
  for (let a = 0; a < all.length; a++) {
    const x = all[a]!;
    add(played, dayOf(x.s), x.m);
    for (let b = a + 1; b < all.length && all[b]!.s - x.s <= CLUSTERING.coStartMs; b++)
      if (all[b]!.m !== x.m) {
        add(together, dayOf(x.s), x.m);
        add(together, dayOf(all[b]!.s), all[b]!.m);
      }
  }
  let playedDays = 0;
  let inStepDays = 0;
  for (const [d, who] of played) {
    if (who.size < 2) continue;
    playedDays++;
    if ((together.get(d)?.size ?? 0) * 2 > who.size) inStepDays++;
  }

  const wallets = accounts.map((a) => a.wallet).filter((w): w is WalletSignal => w !== null);
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
    if (count >= 2 && count >= CLUSTERING.ownFunderShare * (t.fundedCount.get(f) ?? count))
      ownFunded += count;
  const [topFunder, sameFunder] = maxEntry(funders);
  const invitedByMember = accounts.filter((a) => a.referrerId !== null && ids.has(a.referrerId)).length;
  const scripted = (c: TapCadence | null) =>
    c !== null && c.batches > 0 && c.meanMs <= CLUSTERING.scriptedMeanMs && c.cv < CLUSTERING.scriptedCv;
  let beyondChance = 0;
  members.forEach((m, x) => (beyondChance += step.share[x]! * (t.offset[m + 1]! - t.offset[m]!)));
  return {
    size: members.length,
    registeredSpanDays: (Math.max(...regs) - Math.min(...regs)) / DAY,
    newAccounts: members.filter((m) => t.isNew[m] === 1).length,
    premium: accounts.filter((a) => a.premium).length,
    sessions,
    inStepSessions: step.coStarted.reduce((s, x) => s + x, 0),
    handedOffSessions: step.handedOff.reduce((s, x) => s + x, 0),
    inStepBeyondChance: sessions > 0 ? beyondChance / sessions : 0,
    playedDays,
    inStepDays,
    sharingNet: sharing.size,
    sharedNets,
    scriptedTaps: accounts.filter((a) => scripted(a.taps)).length,
    wallets: wallets.length,
    sameFunder,
    sameFunderOutside: topFunder === null ? 0 : (t.fundedCount.get(topFunder) ?? sameFunder) - sameFunder,
    ownFunded,
    fundedByMember,
    newWallets: wallets.filter((w) => w.newWhenBound === true).length,
    sameVersion: maxEntry(versions)[1],
    invitedByMember,
    roots: members.length - invitedByMember,
    tiedWithoutStep,
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
    out.push(
      `${f.inStepSessions} of ${f.sessions} sessions start within 2 minutes of another member's (${Math.round(f.inStepBeyondChance * 100)} % beyond chance${f.handedOffSessions > 0 ? ', hand-offs included' : ''})`,
    );
  if (f.handedOffSessions > 0)
    out.push(
      `${f.handedOffSessions} of ${f.sessions} sessions start within ${CLUSTERING.handOffMs / MIN} minutes after another member's ended, on the same network and device (accounts run in turn)`,
    );
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
  if (f.tiedWithoutStep)
    out.push(
      'linked without playing in step: new accounts in a referral tree of their own, each on an address another member used, every wallet new and funded by one address that funded (almost) only them',
    );
  out.push(f.premium === 0 ? 'none is Premium' : `${f.premium} ${f.premium === 1 ? 'is' : 'are'} Premium`);
  return out;
}

/**
 * 0..1 from the facts. The members must start their sessions together beyond chance (from
 * inStepLow to inStepHigh): without that nothing else counts. What corroborates it: new accounts,
 * none Premium, wallets funded by the cluster itself and alike, a referral tree of its own,
 * machine taps, shared addresses. Small clusters are discounted (a couple is not a farm).
 */
export function scoreOf(f: ClusterFacts): number {
  const n = f.size;
  const step = Math.min(
    1,
    Math.max(
      0,
      (f.inStepBeyondChance - CLUSTERING.inStepLow) / (CLUSTERING.inStepHigh - CLUSTERING.inStepLow),
    ),
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
  // An own funder of every member's wallet, with addresses shared, stands for being in step.
  const tied = f.tiedWithoutStep ? 1 : step;
  return Math.round(size * Math.max(step, tied) * (0.4 + 0.6 * corroboration) * 1000) / 1000;
}

/** `exclude` from excludeScore (and minExcludeSize members), `review` from reviewScore (minReviewSize), else `clear`. */
export function recommend(f: ClusterFacts, score: number): Recommendation {
  if (f.size >= CLUSTERING.minExcludeSize && score >= CLUSTERING.excludeScore) return 'exclude';
  if (f.size >= CLUSTERING.minReviewSize && score >= CLUSTERING.reviewScore) return 'review';
  return 'clear';
}

function judge(t: Table, members: readonly number[], tiedWithoutStep = false): Cluster {
  const f = clusterFacts(t, members, tiedWithoutStep);
  const score = scoreOf(f);
  return {
    id: `c${t.ids[members[0]!]}`,
    members: members.map((m) => t.ids[m]!),
    score,
    recommendation: recommend(f, score),
    evidence: evidenceOf(f),
  };
}
