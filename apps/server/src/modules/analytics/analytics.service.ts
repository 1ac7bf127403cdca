import {
  ACTIVITY_KEPT_DAYS,
  dayOf,
  dayText,
  flowOf,
  FUNNEL_STEPS,
  launchSource,
  retainedOrNull,
} from '@egg-rush/game/analytics';
import { gameDay } from '@egg-rush/game/time';
import type { AnalyticsQuery } from '@egg-rush/contract/analytics';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import * as repo from './analytics.repository.ts';

/**
 * Ledger ids folded per transaction: a catch-up is many short transactions, each resumable, each
 * statement well under the server's statement limit (db/client.ts DB_LIMITS.statementMs).
 */
export const FOLD_BATCH = 50_000;
/**
 * A ledger id is folded once this long has passed since it was seen as the last: every write
 * that could still commit a lower id is over by then (a write's transaction lasts at most 4 s,
 * an idle one is ended after 10 s: db/client.ts DB_LIMITS).
 */
export const SETTLE_MS = 15_000;

/**
 * A launch (modules/auth, in the login's transaction): the player's first launch (its day, where
 * they came from, language, platform) and their active day. Counted into the charts by the job.
 */
export async function noteLaunch(
  tx: Tx,
  launch: {
    userId: number;
    at: number;
    startParam: string | undefined;
    language: string | null;
    platform: string | null | undefined;
  },
): Promise<void> {
  await repo.insertLaunch(tx, {
    userId: launch.userId,
    day: gameDay(launch.at),
    source: launchSource(launch.startParam, launch.userId),
    language: launch.language ? launch.language.slice(0, 16) : null,
    platform: launch.platform ? launch.platform.slice(0, 32) : null,
  });
}

/** A wallet bound (modules/wallet, in the bind's transaction): the funnel's step, once per player. */
export async function noteWalletBound(tx: Tx, userId: number, at: number): Promise<void> {
  await repo.markWalletBound(tx, userId, gameDay(at));
}

/** Stars paid (modules/payments, in the payment's transaction), or given back (`refunded`). */
export async function noteStars(
  tx: Tx,
  row: { at: number; stars: number; refunded?: boolean },
): Promise<void> {
  await repo.addRevenue(tx, {
    day: gameDay(row.at),
    stars: row.refunded ? 0 : row.stars,
    payments: row.refunded ? 0 : 1,
    refunded: row.refunded ? row.stars : 0,
  });
}

/**
 * The job's run: folds the ledger past the watermark into the rollups, one transaction per
 * FOLD_BATCH ids, each committing its rollups with the watermark (a run cut short is taken up by
 * the next, and nothing is counted twice); then counts the launches and binds noted since.
 * Ids are handed out before their transactions commit, so a row is folded only once its id was
 * seen as the last one at least `settleMs` ago. Once caught up, deletes the active player-days
 * older than ACTIVITY_KEPT_DAYS (pruneActivity, `pruneBatch` at a time). Returns the rows folded
 * and the player-days deleted.
 */
export async function foldLedger(
  deps: Deps,
  options: { settleMs?: number; batch?: number; pruneBatch?: number; signal?: AbortSignal } = {},
): Promise<{ folded: number; doneId: number; pruned: number }> {
  const settleMs = options.settleMs ?? SETTLE_MS;
  const batch = options.batch ?? FOLD_BATCH;
  let folded = 0;
  let doneId = 0;
  for (;;) {
    if (options.signal?.aborted) return { folded, doneId, pruned: 0 };
    const more = await deps.database.db.transaction(async (tx) => {
      const now = deps.now();
      const w = await repo.lockWatermark(tx);
      doneId = w.doneId;
      if (w.seenId <= w.doneId || now - w.seenAt < settleMs) {
        // Nothing settled to fold: note the last id now (folded once it has settled).
        if (w.seenId <= w.doneId) {
          const last = await repo.lastLedgerId(tx);
          if (last > w.doneId) {
            await repo.saveWatermark(tx, { ...w, seenId: last, seenAt: now });
            return settleMs <= 0;
          }
        }
        return false;
      }
      const upto = Math.min(w.seenId, w.doneId + batch);
      await repo.foldLedgerRows(tx, w.doneId, upto);
      await repo.saveWatermark(tx, { ...w, doneId: upto });
      folded += upto - w.doneId;
      doneId = upto;
      return true;
    });
    if (!more) break;
  }
  await deps.database.db.transaction((tx) => repo.countNoted(tx));
  return { folded, doneId, pruned: await pruneActivity(deps, options) };
}

/**
 * Deletes the counted active player-days older than ACTIVITY_KEPT_DAYS, in bounded statements,
 * each its own transaction (idempotent: a run cut short leaves the rest to the next). Only after
 * a run has caught up with the ledger: rows still to fold are recent, so no pruned day is counted
 * again. Retention is counted as an activity lands and the day's actives are their own rollup
 * (analytics_days); the only other reader of old player-days is the A/B tests' (activeOnSql, from
 * modules/experiments), which settles each player's D1 and D7 a day or two after the day, once it
 * is folded (foldedBeforeDay), long before ACTIVITY_KEPT_DAYS.
 */
async function pruneActivity(
  deps: Deps,
  options: { pruneBatch?: number; signal?: AbortSignal },
): Promise<number> {
  const before = gameDay(deps.now()) - ACTIVITY_KEPT_DAYS;
  const limit = Math.max(1, options.pruneBatch ?? repo.PRUNE_LIMIT);
  let pruned = 0;
  for (;;) {
    if (options.signal?.aborted) break;
    const n = await deps.database.db.transaction((tx) => repo.pruneActivity(tx, before, limit));
    pruned += n;
    if (n < limit) break;
  }
  return pruned;
}

/** The charts, read from the rollups. */
export function createAnalyticsService(deps: Deps) {
  const db = deps.database.db;
  /** The query's days (checked by the contract: analyticsQuery). */
  const range = (q: AnalyticsQuery) => ({ from: dayOf(q.from) ?? 0, to: dayOf(q.to) ?? -1 });
  const eachDay = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  return {
    async retention(q: AnalyticsQuery) {
      const { from, to } = range(q);
      const today = gameDay(deps.now());
      const rows = new Map((await repo.cohortRows(db, from, to)).map((r) => [r.day, r]));
      return {
        cohorts: eachDay(from, Math.min(to, today)).map((day) => {
          const r = rows.get(day);
          return {
            day: dayText(day),
            size: r?.size ?? 0,
            retained: {
              d1: retainedOrNull(day, 1, today, r?.d1 ?? 0),
              d7: retainedOrNull(day, 7, today, r?.d7 ?? 0),
              d30: retainedOrNull(day, 30, today, r?.d30 ?? 0),
            },
          };
        }),
      };
    },

    async economy(q: AnalyticsQuery) {
      const { from, to } = range(q);
      const days = new Map(
        eachDay(from, to).map((day) => [
          day,
          { day: dayText(day), sources: {} as Record<string, number>, sinks: {} as Record<string, number> },
        ]),
      );
      for (const r of await repo.economyRows(db, from, to)) {
        const d = days.get(r.day);
        if (!d) continue;
        const flow = flowOf(r.kind);
        if (r.created) d.sources[flow] = (d.sources[flow] ?? 0) + r.created;
        if (r.spent) d.sinks[flow] = (d.sinks[flow] ?? 0) + r.spent;
      }
      return { days: [...days.values()] };
    },

    async funnel(q: AnalyticsQuery) {
      const { from, to } = range(q);
      const sums = await repo.funnelSums(db, from, to);
      return { steps: FUNNEL_STEPS.map((name) => ({ name, players: sums[name] })) };
    },

    async active(q: AnalyticsQuery) {
      const { from, to } = range(q);
      const rows = new Map((await repo.activeRows(db, from, to)).map((r) => [r.day, r.active]));
      return { days: eachDay(from, to).map((day) => ({ day: dayText(day), players: rows.get(day) ?? 0 })) };
    },

    async newPlayers(q: AnalyticsQuery) {
      const { from, to } = range(q);
      const days = new Map(
        eachDay(from, to).map((day) => [
          day,
          {
            day: dayText(day),
            players: 0,
            sources: {} as Record<string, number>,
            languages: {} as Record<string, number>,
            platforms: {} as Record<string, number>,
          },
        ]),
      );
      for (const r of await repo.newPlayerRows(db, from, to)) {
        const d = days.get(r.day);
        if (!d) continue;
        if (r.dimension === 'source') {
          d.sources[r.value] = r.players;
          d.players += r.players;
        } else if (r.dimension === 'language') d.languages[r.value] = r.players;
        else if (r.dimension === 'platform') d.platforms[r.value] = r.players;
      }
      return { days: [...days.values()] };
    },

    async revenue(q: AnalyticsQuery) {
      const { from, to } = range(q);
      const rows = new Map((await repo.revenueRows(db, from, to)).map((r) => [r.day, r]));
      return {
        days: eachDay(from, to).map((day) => {
          const r = rows.get(day);
          return {
            day: dayText(day),
            stars: r?.stars ?? 0,
            refunded: r?.refunded ?? 0,
            payments: r?.payments ?? 0,
          };
        }),
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

// CSV: one row per value, the header first; nothing in these values needs quoting but text keys.

const cell = (v: string | number | null) =>
  v === null
    ? ''
    : typeof v === 'number'
      ? String(v)
      : /[",\n\r]/.test(v)
        ? `"${v.replaceAll('"', '""')}"`
        : v;
const table = (header: string[], rows: (string | number | null)[][]) =>
  [header, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';

export const toCsv = {
  retention: (r: Awaited<ReturnType<AnalyticsService['retention']>>) =>
    table(
      ['day', 'size', 'd1', 'd7', 'd30'],
      r.cohorts.map((c) => [c.day, c.size, c.retained.d1, c.retained.d7, c.retained.d30]),
    ),
  economy: (r: Awaited<ReturnType<AnalyticsService['economy']>>) =>
    table(
      ['day', 'direction', 'flow', 'coins'],
      r.days.flatMap((d) => [
        ...Object.entries(d.sources).map(([k, v]) => [d.day, 'created', k, v]),
        ...Object.entries(d.sinks).map(([k, v]) => [d.day, 'spent', k, v]),
      ]),
    ),
  funnel: (r: Awaited<ReturnType<AnalyticsService['funnel']>>) =>
    table(
      ['step', 'players'],
      r.steps.map((s) => [s.name, s.players]),
    ),
  active: (r: Awaited<ReturnType<AnalyticsService['active']>>) =>
    table(
      ['day', 'players'],
      r.days.map((d) => [d.day, d.players]),
    ),
  newPlayers: (r: Awaited<ReturnType<AnalyticsService['newPlayers']>>) =>
    table(
      ['day', 'dimension', 'value', 'players'],
      r.days.flatMap((d) => [
        ...Object.entries(d.sources).map(([k, v]) => [d.day, 'source', k, v]),
        ...Object.entries(d.languages).map(([k, v]) => [d.day, 'language', k, v]),
        ...Object.entries(d.platforms).map(([k, v]) => [d.day, 'platform', k, v]),
      ]),
    ),
  revenue: (r: Awaited<ReturnType<AnalyticsService['revenue']>>) =>
    table(
      ['day', 'stars', 'refunded', 'payments'],
      r.days.map((d) => [d.day, d.stars, d.refunded, d.payments]),
    ),
};
