/**
 * Mining upgrades. The land is an amusement
 * park; every item raises passive income (earnPerHour) by a fixed amount per level.
 */

export const MINING_CATEGORIES = ['rides', 'team', 'concessions', 'policy', 'welfare'] as const;
export type MiningCategory = (typeof MINING_CATEGORIES)[number];

/** Tab titles. */
export const CATEGORY_TITLES: Record<MiningCategory, string> = {
  rides: 'Rides',
  team: 'Team',
  concessions: 'Concessions',
  policy: 'Policy',
  welfare: 'Welfare',
};

/** Design choice: each level costs 1.5 times the previous one, while its profit stays the same. */
export const PRICE_GROWTH = 1.5;
/** Design choice: levels stop here so prices stay far inside exact integers. */
export const MAX_MINING_LEVEL = 30;

export interface MiningItem {
  /** Stable key, also the art's file name. */
  id: string;
  name: string;
  category: MiningCategory;
  /** Price of level 1 (design choice). */
  basePrice: number;
  /** earnPerHour gained per level (design choice). */
  profitPerLevel: number;
}

type Row = [id: string, name: string, basePrice: number, profitPerLevel: number];

/**
 * Design choice: prices span from a first-minute purchase (100 coins) to an aspirational one
 * (5,000,000 coins). Cheap items pay back in about 10 hours, dear ones in about 20.
 */
const ROWS: Record<MiningCategory, Row[]> = {
  rides: [
    ['carousel', 'Carousel', 100, 10],
    ['bumper-cars', 'Bumper Cars', 1_000, 90],
    ['ferris-wheel', 'Ferris Wheel', 10_000, 800],
    ['haunted-house', 'Haunted House', 50_000, 3_500],
    ['roller-coaster', 'Roller Coaster', 250_000, 15_000],
    ['drop-tower', 'Drop Tower', 1_500_000, 80_000],
  ],
  team: [
    ['ride-operator', 'Ride Operator', 150, 14],
    ['mascot', 'Egg Mascot', 1_200, 100],
    ['mechanic', 'Mechanic', 8_000, 650],
    ['clown-troupe', 'Clown Troupe', 40_000, 2_900],
    ['fireworks-crew', 'Fireworks Crew', 300_000, 18_000],
    ['park-manager', 'Park Manager', 2_000_000, 100_000],
  ],
  concessions: [
    ['popcorn-cart', 'Popcorn Cart', 120, 12],
    ['lemonade-stand', 'Lemonade Stand', 900, 80],
    ['cotton-candy', 'Cotton Candy', 6_000, 500],
    ['hot-dog-grill', 'Hot Dog Grill', 30_000, 2_200],
    ['ice-cream-parlor', 'Ice Cream Parlor', 200_000, 12_500],
    ['candy-apple-shop', 'Candy Apple Shop', 1_200_000, 65_000],
  ],
  policy: [
    ['night-hours', 'Night Hours', 200, 18],
    ['season-pass', 'Season Pass', 2_000, 170],
    ['fast-lane', 'Fast Lane', 15_000, 1_150],
    ['family-discount', 'Family Discount', 75_000, 5_000],
    ['festival-permit', 'Festival Permit', 500_000, 28_000],
    ['park-expansion', 'Park Expansion', 5_000_000, 250_000],
  ],
  welfare: [
    ['rest-benches', 'Rest Benches', 100, 9],
    ['water-fountain', 'Water Fountains', 800, 70],
    ['first-aid-tent', 'First Aid Tent', 5_000, 420],
    ['shade-canopies', 'Shade Canopies', 25_000, 1_900],
    ['staff-canteen', 'Staff Canteen', 150_000, 9_500],
    ['lost-and-found', 'Lost & Found', 800_000, 45_000],
  ],
};

export const MINING_ITEMS: readonly MiningItem[] = MINING_CATEGORIES.flatMap((category) =>
  ROWS[category].map(([id, name, basePrice, profitPerLevel]) => ({
    id,
    name,
    category,
    basePrice,
    profitPerLevel,
  })),
);

export function itemsOf(category: MiningCategory): MiningItem[] {
  return MINING_ITEMS.filter((i) => i.category === category);
}

/** The category named by a request's `title`: its key or its tab title, any case. */
export function findCategory(title: string): MiningCategory | undefined {
  const t = title.trim().toLowerCase();
  return MINING_CATEGORIES.find((c) => c === t || CATEGORY_TITLES[c].toLowerCase() === t);
}

/** The item named by a request's `item` (its id or its name) within a category. */
export function findItem(category: MiningCategory, item: string): MiningItem | undefined {
  const key = item.trim().toLowerCase();
  return itemsOf(category).find((i) => i.id === key || i.name.toLowerCase() === key);
}

/** The tunables of mining (the active configuration's `mining`). */
export interface MiningConfig {
  /** Each level costs this many times the previous one. */
  priceGrowth: number;
  /** Price of level 1 and profit per level, by item id. */
  items: Record<string, { basePrice: number; profitPerLevel: number }>;
}

/** Today's game: the catalogue's prices and PRICE_GROWTH. */
export const MINING_DEFAULTS: MiningConfig = {
  priceGrowth: PRICE_GROWTH,
  items: Object.fromEntries(
    MINING_ITEMS.map((i) => [i.id, { basePrice: i.basePrice, profitPerLevel: i.profitPerLevel }]),
  ),
};

/** The item with its price and profit as `config` sets them. */
export function configuredItem(item: MiningItem, config: MiningConfig = MINING_DEFAULTS): MiningItem {
  const c = config.items[item.id];
  return c ? { ...item, basePrice: c.basePrice, profitPerLevel: c.profitPerLevel } : item;
}

/**
 * Price of the next level when the item is at `level` (0 = not bought yet), each level `growth`
 * times the previous (the active configuration's mining.priceGrowth).
 */
export function nextPrice(item: MiningItem, level: number, growth: number = PRICE_GROWTH): number {
  return Math.round(item.basePrice * growth ** Math.max(0, level));
}

/** The art for an item, served by the web app. */
export const imageLink = (item: MiningItem) => `/mining/${item.id}.svg`;

export type BuyDecision =
  | { ok: true; price: number; level: number; profitGain: number }
  | { ok: false; reason: 'not-enough-coin' | 'max-level'; price: number };

/**
 * Whether a balance affords a mining upgrade: it must be strictly greater than the price. The
 * server decides a purchase by it (decideBuy) and the screens show affordability by it.
 */
export const canAfford = (onion: number, price: number) => onion > price;

/**
 * A purchase needs onion strictly greater than the price (canAfford). `multiplier` is the
 * passive income multiplier (boosts.ts incomeMultiplier: 2 once 2 * Income is bought), so that
 * 2 * Income doubles every level, bought before or after it.
 */
export function decideBuy(
  item: MiningItem,
  level: number,
  onion: number,
  multiplier = 1,
  growth: number = PRICE_GROWTH,
): BuyDecision {
  const price = nextPrice(item, level, growth);
  if (level >= MAX_MINING_LEVEL) return { ok: false, reason: 'max-level', price };
  if (!canAfford(onion, price)) return { ok: false, reason: 'not-enough-coin', price };
  return { ok: true, price, level: level + 1, profitGain: item.profitPerLevel * multiplier };
}
