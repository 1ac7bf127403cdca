import { assert, describe, expect, it } from 'vitest';
import { accountRegisteredAt } from '../src/account-age.ts';
import { FARM_KINDS, idRegisteredAround, simulatePopulation, type Population } from '../src/population.ts';

const DAY = 86_400_000;

const truthOf = (pop: Population, id: number) => {
  const truth = pop.truth.get(id);
  assert(truth, `no truth for account ${id}`);
  return truth;
};

describe('simulated population', () => {
  it('is the same for the same seed and differs for another', () => {
    const a = simulatePopulation({ seed: 4, days: 7, honest: 150, farms: [{ kind: 'slow', size: 20 }] });
    const b = simulatePopulation({ seed: 4, days: 7, honest: 150, farms: [{ kind: 'slow', size: 20 }] });
    const c = simulatePopulation({ seed: 5, days: 7, honest: 150, farms: [{ kind: 'slow', size: 20 }] });
    expect(b).toEqual(a);
    expect(c.accounts.map((x) => x.id)).not.toEqual(a.accounts.map((x) => x.id));
  });

  it('dates an id back to the date it was made from', () => {
    for (const at of [Date.UTC(2015, 3, 1), Date.UTC(2020, 0, 1), Date.UTC(2026, 5, 1)])
      expect(Math.abs(accountRegisteredAt(idRegisteredAround(at)) - at)).toBeLessThan(DAY);
  });

  it('makes farms as the issue describes them, for every kind', () => {
    const pop = simulatePopulation({
      seed: 9,
      days: 21,
      honest: 400,
      farms: FARM_KINDS.map((kind) => ({ kind })),
    });
    FARM_KINDS.forEach((kind, farm) => {
      const ids = new Set([...pop.truth].filter(([, t]) => t.farm === farm).map(([id]) => id));
      const accounts = pop.accounts.filter((a) => ids.has(a.id));
      expect(accounts).toHaveLength(100);
      expect([...pop.truth].find(([id]) => ids.has(id))?.[1]).toEqual({ farm, kind });
      // New accounts with neighbouring ids, (almost) none Premium.
      const sorted = accounts.map((a) => a.id).sort((x, y) => x - y);
      const [first, last] = [sorted[0], sorted[99]];
      assert(first !== undefined && last !== undefined, `${kind}: fewer than 100 accounts`);
      expect(accountRegisteredAt(last) - accountRegisteredAt(first)).toBeLessThan(3 * DAY);
      for (const a of accounts) expect(a.joinedAt - accountRegisteredAt(a.id)).toBeLessThan(30 * DAY);
      expect(accounts.filter((a) => a.premium).length).toBeLessThanOrEqual(2);
      // A referral tree from a few roots.
      const roots = accounts.filter((a) => a.referrerId === null || !ids.has(a.referrerId));
      expect(roots.length).toBeGreaterThanOrEqual(2);
      expect(roots.length).toBeLessThanOrEqual(4);
      // Wallets from one seed: new when bound, one version.
      expect(new Set(accounts.map((a) => a.wallet?.version))).toEqual(new Set(['v4r2']));
      expect(accounts.every((a) => a.wallet?.newWhenBound === true)).toBe(true);
      // Awake only: no session between 23:00 and 07:00 of the farm's clock.
      for (const a of accounts)
        for (const s of a.sessions) {
          const hour = ((s.start - pop.start) % DAY) / 3_600_000;
          expect(hour).toBeGreaterThanOrEqual(6);
          expect(hour).toBeLessThan(23.5);
        }
    });
    // The friends farm's tree took in honest players who play.
    const friendsFarm = FARM_KINDS.indexOf('friends');
    const farmIds = new Set([...pop.truth].filter(([, t]) => t.farm === friendsFarm).map(([id]) => id));
    const friends = pop.accounts.filter(
      (a) => a.referrerId !== null && farmIds.has(a.referrerId) && truthOf(pop, a.id).farm === null,
    );
    expect(friends.length).toBeGreaterThanOrEqual(5);
    expect(friends.every((a) => a.activeDays > 0)).toBe(true);
  });

  it("runs the sequential farm's accounts in turn: never two at once on a phone, 2 to 10 minutes apart", () => {
    const pop = simulatePopulation({
      seed: 6,
      days: 7,
      honest: 50,
      farms: [{ kind: 'sequential', size: 40 }],
    });
    const farm = pop.accounts.filter((a) => truthOf(pop, a.id).farm === 0);
    const byPhone = new Map<string, { start: number; end: number; id: number }[]>();
    for (const a of farm)
      for (const s of a.sessions) {
        const key = `${s.net} ${s.device}`;
        byPhone.set(key, [...(byPhone.get(key) ?? []), { ...s, id: a.id }]);
      }
    expect(byPhone.size).toBeGreaterThanOrEqual(2);
    expect(byPhone.size).toBeLessThanOrEqual(4);
    for (const sessions of byPhone.values()) {
      sessions.sort((x, y) => x.start - y.start);
      const gaps = sessions.slice(1).map((s, k) => {
        const previous = sessions[k];
        assert(previous);
        return s.start - previous.end;
      });
      // Never two at once; an account that had not joined yet leaves a longer gap, a night too.
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(2 * 60_000);
      const median = gaps.sort((x, y) => x - y)[Math.floor(gaps.length / 2)];
      expect(median).toBeLessThanOrEqual(10 * 60_000);
      expect(new Set(sessions.map((s) => s.id)).size).toBeGreaterThan(5);
    }
  });

  it('gives honest players every trait a farm has, one at a time', () => {
    const pop = simulatePopulation({ seed: 3, days: 21, honest: 3000, farms: [] });
    const honest = pop.accounts;
    const users = new Map<string, Set<number>>();
    for (const a of honest)
      for (const s of a.sessions) users.set(s.net, (users.get(s.net) ?? new Set()).add(a.id));
    const sizes = [...users.values()].map((u) => u.size);
    // A carrier's NAT serves hundreds; households share an address.
    expect(Math.max(...sizes)).toBeGreaterThan(300);
    expect(sizes.filter((n) => n >= 2 && n <= 5).length).toBeGreaterThan(100);
    // Brand-new accounts and old ones, a few Premium.
    const age = (a: (typeof honest)[number]) => a.joinedAt - accountRegisteredAt(a.id);
    expect(honest.filter((a) => age(a) < 60 * DAY).length / honest.length).toBeGreaterThan(0.1);
    expect(honest.filter((a) => age(a) > 5 * 365 * DAY).length / honest.length).toBeGreaterThan(0.3);
    expect(honest.filter((a) => a.premium).length).toBeGreaterThan(0);
    // One popular phone model for many.
    const iphone13 = honest.filter((a) => a.sessions.some((s) => s.device === 'iphone13')).length;
    expect(iphone13 / honest.length).toBeGreaterThan(0.1);
    // Many new wallets, many funded by one exchange, some by another player's wallet.
    const wallets = honest.flatMap((a) => (a.wallet ? [a.wallet] : []));
    expect(wallets.filter((w) => w.newWhenBound).length / wallets.length).toBeGreaterThan(0.3);
    const funders = new Map<string, number>();
    for (const w of wallets) if (w.fundedBy) funders.set(w.fundedBy, (funders.get(w.fundedBy) ?? 0) + 1);
    expect(Math.max(...funders.values())).toBeGreaterThan(wallets.length * 0.15);
    const addresses = new Set(wallets.map((w) => w.address));
    expect(wallets.filter((w) => w.fundedBy && addresses.has(w.fundedBy)).length).toBeGreaterThan(10);
    // Friends who invite friends; days skipped.
    expect(honest.filter((a) => a.referrerId !== null).length / honest.length).toBeGreaterThan(0.2);
    expect(honest.filter((a) => a.activeDays > 0 && a.activeDays < 15).length).toBeGreaterThan(
      honest.length / 3,
    );
    expect(new Set([...pop.truth.values()].map((t) => (t.farm === null ? t.honest : t.kind)))).toEqual(
      new Set(['casual', 'diligent', 'night', 'commuter', 'reminder', 'classmate']),
    );
  });

  it('gives a farm of 100 most of the coins among 200 ordinary players, as the issue found', () => {
    const pop = simulatePopulation({ seed: 1, days: 21, honest: 200, farms: [{ kind: 'proxies' }] });
    const farm = pop.facts.filter((f) => truthOf(pop, f.playerId).farm === 0);
    const share = farm.reduce((s, f) => s + f.coins, 0) / pop.facts.reduce((s, f) => s + f.coins, 0);
    expect(share).toBeGreaterThan(0.6);
    expect(share).toBeLessThan(0.95);
  });
});
