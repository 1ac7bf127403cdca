import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import { accountRegisteredAt } from '../src/account-age.ts';
import {
  CLUSTERING,
  findClusters,
  linked,
  type AccountSignals,
  type PairFacts,
  type SessionSignal,
} from '../src/clusters.ts';
import { simulatePopulation } from '../src/population.ts';
import { seededRng, type Rng } from '../src/rng.ts';

const DAY = 86_400_000;
const MIN = 60_000;
const START = Date.UTC(2026, 5, 1);
const NOW = START + 21 * DAY;

const wallet = (n: number) => `0:${n.toString(16).padStart(64, '0')}`;

/** A small farm: new neighbouring ids, a referral chain, one funder, four sessions a day in step. */
function smallFarm(size: number, firstId: number): AccountSignals[] {
  const rng = seededRng(firstId);
  return Array.from({ length: size }, (_, k) => {
    const sessions: SessionSignal[] = [];
    for (let d = 0; d < 21; d++)
      for (const h of [8, 12, 16, 20]) {
        const start = START + d * DAY + h * 3_600_000 + Math.floor(rng() * 60_000);
        sessions.push({ start, end: start + 5 * MIN, net: `n${firstId + k}`, device: `d${k % 3}` });
      }
    return {
      id: firstId + k * 17,
      joinedAt: START,
      premium: false,
      referrerId: k === 0 ? null : firstId + (k - 1) * 17,
      sessions,
      taps: { batches: 400, meanMs: 51, cv: 0.05 },
      mole: { games: 40, medianScore: 180 },
      wallet: {
        address: wallet(firstId + k),
        boundAt: START + DAY,
        version: 'v4r2',
        newWhenBound: true,
        fundedBy: wallet(1),
      },
      activeDays: 21,
      coins: 5_000_000,
    };
  });
}

/** A household: old accounts behind one address, playing together in the evening. */
function household(ids: number[]): AccountSignals[] {
  const [head] = ids;
  assert(head !== undefined, 'a household of no one');
  const rng = seededRng(head);
  return ids.map((id, k) => {
    const sessions: SessionSignal[] = [];
    for (let d = 0; d < 21; d++) {
      if (rng() < 0.3) continue;
      const start = START + d * DAY + 21 * 3_600_000 + Math.floor(rng() * 90_000);
      sessions.push({ start, end: start + 10 * MIN, net: 'home', device: 'iphone13' });
    }
    return {
      id,
      joinedAt: START,
      premium: k === 0,
      referrerId: k === 0 ? null : head,
      sessions,
      taps: null,
      mole: null,
      wallet: null,
      activeDays: sessions.length,
      coins: 100_000,
    };
  });
}

/**
 * A farm's accounts, joined at the start, in a referral tree drawn by `rng` (each refers to an
 * earlier one), each wallet new when bound and funded by `wallet(funder)`; no sessions yet.
 */
function treeFarm(
  ids: number[],
  rng: Rng,
  farm: { taps: AccountSignals['taps']; boundAt: number; funder: number; coins: number },
): AccountSignals[] {
  const earlier = (k: number) => {
    const id = ids[Math.floor(rng() * k)];
    assert(id !== undefined, `no account before ${k}`);
    return id;
  };
  return ids.map((id, k) => ({
    id,
    joinedAt: START,
    premium: false,
    referrerId: k === 0 ? null : earlier(k),
    sessions: [],
    taps: farm.taps,
    mole: null,
    wallet: {
      address: wallet(id),
      boundAt: farm.boundAt,
      version: 'v4r2',
      newWhenBound: true,
      fundedBy: wallet(farm.funder),
    },
    activeDays: 21,
    coins: farm.coins,
  }));
}

/** The clusters of `farm` (given each account's `sessions`, in order) beside a household of two. */
function clustersBesideHousehold(farm: AccountSignals[], sessions: SessionSignal[][]) {
  farm.forEach((a, k) => {
    const own = sessions[k];
    assert(own, `no sessions for account ${a.id}`);
    a.sessions = own.sort((x, y) => x.start - y.start);
  });
  return findClusters([...farm, ...household([123_456_789, 223_456_789])], NOW);
}

describe('clusters', () => {
  it('finds a small farm, recommends excluding it, and says why', () => {
    const farm = smallFarm(20, 8_400_000_000);
    const home = household([123_456_789, 223_456_789, 323_456_789]);
    const clusters = findClusters([...home, ...farm], NOW);
    const [first, parent] = [farm[0], home[0]];
    assert(first && parent);
    const farmCluster = clusters.find((c) => c.members.includes(first.id));
    assert(farmCluster, 'no cluster holds the farm');
    expect(farmCluster.members).toEqual(farm.map((a) => a.id));
    expect(farmCluster.id).toBe(`c${first.id}`);
    expect(farmCluster.recommendation).toBe('exclude');
    expect(farmCluster.evidence).toContain('20 accounts, created within 1 day');
    expect(farmCluster.evidence).toContain('sessions start within 2 minutes of each other on 21 of 21 days');
    expect(farmCluster.evidence).toContain(
      '20 wallets funded by the same address, which funded no other player',
    );
    expect(farmCluster.evidence).toContain(
      "1680 of 1680 sessions start within 2 minutes of another member's (100 % beyond chance)",
    );
    expect(farmCluster.evidence).toContain('none is Premium');
    for (const c of clusters) if (c.members.includes(parent.id)) expect(c.recommendation).toBe('clear');
  });
});

describe('a farm that never runs two accounts side by side twice', () => {
  it('is found as a group in step beyond chance, through its referral tree', () => {
    const rng = seededRng(77);
    const ids = Array.from({ length: 30 }, (_, k) => 8_450_000_000 + k * 311);
    const farm = treeFarm(ids, rng, {
      taps: { batches: 100, meanMs: 180, cv: 0.4 },
      boundAt: START,
      funder: 7,
      coins: 1,
    });
    // Two runs a day at hours that move by up to an hour; each run in a new order over 20 minutes.
    const sessions = farm.map(() => [] as SessionSignal[]);
    for (let d = 0; d < 21; d++)
      for (const h of [9, 18]) {
        const at = START + d * DAY + h * 3_600_000 + (rng() - 0.5) * 3_600_000;
        sessions.forEach((own, k) => {
          const start = Math.floor(at + rng() * 20 * MIN);
          own.push({ start, end: start + 4 * MIN, net: `p${k}-${d}`, device: `m${k % 4}` });
        });
      }
    const clusters = clustersBesideHousehold(farm, sessions);
    expect(clusters.filter((c) => c.recommendation === 'exclude').map((c) => c.members)).toEqual([ids]);
  });
});

describe('links', () => {
  const base: PairFacts = {
    coStartDays: 0,
    commonDays: 20,
    coStartSessionShare: 0,
    coStartSameNetDays: 0,
    handOffDays: 0,
    handOffSessionShare: 0,
    referral: false,
    siblings: false,
    sameFunder: false,
    samePopularFunder: false,
    fundedByOther: false,
    neighbours: false,
  };
  it('needs both: starting together day after day, and a tie beyond the clock', () => {
    expect(linked({ ...base, coStartDays: 20 })).toBe(false);
    expect(linked({ ...base, referral: true, sameFunder: true, neighbours: true })).toBe(false);
    expect(linked({ ...base, coStartDays: 20, referral: true })).toBe(true);
    expect(linked({ ...base, coStartDays: 20, coStartSessionShare: 0.9, coStartSameNetDays: 20 })).toBe(true);
    expect(
      linked({
        ...base,
        coStartDays: 20,
        coStartSessionShare: 0.9,
        coStartSameNetDays: CLUSTERING.minCoStartDays - 1,
      }),
    ).toBe(false);
  });

  it('asks a loose tie for most sessions together, a close tie only for the days', () => {
    const daily = { ...base, coStartDays: 15, coStartSessionShare: CLUSTERING.looseTieSessionShare - 0.01 };
    for (const loose of ['siblings', 'neighbours', 'samePopularFunder'] as const) {
      expect(linked({ ...daily, [loose]: true })).toBe(false);
      expect(linked({ ...daily, [loose]: true, coStartSessionShare: CLUSTERING.looseTieSessionShare })).toBe(
        true,
      );
    }
    for (const close of ['referral', 'fundedByOther', 'sameFunder'] as const)
      expect(linked({ ...daily, [close]: true })).toBe(true);
  });

  it('counts the days relative to the days both played', () => {
    const few = { ...base, referral: true, coStartDays: CLUSTERING.minCoStartDays };
    expect(linked({ ...few, commonDays: CLUSTERING.minCoStartDays })).toBe(true);
    expect(
      linked({ ...few, commonDays: Math.ceil(CLUSTERING.minCoStartDays / CLUSTERING.minCoStartShare) + 1 }),
    ).toBe(false);
  });
});

/** A population small enough to cluster many times: honest players of every kind and two farms. */
const POP = simulatePopulation({
  seed: 21,
  days: 21,
  honest: 1500,
  farms: [
    { kind: 'proxies', size: 30 },
    { kind: 'slow', size: 25 },
  ],
});
const CLUSTERS = findClusters(POP.accounts, POP.now);

/** The population with ids moved by `shift`, every hash renamed, accounts and sessions reordered. */
function disguise(accounts: readonly AccountSignals[], shift: number, seed: number): AccountSignals[] {
  const rng = seededRng(seed);
  const rename = (x: string) => `x${x}`;
  const moved = accounts.map((a) => ({
    ...a,
    id: a.id + shift,
    referrerId: a.referrerId === null ? null : a.referrerId + shift,
    sessions: [...a.sessions]
      .map((s) => ({ ...s, net: s.net === '' ? '' : rename(s.net), device: rename(s.device) }))
      .sort(() => rng() - 0.5),
    wallet: a.wallet && {
      ...a.wallet,
      address: rename(a.wallet.address),
      fundedBy: a.wallet.fundedBy && rename(a.wallet.fundedBy),
    },
  }));
  return moved
    .map((a) => ({ a, k: rng() }))
    .sort((x, y) => x.k - y.k)
    .map(({ a }) => a);
}

describe('clusters of a simulated population', () => {
  it('gives the same clusters whatever the order and the names (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), fc.nat(), (shift, seed) => {
        const again = findClusters(disguise(POP.accounts, shift, seed), POP.now);
        expect(again).toEqual(
          CLUSTERS.map((c) => {
            const [first] = c.members;
            assert(first !== undefined, `${c.id} has no members`);
            return { ...c, id: `c${first + shift}`, members: c.members.map((m) => m + shift) };
          }),
        );
      }),
      { numRuns: 4 },
    );
  });

  it('is unmoved by an unrelated honest account (property)', () => {
    const start = POP.now - 21 * DAY;
    const newcomer = fc.record({
      id: fc.integer({ min: 1_000_000, max: 9_000_000_000 }),
      premium: fc.boolean(),
      hours: fc.array(fc.double({ min: 0, max: 24 * 21, noNaN: true }), { minLength: 1, maxLength: 60 }),
      wallet: fc.boolean(),
    });
    fc.assert(
      fc.property(newcomer, (x) => {
        fc.pre(!POP.truth.has(x.id));
        const sessions = x.hours
          .map((h) => Math.floor(start + h * 3_600_000))
          .sort((a, b) => a - b)
          .map((t) => ({ start: t, end: t + 5 * MIN, net: `own${x.id}`, device: `own${x.id}` }));
        const [first] = sessions;
        assert(first, 'a newcomer without sessions');
        const account: AccountSignals = {
          id: x.id,
          joinedAt: first.start,
          premium: x.premium,
          referrerId: null,
          sessions,
          taps: null,
          mole: null,
          wallet: x.wallet
            ? {
                address: `w${x.id}`,
                boundAt: start,
                version: 'v5r1',
                newWhenBound: true,
                fundedBy: `f${x.id}`,
              }
            : null,
          activeDays: new Set(sessions.map((s) => Math.floor(s.start / DAY))).size,
          coins: 1000,
        };
        const after = findClusters([...POP.accounts, account], POP.now);
        expect(after.filter((c) => !c.members.includes(x.id))).toEqual(CLUSTERS);
      }),
      { numRuns: 15 },
    );
  });

  it('states numbers in its evidence that the members bear out', () => {
    const byId = new Map(POP.accounts.map((a) => [a.id, a]));
    const account = (id: number) => {
      const found = byId.get(id);
      assert(found, `no account ${id}`);
      return found;
    };
    expect(CLUSTERS.length).toBeGreaterThan(2);
    for (const c of CLUSTERS) {
      const members = c.members.map(account);
      const ids = new Set(c.members);
      expect(c.members).toEqual([...c.members].sort((a, b) => a - b));
      expect(c.id).toBe(`c${c.members[0]}`);
      expect(c.evidence[0]).toMatch(new RegExp(`^${members.length} accounts, created (within|over) `));
      const premium = members.filter((a) => a.premium).length;
      expect(c.evidence).toContain(
        premium === 0 ? 'none is Premium' : `${premium} ${premium === 1 ? 'is' : 'are'} Premium`,
      );
      const sessions = members.reduce((s, a) => s + a.sessions.length, 0);
      expect(
        c.evidence.some((e) =>
          e.includes(` of ${sessions} sessions start within 2 minutes of another member's (`),
        ),
      ).toBe(true);
      const invited = members.filter((a) => a.referrerId !== null && ids.has(a.referrerId)).length;
      if (invited > 0)
        expect(c.evidence.some((e) => e.startsWith(`${invited} invited by another member, from `))).toBe(
          true,
        );
      const wallets = members.flatMap((a) => (a.wallet ? [a.wallet] : []));
      if (wallets.length > 0) {
        const fresh = wallets.filter((w) => w.newWhenBound).length;
        expect(
          c.evidence.some((e) => e.startsWith(`${fresh} of ${wallets.length} wallets new when bound, `)),
        ).toBe(true);
        const funders = new Map<string, number>();
        for (const w of wallets) if (w.fundedBy) funders.set(w.fundedBy, (funders.get(w.fundedBy) ?? 0) + 1);
        const most = Math.max(0, ...funders.values());
        if (most >= 2)
          expect(c.evidence.some((e) => e.startsWith(`${most} wallets funded by the same address`))).toBe(
            true,
          );
      }
      const span =
        (Math.max(...c.members.map(accountRegisteredAt)) - Math.min(...c.members.map(accountRegisteredAt))) /
        DAY;
      if (span <= 60)
        expect(c.evidence[0]).toBe(
          `${members.length} accounts, created within ${Math.max(1, Math.ceil(span))} ${Math.max(1, Math.ceil(span)) === 1 ? 'day' : 'days'}`,
        );
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(1);
    }
  });

  it('finds both farms whole and nothing else to exclude', () => {
    for (const farm of [0, 1]) {
      const ids = [...POP.truth].filter(([, t]) => t.farm === farm).map(([id]) => id);
      const [first] = ids;
      assert(first !== undefined, `no accounts in farm ${farm}`);
      const cluster = CLUSTERS.find((c) => c.members.includes(first));
      assert(cluster, `no cluster holds farm ${farm}`);
      expect(cluster.members).toEqual(ids.sort((a, b) => a - b));
      expect(cluster.recommendation).toBe('exclude');
    }
    expect(CLUSTERS.filter((c) => c.recommendation !== 'clear')).toHaveLength(2);
  });
});

describe('a farm that runs its accounts in turn on one phone', () => {
  it('is found through its hand-offs: each account starts minutes after the previous one ended', () => {
    const rng = seededRng(91);
    const ids = Array.from({ length: 100 }, (_, k) => 8_460_000_000 + k * 257);
    const farm = treeFarm(ids, rng, {
      taps: { batches: 400, meanMs: 51, cv: 0.05 },
      boundAt: START + DAY,
      funder: 9,
      coins: 5_000_000,
    });
    // Two rounds a day, each in a new order: one account after another, 4 minutes apart, never two at once.
    const sessions = farm.map(() => [] as SessionSignal[]);
    for (let d = 0; d < 21; d++)
      for (const h of [6, 14]) {
        const order = [...sessions].sort(() => rng() - 0.5);
        order.forEach((own, turn) => {
          const start = START + d * DAY + h * 3_600_000 + turn * 4 * MIN + Math.floor(rng() * 20_000);
          own.push({ start, end: start + 2 * MIN, net: 'phone-net', device: 'redmi-note12' });
        });
      }
    const clusters = clustersBesideHousehold(farm, sessions);
    const excluded = clusters.filter((c) => c.recommendation === 'exclude').flatMap((c) => c.members);
    expect(excluded.filter((id) => ids.includes(id)).length).toBeGreaterThanOrEqual(95);
    expect(excluded.every((id) => ids.includes(id))).toBe(true);
  });

  it('leaves a family handing one tablet around clear', () => {
    const rng = seededRng(92);
    const parent = 223_456_789;
    const ids = [parent, 323_456_789, 423_456_789];
    const family: AccountSignals[] = ids.map((id, k) => ({
      id,
      joinedAt: START,
      premium: k === 0,
      referrerId: k === 0 ? null : parent,
      sessions: [],
      taps: null,
      mole: null,
      wallet: null,
      activeDays: 21,
      coins: 100_000,
    }));
    for (let d = 0; d < 21; d++) {
      let at = START + d * DAY + 19 * 3_600_000 + Math.floor(rng() * 3_600_000);
      for (const a of [...family].sort(() => rng() - 0.5)) {
        (a.sessions as SessionSignal[]).push({ start: at, end: at + 8 * MIN, net: 'home', device: 'ipad' });
        at += 8 * MIN + Math.floor((1 + rng() * 4) * MIN);
      }
    }
    for (const c of findClusters(family, NOW)) expect(c.recommendation).toBe('clear');
  });
});

describe("a farm that uses an honest player's invite link", () => {
  it('does not take the inviter in: he has no tie of his own to the farm', () => {
    const rng = seededRng(93);
    const inviterId = 312_345_678;
    const inviterSessions: SessionSignal[] = [];
    for (let d = 0; d < 21; d++)
      for (let s = 0; s < 2; s++) {
        const start = START + d * DAY + Math.floor((8 + s * 8 + rng() * 6) * 3_600_000);
        inviterSessions.push({ start, end: start + 12 * MIN, net: 'his-home', device: 'iphone15' });
      }
    const inviter: AccountSignals = {
      id: inviterId,
      joinedAt: START - 200 * DAY,
      premium: true,
      referrerId: null,
      sessions: inviterSessions,
      taps: { batches: 200, meanMs: 260, cv: 0.5 },
      mole: { games: 10, medianScore: 90 },
      wallet: {
        address: wallet(inviterId),
        boundAt: START - 100 * DAY,
        version: 'v4r2',
        newWhenBound: false,
        fundedBy: wallet(0xe1),
      },
      activeDays: 21,
      coins: 3_000_000,
    };
    const ids = Array.from({ length: 10 }, (_, k) => 8_470_000_000 + k * 97);
    const farm: AccountSignals[] = ids.map((id) => ({
      id,
      joinedAt: START,
      premium: false,
      referrerId: inviterId,
      sessions: inviterSessions.map((s) => {
        const start = s.start + 20_000 + Math.floor(rng() * 60_000);
        return { start, end: start + 3 * MIN, net: 'farm-net', device: 'galaxy-a54' };
      }),
      taps: { batches: 400, meanMs: 51, cv: 0.05 },
      mole: null,
      wallet: {
        address: wallet(id),
        boundAt: START + DAY,
        version: 'v4r2',
        newWhenBound: true,
        fundedBy: wallet(10),
      },
      activeDays: 21,
      coins: 5_000_000,
    }));
    const clusters = findClusters([inviter, ...farm], NOW);
    for (const c of clusters) if (c.members.includes(inviterId)) expect(c.recommendation).toBe('clear');
    const excluded = clusters.filter((c) => c.recommendation === 'exclude').flatMap((c) => c.members);
    expect(excluded).toEqual(ids);
  });
});

describe('a farm that spreads its sessions over the day', () => {
  it('is linked by its own funder, its referral tree and its shared addresses, and says so', () => {
    const pop = simulatePopulation({ seed: 1, days: 21, honest: 200, farms: [{ kind: 'spread' }] });
    const ids = [...pop.truth].filter(([, t]) => t.farm === 0).map(([id]) => id);
    const clusters = findClusters(pop.accounts, pop.now);
    const excluded = clusters.filter((c) => c.recommendation === 'exclude');
    expect(excluded).toHaveLength(1);
    const [farm] = excluded;
    assert(farm);
    expect(farm.members.length).toBeGreaterThanOrEqual(95);
    expect(farm.members.every((id) => ids.includes(id))).toBe(true);
    expect(farm.evidence.some((e) => e.startsWith('linked without playing in step'))).toBe(true);
    expect(clusters.filter((c) => c.recommendation === 'review')).toEqual([]);
  });
});
