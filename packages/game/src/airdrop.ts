/**
 * The airdrop's allocation rule: from a frozen snapshot's rows and the operator's parameters,
 * how many jetton units each wallet receives. Pure and exact (bigint throughout): identical
 * inputs give identical allocations, whatever the order of the rows.
 *
 * The formula (docs/airdrop.md):
 *
 * 1. Eligibility. A row counts when its player had a wallet bound by proof at the snapshot's
 *    instant, was not banned then and is not excluded by an operator. The tokens go to the
 *    wallet, so a ban or an exclusion of any player bound to a wallet excludes the wallet: the
 *    other players on it are refused with `wallet_excluded`.
 * 2. One allocation per wallet. A wallet's weight is the LARGEST lifetime coins among the players
 *    bound to it (not the sum), so that binding one wallet to several accounts gains nothing.
 *    When the rows carry weights (the published rule's, allocation-rule.ts), the largest weight
 *    stands for the coins here and below; a row whose weight is 0 is refused like one without coins.
 * 3. Capped proportional share ("water filling"): every wallet gets `λ × weight`, except that no
 *    wallet gets more than the cap; what the capped wallets cannot take is shared among the others
 *    in proportion to their weights. Computed exactly: wallets are visited by weight, largest
 *    first; a wallet whose share of the remaining supply `R × w / W` reaches the cap gets the cap
 *    and leaves the pool (R and W shrink); the rest get `R × w / W`.
 * 4. Whole jetton units: every amount is rounded DOWN to a multiple of 10^decimals. The rounding
 *    remainder (less than one unit per wallet) and what the minimum drops are not allocated: they
 *    are never minted. So the total never exceeds the supply, and more coins never give less
 *    (rounding down and dropping below a threshold are both monotone).
 * 5. Minimum: a wallet whose amount is below the minimum (at least one unit) gets nothing
 *    (`below_minimum`).
 */

export interface AirdropRow {
  playerId: number;
  /** The wallet bound at the snapshot's instant, in one canonical form (raw `0:<hex>`), or null. */
  wallet: string | null;
  /** Lifetime coins at the snapshot's instant. */
  coins: bigint | number;
  /**
   * The player's weight under the published allocation rule (allocation-rule.ts, weighPlayers),
   * used for the share instead of the coins when present. Either every row carries one or none.
   */
  weight?: bigint;
  /** Banned at the snapshot's instant. */
  banned?: boolean;
  /** An operator's exclusion, with its reason; null or absent when not excluded. */
  excluded?: string | null;
}

export interface AirdropParams {
  /** Total supply of the airdrop in the jetton's smallest units. */
  supply: bigint;
  /** The jetton's decimals: one whole unit is 10^decimals smallest units. */
  decimals: number;
  /** Most any wallet receives, in smallest units (rounded down to whole units); none when absent. */
  cap?: bigint | null;
  /** Fewest a wallet receives, in smallest units (rounded up to whole units, at least one unit). */
  minimum?: bigint | null;
}

export const AIRDROP_REFUSALS = [
  'no_wallet',
  'banned',
  'excluded',
  'wallet_excluded',
  'no_coins',
  'below_minimum',
] as const;
export type AirdropRefusal = (typeof AIRDROP_REFUSALS)[number];

export interface AirdropAllocation {
  wallet: string;
  amount: bigint;
  /** The largest lifetime coins among the wallet's players. */
  coins: bigint;
  /** With weighted rows, the weight that counted: the largest weight among the wallet's players. */
  weight?: bigint;
  /** Every eligible player bound to the wallet, ascending. */
  playerIds: number[];
  capped: boolean;
}

export interface AirdropRefused {
  playerId: number;
  wallet: string | null;
  reason: AirdropRefusal;
  /** The operator's reason, for `excluded`. */
  detail?: string;
}

export interface AirdropResult {
  /** Allocated wallets, ordered by wallet. */
  allocations: AirdropAllocation[];
  /** Refused players, ordered by player id. */
  refused: AirdropRefused[];
  total: bigint;
  /** supply − total: rounding, the minimum's drops and, with a cap, what no wallet could take. */
  unallocated: bigint;
  /** The effective parameters, in smallest units. */
  unit: bigint;
  cap: bigint | null;
  minimum: bigint;
}

export const MAX_DECIMALS = 18;
/**
 * The most a jetton can hold, in smallest units: TEP-74's amounts are `Coins` (VarUInteger 16),
 * and the minter's total supply is one. Every allocated amount is at most the supply.
 */
export const MAX_JETTON_AMOUNT = 2n ** 120n - 1n;

/** Checks the parameters; a message naming the problem, or null. */
export function airdropParamsProblem(p: AirdropParams): string | null {
  if (!Number.isInteger(p.decimals) || p.decimals < 0 || p.decimals > MAX_DECIMALS)
    return `decimals must be an integer from 0 to ${MAX_DECIMALS}`;
  const unit = 10n ** BigInt(p.decimals);
  if (p.supply < unit) return 'supply must be at least one whole jetton';
  if (p.supply > MAX_JETTON_AMOUNT)
    return `supply must be at most 2^120 − 1 (${MAX_JETTON_AMOUNT}) smallest units, the most a jetton holds`;
  if (p.cap !== undefined && p.cap !== null && p.cap < unit) return 'cap must be at least one whole jetton';
  if (p.minimum !== undefined && p.minimum !== null && p.minimum < 0n) return 'minimum must not be negative';
  if (p.cap != null && p.minimum != null && p.minimum > p.cap) return 'minimum must not exceed the cap';
  return null;
}

// --- The claim window ------------------------------------------------------------------------------

/** The latest second TEP-176's airdrop item can hold: `start_from` and `expired_at` are uint48. */
export const MAX_CLAIM_SECONDS = 2 ** 48 - 1;
/** A claim window must stay open at least this long (seconds) after it is allocated or published. */
export const CLAIM_WINDOW_MIN_LEFT_S = 86_400;

/** When claiming opens and closes, in Unix seconds (the airdrop item's `start_from`, `expired_at`). */
export interface ClaimWindow {
  startFrom: number;
  expiredAt: number;
}

/**
 * Checks a claim window at `nowS` (Unix seconds), when it is allocated and again when it is
 * published (a draft may wait for days); a message naming the problem, or null.
 */
export function claimWindowProblem(w: ClaimWindow, nowS: number): string | null {
  const fits = (s: number) => Number.isSafeInteger(s) && s >= 0 && s <= MAX_CLAIM_SECONDS;
  if (!fits(w.startFrom))
    return `startFrom must be Unix seconds that fit 48 bits (0 to ${MAX_CLAIM_SECONDS})`;
  if (!fits(w.expiredAt))
    return `expiredAt must be Unix seconds that fit 48 bits (0 to ${MAX_CLAIM_SECONDS})`;
  if (w.expiredAt <= w.startFrom) return 'expiredAt must be after startFrom';
  if (w.expiredAt < nowS) return 'the claim window has already closed (expiredAt is in the past)';
  if (w.expiredAt < nowS + CLAIM_WINDOW_MIN_LEFT_S)
    return 'the claim window must stay open at least a day from now (expiredAt at least 86,400 s ahead)';
  return null;
}

/**
 * Whether a claim at the second `nowS` is accepted: the jetton wallet's own check
 * (`now() >= start_from`, `now() <= expired_at`, packages/jetton/contracts/jetton-wallet.fc),
 * both seconds included. The server gives claim messages at exactly these seconds.
 */
export const claimOpen = (w: ClaimWindow, nowS: number) => w.startFrom <= nowS && nowS <= w.expiredAt;

/** Days before the window closes that players who have not claimed are reminded, furthest first. */
export const CLAIM_REMINDER_DAYS = [7, 1] as const;

/**
 * The reminder due at `nowS` (unix seconds) for a window closing at `expiredAt`: the nearest of
 * CLAIM_REMINDER_DAYS already passed, or none before the first or once the window has closed. Only
 * the nearest one: a job that was down over the 7-day mark and runs within the last day sends one.
 */
export function claimReminderDue(expiredAt: number, nowS: number): number | null {
  if (nowS >= expiredAt) return null;
  let due: number | null = null;
  for (const days of CLAIM_REMINDER_DAYS) if (nowS >= expiredAt - days * 86_400) due = days;
  return due;
}

const byWallet = (a: { wallet: string }, b: { wallet: string }) =>
  a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0;

/** The allocation of a snapshot (see the formula above). Throws on invalid parameters. */
export function allocateAirdrop(rows: readonly AirdropRow[], params: AirdropParams): AirdropResult {
  const problem = airdropParamsProblem(params);
  if (problem) throw new RangeError(problem);
  const unit = 10n ** BigInt(params.decimals);
  const cap = params.cap == null ? null : (params.cap / unit) * unit;
  const minimum = params.minimum == null || params.minimum <= unit ? unit : ceilTo(params.minimum, unit);

  const refused: AirdropRefused[] = [];
  // Wallets touched by a ban or an exclusion.
  const tainted = new Set<string>();
  for (const r of rows) if (r.wallet !== null && (r.banned || r.excluded != null)) tainted.add(r.wallet);

  const weighted = rows.filter((r) => r.weight !== undefined).length;
  if (weighted !== 0 && weighted !== rows.length)
    throw new RangeError('either every row carries a weight or none does');

  const wallets = new Map<string, { coins: bigint; weight: bigint; playerIds: number[] }>();
  for (const r of rows) {
    const coins = BigInt(r.coins);
    const weight = r.weight ?? coins;
    if (r.wallet === null) refused.push({ playerId: r.playerId, wallet: null, reason: 'no_wallet' });
    else if (r.excluded != null)
      refused.push({ playerId: r.playerId, wallet: r.wallet, reason: 'excluded', detail: r.excluded });
    else if (r.banned) refused.push({ playerId: r.playerId, wallet: r.wallet, reason: 'banned' });
    else if (tainted.has(r.wallet))
      refused.push({ playerId: r.playerId, wallet: r.wallet, reason: 'wallet_excluded' });
    else if (coins <= 0n || weight <= 0n)
      refused.push({ playerId: r.playerId, wallet: r.wallet, reason: 'no_coins' });
    else {
      const w = wallets.get(r.wallet);
      if (w) {
        if (coins > w.coins) w.coins = coins;
        if (weight > w.weight) w.weight = weight;
        w.playerIds.push(r.playerId);
      } else wallets.set(r.wallet, { coins, weight, playerIds: [r.playerId] });
    }
  }

  // Largest weight first; equal weights are treated alike, so the order among them is immaterial.
  const pool = [...wallets]
    .map(([wallet, w]) => ({ wallet, ...w }))
    .sort((a, b) => byWeightDesc(a.weight, b.weight));
  let remaining = params.supply;
  let weight = pool.reduce((s, w) => s + w.weight, 0n);
  const amounts = new Map<string, { amount: bigint; capped: boolean }>();
  let i = 0;
  if (cap !== null) {
    for (let head = pool[i]; head !== undefined; head = pool[i]) {
      // Every wallet of equal weight is capped together or not at all.
      const w = head.weight;
      if (remaining * w < cap * weight) break;
      let j = i;
      while (pool[j]?.weight === w) j++;
      const count = BigInt(j - i);
      if (remaining < cap * count) break; // cannot happen when remaining·w ≥ cap·weight; kept as a guard
      for (const tied of pool.slice(i, j)) amounts.set(tied.wallet, { amount: cap, capped: true });
      remaining -= cap * count;
      weight -= w * count;
      i = j;
    }
  }
  for (const w of pool.slice(i)) {
    amounts.set(w.wallet, { amount: ((remaining * w.weight) / weight / unit) * unit, capped: false });
  }

  const allocations: AirdropAllocation[] = [];
  for (const w of pool) {
    const a = amounts.get(w.wallet);
    if (!a) throw new Error('every wallet of the pool was given an amount above');
    const playerIds = w.playerIds.sort((x, y) => x - y);
    if (a.amount < minimum) {
      for (const playerId of playerIds) refused.push({ playerId, wallet: w.wallet, reason: 'below_minimum' });
    } else
      allocations.push({
        wallet: w.wallet,
        amount: a.amount,
        coins: w.coins,
        ...(weighted === 0 ? {} : { weight: w.weight }),
        playerIds,
        capped: a.capped,
      });
  }
  allocations.sort(byWallet);
  refused.sort((a, b) => a.playerId - b.playerId || reasonOrder(a.reason) - reasonOrder(b.reason));
  const total = allocations.reduce((s, a) => s + a.amount, 0n);
  return { allocations, refused, total, unallocated: params.supply - total, unit, cap, minimum };
}

const byWeightDesc = (a: bigint, b: bigint) => (a > b ? -1 : a < b ? 1 : 0);
const reasonOrder = (r: AirdropRefusal) => AIRDROP_REFUSALS.indexOf(r);
const ceilTo = (x: bigint, unit: bigint) => ((x + unit - 1n) / unit) * unit;

// --- Distribution figures ------------------------------------------------------------------------

export interface Distribution {
  count: number;
  /** 0 (everyone equal) to 1 (one holds everything). */
  gini: number;
  /** Share of the total held by the top 1 % (at least one holder). */
  top1Share: number;
  median: number;
}

/** Gini coefficient, top 1 % share and median of non-negative amounts. */
export function distribution(amounts: readonly (number | bigint)[]): Distribution {
  const xs = amounts.map(Number).sort((a, b) => a - b);
  const n = xs.length;
  // The two middle amounts (the same one when n is odd); neither when there are none.
  const lower = xs[Math.floor((n - 1) / 2)];
  const upper = xs[Math.floor(n / 2)];
  if (lower === undefined || upper === undefined) return { count: 0, gini: 0, top1Share: 0, median: 0 };
  const total = xs.reduce((s, x) => s + x, 0);
  const median = n % 2 === 1 ? upper : (lower + upper) / 2;
  if (total === 0) return { count: n, gini: 0, top1Share: 0, median };
  // G = Σ (2i − n − 1)·x_i / (n·Σx), i from 1, x ascending.
  let weighted = 0;
  xs.forEach((x, i) => (weighted += (2 * (i + 1) - n - 1) * x));
  const top = Math.max(1, Math.ceil(n / 100));
  const topSum = xs.slice(n - top).reduce((s, x) => s + x, 0);
  return { count: n, gini: weighted / (n * total), top1Share: topSum / total, median };
}
