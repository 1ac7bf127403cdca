import type { Redis } from 'ioredis';
import type { Tx } from '../../db/client.ts';
import { playerTotals } from '../accounts/index.ts';
import type { Deps } from '../../lib/deps.ts';

/**
 * The Leader Board in a Redis sorted set, used when REDIS_URL is set.
 *
 * The score is the player's lifetime totalScore as committed in PostgreSQL, written with
 * `ZADD GT`: totalScore only grows, so writing the absolute value keeps the newest one whatever
 * order concurrent requests finish in, a retried or repeated write changes nothing, and a write
 * lost to a crash is repaired by the player's next one. (ZINCRBY would add a delta twice on a
 * retry and drift for ever after a lost one.)
 *
 * Ties go to the lower user id (packages/game/src/leaderboard.ts). Redis orders equal scores by
 * member, highest first in ZREVRANGE, so the member is the complement of the id, zero-padded:
 * a lower id is a higher member.
 */
const SCORES = 'lb:scores';
/** Set once a rebuild from PostgreSQL has completed; its absence means "rebuild". */
const BUILT = 'lb:built';
const MAX_ID = Number.MAX_SAFE_INTEGER;
const WIDTH = String(MAX_ID).length;

export const memberOf = (userId: number) => String(MAX_ID - userId).padStart(WIDTH, '0');
export const userOf = (member: string) => MAX_ID - Number(member);

export interface Scored {
  userid: number;
  totalScore: number;
}

export function redisScores(redis: Redis) {
  return {
    /** Writes committed totals (never lowers one). */
    async record(entries: readonly Scored[]): Promise<void> {
      if (entries.length === 0) return;
      const args = entries.flatMap((e) => [e.totalScore, memberOf(e.userid)]);
      await redis.zadd(SCORES, 'GT', ...args);
    },

    /** The first `limit` players, best first. */
    top: (limit: number) => topOf(redis, SCORES, limit),

    /** A player's 1-based rank and score, or undefined when they are not on the board. */
    rank: (userId: number) => rankIn(redis, SCORES, userId),

    async count(): Promise<number> {
      await flushScores(redis);
      return redis.zcard(SCORES);
    },

    /** Takes a player off the board (banned); their next recorded total puts them back. */
    async remove(userId: number): Promise<void> {
      await redis.zrem(SCORES, memberOf(userId));
    },

    /** Whether a complete load from PostgreSQL is there (false after Redis lost its data). */
    built: async () => (await redis.exists(BUILT)) === 1,

    /**
     * Loads every player from PostgreSQL unless a complete load is already there (a new Redis,
     * or one that lost its data). Safe to run from several processes at once and beside live
     * writes, thanks to GT.
     */
    async rebuildIfMissing(db: Tx, batch = 10_000): Promise<{ rebuilt: boolean; players: number }> {
      if (await redis.exists(BUILT)) return { rebuilt: false, players: await redis.zcard(SCORES) };
      return { rebuilt: true, players: await loadAll(redis, BUILT, db, batch, (page) => this.record(page)) };
    },

    /**
     * Loads every player from PostgreSQL again, whatever is there: after Redis answers again,
     * since the writes it missed meanwhile (or a promoted replica never received) are not
     * repaired until each player's next write. GT keeps any newer total already there.
     */
    refresh(db: Tx, batch = 10_000): Promise<number> {
      return loadAll(redis, BUILT, db, batch, (page) => this.record(page));
    },

    /** Forgets the board (tests and benchmarks). */
    async clear(): Promise<void> {
      await redis.del(SCORES, BUILT);
    },
  };
}
export type RedisScores = ReturnType<typeof redisScores>;

/**
 * The first `limit` members of a board's sorted set `key` (all of them when `limit` is 0), best
 * first, after this process's latest totals.
 */
export async function topOf(redis: Redis, key: string, limit: number): Promise<Scored[]> {
  await flushScores(redis);
  const flat = await redis.zrevrange(key, 0, limit - 1, 'WITHSCORES');
  const out: Scored[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const member = flat[i];
    if (member === undefined) break;
    out.push({ userid: userOf(member), totalScore: Number(flat[i + 1]) });
  }
  return out;
}

/** A player's 1-based rank and score in a board's sorted set `key`, or undefined when not in it. */
export async function rankIn(
  redis: Redis,
  key: string,
  userId: number,
): Promise<{ rank: number; totalScore: number } | undefined> {
  await flushScores(redis);
  const member = memberOf(userId);
  const [[, rank], [, score]] = (await redis.multi().zrevrank(key, member).zscore(key, member).exec()) as [
    [null, number | null],
    [null, string | null],
  ];
  if (rank === null || score === null) return undefined;
  return { rank: rank + 1, totalScore: Number(score) };
}

/** Loads under way, per client and `built` key: readers who find a board missing share one. */
const loading = new WeakMap<Redis, Map<string, Promise<number>>>();

/**
 * Records every unbanned player's total from PostgreSQL, page by page, then sets the `built` key
 * that says a complete load is there; returns how many players were loaded. Every reader that
 * finds the board missing asks for a load: while one runs in this process, they wait for it
 * instead of starting another (a load reads every player).
 */
export function loadAll(
  redis: Redis,
  built: string,
  db: Tx,
  batch: number,
  record: (page: Scored[]) => Promise<void>,
): Promise<number> {
  let running = loading.get(redis);
  if (!running) loading.set(redis, (running = new Map()));
  const under = running.get(built);
  if (under) return under;
  const load = (async () => {
    let players = 0;
    for await (const page of playerTotals(db, batch)) {
      await record(page);
      players += page.length;
    }
    await redis.set(built, '1');
    return players;
  })().finally(() => running.delete(built));
  running.set(built, load);
  return load;
}

/** How long committed totals wait in the process before they are written to Redis together. */
export const BOARD_FLUSH_MS = 50;

interface ScoreBuffer {
  /** The highest committed total per player since the last flush. */
  pending: Map<number, number>;
  timer: NodeJS.Timeout | undefined;
}
const buffers = new WeakMap<Redis, ScoreBuffer>();

/**
 * Copies committed totals to Redis, after the commit (modules/ledger/ledger.write.ts and the tap
 * writer). Totals are gathered in the process and written every BOARD_FLUSH_MS in one `ZADD GT`:
 * under GT only a player's latest (highest) total matters, so a hundred taps of a player cost one
 * member of one command. Reads of the board in this process flush first (a player sees their own
 * score), and closing the app flushes what is left. Without Redis it does nothing (PostgreSQL is
 * read directly). A Redis error or time-out is not the player's: the write stands, and the
 * player's next one repairs the board.
 */
export function recordScores(deps: Deps, entries: readonly Scored[]): void {
  if (!deps.redis || entries.length === 0) return;
  const redis = deps.redis;
  let buffer = buffers.get(redis);
  if (!buffer) {
    buffer = { pending: new Map(), timer: undefined };
    buffers.set(redis, buffer);
  }
  for (const e of entries) {
    const seen = buffer.pending.get(e.userid);
    if (seen === undefined || e.totalScore > seen) buffer.pending.set(e.userid, e.totalScore);
  }
  if (!buffer.timer) {
    buffer.timer = setTimeout(() => void flushScores(redis), BOARD_FLUSH_MS);
    buffer.timer.unref();
  }
}

/**
 * Writes the totals gathered in this process now (never throws: a failed write is left to the
 * next). A read sent after it on the same client runs after it: Redis answers one connection's
 * commands in order.
 */
export async function flushScores(redis: Redis): Promise<void> {
  const buffer = buffers.get(redis);
  if (!buffer || buffer.pending.size === 0) return;
  clearTimeout(buffer.timer);
  buffer.timer = undefined;
  const entries = [...buffer.pending].map(([userid, totalScore]) => ({ userid, totalScore }));
  buffer.pending = new Map();
  await Promise.all(
    [redisScores(redis).record, ...alsoOnFlush].map((writeCopy) =>
      // A failure is left to the next write or a rebuild.
      writeCopy(entries, redis).catch(() => undefined),
    ),
  );
}

/** Other Redis copies of the totals (the league sets), written by the same flush. */
const alsoOnFlush: ((entries: readonly Scored[], redis: Redis) => Promise<void>)[] = [];

/** Adds a copy of the committed totals that every flush writes too (one command per flush). */
export function onScoresFlush(writeCopy: (entries: readonly Scored[], redis: Redis) => Promise<void>): void {
  if (!alsoOnFlush.includes(writeCopy)) alsoOnFlush.push(writeCopy);
}
