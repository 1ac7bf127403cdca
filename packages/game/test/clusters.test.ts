import { describe, expect, it } from 'vitest';
import { findClusters, type AccountSignals, type SessionSignal } from '../src/clusters.ts';
import { seededRng } from '../src/rng.ts';

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
  const rng = seededRng(ids[0]!);
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
      referrerId: k === 0 ? null : ids[0]!,
      sessions,
      taps: null,
      mole: null,
      wallet: null,
      activeDays: sessions.length,
      coins: 100_000,
    };
  });
}

describe('clusters', () => {
  it('finds a small farm, recommends excluding it, and says why', () => {
    const farm = smallFarm(20, 8_400_000_000);
    const home = household([123_456_789, 223_456_789, 323_456_789]);
    const clusters = findClusters([...home, ...farm], NOW);
    const farmCluster = clusters.find((c) => c.members.includes(farm[0]!.id))!;
    expect(farmCluster.members).toEqual(farm.map((a) => a.id));
    expect(farmCluster.id).toBe(`c${farm[0]!.id}`);
    expect(farmCluster.recommendation).toBe('exclude');
    expect(farmCluster.evidence).toContain('20 accounts, created within 1 day');
    expect(farmCluster.evidence).toContain('sessions start within 2 minutes of each other on 21 of 21 days');
    expect(farmCluster.evidence).toContain('20 wallets funded by the same address');
    expect(farmCluster.evidence).toContain('none is Premium');
    for (const c of clusters) if (c.members.includes(home[0]!.id)) expect(c.recommendation).toBe('clear');
  });
});
