import { describe, expect, it } from 'vitest';
import { airdropCohorts, NEW_ACCOUNT_MS } from '../src/cohorts.ts';
import { clusterExclusionReason, playerReview, type ReviewFacts } from '../src/review.ts';

const none: ReviewFacts = { cluster: null, decisions: [], upheldAt: null, excludedAlone: false };
const exclude = (at: number, clusterId = 'c1') => ({
  clusterId,
  action: 'exclude' as const,
  reason: 'farm',
  at,
});
const clear = (at: number, clusterId = 'c1') => ({
  clusterId,
  action: 'clear' as const,
  reason: 'family',
  at,
});

describe('a player’s review', () => {
  it('is none outside any cluster, and none in a cluster the rules recommend clearing', () => {
    expect(playerReview(none)).toEqual({ status: 'none', exclusion: null });
    expect(playerReview({ ...none, cluster: { id: 'c1', recommendation: 'clear' } }).status).toBe('none');
  });

  it('puts a player under review, never out, on a recommendation alone', () => {
    for (const recommendation of ['review', 'exclude'] as const)
      expect(playerReview({ ...none, cluster: { id: 'c1', recommendation } })).toEqual({
        status: 'review',
        exclusion: null,
      });
  });

  it('follows the latest judgement: a clear undoes an exclusion, and an exclusion a clear', () => {
    const cluster = { id: 'c1', recommendation: 'exclude' as const };
    expect(playerReview({ ...none, cluster, decisions: [exclude(10)] })).toEqual({
      status: 'excluded',
      exclusion: { clusterId: 'c1', reason: 'farm' },
    });
    expect(playerReview({ ...none, cluster, decisions: [clear(20), exclude(10, 'c2')] }).status).toBe(
      'cleared',
    );
    expect(playerReview({ ...none, cluster, decisions: [clear(10), exclude(20, 'c2')] }).exclusion).toEqual({
      clusterId: 'c2',
      reason: 'farm',
    });
  });

  it('clears a player whose appeal was upheld, against a cluster decision before or after it', () => {
    expect(playerReview({ ...none, decisions: [exclude(10)], upheldAt: 20 }).status).toBe('cleared');
    expect(playerReview({ ...none, decisions: [exclude(30)], upheldAt: 20 })).toEqual({
      status: 'cleared',
      exclusion: null,
    });
    expect(playerReview({ ...none, decisions: [clear(25), exclude(30, 'c2')], upheldAt: 20 }).status).toBe(
      'cleared',
    );
    expect(
      playerReview({ ...none, cluster: { id: 'c1', recommendation: 'review' }, upheldAt: 20 }).status,
    ).toBe('cleared');
  });

  it('excludes a player excluded on their own whatever else holds', () => {
    expect(playerReview({ ...none, excludedAlone: true, decisions: [clear(10)], upheldAt: 20 })).toEqual({
      status: 'excluded',
      exclusion: null,
    });
    // Excluded on their own after an upheld appeal (which lifted the earlier one): out again.
    expect(playerReview({ ...none, excludedAlone: true, decisions: [exclude(30)], upheldAt: 20 })).toEqual({
      status: 'excluded',
      exclusion: null,
    });
  });

  it('words a cluster exclusion for the allocation', () => {
    expect(clusterExclusionReason('c123', 'one phone')).toBe('cluster c123: one phone');
  });
});

describe('the cohorts of an allocation', () => {
  const at = Date.UTC(2026, 5, 15);
  const wallet = (amount: bigint, ...playerIds: number[]) => ({ amount, playerIds });
  const old = { registeredAt: at - 5 * 365 * 86_400_000, premium: false, review: false };

  it('shares the total among the top 1 %, the median wallet, new accounts, Premium and review', () => {
    // 200 wallets of 1..200 units: the top 1 % is the two largest.
    const wallets = Array.from({ length: 200 }, (_, i) => wallet(BigInt(i + 1), i + 1));
    const players = new Map(wallets.flatMap((w) => w.playerIds).map((id) => [id, old]));
    players.set(200, { ...old, premium: true });
    players.set(1, { ...old, registeredAt: at - NEW_ACCOUNT_MS, review: true });
    players.set(2, { ...old, registeredAt: at - NEW_ACCOUNT_MS - 1 });
    const total = (200n * 201n) / 2n;
    const byName = Object.fromEntries(airdropCohorts(wallets, players, at).map((c) => [c.cohort, c]));
    expect(byName.top1).toEqual({
      cohort: 'top1',
      players: 2,
      wallets: 2,
      share: Number((399n * 1_000_000n) / total) / 1_000_000,
      median: 199n,
    });
    expect(byName.median).toMatchObject({ players: 1, wallets: 1, median: 101n });
    expect(byName.new).toMatchObject({ players: 1, wallets: 1, median: 1n });
    expect(byName.premium).toMatchObject({ players: 1, median: 200n });
    expect(byName.review).toMatchObject({ players: 1, median: 1n });
  });

  it('counts a wallet in a group when one of its players is, and answers zeros when empty', () => {
    const players = new Map([
      [1, old],
      [2, { ...old, premium: true }],
    ]);
    const cohorts = airdropCohorts([wallet(10n, 1, 2), wallet(30n, 3)], players, at);
    expect(cohorts.find((c) => c.cohort === 'premium')).toEqual({
      cohort: 'premium',
      players: 2,
      wallets: 1,
      share: 0.25,
      median: 10n,
    });
    expect(cohorts.find((c) => c.cohort === 'review')).toEqual({
      cohort: 'review',
      players: 0,
      wallets: 0,
      share: 0,
      median: 0n,
    });
    expect(airdropCohorts([], players, at).map((c) => c.wallets)).toEqual([0, 0, 0, 0, 0]);
  });
});
