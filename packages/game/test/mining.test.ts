import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import {
  CATEGORY_TITLES,
  decideBuy,
  findCategory,
  findItem,
  imageLink,
  itemsOf,
  MAX_MINING_LEVEL,
  MINING_CATEGORIES,
  MINING_ITEMS,
  nextPrice,
} from '../src/mining.ts';

describe('mining catalogue', () => {
  it('has five park categories with at least six distinct items each', () => {
    expect(MINING_CATEGORIES.map((c) => CATEGORY_TITLES[c])).toEqual([
      'Rides',
      'Team',
      'Concessions',
      'Policy',
      'Welfare',
    ]);
    for (const c of MINING_CATEGORIES) expect(itemsOf(c).length).toBeGreaterThanOrEqual(6);
    const ids = MINING_ITEMS.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const i of MINING_ITEMS) {
      expect(i.basePrice).toBeGreaterThan(0);
      expect(i.profitPerLevel).toBeGreaterThan(0);
      expect(imageLink(i)).toBe(`/mining/${i.id}.svg`);
    }
  });

  it('spans cheap to aspirational prices', () => {
    const prices = MINING_ITEMS.map((i) => i.basePrice);
    expect(Math.min(...prices)).toBeLessThanOrEqual(200);
    expect(Math.max(...prices)).toBeGreaterThanOrEqual(1_000_000);
  });

  it('finds categories by key or title and items by id or name', () => {
    expect(findCategory('Rides')).toBe('rides');
    expect(findCategory('welfare')).toBe('welfare');
    expect(findCategory('Casino')).toBeUndefined();
    expect(findItem('rides', 'Ferris Wheel')?.id).toBe('ferris-wheel');
    expect(findItem('rides', 'carousel')?.name).toBe('Carousel');
    expect(findItem('team', 'Carousel')).toBeUndefined();
  });
});

describe('mining prices and purchases', () => {
  const carousel = findItem('rides', 'carousel');
  assert(carousel, 'no carousel');

  it('prices level 1 at the base price and grows 1.5x per level', () => {
    expect(nextPrice(carousel, 0)).toBe(100);
    expect(nextPrice(carousel, 1)).toBe(150);
    expect(nextPrice(carousel, 2)).toBe(225);
  });

  it('needs onion strictly greater than the price', () => {
    expect(decideBuy(carousel, 0, 100)).toEqual({ ok: false, reason: 'not-enough-coin', price: 100 });
    expect(decideBuy(carousel, 0, 101)).toEqual({ ok: true, price: 100, level: 1, profitGain: 10 });
  });

  it('stops at the maximum level', () => {
    expect(decideBuy(carousel, MAX_MINING_LEVEL, Number.MAX_SAFE_INTEGER)).toMatchObject({
      ok: false,
      reason: 'max-level',
    });
  });

  it('never lets a purchase overspend and prices never fall', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MINING_ITEMS),
        fc.integer({ min: 0, max: MAX_MINING_LEVEL - 1 }),
        fc.integer({ min: 0, max: 1e12 }),
        (item, level, onion) => {
          const d = decideBuy(item, level, onion);
          if (d.ok) expect(onion - d.price).toBeGreaterThan(0);
          else expect(onion).toBeLessThanOrEqual(d.price);
          expect(nextPrice(item, level + 1)).toBeGreaterThan(nextPrice(item, level));
          expect(Number.isSafeInteger(nextPrice(item, level))).toBe(true);
        },
      ),
    );
  });
});
