/**
 * A simulated population for the fairness rules (clusters.ts, allocation-rule.ts): the signals the
 * server would record about honest players of every kind and about farms of several kinds, with
 * the ground truth of who is whose. Coins come from the economy simulator (simulator.ts): an
 * honest player earns what CASUAL or DILIGENT earn over the days they played, a farm's account
 * what SCRIPT earns (or DILIGENT for the slow, human-paced farm). Pure and seeded.
 *
 * The honest players are made to look like farms in every single respect a farm can be seen by:
 * households and cafés, universities and mobile carriers behind one address (a carrier's NAT
 * serves thousands), one popular phone model, brand-new Telegram accounts, friends who invite
 * friends, new wallets funded by the same exchange's hot wallet, a friend's wallet funding
 * another's, commuters opening the app on the same train, players answering the daily reminder.
 * What no honest group has is all of it at once, day after day, in step.
 */
import { ACCOUNT_AGE_ANCHORS, accountRegisteredAt } from './account-age.ts';
import { allocateAirdrop, type AirdropParams, type AirdropResult } from './airdrop.ts';
import { weighPlayers, type AllocationRule, type ScoreFacts } from './allocation-rule.ts';
import type {
  AccountSignals,
  Cluster,
  Recommendation,
  SessionSignal,
  TapCadence,
  WalletSignal,
} from './clusters.ts';
import { seededRng, type Rng } from './rng.ts';
import { CASUAL, DILIGENT, SCRIPT, simulate, type Strategy } from './simulator.ts';
import { TAP_INTERVAL_MS } from './tap.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The kinds of farm:
 * - `one-address`: every account behind one network address and one device;
 * - `proxies`: rented proxies and several phone models, an address and a device per account;
 * - `slow`: human-paced, a few sessions a day at times that move from day to day, asleep at
 *   night, a plausible tap cadence, some sessions skipped;
 * - `friends`: like `proxies`, and its referral tree takes in real friends who play;
 * - `sequential`: the accounts run in turn on a few phones (each its own address), never two at
 *   once: each session starts 2 to 10 minutes after the previous account's ended, in a new order
 *   every round, rounds from morning to night;
 * - `spread`: each account at hours of its own, new every day (nothing in step), on a few of the
 *   farm's addresses, its wallets funded by the farm's own address, its referral tree.
 */
export const FARM_KINDS = ['one-address', 'proxies', 'slow', 'friends', 'sequential', 'spread'] as const;
export type FarmKind = (typeof FARM_KINDS)[number];

export interface FarmSpec {
  kind: FarmKind;
  /** Accounts of the farm (default 100). */
  size?: number;
}

export interface PopulationOptions {
  seed: number;
  /** Days simulated (the airdrop's snapshot at the end). */
  days: number;
  /** Honest players. */
  honest: number;
  farms: readonly FarmSpec[];
  /** First day's midnight UTC (default 2026-06-15). */
  start?: number;
}

/** Who is behind an account: nobody's farm (honest, with the kind of player), or farm `farm`. */
export type Truth = { farm: null; honest: HonestKind } | { farm: number; kind: FarmKind };

export type HonestKind =
  'casual' | 'diligent' | 'night' | 'commuter' | 'reminder' | 'classmate' | 'friend-of-farm';

export interface Population {
  accounts: AccountSignals[];
  /** Per account, as the allocation rule reads it (review false: clusters decide it). */
  facts: ScoreFacts[];
  truth: Map<number, Truth>;
  /** Snapshot instant: the end of the last day. */
  now: number;
  start: number;
}

/** Phone models by popularity: a device hash is the model and screen, so one model is many people. */
const DEVICES: readonly [string, number][] = [
  ['iphone13', 18],
  ['iphone14', 10],
  ['iphone15', 8],
  ['iphone12', 7],
  ['galaxy-a54', 7],
  ['redmi-note12', 7],
  ['redmi-note13', 6],
  ['galaxy-a34', 5],
  ['pixel7', 3],
  ['poco-x5', 4],
  ['galaxy-s23', 4],
  ['tecno-spark10', 4],
  ['infinix-hot30', 4],
  ['realme-c55', 4],
  ['desktop-win', 5],
  ['desktop-mac', 4],
];
const DEVICE_TOTAL = DEVICES.reduce((s, [, w]) => s + w, 0);

const EXCHANGES: readonly [string, number][] = [
  [hexAddress(0xe1), 50],
  [hexAddress(0xe2), 30],
  [hexAddress(0xe3), 20],
];

function hexAddress(n: number, salt = 0): string {
  // A deterministic 256-bit-looking hex from two numbers (not a real hash: unlinkable is enough).
  const parts = ['0:'];
  let x = (n * 2_654_435_761 + salt * 97 + 0x9e3779b9) >>> 0;
  for (let k = 0; k < 8; k++) {
    x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) >>> 0;
    x = (x ^ (x + Math.imul(x ^ (x >>> 7), 0x297a2d39))) >>> 0;
    x = (x ^ (x >>> 14) ^ (n + k)) >>> 0;
    parts.push(x.toString(16).padStart(8, '0'));
  }
  // Joined, not concatenated: one flat string, as a database would give it.
  return parts.join('');
}

/** The Telegram id registered around `at` (inverse of accountRegisteredAt, by the anchors). */
export function idRegisteredAround(at: number): number {
  const a = ACCOUNT_AGE_ANCHORS;
  const first = a[0]!;
  if (at <= first[1]) return first[0];
  for (let i = 1; i < a.length; i++) {
    const [id1, t1] = a[i]!;
    const [id0, t0] = a[i - 1]!;
    if (at <= t1) return Math.round(id0 + ((at - t0) / (t1 - t0 || 1)) * (id1 - id0));
  }
  const [id0, t0] = a[a.length - 2]!;
  const [id1, t1] = a[a.length - 1]!;
  return Math.round(id1 + ((at - t1) / (t1 - t0)) * (id1 - id0));
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const pickWeighted = (rng: Rng, table: readonly [string, number][], total: number) => {
  let r = rng() * total;
  for (const [x, w] of table) if ((r -= w) < 0) return x;
  return table[table.length - 1]![0];
};
/** A standard normal (Box–Muller). */
const normal = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());

/** Cumulative coins earned by the end of each day of a strategy's run, a few runs each. */
class Economy {
  private readonly runs = new Map<string, number[][]>();
  constructor(private readonly days: number) {}
  coins(strategy: Strategy, daysIn: number, played: number, rng: Rng): number {
    let runs = this.runs.get(strategy.name);
    if (!runs) {
      runs = [1, 2, 3].map((seed) => {
        let sum = 0;
        return simulate(strategy, this.days, seed).days.map((d) => (sum += d.earned));
      });
      this.runs.set(strategy.name, runs);
    }
    if (daysIn <= 0 || played <= 0) return 0;
    const run = pick(rng, runs);
    // A player who skipped days lost the days' taps and claims and part of the income: the run's
    // earnings over the days in the game, times the share of them played.
    const earned = run[Math.min(run.length, daysIn) - 1]! * (played / daysIn);
    return Math.round(earned * (0.85 + 0.3 * rng()));
  }
}

interface Draft {
  id: number;
  joinDay: number;
  premium: boolean;
  referrerId: number | null;
  sessions: SessionSignal[];
  taps: TapCadence | null;
  mole: { games: number; medianScore: number } | null;
  wallet: WalletSignal | null;
  strategy: Strategy;
  tasksPerDay: number;
  operatorCoins: number;
  truth: Truth;
}

/**
 * Simulates `honest` honest players and the farms over `days` days. Honest players get ids in
 * [1e6, 8.6e9) by their registration date; farm accounts neighbouring ids, new.
 */
export function simulatePopulation(o: PopulationOptions): Population {
  const rng = seededRng(o.seed);
  const start = o.start ?? Date.UTC(2026, 5, 15);
  const now = start + o.days * DAY;
  const economy = new Economy(o.days);
  const drafts: Draft[] = [];
  const used = new Set<number>();
  const uniqueId = (id: number) => {
    let x = Math.max(1_000_001, Math.round(id));
    while (used.has(x)) x++;
    used.add(x);
    return x;
  };

  // --- Shared places: households, cafés and campuses, carriers --------------------------------
  const carriers = Array.from({ length: Math.max(3, Math.ceil(o.honest / 4000)) }, (_, c) =>
    Array.from({ length: 4 }, (_, k) => `carrier${c}-${k}`),
  );
  const campuses = Array.from({ length: Math.max(1, Math.ceil(o.honest / 800)) }, (_, c) => `campus${c}`);
  const cafes = Array.from({ length: Math.max(2, Math.ceil(o.honest / 300)) }, (_, c) => `cafe${c}`);
  let homes = 0;
  let homeLeft = 0;
  let homeDevice = '';

  const honestIds: number[] = [];
  const walletsOfHonest: string[] = [];
  const reminderHourUtc = 16;

  /** A class of school friends: new accounts made the same week, breaks at the same minutes. */
  interface Class {
    registeredAt: number;
    campus: string;
    tz: number;
    breaks: number[];
  }
  const makeHonest = (
    truthKind: HonestKind | null,
    referrerId: number | null,
    joinDay: number,
    school: Class | null = null,
  ): Draft => {
    // Age: brand-new accounts are common among tap-to-earn players.
    const r = rng();
    const joinedAt = start + joinDay * DAY + Math.floor(rng() * DAY);
    const registeredAt = school
      ? school.registeredAt + rng() * 5 * DAY
      : r < 0.15
        ? joinedAt - rng() * 60 * DAY
        : r < 0.35
          ? joinedAt - (60 + rng() * 700) * DAY
          : accountRegisteredAt(1_000_000) + rng() * (joinedAt - 760 * DAY - accountRegisteredAt(1_000_000));
    const id = uniqueId(idRegisteredAround(registeredAt) + Math.floor(rng() * 50_000));
    const isNew = joinedAt - registeredAt < 60 * DAY;
    const kindRoll = rng();
    const kind: HonestKind =
      truthKind ??
      (kindRoll < 0.5
        ? 'casual'
        : kindRoll < 0.72
          ? 'diligent'
          : kindRoll < 0.82
            ? 'night'
            : kindRoll < 0.9
              ? 'commuter'
              : 'reminder');
    const diligent = kind === 'diligent' || (kind !== 'casual' && rng() < 0.3);
    const strategy = diligent ? DILIGENT : CASUAL;

    // Home: a household of 1 to 5 sharing the address and often a device model.
    if (homeLeft <= 0) {
      homes++;
      homeLeft = rng() < 0.6 ? 1 : 2 + Math.floor(rng() * 4);
      homeDevice = pickWeighted(rng, DEVICES, DEVICE_TOTAL);
    }
    homeLeft--;
    const home = `home${homes}`;
    const device = rng() < 0.4 ? homeDevice : pickWeighted(rng, DEVICES, DEVICE_TOTAL);
    const carrier = pick(rng, carriers);
    const campus = school ? school.campus : rng() < 0.25 ? pick(rng, campuses) : null;
    const cafe = rng() < 0.2 ? pick(rng, cafes) : null;
    const tz = school ? school.tz : Math.round(normal(rng) * 3) + (rng() < 0.3 ? 5 : 0); // hours from UTC
    const wakes = kind === 'night' ? 14 + rng() * 4 : 6 + rng() * 3;
    const habits = Array.from(
      { length: kind === 'casual' ? 1 + Math.floor(rng() * 2) : 2 + Math.floor(rng() * 3) },
      () => wakes + rng() * 15,
    );
    const playProb = kind === 'casual' ? 0.35 + rng() * 0.5 : 0.7 + rng() * 0.3;
    const train = wakes + 1 + rng();

    const sessions: SessionSignal[] = [];
    const joined = joinedAt;
    for (let d = joinDay; d < o.days; d++) {
      if (rng() > playProb) continue;
      const dayStart = start + d * DAY - tz * HOUR;
      const times: number[] = [];
      for (const h of habits) if (rng() < 0.8) times.push(dayStart + h * HOUR + normal(rng) * 40 * MIN);
      if (kind === 'commuter' && rng() < 0.85) times.push(dayStart + train * HOUR + normal(rng) * 3 * MIN);
      // Classmates open the game at the breaks on school days, within a minute or two of the bell.
      if (school && (d + 1) % 7 < 5)
        for (const b of school.breaks) if (rng() < 0.8) times.push(dayStart + b * HOUR + rng() * 3 * MIN);
      if (kind === 'reminder' && rng() < 0.75)
        times.push(start + d * DAY + reminderHourUtc * HOUR + Math.exp(Math.log(25) + normal(rng)) * MIN);
      if (rng() < 0.3) times.push(dayStart + (wakes + rng() * 16) * HOUR);
      for (const t0 of times) {
        const t = Math.floor(t0);
        if (t < joined || t >= now) continue;
        const localHour = ((((t - dayStart) / HOUR) % 24) + 24) % 24;
        const net =
          campus && localHour >= 9 && localHour < 17 && rng() < 0.6
            ? campus
            : cafe && rng() < 0.15
              ? cafe
              : rng() < 0.55
                ? home
                : pick(rng, carrier);
        const dev = rng() < 0.95 ? device : pickWeighted(rng, DEVICES, DEVICE_TOTAL);
        sessions.push({ start: t, end: t + Math.floor((2 + rng() * 15) * MIN), net, device: dev });
      }
    }
    sessions.sort((a, b) => a.start - b.start);

    // A wallet: many new, many funded by an exchange's hot wallet, some by a friend's wallet.
    let wallet: WalletSignal | null = null;
    if (rng() < 0.6 && sessions.length > 0) {
      const newWallet = rng() < (isNew ? 0.7 : 0.4);
      const address = hexAddress(id, 1);
      const f = rng();
      const fundedBy =
        f < 0.5
          ? pickWeighted(rng, EXCHANGES, 100)
          : f < 0.65 && walletsOfHonest.length > 0
            ? pick(rng, walletsOfHonest)
            : f < 0.9
              ? hexAddress(Math.floor(rng() * 1e9), 7)
              : null;
      wallet = {
        address,
        boundAt: sessions[Math.floor(rng() * sessions.length)]!.start,
        version: newWallet ? (rng() < 0.8 ? 'v5r1' : 'v4r2') : pick(rng, ['v3r2', 'v4r2', 'v4r2', 'v5r1']),
        newWhenBound: newWallet,
        fundedBy,
      };
      walletsOfHonest.push(address);
    }
    const d: Draft = {
      id,
      joinDay,
      premium: rng() < (isNew ? 0.02 : 0.12),
      referrerId,
      sessions,
      taps:
        sessions.length > 0
          ? { batches: sessions.length * 3, meanMs: 140 + rng() * 250, cv: 0.25 + rng() * 0.6 }
          : null,
      mole:
        rng() < 0.5 ? { games: 1 + Math.floor(rng() * 30), medianScore: 40 + Math.floor(rng() * 100) } : null,
      wallet,
      strategy,
      tasksPerDay: strategy.tasks ? 1 + rng() : rng() * 0.3,
      operatorCoins: rng() < 0.01 ? 1000 + Math.floor(rng() * 50_000) : 0,
      truth: { farm: null, honest: kind },
    };
    honestIds.push(id);
    return d;
  };

  // Honest players: the first third found the game themselves; the others were invited by one
  // who joined earlier (friends who invite friends), on a later day.
  for (let k = 0; k < o.honest; k++) {
    const invited = k > o.honest / 3 && rng() < 0.45;
    const referrer = invited ? drafts[Math.floor(rng() * drafts.length)]! : null;
    const joinDay = referrer
      ? Math.min(o.days - 1, referrer.joinDay + Math.floor(rng() * 4))
      : Math.floor(rng() * o.days * 0.6);
    drafts.push(makeHonest(null, referrer?.id ?? null, joinDay));
  }

  // Classes: a few per thousand players, five to fifteen new accounts inviting each other.
  for (let c = 0; c < Math.floor(o.honest / 600); c++) {
    const school: Class = {
      registeredAt: start - (5 + rng() * 40) * DAY,
      campus: pick(rng, campuses),
      tz: Math.round(normal(rng) * 3),
      breaks: [10 + rng() * 0.5, 12 + rng(), 14 + rng() * 0.5].slice(0, 2 + Math.floor(rng() * 2)),
    };
    const classDrafts: Draft[] = [];
    const size = 5 + Math.floor(rng() * 11);
    for (let k = 0; k < size; k++) {
      const referrer = k === 0 ? null : pick(rng, classDrafts);
      const joinDay = referrer
        ? Math.min(o.days - 1, referrer.joinDay + Math.floor(rng() * 3))
        : Math.floor(rng() * 5);
      const d = makeHonest('classmate', referrer?.id ?? null, joinDay, school);
      classDrafts.push(d);
      drafts.push(d);
    }
  }

  // --- Farms ---------------------------------------------------------------------------------
  o.farms.forEach((spec, farm) => {
    const size = spec.size ?? 100;
    const kind = spec.kind;
    const frng = seededRng(o.seed * 1000 + farm * 10 + FARM_KINDS.indexOf(kind) + 1);
    const registered = start - (3 + frng() * 17) * DAY;
    let id = idRegisteredAround(registered);
    const ids: number[] = [];
    for (let k = 0; k < size; k++) {
      id += 1 + Math.floor(frng() * 40_000);
      ids.push(uniqueId(id));
    }
    const roots = 2 + Math.floor(frng() * 3);
    const slow = kind === 'slow';
    // Sessions a day at hours of the farm's clock (awake 7 to 23), the accounts' starts spread
    // over a few minutes (one after the other, or in parallel), further for the slow farm.
    const slotCount = slow ? 2 + Math.floor(frng() * 3) : 3 + Math.floor(frng() * 3);
    const slots = Array.from({ length: slotCount }, (_, s) => 7 + ((s + frng() * 0.8) * 15) / slotCount);
    const spreadMs =
      kind === 'one-address'
        ? (0.5 + frng() * 1.5) * MIN
        : slow
          ? (8 + frng() * 12) * MIN
          : (1 + frng() * 4) * MIN;
    const farmNet = `farm${farm}-net`;
    const farmDevice = pickWeighted(frng, DEVICES, DEVICE_TOTAL);
    // Funding: one farm address; a few; a chain of wallets (the slow one); or an exchange's hot
    // wallet, as a farm that withdraws to each wallet from its exchange account (the friends farm).
    const funders =
      kind === 'proxies'
        ? Array.from({ length: 2 + Math.floor(frng() * 3) }, (_, k) => hexAddress(farm, 901 + k))
        : kind === 'friends'
          ? [pickWeighted(frng, EXCHANGES, 100)]
          : [hexAddress(farm, 900)];
    // Per day, the slow farm's script moves its sessions by up to ±45 minutes.
    const dayShift = Array.from({ length: o.days }, () =>
      slots.map(() => (slow ? (frng() * 2 - 1) * 45 * MIN : (frng() * 2 - 1) * 2 * MIN)),
    );
    const premiums = Math.floor(frng() * 3);
    // The sequential farm: its accounts shared among a few phones, each running its own in turn.
    const inTurn = new Map<number, SessionSignal[]>();
    if (kind === 'sequential') {
      const phones = 2 + Math.floor(frng() * 3);
      for (let p = 0; p < phones; p++) {
        const mine = ids.map((_, k) => k).filter((k) => k % phones === p);
        const phone = { net: `farm${farm}-phone${p}`, device: pickWeighted(frng, DEVICES, DEVICE_TOTAL) };
        for (let d = 0; d < o.days; d++) {
          let t = start + d * DAY + (7 + frng() * 0.5) * HOUR;
          while (t < start + d * DAY + 22.5 * HOUR) {
            const order = [...mine];
            for (let a = order.length - 1; a > 0; a--) {
              const b = Math.floor(frng() * (a + 1));
              [order[a], order[b]] = [order[b]!, order[a]!];
            }
            for (const k of order) {
              if (t >= start + d * DAY + 23 * HOUR) break;
              const at = Math.floor(t);
              const end = at + Math.floor((2 + frng() * 3) * MIN);
              const list = inTurn.get(k) ?? [];
              list.push({ start: at, end, ...phone });
              inTurn.set(k, list);
              t = end + (2 + frng() * 8) * MIN;
            }
          }
        }
      }
    }
    const farmDrafts: Draft[] = [];
    ids.forEach((fid, k) => {
      const referrer = k < roots ? null : farmDrafts[Math.floor(frng() * farmDrafts.length)]!;
      const joinDay = k < roots ? 0 : Math.min(2, referrer!.joinDay + Math.floor(frng() * 2));
      const joinedAt = start + joinDay * DAY + Math.floor(frng() * 6 * HOUR);
      const offset = frng() * spreadMs;
      const proxy = `proxy${farm}-${k}-${Math.floor(frng() * 1e6)}`;
      const device = kind === 'one-address' ? farmDevice : pickWeighted(frng, DEVICES, DEVICE_TOTAL);
      const sessions: SessionSignal[] = (inTurn.get(k) ?? []).filter(
        (x) => x.start >= joinedAt && x.start < now,
      );
      if (kind === 'spread')
        for (let d = joinDay; d < o.days; d++) {
          const times = Array.from({ length: 1 + Math.floor(frng() * 3) }, () =>
            Math.floor(start + d * DAY + (7 + frng() * 15.5) * HOUR),
          ).sort((x, y) => x - y);
          for (const t of times) {
            if (t < joinedAt || t >= now) continue;
            sessions.push({
              start: t,
              end: t + Math.floor((3 + frng() * 3) * MIN),
              net: `farm${farm}-net${Math.floor(frng() * 3)}`,
              device,
            });
          }
        }
      if (kind !== 'sequential' && kind !== 'spread')
        for (let d = joinDay; d < o.days; d++)
          slots.forEach((h, s) => {
            if (slow && frng() < 0.15) return;
            // The slow farm runs its accounts in a new order every time: no two stay side by side.
            const at = slow ? frng() * spreadMs : offset + frng() * 20_000;
            const t = Math.floor(start + d * DAY + h * HOUR + dayShift[d]![s]! + at);
            if (t < joinedAt || t >= now) return;
            sessions.push({
              start: t,
              end: t + Math.floor((slow ? 4 : 2) * MIN + frng() * MIN),
              net: kind === 'one-address' ? farmNet : proxy,
              device,
            });
          });
      // Wallets from one seed: new, one version, funded by the farm (through a chain for the slow one).
      const previous = farmDrafts[farmDrafts.length - 1]?.wallet?.address;
      const wallet: WalletSignal = {
        address: hexAddress(fid, 3),
        boundAt: start + (3 + frng()) * DAY,
        version: 'v4r2',
        newWhenBound: true,
        fundedBy: slow && previous && k % 10 !== 0 ? previous : pick(frng, funders),
      };
      const draft: Draft = {
        id: fid,
        joinDay,
        premium: k >= size - premiums,
        referrerId: referrer?.id ?? null,
        sessions,
        taps: slow
          ? { batches: sessions.length * 3, meanMs: 160 + frng() * 60, cv: 0.3 + frng() * 0.15 }
          : { batches: sessions.length * 5, meanMs: TAP_INTERVAL_MS + frng() * 4, cv: 0.03 + frng() * 0.04 },
        mole: { games: sessions.length, medianScore: 150 + Math.floor(frng() * 30) },
        wallet,
        strategy: slow ? DILIGENT : SCRIPT,
        tasksPerDay: 1.5,
        operatorCoins: 0,
        truth: { farm, kind },
      };
      farmDrafts.push(draft);
      drafts.push(draft);
    });
    // Real friends in the tree: a farm account invites them, and some invite their own friends.
    if (kind === 'friends') {
      const friends = Math.max(5, Math.round(size * 0.15));
      for (let k = 0; k < friends; k++) {
        const inviter = pick(frng, farmDrafts);
        const friend = makeHonest(
          'friend-of-farm',
          inviter.id,
          Math.min(o.days - 1, 1 + Math.floor(frng() * 5)),
        );
        drafts.push(friend);
        if (frng() < 0.4)
          drafts.push(makeHonest('friend-of-farm', friend.id, Math.min(o.days - 1, friend.joinDay + 1)));
      }
    }
  });

  // --- Facts: days, coins, friends who stayed ------------------------------------------------
  const accounts: AccountSignals[] = [];
  const activeDaysOf = new Map<number, number>();
  for (const d of drafts) {
    const days = new Set(d.sessions.map((s) => Math.floor((s.start - start) / DAY)));
    activeDaysOf.set(d.id, days.size);
  }
  const stayed = new Map<number, number>();
  for (const d of drafts)
    if (d.referrerId !== null && (activeDaysOf.get(d.id) ?? 0) >= 3)
      stayed.set(d.referrerId, (stayed.get(d.referrerId) ?? 0) + 1);
  const facts: ScoreFacts[] = [];
  const truth = new Map<number, Truth>();
  for (const d of drafts) {
    const activeDays = activeDaysOf.get(d.id)!;
    const joinedAt = d.sessions[0]?.start ?? start + d.joinDay * DAY;
    const daysIn = o.days - d.joinDay;
    const earned = economy.coins(d.strategy, daysIn, activeDays, rng);
    const coins = earned + (earned > 0 ? d.operatorCoins : 0);
    accounts.push({
      id: d.id,
      joinedAt,
      premium: d.premium,
      referrerId: d.referrerId,
      sessions: d.sessions,
      taps: d.taps,
      mole: d.mole,
      wallet: d.wallet,
      activeDays,
      coins,
    });
    facts.push({
      playerId: d.id,
      coins,
      operatorCoins: earned > 0 ? d.operatorCoins : 0,
      activeDays,
      tasks: Math.round(activeDays * d.tasksPerDay),
      friendsStayed: stayed.get(d.id) ?? 0,
      premium: d.premium,
      registeredAt: accountRegisteredAt(d.id),
      review: false,
    });
    truth.set(d.id, d.truth);
  }
  return { accounts, facts, truth, now, start };
}

// --- What a farm takes ---------------------------------------------------------------------------

/** The airdrop of the figures: a billion jettons of 9 decimals, no cap, no minimum beyond one unit. */
export const FAIRNESS_AIRDROP: AirdropParams = { supply: 1_000_000_000n * 10n ** 9n, decimals: 9 };

export interface FarmShares {
  /** The farm's share of all lifetime coins (0..1). */
  coins: number;
  /** Its share of the jettons shared in proportion to coins, nobody excluded (the rule before). */
  jettonsByCoins: number;
  /**
   * Its share under `rule`, clusters recommended `exclude` excluded and those recommended
   * `review` discounted by the rule's reviewDiscount.
   */
  jettonsByRule: number;
}

/**
 * Each farm's shares (by farm index) of the coins and of the jettons, before and after: the
 * figures bench/fairness prints and the tests bound.
 */
export function farmShares(
  pop: Population,
  clusters: readonly Cluster[],
  rule: AllocationRule,
  params: AirdropParams = FAIRNESS_AIRDROP,
): FarmShares[] {
  const recommendation = new Map<number, Recommendation>();
  for (const c of clusters) for (const m of c.members) recommendation.set(m, c.recommendation);
  const weights = weighPlayers(
    pop.facts.map((f) => ({ ...f, review: recommendation.get(f.playerId) === 'review' })),
    rule,
    pop.now,
  );
  const wallets = new Map(pop.accounts.map((a) => [a.id, a.wallet?.address ?? null]));
  const rows = pop.facts.map((f) => ({
    playerId: f.playerId,
    wallet: wallets.get(f.playerId)!,
    coins: f.coins,
  }));
  const before = allocateAirdrop(rows, params);
  const after = allocateAirdrop(
    rows.map((r) => ({
      ...r,
      weight: weights.get(r.playerId)!,
      excluded: recommendation.get(r.playerId) === 'exclude' ? 'cluster recommended for exclusion' : null,
    })),
    params,
  );
  const farms = Math.max(-1, ...[...pop.truth.values()].map((t) => t.farm ?? -1)) + 1;
  const farmOf = (id: number) => pop.truth.get(id)?.farm ?? null;
  const shareOf = (r: AirdropResult, farm: number) => {
    let mine = 0n;
    for (const a of r.allocations) if (a.playerIds.some((id) => farmOf(id) === farm)) mine += a.amount;
    return r.total > 0n ? Number((mine * 1_000_000n) / r.total) / 1_000_000 : 0;
  };
  const totalCoins = pop.facts.reduce((s, f) => s + f.coins, 0);
  return Array.from({ length: farms }, (_, farm) => ({
    coins: pop.facts.filter((f) => farmOf(f.playerId) === farm).reduce((s, f) => s + f.coins, 0) / totalCoins,
    jettonsByCoins: shareOf(before, farm),
    jettonsByRule: shareOf(after, farm),
  }));
}
