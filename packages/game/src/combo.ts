import { MINING_ITEMS, type MiningItem } from './mining.ts';
import { gameDay, nextResetAt } from './time.ts';

/**
 * The daily combo: every game day, three distinct mining items are the day's combo. A player who
 * upgrades all three during that game day claims the reward once. The server picks the items from
 * a keyed digest of the day (an HMAC with a server secret, computed by the server), so the
 * client cannot work out a day's combo; this module turns that digest into the three items.
 */
export const COMBO_SIZE = 3;

/** Design choice: a day's combo pays about a day of good mid-game income, and a few tickets. */
export const COMBO_REWARD = { onion: 100_000, ticket: 5 } as const;

/** The text whose keyed digest chooses a day's combo. */
export const comboMessage = (day: number) => `egg-rush:combo:${day}`;

/**
 * The day's items from the digest of its message: each pick reads four bytes as an unsigned
 * number and takes that item (modulo the ones left) out of the catalogue. At least 12 bytes.
 */
export function comboFromDigest(
  digest: Uint8Array,
  items: readonly MiningItem[] = MINING_ITEMS,
): MiningItem[] {
  if (digest.length < COMBO_SIZE * 4) throw new Error('combo digest too short');
  const left = [...items];
  const picked: MiningItem[] = [];
  const bytes = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  for (let k = 0; k < COMBO_SIZE && left.length > 0; k++) {
    const n = bytes.getUint32(4 * k); // big-endian, unsigned
    // `left` is not empty: splice takes exactly one item out of it.
    picked.push(...left.splice(n % left.length, 1));
  }
  return picked;
}

/** The once-only key of a day's combo reward. */
export const comboRewardKey = (day: number) => `combo:${day}`;

/** The game day of an instant and when it ends (the combo changes then). */
export function comboDay(now: number): { day: number; endsAt: number } {
  return { day: gameDay(now), endsAt: nextResetAt(now) };
}

/** Whether a found set completes the combo. */
export const comboComplete = (combo: readonly MiningItem[], found: ReadonlySet<string>) =>
  combo.every((item) => found.has(item.id));
